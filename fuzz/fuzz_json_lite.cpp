// The engine core's strict JSON reader (safetensors headers, the style manifest).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "json_lite.h"

namespace {

// Walks the whole tree, so every value the parser built is read back.
std::size_t count_values(const shuimo::engine::json::Value& value) {
    std::size_t n = 1 + value.string.size() % 7;
    for (const auto& item : value.array) n += count_values(item);
    for (const auto& [key, item] : value.object) n += key.size() % 5 + count_values(item);
    return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    namespace json = shuimo::engine::json;
    try {
        const json::Value value = json::parse(std::string_view(reinterpret_cast<const char*>(data), size));
        volatile std::size_t sink = count_values(value);
        (void)sink;
        if (value.kind == json::Value::Kind::Object) (void)value.member("a");
    } catch (const json::ParseError&) {
    }
    return 0;
}
