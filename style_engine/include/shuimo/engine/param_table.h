#pragma once
// Every StyleParams field described once: its name, type, allowed range, help,
// whether it decides the pixels and whether it can change while a job runs, and
// how the desktop app shows it (ParamUi: the widget, the range a slider spans,
// the choices' labels, Advanced or not, finishing or not).
// validate(), the JSON reader and writer (presets, batch queues, PNG metadata,
// the settings hash), shuimo-cli's options and their --help, the GUI's Advanced
// section and exact-value boxes, the finishing fields re-applied without a run
// (session/refinish.h) and the live loss weights are derived from this table. A
// new parameter is one row in param_table.cpp (plus its member in StyleParams,
// with its default, and its use in the engine); with no ParamUi given, a row is
// shown under Advanced in a widget made from its type (a choice: a list of its
// value_name spellings).

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "shuimo/engine/errors.h"
#include "shuimo/engine/json.h"
#include "shuimo/engine/progress.h"
#include "shuimo/engine/style_params.h"

namespace shuimo::engine {

enum class ParamType {
    Integer,      // int, [low, high]
    Number,       // double, finite, [low, high] (or 0 when zero_allowed)
    Boolean,      // a flag on the command line
    Text,
    Choice,       // an enum, spelt as in value_name ("lbfgs|adam")
    IntegerList,  // each item in [low, high]
    NumberList,   // each item in [low, high]
    TextList,
    Unsigned64,   // JSON: a string of digits (a double cannot hold every 64-bit value)
    ByteSize,     // JSON: "6G", "800M" or a number of bytes; 0 or at least `low`
    Colour,       // null or [r, g, b], each in [0, 1]
};

// A text the desktop app shows, translated there in the context "ParamTable"
// (lupdate reads it as QT_TRANSLATE_NOOP: -tr-function-alias
// QT_TRANSLATE_NOOP+=SHUIMO_UI_TEXT; the engine itself stays free of Qt).
#define SHUIMO_UI_TEXT(context, text) text

// How the desktop app's parameter panel shows a row.
enum class ParamWidget {
    Automatic,  // from the type: an exact-value box (numbers), a spin box (whole numbers), a list (choices,
                // or a text with choices), a check box, a line of text (lists, text, 64-bit numbers)
    Slider,     // a slider over the artist range beside an exact-value box over the valid range
    Own,        // a control of the panel's own (the output size, the style strength, the paper colour)
    Hidden,     // not in the panel (per-run cadence, Preferences, expert schedule settings)
};

// One choice of a Choice row (or of a Text row with a few usual values).
struct ParamChoice {
    std::string_view value;  // the spelling read and written (JSON, CLI): one of value_name's
    std::string_view label;  // what the panel lists (SHUIMO_UI_TEXT)
    bool offered = true;     // false: shown only when a loaded value has it (a start image)
};

struct ParamUi {
    ParamWidget widget = ParamWidget::Automatic;
    bool advanced = true;          // in the Advanced section (false: the main one)
    double artist_low = 0;         // what a slider spans, inside [low, high] (both 0: the valid range);
    double artist_high = 0;        // a value outside it stays exact: the box shows it, the slider pins
    int decimals = 2;              // of the exact-value box (Number rows)
    std::string_view label = {};    // the row's label (SHUIMO_UI_TEXT); empty: ParamField::label
    std::string_view tooltip = {};  // (SHUIMO_UI_TEXT); empty: ParamField::help
    std::span<const ParamChoice> choices = {};  // empty: value_name's spellings, labelled as spelt
    bool finishing = false;        // applied to the run's unfinished image afterwards (session/refinish.h)
    // Whether the row applies to these parameters (the panel hides it otherwise: a learning
    // rate is Adam's); null: always.
    bool (*applies)(const StyleParams&) = nullptr;
};

struct ParamField {
    std::string_view key;         // JSON key (snake_case)
    std::string_view label;       // in validation messages: "style weight"
    ParamType type;
    double low = 0;               // allowed range of the value, or of each item of a list
    double high = 0;
    bool zero_allowed = false;    // 0 (auto/none) is allowed besides [low, high]
    std::string_view option;      // shuimo-cli long option; empty: not on the command line
    std::string_view value_name;  // in --help: "N", "X", "lbfgs|adam"
    std::string_view help;        // one or two sentences; "Default ..." is added from StyleParams{}
    bool pixels = true;           // decides the painting: part of a batch output's settings hash
    bool live = false;            // can change while a job runs (the loss weights)
    bool stored = true;           // saved in presets, queues and metadata (false: per-run cadence)
    std::string_view example;     // JSON text of a valid value that is not the default (for tests)
    json::Value (*get)(const StyleParams&) = nullptr;
    // Sets the field from a JSON value; throws ParamValueError when the type or range is wrong.
    void (*set)(const ParamField& self, StyleParams&, const json::Value&) = nullptr;
    ParamUi ui = {};              // how the desktop app shows it (see ParamUi)

