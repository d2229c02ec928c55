#include "shuimo/engine/style_library.h"

#include <cmath>
#include <cstdint>
#include <fstream>
#include <set>
#include <sstream>

#include "json_lite.h"
#include "shuimo/engine/errors.h"

namespace shuimo::engine {
namespace {

// A manifest lists a handful of styles; anything near this is not one.
constexpr std::uintmax_t kMaxManifestBytes = 1 << 20;

using json::Value;

class EntryReader {
public:
    EntryReader(const std::filesystem::path& manifest, std::string where) : manifest_(manifest), where_(std::move(where)) {}

    [[noreturn]] void fail(const std::string& what) const {
        throw ConfigError(manifest_.string() + ": " + where_ + ": " + what);
    }

    const Value& field(const Value& object, std::string_view key, Value::Kind kind, std::string_view kind_name) const {
        const Value* value = object.member(key);
        if (!value) fail("missing \"" + std::string(key) + "\"");
        if (value->kind != kind) fail("\"" + std::string(key) + "\" must be " + std::string(kind_name));
        return *value;
    }

    std::string text(const Value& object, std::string_view key) const {
        const std::string& s = field(object, key, Value::Kind::String, "a string").string;
        if (s.empty()) fail("\"" + std::string(key) + "\" is empty");
        return s;
    }

    double number(const Value& object, std::string_view key, double low, double high) const {
        const double v = field(object, key, Value::Kind::Number, "a number").number;
        if (!std::isfinite(v) || v < low || v > high) {
            std::ostringstream message;
            message << "\"" << key << "\" is " << v << ", allowed " << low << " to " << high;
            fail(message.str());
        }
        return v;
    }

    void set_where(std::string where) { where_ = std::move(where); }

private:
    const std::filesystem::path& manifest_;
    std::string where_;
};

bool valid_id(const std::string& id) {
    if (id.empty() || id.size() > 64) return false;
    for (char c : id)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
    return true;
}

bool plain_file_name(const std::string& name) {
    const std::filesystem::path path(name);
    return !name.empty() && path.is_relative() && path.filename() == path && name != "." && name != "..";
}

}  // namespace

const StyleEntry* StyleLibrary::find(std::string_view id) const {
    for (const auto& style : styles)
        if (style.id == id) return &style;
    return nullptr;
}

StyleLibrary parse_style_library(std::string_view json_text, const std::filesystem::path& manifest) {
    Value root;
    try {
        root = json::parse(json_text);
    } catch (const json::ParseError& e) {
        throw ConfigError(manifest.string() + ": not valid JSON: " + e.what());
    }
    EntryReader reader(manifest, "top level");
    if (root.kind != Value::Kind::Object) reader.fail("must be a JSON object");
    const Value& version = reader.field(root, "version", Value::Kind::Number, "a number");
    if (!version.is_integer || version.integer != 1)
        reader.fail("\"version\" must be 1 (this Shuimo reads version 1 manifests)");
    const Value& list = reader.field(root, "styles", Value::Kind::Array, "an array");
    if (list.array.empty()) reader.fail("\"styles\" is empty");

    StyleLibrary library;
    library.manifest = manifest;
    const std::filesystem::path directory = manifest.parent_path();
    std::set<std::string> seen;
    for (std::size_t i = 0; i < list.array.size(); ++i) {
        const Value& item = list.array[i];
        reader.set_where("style " + std::to_string(i));
        if (item.kind != Value::Kind::Object) reader.fail("must be a JSON object");
        StyleEntry entry;
        entry.id = reader.text(item, "id");
        reader.set_where("style " + std::to_string(i) + " (\"" + entry.id + "\")");
        if (!valid_id(entry.id)) reader.fail("id must be lowercase letters, digits and '-'");
        if (!seen.insert(entry.id).second) reader.fail("the id is used twice");

        const Value& name = reader.field(item, "name", Value::Kind::Object, "an object with \"en\" and \"zh\"");
        entry.name_en = reader.text(name, "en");
        entry.name_zh = reader.text(name, "zh");
        const Value& description =
            reader.field(item, "description", Value::Kind::Object, "an object with \"en\" and \"zh\"");
        entry.description_en = reader.text(description, "en");
        entry.description_zh = reader.text(description, "zh");

        const std::string file = reader.text(item, "file");
        if (!plain_file_name(file)) reader.fail("\"file\" must be a file name beside the manifest, got \"" + file + "\"");
        entry.file = directory / file;

        const Value& recommended = reader.field(item, "recommended", Value::Kind::Object, "an object");
        entry.recommended.style_weight = reader.number(recommended, "style_weight", 1.0, 1e12);
        entry.recommended.style_scale = reader.number(recommended, "style_scale", 0.1, 4.0);
        entry.recommended.preserve_colors =
            reader.field(recommended, "preserve_colors", Value::Kind::Bool, "true or false").boolean;
        entry.recommended.preset = reader.text(recommended, "preset");
        const std::string& preset = entry.recommended.preset;
        if (preset != "draft" && preset != "standard" && preset != "high" && preset != "print")
            reader.fail("\"preset\" is \"" + preset + "\", allowed draft, standard, high, print");
        library.styles.push_back(std::move(entry));
    }
    return library;
}

StyleLibrary load_style_library(const std::filesystem::path& manifest) {
    std::error_code error;
    const auto bytes = std::filesystem::file_size(manifest, error);
    if (error) throw ConfigError(manifest.string() + ": cannot read the style manifest: " + error.message());
    if (bytes > kMaxManifestBytes)
        throw ConfigError(manifest.string() + ": " + std::to_string(bytes) + " bytes is too large for a style manifest");
    std::ifstream in(manifest, std::ios::binary);
    std::string text(static_cast<std::size_t>(bytes), '\0');
    if (!in.read(text.data(), static_cast<std::streamsize>(text.size())))
        throw ConfigError(manifest.string() + ": cannot read the style manifest");
    return parse_style_library(text, manifest);
}

}  // namespace shuimo::engine
