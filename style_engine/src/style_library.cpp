#include "shuimo/engine/style_library.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <set>

#include "json_lite.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/param_table.h"

namespace shuimo::engine {
namespace {

// A manifest lists a handful of styles; anything near this is not one.
constexpr std::uintmax_t kMaxManifestBytes = 1 << 20;

using json::Value;
constexpr auto kQuoted = json::ObjectReader::Keys::Quoted;  // the manifest's messages quote keys

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
    // Unknown keys are allowed (a newer manifest may add some); known ones are strict.
    json::ObjectReader reader(root, manifest.string() + ": top level", "a JSON object", kQuoted);
    const Value& version = *reader.typed("version", Value::Kind::Number, "a number", true);
    if (!version.is_integer || version.integer != 1)
        reader.fail("\"version\" must be 1 (this Shuimo reads version 1 manifests)");
    const Value& list = *reader.typed("styles", Value::Kind::Array, "an array", true);
    if (list.array.empty()) reader.fail("\"styles\" is empty");

    StyleLibrary library;
    library.manifest = manifest;
    const std::filesystem::path directory = manifest.parent_path();
    std::set<std::string> seen;
    for (std::size_t i = 0; i < list.array.size(); ++i) {
        json::ObjectReader item(list.array[i], manifest.string() + ": style " + std::to_string(i), "a JSON object", kQuoted);
        StyleEntry entry;
        entry.id = item.text("id", {}, true, true);
        item.set_where(manifest.string() + ": style " + std::to_string(i) + " (\"" + entry.id + "\")");
        if (!valid_id(entry.id)) item.fail("id must be lowercase letters, digits and '-'");
        if (!seen.insert(entry.id).second) item.fail("the id is used twice");

        const auto translated = [&](std::string_view key, std::string& en, std::string& zh) {
            json::ObjectReader names(*item.typed(key, Value::Kind::Object, "an object with \"en\" and \"zh\"", true),
                                     item.where() + ", " + std::string(key), "an object", kQuoted);
            en = names.text("en", {}, true, true);
            zh = names.text("zh", {}, true, true);
        };
        translated("name", entry.name_en, entry.name_zh);
        translated("description", entry.description_en, entry.description_zh);

        const std::string file = item.text("file", {}, true, true);
        if (!plain_file_name(file)) item.fail("\"file\" must be a file name beside the manifest, got \"" + file + "\"");
        entry.file = directory / file;

        json::ObjectReader recommended(*item.typed("recommended", Value::Kind::Object, "an object", true),
                                       item.where() + ", recommended", "an object", kQuoted);
        // Within what the panel's controls span (the parameter table's artist ranges).
        const auto artist = [&](std::string_view key) {
            const ParamField& field = *find_param_field(key);
            return recommended.number(key, 0, field.artist_low(), field.artist_high(), true);
        };
        entry.recommended.style_weight = artist("style_weight");
        entry.recommended.style_scale = artist("style_scale");
        entry.recommended.preserve_colors = recommended.boolean("preserve_colors", false, true);
        entry.recommended.preset = recommended.text("preset", {}, true, true);
        const std::string& preset = entry.recommended.preset;
        if (std::find(kQualityPresetKeys.begin(), kQualityPresetKeys.end(), preset) == kQualityPresetKeys.end())
            recommended.fail("\"preset\" is \"" + preset + "\", allowed draft, standard, high, print");
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
