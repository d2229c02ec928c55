#include "shuimo/engine/safetensors.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <limits>

#include "json_lite.h"
#include "mapped_file.h"
#include "shuimo/engine/atomic_file.h"
#include "shuimo/engine/crc32.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/vgg19_spec.h"

namespace shuimo::engine {
namespace {

constexpr std::uint64_t kMaxHeaderBytes = 100ull * 1024 * 1024;  // the format's own limit

std::string format_shape(const std::vector<std::int64_t>& shape) {
    std::string out = "[";
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (i) out += ", ";
        out += std::to_string(shape[i]);
    }
    return out + "]";
}

std::string with_commas(std::uint64_t n) {
    std::string digits = std::to_string(n);
    for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) digits.insert(static_cast<std::size_t>(i), ",");
    return digits;
}

TensorDtype dtype_from_name(std::string_view name) {
    if (name == "F32") return TensorDtype::F32;
    if (name == "F16") return TensorDtype::F16;
    if (name == "BF16") return TensorDtype::BF16;
    return TensorDtype::Other;
}

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& what) {
    throw WeightsError("weights file " + path.string() + ": " + what, ErrorCode::WeightsUnusable,
                       {path.filename().string()});
}

TensorEntry parse_entry(const std::filesystem::path& path, const std::string& name, const json::Value& value,
                        std::uint64_t data_size) {
    const std::string where = "tensor " + name + ": ";
    if (value.kind != json::Value::Kind::Object) fail(path, where + "header entry is not an object (corrupt header)");
    TensorEntry entry;
    entry.name = name;

    const json::Value* dtype = value.member("dtype");
    if (dtype == nullptr || dtype->kind != json::Value::Kind::String) fail(path, where + "header has no dtype");
    entry.dtype_name = dtype->string;
    entry.dtype = dtype_from_name(dtype->string);

    const json::Value* shape = value.member("shape");
    if (shape == nullptr || shape->kind != json::Value::Kind::Array) fail(path, where + "header has no shape");
    std::uint64_t numel = 1;
    bool numel_overflow = false;
    for (const auto& dim : shape->array) {
        if (dim.kind != json::Value::Kind::Number || !dim.is_integer ||
            dim.integer > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
            fail(path, where + "shape holds something other than a non-negative integer");
        entry.shape.push_back(static_cast<std::int64_t>(dim.integer));
        if (dim.integer != 0 && numel > std::numeric_limits<std::uint64_t>::max() / dim.integer) numel_overflow = true;
        numel *= dim.integer;
    }

    const json::Value* offsets = value.member("data_offsets");
    if (offsets == nullptr || offsets->kind != json::Value::Kind::Array || offsets->array.size() != 2 ||
        !offsets->array[0].is_integer || !offsets->array[1].is_integer)
        fail(path, where + "header has no valid data_offsets [begin, end]");
    entry.begin = offsets->array[0].integer;
    entry.end = offsets->array[1].integer;
    if (entry.begin > entry.end) fail(path, where + "data_offsets begin after they end (corrupt header)");
    if (entry.end > data_size) {
        fail(path, where + "data ends at byte " + with_commas(entry.end) + " of the data section but the file holds only " +
                       with_commas(data_size) + " (" + with_commas(entry.end - data_size) +
                       " bytes missing): the file is truncated, download it again");
    }
    const std::size_t elem = element_size(entry.dtype);
    if (elem != 0) {
        if (numel_overflow || numel > std::numeric_limits<std::uint64_t>::max() / elem)
            fail(path, where + "shape " + format_shape(entry.shape) + " is impossibly large");
        if (entry.end - entry.begin != numel * elem) {
            fail(path, where + "shape " + format_shape(entry.shape) + " in " + entry.dtype_name + " needs " +
                           with_commas(numel * elem) + " bytes but data_offsets span " +
                           with_commas(entry.end - entry.begin) + " (corrupt header)");
        }
    }
    return entry;
}

}  // namespace