    // The slider's span: ui.artist_low/high, or the valid range when none is given.
    double artist_low() const { return ui.artist_low == 0 && ui.artist_high == 0 ? low : ui.artist_low; }
    double artist_high() const { return ui.artist_low == 0 && ui.artist_high == 0 ? high : ui.artist_high; }
    // false: a row added after batch outputs were first recorded; at its default it is left out
    // of the settings hash's input (params_to_json_value's pixels_only), so those outputs' hashes
    // stay what they were, and any other value changes the hash.
    bool hashed_at_default = true;
};

// A JSON value of the wrong type or outside the range: what() says what was expected,
// e.g. "a whole number from 0 to 16384". Readers add the key, the place and the value.
class ParamValueError : public ConfigError {
public:
    using ConfigError::ConfigError;
};

std::span<const ParamField> param_fields();
const ParamField* find_param_field(std::string_view key);  // nullptr if unknown

// The range check of one field (validate() runs it for every field): throws
// ConfigError naming the parameter, the value and the allowed range.
void check_param(const ParamField& field, const StyleParams& params);

// The default as shown in --help ("512", "relu4_2", "lbfgs").
std::string default_text(const ParamField& field);

// field.set(field, params, value), spelt shorter.
inline void set_param(const ParamField& field, StyleParams& params, const json::Value& value) {
    field.set(field, params, value);
}

// `to`'s field set to `from`'s.
void copy_param(const ParamField& field, const StyleParams& from, StyleParams& to);

// True when a and b differ in no field that cannot change during a run.
bool only_live_params_differ(const StyleParams& a, const StyleParams& b);
// True when a and b differ, and only in finishing fields (ParamUi::finishing).
bool only_finishing_params_differ(const StyleParams& a, const StyleParams& b);

// The choices a Choice row (or a Text row with ui.choices) offers: ui.choices, or
// value_name's spellings ("PATH" read as "image") labelled as they are spelt.
std::vector<ParamChoice> param_choices(const ParamField& field);
// The field's value as its choice's spelling ("adam"), for Choice and Text rows.
std::string choice_value(const ParamField& field, const StyleParams& params);

// The live rows' values as the objective's weights (the rows marked live).
LossWeights loss_weights_of(const StyleParams& params);

// The one params reader (presets, queues, metadata, settings): the stored fields of a JSON
// object over `base`. Strict (files a person wrote): an unknown key, a wrong type or a value
// out of range is a ConfigError "<where>: <key> is <value>; expected <what>", and the result
// is validate()d. Lenient (the app's own settings, files of older versions): such keys keep
// the value of `base`. `where` may be empty.
StyleParams params_from_json_value(const json::Value& object, StyleParams base, bool strict, const std::string& where = {});

// Every stored field as one JSON object, in table order (pixels_only: the fields that
// decide the painting, less those at their default that are not hashed_at_default).
json::Value params_to_json_value(const StyleParams& params, bool pixels_only = false);

}  // namespace shuimo::engine
