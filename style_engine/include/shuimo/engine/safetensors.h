#pragma once
// A reader and writer for the safetensors format
// (8-byte little-endian header length, a JSON header, then raw tensor bytes).
// The reader memory-maps the file and checks every entry's dtype, shape and
// byte range when it opens; tensors are only touched when asked for.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace shuimo::engine {

enum class TensorDtype { F32, F16, BF16, Other };

std::size_t element_size(TensorDtype dtype);  // 0 for Other
std::string_view to_string(TensorDtype dtype);

struct TensorEntry {
    std::string name;
    std::string dtype_name;  // as written in the header ("F32", "I64", ...)
    TensorDtype dtype = TensorDtype::Other;
    std::vector<std::int64_t> shape;
    std::uint64_t begin = 0;  // byte offsets relative to the start of the data section
    std::uint64_t end = 0;
};

class MappedFile;

// The __metadata__ key under which write_safetensors records the CRC-32 of the
// data section (8 lower-case hex digits), so a file damaged on disk is noticed.
inline constexpr const char* kDataChecksumKey = "shuimo.data_crc32";

class SafetensorsFile {
public:
    // Throws WeightsError naming the file (and the tensor) and what is wrong.
    static SafetensorsFile open(const std::filesystem::path& path);

    const std::filesystem::path& path() const { return path_; }
    const std::vector<TensorEntry>& entries() const { return entries_; }
    const std::map<std::string, std::string>& metadata() const { return metadata_; }
    const TensorEntry* find(std::string_view name) const;
    // The entry's bytes inside the mapping (valid while this object lives).
    std::span<const std::byte> bytes(const TensorEntry& entry) const;

    // Whether the metadata records a data checksum (files written by Shuimo do).
    bool has_data_checksum() const { return metadata_.count(kDataChecksumKey) != 0; }
    // Reads the whole data section and compares its CRC-32 with the recorded one.
    // Throws WeightsError (the file changed on disk since it was written: how to
    // repair it) on a mismatch; does nothing when no checksum is recorded.
    void verify_data_checksum() const;

private:
    std::filesystem::path path_;
    std::shared_ptr<const MappedFile> mapping_;
    std::uint64_t data_start_ = 0;
    std::vector<TensorEntry> entries_;
    std::map<std::string, std::string> metadata_;
};

struct TensorToWrite {
    std::string name;
    TensorDtype dtype = TensorDtype::F32;
    std::vector<std::int64_t> shape;
    std::vector<std::byte> data;  // little-endian, element_size(dtype) x numel bytes
};

// Writes atomically (temporary file in the same folder, then rename). Adds the
// data section's CRC-32 to the metadata under kDataChecksumKey.
void write_safetensors(const std::filesystem::path& path, const std::vector<TensorToWrite>& tensors,
                       const std::map<std::string, std::string>& metadata = {});

// Checks that every VGG-19 convolution tensor (see vgg19_spec.h) is present
// with the right shape and a float dtype (F32, F16 or BF16). Other tensors, such
// as a classifier's, are ignored. Throws WeightsError naming the tensor.
void validate_vgg19_weights(const SafetensorsFile& file);

}  // namespace shuimo::engine
