#include "json_lite.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "shuimo/engine/errors.h"

namespace shuimo::engine::json {
namespace {

constexpr int kMaxDepth = 64;

class Parser {
public:
    explicit Parser(std::string_view text) : text_(text) {}

    Value parse_document() {
        Value value = parse_value(0);
        skip_space();
        if (pos_ != text_.size()) fail("unexpected characters after the end of the JSON value");
        return value;
    }

private:
    [[noreturn]] void fail(const std::string& what) const {
        throw ParseError(what + " at offset " + std::to_string(pos_));
    }

    void skip_space() {
        while (pos_ < text_.size() &&
               (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r'))
            ++pos_;
    }

    char peek() {
        skip_space();
        if (pos_ >= text_.size()) fail("unexpected end of JSON");
        return text_[pos_];
    }

    void expect(char c) {
        if (peek() != c) fail(std::string("expected '") + c + "'");
        ++pos_;
    }

    void expect_word(std::string_view word) {
        if (text_.substr(pos_, word.size()) != word) fail("invalid literal");
        pos_ += word.size();
    }

    Value parse_value(int depth) {
        if (depth > kMaxDepth) fail("JSON nested too deeply");
        Value value;
        switch (peek()) {
        case '{': parse_object(value, depth); break;
        case '[': parse_array(value, depth); break;
        case '"': value.kind = Value::Kind::String; value.string = parse_string(); break;
        case 't': expect_word("true"); value.kind = Value::Kind::Bool; value.boolean = true; break;
        case 'f': expect_word("false"); value.kind = Value::Kind::Bool; break;
        case 'n': expect_word("null"); break;
        default: parse_number(value); break;
        }
        return value;
    }

    void parse_object(Value& value, int depth) {
        value.kind = Value::Kind::Object;
        expect('{');
        if (peek() == '}') { ++pos_; return; }
        for (;;) {
            if (peek() != '"') fail("expected a string key");
            std::string key = parse_string();
            expect(':');
            value.object.push_back(Member{std::move(key), parse_value(depth + 1)});
            const char c = peek();
            ++pos_;
            if (c == '}') return;
            if (c != ',') { --pos_; fail("expected ',' or '}'"); }
        }
    }

    void parse_array(Value& value, int depth) {
        value.kind = Value::Kind::Array;
        expect('[');
        if (peek() == ']') { ++pos_; return; }
        for (;;) {
            value.array.push_back(parse_value(depth + 1));
            const char c = peek();
            ++pos_;
            if (c == ']') return;
            if (c != ',') { --pos_; fail("expected ',' or ']'"); }
        }
    }

    static void append_utf8(std::string& out, std::uint32_t cp) {
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        }
    }

    std::uint32_t parse_hex4() {
        if (pos_ + 4 > text_.size()) fail("truncated \\u escape");
        std::uint32_t cp = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = text_[pos_++];
            cp <<= 4;
            if (c >= '0' && c <= '9') cp |= static_cast<std::uint32_t>(c - '0');
            else if (c >= 'a' && c <= 'f') cp |= static_cast<std::uint32_t>(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F') cp |= static_cast<std::uint32_t>(c - 'A' + 10);
            else fail("invalid \\u escape");
        }
        return cp;
    }

    std::string parse_string() {
        ++pos_;  // opening quote, checked by the caller
        std::string out;
        for (;;) {
            if (pos_ >= text_.size()) fail("unterminated string");
            const char c = text_[pos_++];
            if (c == '"') return out;
            if (static_cast<unsigned char>(c) < 0x20) fail("control character in string");
            if (c != '\\') { out += c; continue; }
            if (pos_ >= text_.size()) fail("unterminated escape");
            const char e = text_[pos_++];
            switch (e) {
            case '"': out += '"'; break;
            case '\\': out += '\\'; break;
            case '/': out += '/'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'u': {
                std::uint32_t cp = parse_hex4();
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    if (text_.substr(pos_, 2) != "\\u") fail("unpaired surrogate");
                    pos_ += 2;
                    const std::uint32_t low = parse_hex4();
                    if (low < 0xDC00 || low > 0xDFFF) fail("invalid surrogate pair");
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                    fail("unpaired surrogate");
                }
                append_utf8(out, cp);
                break;
            }
            default: fail("invalid escape");
            }
        }
    }

