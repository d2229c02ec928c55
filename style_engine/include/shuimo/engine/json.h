#pragma once
// A small JSON value and a strict reader for it, in plain C++: the engine core
// reads JSON without Qt (the safetensors header, the style manifest) and
// describes parameters with it (param_table.h). Bounded depth; throws on any error.

#include <cstdint>
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
    bool is_integer = false;       // a whole number that fits in uint64 (written without fraction or exponent)
    std::uint64_t integer = 0;     // valid when is_integer
    bool negative = false;
    std::string string;
    std::vector<Value> array;
    std::vector<Member> object;  // in file order (a pair<string, Value> would need Value complete here)

    const Value* member(std::string_view key) const;

    static Value of_bool(bool b);
    static Value of_number(double d);                // a number with a fraction or an exponent allowed
    static Value of_integer(long long n);            // written without a fraction
    static Value of_string(std::string s);
    static Value of_array(std::vector<Value> items);
};

struct Member {
    std::string key;
    Value value;
};

Value parse(std::string_view text);

// For messages: 12, "text" (at most 40 characters), true, null, an array, an object.
std::string describe(const Value& value);

// Compact JSON text; numbers with 17 significant digits.
std::string write(const Value& value);

bool operator==(const Value& a, const Value& b);

}  // namespace shuimo::engine::json
