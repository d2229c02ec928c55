#include "mapped_file.h"

#include <cerrno>
#include <cstring>
#include <string>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "shuimo/engine/errors.h"

namespace shuimo::engine {

MappedFile::MappedFile(const std::filesystem::path& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        throw WeightsError("cannot open weights file " + path.string() + ": " + std::strerror(errno), ErrorCode::WeightsUnusable, {path.filename().string()});
    }
    struct stat info {};
    if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        ::close(fd);
        throw WeightsError("weights path " + path.string() + " is not a regular file", ErrorCode::WeightsUnusable, {path.filename().string()});
    }
    size_ = static_cast<std::size_t>(info.st_size);
    if (size_ > 0) {
        void* mapped = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd, 0);
        if (mapped == MAP_FAILED) {
            const int err = errno;
            ::close(fd);
            throw WeightsError("cannot memory-map weights file " + path.string() + ": " + std::strerror(err), ErrorCode::WeightsUnusable, {path.filename().string()});
        }
        data_ = static_cast<const std::byte*>(mapped);
    }
    ::close(fd);
}

MappedFile::~MappedFile() {
    if (data_ != nullptr) ::munmap(const_cast<std::byte*>(data_), size_);
}

}  // namespace shuimo::engine
