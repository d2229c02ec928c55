#pragma once
// A small, strict JSON reader for the one place the engine core reads JSON
// without Qt: the safetensors header. Bounded depth; throws on any error.

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace shuimo::engine::json {

class ParseError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct Member;

struct Value {
    enum class Kind { Null, Bool, Number, String, Array, Object };
    Kind kind = Kind::Null;
    bool boolean = false;
    double number = 0.0;
    bool is_integer = false;       // written without fraction or exponent, fits in uint64
    std::uint64_t integer = 0;     // valid when is_integer
    bool negative = false;
    std::string string;
    std::vector<Value> array;
    std::vector<Member> object;  // in file order (a pair<string, Value> would need Value complete here)

    const Value* member(std::string_view key) const;
};

struct Member {
    std::string key;
    Value value;
};

Value parse(std::string_view text);

}  // namespace shuimo::engine::json
