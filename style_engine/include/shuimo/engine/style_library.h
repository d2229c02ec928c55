#pragma once
// The bundled style references and their recommended settings, as listed in
// assets/styles/styles.json. Plain C++ so the GUI and the CLI read it alike.

#include <array>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace shuimo::engine {

// The quality presets a recommendation may name, in the order the GUI lists them
// (ui/control_presets.h gives each its size and evaluations).
inline constexpr std::array<std::string_view, 4> kQualityPresetKeys{"draft", "standard", "high", "print"};

// What the GUI applies when a style is chosen. Its numbers must lie in the
// parameter table's artist ranges (what the panel's sliders span).
struct StyleRecommendation {
    double style_weight = 1e6;
    double style_scale = 1.0;
    bool preserve_colors = false;
    std::string preset = "standard";  // draft | standard | high | print
};

struct StyleEntry {
    std::string id;  // stable key: lowercase letters, digits and '-'
    std::string name_en;
    std::string name_zh;
    std::string description_en;
    std::string description_zh;
    std::filesystem::path file;  // the manifest's directory joined with its "file"
    StyleRecommendation recommended;
};

struct StyleLibrary {
    std::filesystem::path manifest;
    std::vector<StyleEntry> styles;

    // nullptr when no style has that id.
    const StyleEntry* find(std::string_view id) const;
};

// Reads and checks a manifest. Throws ConfigError naming the file and, for a
// bad entry, its index and id and the field at fault. Does not open the images.
StyleLibrary load_style_library(const std::filesystem::path& manifest);

// The same from text already read; `manifest` names it in messages and
// anchors the relative file names.
StyleLibrary parse_style_library(std::string_view json_text, const std::filesystem::path& manifest);

}  // namespace shuimo::engine