    void parse_number(Value& value) {
        const std::size_t start = pos_;
        bool integral = true;
        if (pos_ < text_.size() && text_[pos_] == '-') ++pos_;
        const std::size_t digits_start = pos_;
        while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
        if (pos_ == digits_start) fail("invalid value");
        if (text_[digits_start] == '0' && pos_ - digits_start > 1) fail("leading zero in number");
        if (pos_ < text_.size() && text_[pos_] == '.') {
            integral = false;
            ++pos_;
            const std::size_t frac = pos_;
            while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
            if (pos_ == frac) fail("invalid number");
        }
        if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
            integral = false;
            ++pos_;
            if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
            const std::size_t exp = pos_;
            while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
            if (pos_ == exp) fail("invalid number");
        }
        const std::string token(text_.substr(start, pos_ - start));
        value.kind = Value::Kind::Number;
        value.number = std::strtod(token.c_str(), nullptr);
        value.negative = token[0] == '-';
        if (integral && !value.negative && pos_ - digits_start <= 20) {
            std::uint64_t n = 0;
            bool overflow = false;
            for (std::size_t i = digits_start; i < pos_; ++i) {
                const std::uint64_t digit = static_cast<std::uint64_t>(text_[i] - '0');
                if (n > (UINT64_MAX - digit) / 10) { overflow = true; break; }
                n = n * 10 + digit;
            }
            value.is_integer = !overflow;
            value.integer = n;
        }
    }

    std::string_view text_;
    std::size_t pos_ = 0;
};

}  // namespace

const Value* Value::member(std::string_view key) const {
    for (const auto& [name, value] : object) {
        if (name == key) return &value;
    }
    return nullptr;
}

Value parse(std::string_view text) { return Parser(text).parse_document(); }

Value Value::of_bool(bool b) {
    Value v;
    v.kind = Kind::Bool;
    v.boolean = b;
    return v;
}

Value Value::of_number(double d) {
    Value v;
    v.kind = Kind::Number;
    v.number = d;
    v.negative = d < 0;
    return v;
}

Value Value::of_integer(long long n) {
    Value v = of_number(static_cast<double>(n));
    if (n >= 0) {
        v.is_integer = true;
        v.integer = static_cast<std::uint64_t>(n);
    }
    return v;
}

Value Value::of_string(std::string s) {
    Value v;
    v.kind = Kind::String;
    v.string = std::move(s);
    return v;
}

Value Value::of_array(std::vector<Value> items) {
    Value v;
    v.kind = Kind::Array;
    v.array = std::move(items);
    return v;
}

Value Value::of_object() {
    Value v;
    v.kind = Kind::Object;
    return v;
}

namespace {

std::string number_text(const Value& value) {
    if (value.is_integer) return std::to_string(value.integer);
    if (!std::isfinite(value.number)) return value.number > 0 ? "1e999" : (value.number < 0 ? "-1e999" : "null");
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value.number);  // shortest round trip
    return std::string(buffer, result.ptr);
}

void write_string(std::string& out, const std::string& text) {
    out += '"';
    for (const char c : text) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char escape[8];
                std::snprintf(escape, sizeof escape, "\\u%04x", static_cast<unsigned>(c));
                out += escape;
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

void write_to(std::string& out, const Value& value) {
    switch (value.kind) {
    case Value::Kind::Null: out += "null"; break;
    case Value::Kind::Bool: out += value.boolean ? "true" : "false"; break;
    case Value::Kind::Number: out += number_text(value); break;
    case Value::Kind::String: write_string(out, value.string); break;
    case Value::Kind::Array:
        out += '[';
        for (std::size_t i = 0; i < value.array.size(); ++i) {
            if (i) out += ',';
            write_to(out, value.array[i]);
        }
        out += ']';
        break;
    case Value::Kind::Object:
        out += '{';
        for (std::size_t i = 0; i < value.object.size(); ++i) {
            if (i) out += ',';
            write_string(out, value.object[i].key);
            out += ':';
            write_to(out, value.object[i].value);
        }
        out += '}';
        break;
    }
}

}  // namespace

std::string write(const Value& value) {
    std::string out;
    write_to(out, value);
    return out;
}