std::size_t element_size(TensorDtype dtype) {
    switch (dtype) {
    case TensorDtype::F32: return 4;
    case TensorDtype::F16:
    case TensorDtype::BF16: return 2;
    case TensorDtype::Other: return 0;
    }
    return 0;
}

std::string_view to_string(TensorDtype dtype) {
    switch (dtype) {
    case TensorDtype::F32: return "F32";
    case TensorDtype::F16: return "F16";
    case TensorDtype::BF16: return "BF16";
    case TensorDtype::Other: return "other";
    }
    return "other";
}

SafetensorsFile SafetensorsFile::open(const std::filesystem::path& path) {
    SafetensorsFile file;
    file.path_ = path;
    file.mapping_ = std::make_shared<const MappedFile>(path);
    const auto bytes = file.mapping_->bytes();
    if (bytes.size() < 8) {
        fail(path, "only " + std::to_string(bytes.size()) +
                       " bytes long, too short to be a safetensors file (truncated or not a weights file)");
    }
    std::uint64_t header_size = 0;
    for (int i = 7; i >= 0; --i) header_size = (header_size << 8) | std::to_integer<std::uint64_t>(bytes[static_cast<std::size_t>(i)]);
    if (header_size > kMaxHeaderBytes) {
        fail(path, "header claims " + with_commas(header_size) +
                       " bytes, more than the format allows: not a safetensors file, or corrupt");
    }
    if (header_size > bytes.size() - 8) {
        fail(path, "header claims " + with_commas(header_size) + " bytes but the file has only " +
                       with_commas(bytes.size() - 8) + " after the length field: the file is truncated");
    }
    file.data_start_ = 8 + header_size;
    const std::uint64_t data_size = bytes.size() - file.data_start_;

    json::Value header;
    try {
        header = json::parse(std::string_view(reinterpret_cast<const char*>(bytes.data() + 8), header_size));
    } catch (const json::ParseError& e) {
        fail(path, std::string("header is not valid JSON (") + e.what() + "): the file is corrupt");
    }
    if (header.kind != json::Value::Kind::Object) fail(path, "header is not a JSON object: the file is corrupt");

    for (const auto& [name, value] : header.object) {
        if (name == "__metadata__") {
            if (value.kind != json::Value::Kind::Object) fail(path, "__metadata__ is not an object");
            for (const auto& [key, item] : value.object) {
                if (item.kind != json::Value::Kind::String) fail(path, "__metadata__ value '" + key + "' is not a string");
                file.metadata_[key] = item.string;
            }
            continue;
        }
        if (file.find(name) != nullptr) fail(path, "tensor " + name + " appears twice in the header");
        file.entries_.push_back(parse_entry(path, name, value, data_size));
    }
    return file;
}

const TensorEntry* SafetensorsFile::find(std::string_view name) const {
    for (const auto& entry : entries_) {
        if (entry.name == name) return &entry;
    }
    return nullptr;
}

std::span<const std::byte> SafetensorsFile::bytes(const TensorEntry& entry) const {
    return mapping_->bytes().subspan(data_start_ + entry.begin, entry.end - entry.begin);
}

void SafetensorsFile::verify_data_checksum() const {
    const auto recorded = metadata_.find(kDataChecksumKey);
    if (recorded == metadata_.end()) return;
    const std::string repair = [&] {
        const auto id = metadata_.find("shuimo.model_id");
        if (id == metadata_.end())
            return std::string("write or download the file again");
        return "check it with `shuimo-cli models verify " + id->second + "`, then install it again with `shuimo-cli models "
               "download " + id->second + "` or `shuimo-cli models import FILE` (or Remove and Download in the Models dialog)";
    }();
    char* end = nullptr;
    const unsigned long expected = std::strtoul(recorded->second.c_str(), &end, 16);
    if (recorded->second.size() != 8 || *end != '\0')
        fail(path_, "its recorded checksum '" + recorded->second + "' is malformed: the header is damaged; " + repair);
    const std::uint32_t actual = crc32(mapping_->bytes().subspan(data_start_));
    if (actual != expected) {
        char found[16];
        std::snprintf(found, sizeof found, "%08x", static_cast<unsigned>(actual));
        fail(path_, "the tensor data are damaged: their CRC-32 is " + std::string(found) + " but was " + recorded->second +
                        " when the file was written, so the file changed on disk; it is not used. To repair: " + repair);
    }
}

