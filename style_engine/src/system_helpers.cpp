#include "shuimo/engine/system_helpers.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <thread>

#include "shuimo/engine/errors.h"

#ifdef __linux__
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace shuimo::engine {

DeviceSpec parse_device(std::string_view text) {
    if (text == "auto" || text.empty()) return {DeviceSpec::Kind::Auto, 0};
    if (text == "cpu") return {DeviceSpec::Kind::Cpu, 0};
    if (text == "cuda") return {DeviceSpec::Kind::Cuda, 0};
    if (text.starts_with("cuda:")) {
        const std::string_view digits = text.substr(5);
        if (!digits.empty() && digits.size() <= 3 &&
            std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
            int index = 0;
            for (const char c : digits) index = index * 10 + (c - '0');
            return {DeviceSpec::Kind::Cuda, index};
        }
        throw DeviceError("device '" + std::string(text) + "' is not of the form cuda:N (N a number, no spaces)",
                          ErrorCode::DeviceUnavailable, {std::string(text)});
    }
    throw DeviceError("unknown device '" + std::string(text) + "': use auto, cpu, cuda or cuda:N",
                      ErrorCode::DeviceUnavailable, {std::string(text)});
}

bool same_file(const std::filesystem::path& a, const std::filesystem::path& b) {
    std::error_code ec;
    if (std::filesystem::exists(a, ec) && std::filesystem::exists(b, ec)) return std::filesystem::equivalent(a, b, ec);
    return std::filesystem::weakly_canonical(a, ec) == std::filesystem::weakly_canonical(b, ec);
}

void lower_current_thread_priority() {
#ifdef __linux__
    // Linux nice values are per thread, and threads inherit them when created.
    const auto thread = static_cast<id_t>(::syscall(SYS_gettid));
    errno = 0;
    const int current = ::getpriority(PRIO_PROCESS, thread);
    if (errno == 0) ::setpriority(PRIO_PROCESS, thread, std::min(current + 4, 19));
#endif
}

int cpu_threads_to_use() {
    if (const char* omp = std::getenv("OMP_NUM_THREADS")) {
        char* end = nullptr;
        const long n = std::strtol(omp, &end, 10);
        if (end != omp && (*end == '\0' || *end == ',') && n > 0) return static_cast<int>(std::min(n, 4096L));
    }
#ifdef __linux__
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    if (::sched_getaffinity(0, sizeof allowed, &allowed) == 0 && CPU_COUNT(&allowed) > 0) return CPU_COUNT(&allowed);
#endif
    return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

std::string format_mebibytes(std::uint64_t bytes) { return std::to_string((bytes + (1u << 19)) >> 20) + " MiB"; }

std::string format_duration(double seconds) {
    const long long s = std::isfinite(seconds) ? std::llround(std::max(0.0, seconds)) : 0;
    if (s < 120) return std::to_string(std::max(1LL, s)) + " s";
    if (s < 7200) return std::to_string(s / 60) + " min " + std::to_string(s % 60) + " s";
    return std::to_string(s / 3600) + " h " + std::to_string(s % 3600 / 60) + " min";
}

}  // namespace shuimo::engine