std::string describe(const Value& value) {
    switch (value.kind) {
    case Value::Kind::Null: return "null";
    case Value::Kind::Bool: return value.boolean ? "true" : "false";
    case Value::Kind::Number: {
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, "%.17g", value.number);
        return buffer;
    }
    case Value::Kind::String: {
        std::string shown;
        write_string(shown, value.string.substr(0, 40));
        return shown;
    }
    case Value::Kind::Array: return "an array";
    case Value::Kind::Object: return "an object";
    }
    return "?";
}

bool operator==(const Value& a, const Value& b) {
    if (a.kind != b.kind) return false;
    switch (a.kind) {
    case Value::Kind::Null: return true;
    case Value::Kind::Bool: return a.boolean == b.boolean;
    case Value::Kind::Number: return a.number == b.number;
    case Value::Kind::String: return a.string == b.string;
    case Value::Kind::Array: return a.array == b.array;
    case Value::Kind::Object:
        if (a.object.size() != b.object.size()) return false;
        for (std::size_t i = 0; i < a.object.size(); ++i) {
            if (a.object[i].key != b.object[i].key || !(a.object[i].value == b.object[i].value)) return false;
        }
        return true;
    }
    return false;
}

namespace {

std::string number_text_for_message(double value) {
    std::ostringstream out;
    out << value;
    return out.str();
}

}  // namespace

ObjectReader::ObjectReader(const Value& object, std::string where, std::string_view what_it_is, Keys keys)
    : object_(object), where_(std::move(where)), keys_(keys) {
    if (object.kind != Value::Kind::Object) fail("must be " + std::string(what_it_is));
}

std::string ObjectReader::name(std::string_view key) const {
    return keys_ == Keys::Quoted ? "\"" + std::string(key) + "\"" : std::string(key);
}

void ObjectReader::fail(const std::string& what) const {
    throw ConfigError(where_.empty() ? what : where_ + ": " + what);
}

const Value* ObjectReader::get(std::string_view key) {
    if (std::find(read_.begin(), read_.end(), key) == read_.end()) read_.emplace_back(key);
    return object_.member(key);
}

const Value& ObjectReader::required(std::string_view key) {
    const Value* value = get(key);
    if (!value) fail("missing " + name(key));
    return *value;
}

const Value* ObjectReader::typed(std::string_view key, Value::Kind kind, std::string_view kind_name, bool is_required) {
    const Value* value = get(key);
    if (!value && is_required) {
        if (keys_ == Keys::Quoted) fail("missing " + name(key));
        fail(name(key) + " must be " + std::string(kind_name) + " (it is missing)");
    }
    if (value && value->kind != kind) fail(name(key) + " must be " + std::string(kind_name) + " (got " + describe(*value) + ")");
    return value;
}

std::string ObjectReader::text(std::string_view key, std::string fallback, bool is_required, bool non_empty) {
    const Value* value = typed(key, Value::Kind::String, "a string", is_required);
    if (!value) return fallback;
    if (non_empty && value->string.empty()) fail(name(key) + " is empty");
    return value->string;
}

double ObjectReader::number(std::string_view key, double fallback, double low, double high, bool is_required) {
    const Value* value = typed(key, Value::Kind::Number, "a number", is_required);
    if (!value) return fallback;
    if (!std::isfinite(value->number) || value->number < low || value->number > high) {
        fail(name(key) + " is " + describe(*value) + ", allowed " + number_text_for_message(low) + " to " +
             number_text_for_message(high));
    }
    return value->number;
}

long long ObjectReader::integer(std::string_view key, long long fallback, long long low, long long high) {
    const Value* value = get(key);
    if (!value) return fallback;
    if (value->kind != Value::Kind::Number || value->number != std::floor(value->number) || value->number < static_cast<double>(low) ||
        value->number > static_cast<double>(high)) {
        fail(name(key) + " is " + describe(*value) + "; expected a whole number from " + std::to_string(low) + " to " +
             std::to_string(high));
    }
    return static_cast<long long>(value->number);
}

bool ObjectReader::boolean(std::string_view key, bool fallback, bool is_required) {
    const Value* value = typed(key, Value::Kind::Bool, "true or false", is_required);
    return value ? value->boolean : fallback;
}

void ObjectReader::finish() const {
    for (const auto& [key, value] : object_.object) {
        if (std::find(read_.begin(), read_.end(), key) == read_.end()) fail("unknown key '" + key + "'");
    }
}

}  // namespace shuimo::engine::json
