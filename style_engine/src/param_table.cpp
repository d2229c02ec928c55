#include "shuimo/engine/param_table.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace shuimo::engine {
namespace {

using json::Value;

std::string number(double value) {
    std::ostringstream out;
    out << value;
    return out.str();
}

// Whole bounds as whole numbers ("1000000", not "1e+06").
std::string bound(double value) {
    if (value == std::floor(value) && std::abs(value) < 1e15) return std::to_string(static_cast<long long>(value));
    return number(value);
}

std::string range_text(const ParamField& f) { return bound(f.low) + " to " + bound(f.high); }

// --- reading one JSON value into a field (type and, for whole numbers, range) ---------

int read_integer(const ParamField& f, const Value& v) {
    if (v.kind != Value::Kind::Number || !std::isfinite(v.number) || v.number != std::floor(v.number))
        throw ParamValueError("a whole number from " + range_text(f));
    if (f.zero_allowed && v.number == 0) return 0;
    if (v.number < f.low || v.number > f.high) throw ParamValueError("a whole number from " + range_text(f));
    return static_cast<int>(v.number);
}

// Any number, NaN and infinities included (the CLI's "nan"): check_param() refuses those with
// the parameter's range, so the range is stated in one place.
double read_number(const Value& v) {
    if (v.kind != Value::Kind::Number) throw ParamValueError("a finite number");
    return v.number;
}

template <auto Member>
struct Integer {
    static Value get(const StyleParams& p) { return Value::of_integer(p.*Member); }
    static void set(const ParamField& f, StyleParams& p, const Value& v);
};

template <auto Member>
struct Number {
    static Value get(const StyleParams& p) { return Value::of_number(p.*Member); }
    static void set(const ParamField&, StyleParams& p, const Value& v) { p.*Member = read_number(v); }
};

template <auto Member>
struct Boolean {
    static Value get(const StyleParams& p) { return Value::of_bool(p.*Member); }
    static void set(const ParamField&, StyleParams& p, const Value& v) {
        if (v.kind != Value::Kind::Bool) throw ParamValueError("true or false");
        p.*Member = v.boolean;
    }
};

template <auto Member>
struct Text {
    static Value get(const StyleParams& p) { return Value::of_string(p.*Member); }
    static void set(const ParamField&, StyleParams& p, const Value& v) {
        if (v.kind != Value::Kind::String) throw ParamValueError("a string");
        p.*Member = v.string;
    }
};

template <auto Member, auto Parse>
struct Choice {
    static Value get(const StyleParams& p) { return Value::of_string(std::string(to_string(p.*Member))); }
    static void set(const ParamField& f, StyleParams& p, const Value& v);
};

template <auto Member>
struct TextList {
    static Value get(const StyleParams& p) {
        std::vector<Value> items;
        for (const auto& s : p.*Member) items.push_back(Value::of_string(s));
        return Value::of_array(std::move(items));
    }
    static void set(const ParamField&, StyleParams& p, const Value& v) {
        if (v.kind != Value::Kind::Array) throw ParamValueError("an array of strings");
        std::vector<std::string> out;
        for (const auto& item : v.array) {
            if (item.kind != Value::Kind::String) throw ParamValueError("an array of strings");
            out.push_back(item.string);
        }
        p.*Member = std::move(out);
    }
};

template <auto Member>
struct NumberList {
    static Value get(const StyleParams& p) {
        std::vector<Value> items;
        for (const double d : p.*Member) items.push_back(Value::of_number(d));
        return Value::of_array(std::move(items));
    }
    static void set(const ParamField&, StyleParams& p, const Value& v) {
        if (v.kind != Value::Kind::Array) throw ParamValueError("an array of finite numbers");
        std::vector<double> out;
        for (const auto& item : v.array) {
            if (item.kind != Value::Kind::Number || !std::isfinite(item.number)) throw ParamValueError("an array of finite numbers");
            out.push_back(item.number);
        }
        p.*Member = std::move(out);
    }
};

template <auto Member>
struct IntegerList {
    static Value get(const StyleParams& p) {
        std::vector<Value> items;
        for (const int n : p.*Member) items.push_back(Value::of_integer(n));
        return Value::of_array(std::move(items));
    }
    static void set(const ParamField& f, StyleParams& p, const Value& v);
};

std::uint64_t read_unsigned64(const Value& v) {
    constexpr const char* kExpected = "a whole number from 0 to 18446744073709551615 (as a string)";
    if (v.kind == Value::Kind::String) {
        const std::string& s = v.string;
        if (s.empty() || s.size() > 20 || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
            throw ParamValueError(kExpected);
        std::uint64_t n = 0;
        for (const char c : s) {
            const auto digit = static_cast<std::uint64_t>(c - '0');
            if (n > (UINT64_MAX - digit) / 10) throw ParamValueError(kExpected);
            n = n * 10 + digit;
        }
        return n;
    }
    // A bare number is exact only up to 2^53.
    if (v.kind == Value::Kind::Number && v.number >= 0 && v.number <= 9007199254740992.0 && v.number == std::floor(v.number))
        return static_cast<std::uint64_t>(v.number);
    throw ParamValueError(kExpected);
}

template <auto Member>
struct Unsigned64 {
    static Value get(const StyleParams& p) { return Value::of_string(std::to_string(p.*Member)); }
    static void set(const ParamField&, StyleParams& p, const Value& v) { p.*Member = read_unsigned64(v); }
};

template <auto Member>
struct ByteSize {
    static Value get(const StyleParams& p) { return Value::of_string(std::to_string(p.*Member)); }
    static void set(const ParamField&, StyleParams& p, const Value& v) {
        if (v.kind != Value::Kind::String) {
            p.*Member = read_unsigned64(v);
            return;
        }
        try {
            p.*Member = parse_memory_size(v.string);
        } catch (const ConfigError&) {
            throw ParamValueError("a size such as 800M, 6G or a number of bytes");
        }
    }
};

template <auto Member>
struct Colour {
    static Value get(const StyleParams& p) {
        if (!(p.*Member)) return Value{};
        std::vector<Value> items;
        for (const float c : *(p.*Member)) items.push_back(Value::of_number(c));
        return Value::of_array(std::move(items));
    }
    static void set(const ParamField&, StyleParams& p, const Value& v) {
        if (v.kind == Value::Kind::Null) {
            (p.*Member).reset();
            return;
        }
        constexpr const char* kExpected = "null or [r, g, b] with each from 0 to 1";
        if (v.kind != Value::Kind::Array || v.array.size() != 3) throw ParamValueError(kExpected);
        std::array<float, 3> rgb{};
        for (std::size_t i = 0; i < 3; ++i) {
            const Value& c = v.array[i];
            if (c.kind != Value::Kind::Number || !(c.number >= 0.0 && c.number <= 1.0)) throw ParamValueError(kExpected);
            rgb[i] = static_cast<float>(c.number);
        }
        p.*Member = rgb;
    }
};

InitKind parse_init(std::string_view text) {
    if (text == "content") return InitKind::Content;
    if (text == "noise") return InitKind::Noise;
    if (text == "image") return InitKind::Image;
    throw ConfigError("'" + std::string(text) + "' is not an initialisation: use content, noise or image");
}

constexpr double kMiB = 1024.0 * 1024.0;

// --- How the desktop app shows the rows (ParamUi) ----------------------------------
constexpr ParamChoice kOptimizerChoices[] = {{"lbfgs", SHUIMO_UI_TEXT("ParamTable", "L-BFGS")}, {"adam", SHUIMO_UI_TEXT("ParamTable", "Adam")}};
constexpr ParamChoice kPoolingChoices[] = {{"max", SHUIMO_UI_TEXT("ParamTable", "Max")}, {"avg", SHUIMO_UI_TEXT("ParamTable", "Average")}};
constexpr ParamChoice kInitChoices[] = {
    {"content", SHUIMO_UI_TEXT("ParamTable", "From the photo")}, {"noise", SHUIMO_UI_TEXT("ParamTable", "From noise")}, {"image", SHUIMO_UI_TEXT("ParamTable", "From a start image"), false}};
constexpr ParamChoice kDeviceChoices[] = {{"auto", SHUIMO_UI_TEXT("ParamTable", "Automatic")}, {"cpu", SHUIMO_UI_TEXT("ParamTable", "CPU")}, {"cuda", SHUIMO_UI_TEXT("ParamTable", "GPU (CUDA)")}};
constexpr ParamChoice kPrecisionChoices[] = {
    {"auto", SHUIMO_UI_TEXT("ParamTable", "Automatic")}, {"fp32", SHUIMO_UI_TEXT("ParamTable", "fp32")}, {"fp16", SHUIMO_UI_TEXT("ParamTable", "fp16")}, {"bf16", SHUIMO_UI_TEXT("ParamTable", "bf16")}};

bool adam(const StyleParams& p) { return p.optimizer == OptimizerKind::Adam; }
bool from_noise(const StyleParams& p) { return p.init == InitKind::Noise; }
bool in_ink(const StyleParams& p) { return p.monochrome_ink; }
bool in_colour(const StyleParams& p) { return !p.monochrome_ink; }  // ink keeps only the luminance

constexpr ParamUi kHidden{.widget = ParamWidget::Hidden};
constexpr ParamUi kSizeUi{.widget = ParamWidget::Own, .advanced = false, .label = SHUIMO_UI_TEXT("ParamTable", "Output si&ze")};
constexpr ParamUi kIterationsUi{.widget = ParamWidget::Slider, .advanced = false, .artist_low = 10, .artist_high = 3000,
                                .decimals = 0, .label = SHUIMO_UI_TEXT("ParamTable", "&Iterations"),
                                .tooltip = SHUIMO_UI_TEXT("ParamTable", "Optimisation steps over all levels: more is slower and more refined")};
constexpr ParamUi kContentWeightUi{.widget = ParamWidget::Slider, .advanced = false, .artist_low = 0, .artist_high = 10,
                                   .label = SHUIMO_UI_TEXT("ParamTable", "&Content weight"),
                                   .tooltip = SHUIMO_UI_TEXT("ParamTable", "How closely the result keeps the photo's shapes (content weight)")};
// The exact number under Advanced; the main section's Style strength (0 … 100 %) spans the artist range.
constexpr ParamUi kStyleWeightUi{.artist_low = 1e4, .artist_high = 1e8, .decimals = 6, .label = SHUIMO_UI_TEXT("ParamTable", "Style weight")};
constexpr ParamUi kTvWeightUi{.widget = ParamWidget::Slider, .advanced = false, .artist_low = 0, .artist_high = 100,
                              .label = SHUIMO_UI_TEXT("ParamTable", "S&moothness"),
                              .tooltip = SHUIMO_UI_TEXT("ParamTable", "Total-variation weight: higher is smoother; too high turns the image flat grey")};
constexpr ParamUi kContentLayersUi{.label = SHUIMO_UI_TEXT("ParamTable", "Content layers"),
                                   .tooltip = SHUIMO_UI_TEXT("ParamTable", "VGG-19 layers compared with the photo, e.g. relu4_2")};
constexpr ParamUi kStyleLayersUi{.label = SHUIMO_UI_TEXT("ParamTable", "Style layers"),
                                 .tooltip = SHUIMO_UI_TEXT("ParamTable", "VGG-19 layers whose Gram matrices describe the style, comma-separated")};
constexpr ParamUi kOptimizerUi{.label = SHUIMO_UI_TEXT("ParamTable", "Optimiser"), .choices = kOptimizerChoices};
constexpr ParamUi kLearningRateUi{.decimals = 4, .label = SHUIMO_UI_TEXT("ParamTable", "Learning rate"),
                                  .tooltip = SHUIMO_UI_TEXT("ParamTable", "Adam's step size (the image is in 0…1)"), .applies = adam};
constexpr ParamChoice kStyleLossChoices[] = {{"gram", SHUIMO_UI_TEXT("ParamTable", "Gram matrices")},
                                             {"w2", SHUIMO_UI_TEXT("ParamTable", "Wasserstein (means and covariances)")}};
constexpr ParamUi kStyleLossUi{.label = SHUIMO_UI_TEXT("ParamTable", "Style statistics"),
                               .tooltip = SHUIMO_UI_TEXT("ParamTable", "How the style is measured: Gram matrices, or the "
                                                                       "Wasserstein distance between the features' means and covariances"),
                               .choices = kStyleLossChoices};
constexpr ParamUi kPoolingUi{.label = SHUIMO_UI_TEXT("ParamTable", "Pooling"), .choices = kPoolingChoices};
constexpr ParamUi kInitUi{.label = SHUIMO_UI_TEXT("ParamTable", "Start"), .choices = kInitChoices};
constexpr ParamUi kStyleScaleUi{.widget = ParamWidget::Slider, .advanced = false, .artist_low = 0.25, .artist_high = 2,
                                .label = SHUIMO_UI_TEXT("ParamTable", "St&yle scale"),
                                .tooltip = SHUIMO_UI_TEXT("ParamTable", "Size of the style's brush strokes relative to the output")};
constexpr ParamUi kPreserveColoursUi{.advanced = false, .label = SHUIMO_UI_TEXT("ParamTable", "Preserve the photo's co&lours"), .finishing = true,
                                     .applies = in_colour};
constexpr ParamUi kColourStrengthUi{
    .widget = ParamWidget::Slider, .advanced = false, .artist_low = 0, .artist_high = 1, .label = SHUIMO_UI_TEXT("ParamTable", "Colour stren&gth"),
    .tooltip = SHUIMO_UI_TEXT("ParamTable", "0 = grey, 1 = full colour (the photo's when preserving its colours, else the painting's)"),
    .finishing = true, .applies = in_colour};
constexpr ParamUi kMonochromeInkUi{.advanced = false, .label = SHUIMO_UI_TEXT("ParamTable", "Mo&nochrome ink on the style's paper"),
                                   .tooltip = SHUIMO_UI_TEXT("ParamTable", "The result as ink tones on the paper colour of the first style"),
                                   .finishing = true};
constexpr ParamUi kPaperUi{.widget = ParamWidget::Own, .advanced = false, .label = SHUIMO_UI_TEXT("ParamTable", "&Paper"), .finishing = true,
                           .applies = in_ink};
constexpr ParamUi kSeedUi{.label = SHUIMO_UI_TEXT("ParamTable", "Seed"), .tooltip = SHUIMO_UI_TEXT("ParamTable", "The noise a start from noise begins with"),
                          .applies = from_noise};
constexpr ParamUi kDeviceUi{.label = SHUIMO_UI_TEXT("ParamTable", "Device"), .choices = kDeviceChoices};
constexpr ParamUi kPrecisionUi{.label = SHUIMO_UI_TEXT("ParamTable", "Precision"), .choices = kPrecisionChoices};

// The rows. Ranges are what validate() allows; help texts get "Default ..." appended.
#define SHUIMO_GET_SET(...) &__VA_ARGS__::get, &__VA_ARGS__::set
const ParamField kFields[] = {
    {"size", "size", ParamType::Integer, 0, 16384, false, "size", "N",
     "Longest side of the output in pixels; 0 = the content's size.", true, false, true, "0",
     SHUIMO_GET_SET(Integer<&StyleParams::size>), kSizeUi},
    {"iterations", "iterations", ParamType::Integer, 1, 1000000, false, "iterations", "N",
     "Objective evaluations (forward+backward passes), all levels together.", true, false, true, "77",
     SHUIMO_GET_SET(Integer<&StyleParams::iterations>), kIterationsUi},
    {"scales", "scales", ParamType::Integer, 0, 12, false, "scales", "N",
     "Coarse-to-fine levels; 1 = single scale, 0 = auto (factor <= 2 between levels).", true, false, true, "3",
     SHUIMO_GET_SET(Integer<&StyleParams::scales>), kHidden},
    {"min_size", "min size", ParamType::Integer, 16, 16384, false, "min-size", "N",
     "Long side of the coarsest level with --scales N; automatic levels start at half of it and take the time that halving the evaluations level by level from it would.",
     true, false, true, "96",
     SHUIMO_GET_SET(Integer<&StyleParams::min_size>), kHidden},
    {"level_iterations", "iterations of a level", ParamType::IntegerList, 0, 1000000, false, "level-iterations", "N1,N2,...",
     "Evaluations per level, coarse to fine (overrides the automatic share; sets --iterations to their sum).", true, false,
     true, "[10, 20, 47]", SHUIMO_GET_SET(IntegerList<&StyleParams::level_iterations>), kHidden},
    {"content_weight", "content weight", ParamType::Number, 0, 1e12, false, "content-weight", "X",
     "Weight of the content loss.", true, true, true, "2.5", SHUIMO_GET_SET(Number<&StyleParams::content_weight>), kContentWeightUi},
    {"style_weight", "style weight", ParamType::Number, 0, 1e15, false, "style-weight", "X",
     "Weight of the style loss.", true, true, true, "300000", SHUIMO_GET_SET(Number<&StyleParams::style_weight>), kStyleWeightUi},
    {"tv_weight", "TV weight", ParamType::Number, 0, 1e12, false, "tv-weight", "X",
     "Weight of the total-variation (smoothness) loss.", true, true, true, "0.5",
     SHUIMO_GET_SET(Number<&StyleParams::tv_weight>), kTvWeightUi},
    {"content_layers", "content layers", ParamType::TextList, 0, 0, false, "content-layers", "L,...",
     "VGG-19 layers for content.", true, false, true, R"(["relu3_2"])",
     SHUIMO_GET_SET(TextList<&StyleParams::content_layers>), kContentLayersUi},
    {"style_layers", "style layers", ParamType::TextList, 0, 0, false, "style-layers", "L,...",
     "VGG-19 layers for style.", true, false, true, R"(["relu1_2", "relu2_2", "relu3_1", "relu4_1", "relu5_1"])",
     SHUIMO_GET_SET(TextList<&StyleParams::style_layers>), kStyleLayersUi},
    {"style_layer_weights", "style layer weight", ParamType::NumberList, 0, 1e12, false, "style-layer-weights", "W1,W2,...",
     "Weight of each style layer; empty = 1 for every layer.", true, false, true, "[1, 2, 0.5, 1, 1]",
     SHUIMO_GET_SET(NumberList<&StyleParams::style_layer_weights>), kHidden},
    {"style_loss", "style loss", ParamType::Choice, 0, 0, false, "style-loss", "gram|w2",
     "Style statistic: gram = Gram matrices; w2 = the Wasserstein-2 distance between the Gaussians of each "
     "layer's features (means and covariances), with its own default style weight (docs/OBJECTIVE.md).",
     true, false, true, R"("w2")", SHUIMO_GET_SET(Choice<&StyleParams::style_loss, &parse_style_loss>), kStyleLossUi, false},
    {"optimizer", "optimizer", ParamType::Choice, 0, 0, false, "optimizer", "lbfgs|adam", "Optimiser.", true, false, true,
     R"("adam")", SHUIMO_GET_SET(Choice<&StyleParams::optimizer, &parse_optimizer>), kOptimizerUi},
    {"learning_rate", "learning rate", ParamType::Number, 1e-8, 10, false, "learning-rate", "X",
     "Adam's learning rate (image in [0,1]).", true, false, true, "0.05",
     SHUIMO_GET_SET(Number<&StyleParams::learning_rate>), kLearningRateUi},
    {"lbfgs_history", "L-BFGS history", ParamType::Integer, 1, 1000, false, "lbfgs-history", "N",
     "L-BFGS remembered steps (24 bytes per pixel each; the memory budget lowers it first).", true, false, true, "20",
     SHUIMO_GET_SET(Integer<&StyleParams::lbfgs_history>), kHidden},
    {"pooling", "pooling", ParamType::Choice, 0, 0, false, "pooling", "max|avg", "VGG pooling.", true, false, true,
     R"("avg")", SHUIMO_GET_SET(Choice<&StyleParams::pooling, &parse_pooling>), kPoolingUi},
    {"init", "initialisation", ParamType::Choice, 0, 0, false, "init", "content|noise|PATH",
     "Starting image (PATH: an image file; stored as \"image\").", true, false, true, R"("image")",
     SHUIMO_GET_SET(Choice<&StyleParams::init, &parse_init>), kInitUi},
    {"style_scale", "style scale", ParamType::Number, 0.05, 8, false, "style-scale", "X",
     "Style images' long side relative to the output's.", true, false, true, "0.8",
     SHUIMO_GET_SET(Number<&StyleParams::style_scale>), kStyleScaleUi},
    {"preserve_colors", "preserve colours", ParamType::Boolean, 0, 0, false, "preserve-colors", "",
     "Keep the photo's colours; take luminance from the result.", true, false, true, "true",
     SHUIMO_GET_SET(Boolean<&StyleParams::preserve_colors>), kPreserveColoursUi},
    {"colour_strength", "colour strength", ParamType::Number, 0, 1, false, "colour-strength", "X",
     "0 = grey, 1 = full colour (the photo's with --preserve-colors, else the result's).", true, false, true, "0.3",
     SHUIMO_GET_SET(Number<&StyleParams::colour_strength>), kColourStrengthUi},
    {"monochrome_ink", "monochrome ink", ParamType::Boolean, 0, 0, false, "ink", "",
     "Monochrome ink: the result as ink tones on the paper colour.", true, false, true, "true",
     SHUIMO_GET_SET(Boolean<&StyleParams::monochrome_ink>), kMonochromeInkUi},
    {"paper_colour", "paper colour component", ParamType::Colour, 0, 1, false, "paper-colour", "auto|#RRGGBB",
     "Paper for --ink; auto: the first style's paper tone.", true, false, true, "[0.5, 0.25, 0.125]",
     SHUIMO_GET_SET(Colour<&StyleParams::paper_colour>), kPaperUi},
    {"seed", "seed", ParamType::Unsigned64, 0, 18446744073709551615.0, false, "seed", "N", "Random seed (noise init).", true,
     false, true, R"("18446744073709551615")", SHUIMO_GET_SET(Unsigned64<&StyleParams::seed>), kSeedUi},
    {"device", "device", ParamType::Text, 0, 0, false, "device", "auto|cpu|cuda[:N]",
     "Where to run (auto: CUDA when available).", false, false, true, R"("cuda:1")",
     SHUIMO_GET_SET(Text<&StyleParams::device>), kDeviceUi},
    {"precision", "precision", ParamType::Choice, 0, 0, false, "precision", "auto|fp32|fp16|bf16",
     "Convolution precision; statistics stay fp32 (auto: fp32 on CPU).", true, false, true, R"("bf16")",
     SHUIMO_GET_SET(Choice<&StyleParams::precision, &parse_precision>), kPrecisionUi},
    {"loss_scale", "loss scale", ParamType::Number, 1, 1e300, true, "loss-scale", "X",
     "Initial dynamic loss scale for fp16; 0 = 65536 for fp16, none otherwise.", true, false, true, "1024",
     SHUIMO_GET_SET(Number<&StyleParams::loss_scale>), kHidden},
    {"preview_every", "preview interval (iterations)", ParamType::Integer, 0, 1000000, false, "", "",
     "A preview every N evaluations; 0 = never by count.", false, false, false, "4",
     SHUIMO_GET_SET(Integer<&StyleParams::preview_every>), kHidden},
    {"preview_interval_ms", "preview interval (ms)", ParamType::Integer, 0, 3600000, false, "", "",
     "A preview at most every T ms; 0 = never by time.", false, false, false, "200",
     SHUIMO_GET_SET(Integer<&StyleParams::preview_interval_ms>), kHidden},
    {"checkpointing", "checkpointing", ParamType::Choice, 0, 0, false, "checkpointing", "auto|on|off",
     "Recompute VGG activations in the backward pass: less memory (~330 MiB per megapixel), ~1/5 slower "
     "(auto: when a level would not fit).",
     false, false, true, R"("on")", SHUIMO_GET_SET(Choice<&StyleParams::checkpointing, &parse_checkpointing>), kHidden},
    {"max_memory", "memory budget", ParamType::ByteSize, 64 * kMiB, 1e18, true, "max-memory", "SIZE",
     "Working-memory budget, e.g. 6G or 800M: checkpointing, then a smaller size, keep the job inside it; "
     "0 = the device's free memory.",
     false, false, true, R"("3G")", SHUIMO_GET_SET(ByteSize<&StyleParams::max_memory>), kHidden},
    {"report_every", "report interval", ParamType::Integer, 0, 1000000, false, "report-every", "N",
     "Progress (and the loss read back from the device) every N evaluations; 0 = 1 on CPU, 10 on GPU.", false, false,
     true, "5", SHUIMO_GET_SET(Integer<&StyleParams::report_every>), kHidden},
    {"tile_size", "tile size", ParamType::Integer, 64, 16384, true, "tile-size", "N|auto",
     "Longest side of a tile: larger levels are optimised in overlapping tiles (docs/TILING.md); "
     "0 = auto: only levels that do not fit --max-memory, with tiles sized from it.",
     false, false, true, "512", SHUIMO_GET_SET(Integer<&StyleParams::tile_size>), kHidden},
    {"tile_overlap", "tile overlap", ParamType::Integer, 16, 4096, false, "tile-overlap", "N",
     "Pixels shared by neighbouring tiles, blended with feathered weights (at most a third of a tile); each tile "
     "also sees 32 pixels of its surroundings.", false, false,
     true, "96", SHUIMO_GET_SET(Integer<&StyleParams::tile_overlap>), kHidden},
};
#undef SHUIMO_GET_SET

template <auto Member>
void Integer<Member>::set(const ParamField& f, StyleParams& p, const Value& v) {
    p.*Member = read_integer(f, v);
}

template <auto Member>
void IntegerList<Member>::set(const ParamField& f, StyleParams& p, const Value& v) {
    const std::string expected = "an array of whole numbers from " + range_text(f);
    if (v.kind != Value::Kind::Array) throw ParamValueError(expected);
    std::vector<int> out;
    for (const auto& item : v.array) {
        if (item.kind != Value::Kind::Number || item.number != std::floor(item.number) || item.number < f.low ||
            item.number > f.high)
            throw ParamValueError(expected);
        out.push_back(static_cast<int>(item.number));
    }
    p.*Member = std::move(out);
}

template <auto Member, auto Parse>
void Choice<Member, Parse>::set(const ParamField& f, StyleParams& p, const Value& v) {
    if (v.kind == Value::Kind::String) {
        try {
            p.*Member = Parse(v.string);
            return;
        } catch (const ConfigError&) {
        }
    }
    std::string choices(f.value_name);
    if (choices.ends_with("|PATH")) choices.replace(choices.size() - 4, 4, "image");
    for (auto at = choices.find('|'); at != std::string::npos; at = choices.find('|')) choices.replace(at, 1, ", ");
    throw ParamValueError("one of " + choices);
}

void check_int(const ParamField& f, long long value) {
    if (f.zero_allowed && value == 0) return;
    if (value < f.low || value > f.high) {
        throw ConfigError(std::string(f.label) + " must be between " + bound(f.low) + " and " + bound(f.high) + " (got " +
                              std::to_string(value) + ")",
                          ErrorCode::InvalidParameter, {std::string(f.label), bound(f.low), bound(f.high), std::to_string(value)});
    }
}

void check_number(const ParamField& f, double value) {
    if (f.zero_allowed && value == 0.0) return;
    if (!std::isfinite(value) || value < f.low || value > f.high) {
        throw ConfigError(std::string(f.label) + " must be a finite number between " + number(f.low) + " and " +
                              number(f.high) + " (got " + number(value) + ")",
                          ErrorCode::InvalidParameter, {std::string(f.label), number(f.low), number(f.high), number(value)});
    }
}

}  // namespace

std::span<const ParamField> param_fields() { return kFields; }

const ParamField* find_param_field(std::string_view key) {
    for (const auto& f : kFields)
        if (f.key == key) return &f;
    return nullptr;
}

void check_param(const ParamField& f, const StyleParams& params) {
    const Value v = f.get(params);
    switch (f.type) {
    case ParamType::Integer: check_int(f, static_cast<long long>(v.number)); break;
    case ParamType::Number: check_number(f, v.number); break;
    case ParamType::IntegerList:
        for (const auto& item : v.array) check_int(f, static_cast<long long>(item.number));
        break;
    case ParamType::NumberList:
    case ParamType::Colour:
        for (const auto& item : v.array) check_number(f, item.number);
        break;
    case ParamType::ByteSize: {
        const std::uint64_t bytes = std::stoull(v.string);
        if (bytes != 0 && bytes < f.low) {
            throw ConfigError(std::string(f.label) + " must be at least " + number(f.low / kMiB) + " MiB (got " +
                              std::to_string(bytes >> 20) + " MiB)");
        }
        break;
    }
    case ParamType::Boolean:
    case ParamType::Text:
    case ParamType::Choice:
    case ParamType::TextList:
    case ParamType::Unsigned64: break;
    }
}

std::string default_text(const ParamField& f) {
    const Value v = f.get(StyleParams{});
    switch (v.kind) {
    case Value::Kind::Null: return "auto";
    case Value::Kind::Bool: return v.boolean ? "on" : "off";
    case Value::Kind::Number: return f.type == ParamType::Number ? number(v.number) : json::write(v);
    case Value::Kind::String: return v.string;
    case Value::Kind::Array: {
        if (v.array.empty()) return "none";
        std::string text;
        for (const auto& item : v.array) {
            if (!text.empty()) text += ',';
            text += item.kind == Value::Kind::String ? item.string : json::write(item);
        }
        return text;
    }
    case Value::Kind::Object: break;
    }
    return json::write(v);
}

void copy_param(const ParamField& f, const StyleParams& from, StyleParams& to) { f.set(f, to, f.get(from)); }

namespace {
// True when a, with b's values in the rows `in` selects, equals b.
template <typename Column>
bool differ_only_in(const StyleParams& a, const StyleParams& b, Column in) {
    StyleParams same = a;
    for (const auto& f : kFields)
        if (in(f)) copy_param(f, b, same);
    return same == b;
}
}  // namespace

bool only_live_params_differ(const StyleParams& a, const StyleParams& b) {
    return differ_only_in(a, b, [](const ParamField& f) { return f.live; });
}

bool only_finishing_params_differ(const StyleParams& a, const StyleParams& b) {
    return !(a == b) && differ_only_in(a, b, [](const ParamField& f) { return f.ui.finishing; });
}

std::vector<ParamChoice> param_choices(const ParamField& field) {
    if (!field.ui.choices.empty()) return {field.ui.choices.begin(), field.ui.choices.end()};
    std::vector<ParamChoice> choices;
    if (field.type != ParamType::Choice) return choices;
    std::string_view rest = field.value_name;
    while (!rest.empty()) {
        const std::size_t bar = rest.find('|');
        std::string_view spelling = rest.substr(0, bar);
        if (spelling == "PATH") spelling = "image";  // as Choice::set reads and get writes it
        choices.push_back({spelling, spelling});
        rest = bar == std::string_view::npos ? std::string_view() : rest.substr(bar + 1);
    }
    return choices;
}

std::string choice_value(const ParamField& field, const StyleParams& params) {
    const Value v = field.get(params);
    return v.kind == Value::Kind::String ? v.string : json::write(v);
}

LossWeights loss_weights_of(const StyleParams& params) {
    return {params.content_weight, params.style_weight, params.tv_weight, {}};
}

StyleParams params_from_json_value(const json::Value& object, StyleParams p, bool strict, const std::string& where) {
    const std::string prefix = where.empty() ? std::string() : where + ": ";
    if (object.kind != Value::Kind::Object) {
        if (strict) throw ConfigError(prefix + "the parameters must be a JSON object");
        return p;
    }
    for (const auto& [key, value] : object.object) {
        const ParamField* field = find_param_field(key);
        if (!field || !field->stored) {
            if (!strict) continue;
            throw ConfigError(prefix + "unknown setting '" + key + "' (see docs/BATCH.md for the names)");
        }
        StyleParams next = p;
        try {
            set_param(*field, next, value);
            // Lenient reading keeps only values validate() accepts; strict reading validates it all below.
            if (!strict) check_param(*field, next);
        } catch (const ParamValueError& e) {
            if (!strict) continue;
            throw ConfigError(prefix + key + " is " + json::describe(value) + "; expected " + e.what());
        } catch (const ConfigError&) {
            continue;  // lenient: out of range, keep the value we had
        }
        p = std::move(next);
    }
    if (strict) {
        try {
            validate(p);
        } catch (const ConfigError& e) {
            throw ConfigError(prefix + e.what(), e.code(), e.args());
        }
    }
    return p;
}

json::Value params_to_json_value(const StyleParams& params, bool pixels_only) {
    Value object;
    object.kind = Value::Kind::Object;
    for (const auto& f : kFields) {
        if (!f.stored || (pixels_only && !f.pixels)) continue;
        Value value = f.get(params);
        if (pixels_only && !f.hashed_at_default && value == f.get(StyleParams{})) continue;
        object.object.push_back({std::string(f.key), std::move(value)});
    }
    return object;
}

}  // namespace shuimo::engine