void write_safetensors(const std::filesystem::path& path, const std::vector<TensorToWrite>& tensors,
                       const std::map<std::string, std::string>& metadata_in) {
    std::map<std::string, std::string> metadata = metadata_in;
    {
        std::uint32_t crc = 0;
        for (const auto& tensor : tensors) crc = crc32(tensor.data, crc);
        char hex[16];
        std::snprintf(hex, sizeof hex, "%08x", static_cast<unsigned>(crc));
        metadata[kDataChecksumKey] = hex;
    }
    auto quote = [](const std::string& s) {
        std::string out = "\"";
        for (const char c : s) {
            if (c == '"' || c == '\\') { out += '\\'; out += c; }
            else if (static_cast<unsigned char>(c) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
                out += buf;
            } else out += c;
        }
        return out + "\"";
    };
    std::string header = "{";
    if (!metadata.empty()) {
        header += "\"__metadata__\":{";
        bool first = true;
        for (const auto& [key, value] : metadata) {
            if (!first) header += ",";
            first = false;
            header += quote(key) + ":" + quote(value);
        }
        header += "}";
    }
    std::uint64_t offset = 0;
    for (const auto& tensor : tensors) {
        if (header.size() > 1) header += ",";
        header += quote(tensor.name) + ":{\"dtype\":\"" + std::string(to_string(tensor.dtype)) + "\",\"shape\":[";
        for (std::size_t i = 0; i < tensor.shape.size(); ++i) {
            if (i) header += ",";
            header += std::to_string(tensor.shape[i]);
        }
        header += "],\"data_offsets\":[" + std::to_string(offset) + "," + std::to_string(offset + tensor.data.size()) + "]}";
        offset += tensor.data.size();
    }
    header += "}";
    while (header.size() % 8 != 0) header += ' ';  // keeps the data section 8-byte aligned

    std::vector<std::byte> out;
    out.reserve(8 + header.size() + offset);
    const std::uint64_t header_size = header.size();
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<std::byte>((header_size >> (8 * i)) & 0xFF));
    for (const char c : header) out.push_back(static_cast<std::byte>(c));
    for (const auto& tensor : tensors) out.insert(out.end(), tensor.data.begin(), tensor.data.end());
    write_file_atomically(path, out);
}

void validate_vgg19_weights(const SafetensorsFile& file) {
    for (const auto& spec : vgg19_conv_specs()) {
        const std::vector<std::int64_t> weight_shape{spec.out_channels, spec.in_channels, 3, 3};
        const std::vector<std::int64_t> bias_shape{spec.out_channels};
        for (const auto& [name, shape] : {std::pair{spec.weight_name, weight_shape}, std::pair{spec.bias_name, bias_shape}}) {
            const TensorEntry* entry = file.find(name);
            if (entry == nullptr) {
                fail(file.path(), "tensor " + name + " (" + std::string(spec.layer) +
                                      ") is missing: this is not a VGG-19 weights file in torchvision/timm layout");
            }
            if (entry->dtype == TensorDtype::Other) {
                fail(file.path(), "tensor " + name + " has dtype " + entry->dtype_name +
                                      "; VGG-19 weights must be F32, F16 or BF16");
            }
            if (entry->shape != shape) {
                fail(file.path(), "tensor " + name + " has shape " + format_shape(entry->shape) + ", expected " +
                                      format_shape(shape) + " for VGG-19 " + std::string(spec.layer));
            }
        }
    }
}

}  // namespace shuimo::engine
