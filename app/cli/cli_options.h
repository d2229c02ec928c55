#pragma once
// shuimo-cli's command line -> plain option values.

#include <QStringList>

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <vector>

#include "shuimo/engine/style_params.h"

namespace shuimo::cli {

// A command line that cannot be run: exit code 2, message on stderr.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// --region MASK:STYLE[:STRENGTH] (docs/REGIONS.md): STYLE a path, "photo" or "paper".
struct RegionOption {
    std::filesystem::path mask;
    engine::RegionKind kind = engine::RegionKind::Style;
    std::filesystem::path style;  // kind Style only
    double strength = 1.0;
};

// "MASK:STYLE[:STRENGTH]" -> a RegionOption. Throws UsageError.
RegionOption parse_region_option(const QString& text);

struct StylizeOptions {
    std::filesystem::path content;
    std::vector<std::filesystem::path> styles;
    std::vector<double> style_blend;
    std::vector<RegionOption> regions;
    std::filesystem::path output;
    std::optional<std::filesystem::path> weights;
    std::optional<std::filesystem::path> init_image;
    engine::StyleParams params;
    int bit_depth = 8;
    bool json_progress = false;
    bool dry_run = false;  // print the plan and stop
};

// `arguments` excludes the program name and the "stylize" word. Throws
// UsageError for anything malformed or out of range (with the allowed range).
StylizeOptions parse_stylize_options(const QStringList& arguments);

QString stylize_help_text();

}  // namespace shuimo::cli
