#pragma once
// A read-only memory map of a whole file.

#include <cstddef>
#include <filesystem>
#include <span>

namespace shuimo::engine {

class MappedFile {
public:
    explicit MappedFile(const std::filesystem::path& path);  // throws WeightsError
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    std::span<const std::byte> bytes() const { return {data_, size_}; }

private:
    const std::byte* data_ = nullptr;
    std::size_t size_ = 0;
};

}  // namespace shuimo::engine
