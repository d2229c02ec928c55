// The engine core's strict JSON reader (safetensors headers, the style manifest,
// batch queues) and its writer: what it writes reads back as the same value.
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
        if (!(json::parse(json::write(value)) == value)) __builtin_trap();
        if (value.kind == json::Value::Kind::Object) {
            try {
                json::ObjectReader reader(value, "fuzz");
                (void)reader.text("a");
                (void)reader.integer("b", 0, -5, 5);
                (void)reader.number("c", 0, 0, 1);
                reader.finish();
            } catch (const std::exception&) {
            }
        }
    } catch (const json::ParseError&) {
    }
    return 0;
}
