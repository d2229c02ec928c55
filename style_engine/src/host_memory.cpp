#include "shuimo/engine/host_memory.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "shuimo/engine/errors.h"
#include "shuimo/engine/style_params.h"

namespace shuimo::engine {
namespace {

std::string read_text(const std::string& path) {
    std::ifstream in(path);
    if (!in) return {};
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::optional<std::uint64_t> leading_number(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end == text.data()) return std::nullopt;
    return value;
}

// The value of `key` in a "key value" per line text (memory.stat, /proc/meminfo).
std::optional<std::uint64_t> keyed_value(std::string_view text, std::string_view key) {
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        const std::string_view line = text.substr(at, end - at);
        if (line.size() > key.size() && line.substr(0, key.size()) == key &&
            (line[key.size()] == ' ' || line[key.size()] == '\t')) {
            return leading_number(line.substr(key.size() + 1));
        }
        at = end + 1;
    }
    return std::nullopt;
}

// Limits at or above this are "no limit" (cgroup v1 writes 2^63 rounded down to a page).
constexpr std::uint64_t kNoLimit = std::uint64_t{1} << 62;

// This process's memory cgroup directory, v2 first, then v1's memory controller.
std::optional<std::uint64_t> own_cgroup_available() {
    const std::string cgroups = read_text("/proc/self/cgroup");
    std::istringstream lines(cgroups);
    std::string line;
    while (std::getline(lines, line)) {
        // "0::/path" (v2) or "4:memory:/path" (v1).
        const std::size_t first = line.find(':');
        const std::size_t second = first == std::string::npos ? first : line.find(':', first + 1);
        if (second == std::string::npos) continue;
        const std::string controllers = line.substr(first + 1, second - first - 1);
        const std::string path = line.substr(second + 1);
        const bool v2 = line.substr(0, first) == "0" && controllers.empty();
        const bool v1 = controllers.find("memory") != std::string::npos;
        if (!v2 && !v1) continue;
        const std::string root = v2 ? "/sys/fs/cgroup" : "/sys/fs/cgroup/memory";
        // Inside a cgroup namespace the path may not exist as written: fall back to the mount's root.
        for (const std::string& dir : {root + path, root}) {
            const std::string limit = read_text(dir + (v2 ? "/memory.max" : "/memory.limit_in_bytes"));
            if (limit.empty()) continue;
            const std::string usage = read_text(dir + (v2 ? "/memory.current" : "/memory.usage_in_bytes"));
            return cgroup_available(limit, usage, read_text(dir + "/memory.stat"));
        }
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::uint64_t> meminfo_available(std::string_view meminfo) {
    const auto kib = keyed_value(meminfo, "MemAvailable:");
    if (!kib) return std::nullopt;
    return *kib * 1024;
}

std::optional<std::uint64_t> cgroup_available(std::string_view limit_text, std::string_view usage_text, std::string_view stat) {
    const auto limit = leading_number(limit_text);  // "max" (v2) is not a number: no limit
    if (!limit || *limit >= kNoLimit) return std::nullopt;
    const std::uint64_t usage = leading_number(usage_text).value_or(0);
    // Page cache the kernel drops before it kills: v2 "inactive_file", v1 "total_inactive_file".
    const std::uint64_t reclaimable = keyed_value(stat, "inactive_file").value_or(keyed_value(stat, "total_inactive_file").value_or(0));
    const std::uint64_t used = usage > reclaimable ? usage - reclaimable : 0;
    return *limit > used ? *limit - used : 0;
}

std::uint64_t host_available_memory() {
    if (const char* forced = std::getenv(kAvailableMemoryVariable); forced != nullptr && *forced != '\0') {
        try {
            return parse_memory_size(forced);
        } catch (const ConfigError&) {
            // Not a size: measure instead (documented in the header).
        }
    }
    std::optional<std::uint64_t> available = meminfo_available(read_text("/proc/meminfo"));
    if (const auto cgroup = own_cgroup_available()) available = available ? std::min(*available, *cgroup) : *cgroup;
    return available.value_or(0);
}

}  // namespace shuimo::engine
