#include "shuimo/engine/atomic_file.h"

#include <cerrno>
#include <cstring>
#include <random>
#include <string>

#include <fcntl.h>
#include <unistd.h>

#include "shuimo/engine/errors.h"

namespace shuimo::engine {
namespace {

std::filesystem::path temporary_sibling(const std::filesystem::path& target) {
    static thread_local std::mt19937_64 rng{std::random_device{}()};
    const std::string suffix = ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(rng() % 1000000007ULL);
    return target.parent_path() / ("." + target.filename().string() + suffix);
}

[[noreturn]] void fail(const std::filesystem::path& target, const std::string& what, int err) {
    throw EngineError("cannot write " + target.string() + ": " + what + ": " + std::strerror(err));
}

}  // namespace

void write_file_atomically(const std::filesystem::path& path, std::span<const std::byte> bytes) {
    const std::filesystem::path target = path.parent_path().empty() ? std::filesystem::path(".") / path : path;
    const std::filesystem::path temp = temporary_sibling(target);
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) fail(target, "cannot create a temporary file in its folder", errno);

    std::size_t written = 0;
    while (written < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
        if (n < 0) {
            if (errno == EINTR) continue;
            const int err = errno;
            ::close(fd);
            ::unlink(temp.c_str());
            fail(target, "write failed", err);
        }
        written += static_cast<std::size_t>(n);
    }
    const int sync_result = ::fsync(fd);
    const int sync_errno = errno;
    const int close_result = ::close(fd);
    if (sync_result != 0 || close_result != 0) {
        const int err = sync_result != 0 ? sync_errno : errno;
        ::unlink(temp.c_str());
        fail(target, "flush failed", err);
    }
    if (::rename(temp.c_str(), target.c_str()) != 0) {
        const int err = errno;
        ::unlink(temp.c_str());
        fail(target, "rename failed", err);
    }
}

}  // namespace shuimo::engine
