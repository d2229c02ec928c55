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
    static Value of_object();  // empty (Member is incomplete here: no vector<Member> by value)
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

// The one strict reader of a JSON object's fields (style manifest, batch queues;
// parameters go through param_table.h): every key is read by name with its type and
// range, finish() refuses keys nobody read, and every error is a ConfigError that
// starts with `where` (the file and the place in it) and names the key, the value
// and what is allowed.
class ObjectReader {
public:
    // How messages name keys: Plain `name must be a string` (batch queues), or Quoted
    // `"name" must be a string` and `missing "name"` (the style manifest).
    enum class Keys { Plain, Quoted };
    // `object` must outlive the reader; fails (with `where`) if it is not an object.
    ObjectReader(const Value& object, std::string where, std::string_view what_it_is = "a JSON object", Keys keys = Keys::Plain);

    const Value* get(std::string_view key);  // nullptr when absent; marks the key as read
    const Value& required(std::string_view key);
    // The value at `key` of `kind`; fails with "\"key\" must be <kind_name>" otherwise.
    const Value* typed(std::string_view key, Value::Kind kind, std::string_view kind_name, bool required = false);

    std::string text(std::string_view key, std::string fallback = {}, bool required = false, bool non_empty = false);
    double number(std::string_view key, double fallback, double low, double high, bool required = false);
    long long integer(std::string_view key, long long fallback, long long low, long long high);
    bool boolean(std::string_view key, bool fallback, bool required = false);

    void finish() const;  // refuses keys that were not read
    [[noreturn]] void fail(const std::string& what) const;
    const std::string& where() const { return where_; }
    void set_where(std::string where) { where_ = std::move(where); }

private:
    std::string name(std::string_view key) const;

    const Value& object_;
    std::string where_;
    Keys keys_;
    std::vector<std::string> read_;
};

}  // namespace shuimo::engine::json
