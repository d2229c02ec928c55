#pragma once
// A batch being put together, before it is a queue: the photos, the styles,
// the presets (which are ticked), the output settings. The Batch dialog edits
// one and shows it; everything it says about the batch (the job count, the
// first output's name, whether it can start, the queue file to write, the
// BatchSpec) comes from here, not from its widgets. Qt Core only.

#include <QJsonObject>
#include <filesystem>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "shuimo/batch/batch_queue.h"
#include "shuimo/engine/style_params.h"

namespace shuimo::batch {

// An output format the batch can write.
struct OutputFormat {
    const char* id;     // OutputSettings::format
    const char* label;  // what the format box shows
    bool sixteen_bits;  // offers 16 bit
};
// png, jpg, tif, webp: the order the dialog lists them in.
std::span<const OutputFormat> output_formats();

// One batch style from the styles an artist ticked together in the gallery: a
// blend of all of them (one job per photo and preset, not one per file), named
// for {style} after the files' stems joined by '+' (as a queue file's style
// without a name). `blend`: one weight per file; empty, all equal, or all zero
// (nothing designed) become the empty blend (equal weights).
StyleChoice blended_style(const std::vector<std::filesystem::path>& files, const std::vector<double>& blend = {});

class BatchDraft {
public:
    // The {preset} name of the parameter panel's settings.
    static constexpr const char* kCurrentPresetName = "current";
    // The {preset} name of a batch without presets (BatchSpec::presets empty).
    static constexpr const char* kDefaultPresetName = "default";
    // The queue file written into the output folder.
    static constexpr const char* kQueueFileName = "shuimo-batch.json";

    enum class PresetKind { Current, Saved, Default };
    struct PresetChoice {
        std::string name;        // {preset}
        QJsonObject overrides;   // over the draft's base params
        bool ticked = false;
        PresetKind kind = PresetKind::Saved;
        bool operator==(const PresetChoice&) const = default;
    };

    // Adds a photo (made absolute); false if it is there already.
    bool add_photo(const std::filesystem::path& path);
    // Adds a style (its files made absolute); false if one with the same files is there.
    bool add_style(const StyleChoice& style);
    // A style of one reference, named after the file.
    bool add_style_file(const std::filesystem::path& file);
    // Remove the entries at these positions (any order, duplicates allowed).
    void remove_photos(std::vector<int> rows);
    void remove_styles(std::vector<int> rows);
    void clear_photos() { photos_.clear(); }
    void clear_styles() { styles_.clear(); }
    const std::vector<std::filesystem::path>& photos() const { return photos_; }
    const std::vector<StyleChoice>& styles() const { return styles_; }

    // "Current settings" (the base) and the user's saved presets as overrides
    // of it. Ticks survive by name; on the first call only "current" is ticked.
    // A saved preset named "current" is left out (its files' names would be ambiguous).
    void set_presets(const engine::StyleParams& current,
                     const std::vector<std::pair<std::string, engine::StyleParams>>& saved);
    void set_preset_ticked(int row, bool ticked);
    const std::vector<PresetChoice>& presets() const { return presets_; }
    int ticked_presets() const;
    const QJsonObject& base_params() const { return base_params_; }

    // The output settings; the folder as typed ("" = none chosen): trimmed,
    // native separators and ".." cleaned when it goes into the spec.
    void set_output_folder(const std::string& folder) { output_.folder = folder; }
    void set_name_template(const std::string& name_template) { output_.name_template = name_template; }
    void set_format(const std::string& format);  // also 8 bit where the format has no 16
    void set_bit_depth(int bits) { output_.bit_depth = bits; }
    void set_overwrite(bool overwrite) { output_.overwrite = overwrite; }
    const OutputSettings& output() const { return output_; }
    bool format_has_sixteen_bits() const;

    // Replaces everything with a queue's spec; relative paths start at base_dir.
    void load(const BatchSpec& spec, const std::filesystem::path& base_dir);
    // The batch as it stands (ticked presets only; the folder cleaned).
    BatchSpec spec() const;

    // photos x styles x ticked presets.
    int job_count() const;
    // Throws QueueError when the name template does not work.
    void check_template() const;
    bool template_ok() const;
    // The first job's output name, made by the code that names the outputs
    // (placeholders "photo", "style" for empty lists). Throws QueueError.
    std::filesystem::path first_output_name() const;
    // Something to run: jobs, a working name template and an output folder.
    bool can_start() const;
    // "<folder of the first photo>/shuimo"; empty without photos.
    std::filesystem::path suggested_output_folder() const;

    // The queue file for spec() in its output folder: shuimo-batch.json, or the
    // one already holding this same spec (a re-run skips the outputs made), or
    // the first free shuimo-batch-N.json (another batch's file is kept).
    std::filesystem::path choose_queue_file() const;

    bool operator==(const BatchDraft&) const = default;

private:
    std::vector<std::filesystem::path> photos_;
    std::vector<StyleChoice> styles_;
    std::vector<PresetChoice> presets_;
    QJsonObject base_params_;  // presets are overrides of it
    OutputSettings output_{.folder = {}};
};

}  // namespace shuimo::batch
