#include "shuimo/batch/batch_draft.h"
#include "shuimo/batch/video_job.h"

#include <QDir>
#include <QFileInfo>
#include <QString>
#include <algorithm>
#include <set>

#include "shuimo/batch/name_template.h"
#include "shuimo/batch/params_json.h"

namespace shuimo::batch {
namespace {

constexpr OutputFormat kFormats[] = {
    {"png", "PNG", true},
    {"jpg", "JPEG", false},
    {"tif", "TIFF", true},
    {"webp", "WebP", false},
};

QString toQString(const std::filesystem::path& path) {
    return QString::fromStdString(path.string());
}

std::filesystem::path absolute_file(const std::filesystem::path& path) {
    return QFileInfo(toQString(path)).absoluteFilePath().toStdString();
}

// The keys of `params` whose values differ from `base`.
QJsonObject overrides_of(const QJsonObject& params, const QJsonObject& base) {
    QJsonObject overrides;
    for (auto it = params.begin(); it != params.end(); ++it) {
        if (base.value(it.key()) != it.value()) overrides.insert(it.key(), it.value());
    }
    return overrides;
}

template <typename T>
void remove_rows(std::vector<T>& items, std::vector<int> rows) {
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    for (auto row = rows.rbegin(); row != rows.rend(); ++row) {
        if (*row >= 0 && *row < static_cast<int>(items.size())) items.erase(items.begin() + *row);
    }
}

// The folder as typed: trimmed, '/' separators, cleaned ("" stays "").
std::filesystem::path cleaned_folder(const std::filesystem::path& typed) {
    return QDir::cleanPath(QDir::fromNativeSeparators(toQString(typed).trimmed())).toStdString();
}

}  // namespace

std::span<const OutputFormat> output_formats() {
    return kFormats;
}

bool BatchDraft::add_photo(const std::filesystem::path& path) {
    const std::filesystem::path file = absolute_file(path);
    if (std::find(photos_.begin(), photos_.end(), file) != photos_.end()) return false;
    photos_.push_back(file);
    return true;
}

bool BatchDraft::add_style(const StyleChoice& style) {
    StyleChoice added = style;
    for (auto& file : added.files) file = absolute_file(file);
    for (const StyleChoice& existing : styles_) {
        if (existing.files == added.files) return false;
    }
    styles_.push_back(std::move(added));
    return true;
}

StyleChoice blended_style(const std::vector<std::filesystem::path>& files, const std::vector<double>& blend) {
    StyleChoice style;
    style.files = files;
    for (const auto& file : files) {
        style.name += (style.name.empty() ? "" : "+") + QFileInfo(toQString(file)).completeBaseName().toStdString();
    }
    const bool designed = files.size() > 1 && blend.size() == files.size() &&
                          std::any_of(blend.begin(), blend.end(), [&](double w) { return w != blend.front(); });
    if (designed) style.blend = blend;
    return style;
}

bool BatchDraft::add_style_file(const std::filesystem::path& file) {
    return add_style({QFileInfo(toQString(file)).completeBaseName().toStdString(), {file}, {}});
}

void BatchDraft::remove_photos(std::vector<int> rows) {
    remove_rows(photos_, std::move(rows));
}

void BatchDraft::remove_styles(std::vector<int> rows) {
    remove_rows(styles_, std::move(rows));
}

void BatchDraft::set_presets(const engine::StyleParams& current,
                             const std::vector<std::pair<std::string, engine::StyleParams>>& saved) {
    std::set<std::string> ticked;
    for (const PresetChoice& preset : presets_) {
        if (preset.ticked) ticked.insert(preset.name);
    }
    const bool first = presets_.empty();
    presets_.clear();
    base_params_ = params_to_json(current);
    presets_.push_back({kCurrentPresetName, {}, first || ticked.contains(kCurrentPresetName), PresetKind::Current});
    for (const auto& [name, params] : saved) {
        if (name == kCurrentPresetName) continue;
        presets_.push_back({name, overrides_of(params_to_json(params), base_params_), ticked.contains(name), PresetKind::Saved});
    }
}

void BatchDraft::set_preset_ticked(int row, bool ticked) {
    if (row >= 0 && row < static_cast<int>(presets_.size())) presets_[static_cast<std::size_t>(row)].ticked = ticked;
}

int BatchDraft::ticked_presets() const {
    return static_cast<int>(std::count_if(presets_.begin(), presets_.end(), [](const PresetChoice& p) { return p.ticked; }));
}

void BatchDraft::set_format(const std::string& format) {
    output_.format = format;
    if (!format_has_sixteen_bits()) output_.bit_depth = 8;
}

bool BatchDraft::format_has_sixteen_bits() const {
    return std::any_of(kFormats, std::end(kFormats),
                       [this](const OutputFormat& f) { return f.sixteen_bits && output_.format == f.id; });
}

void BatchDraft::load(const BatchSpec& spec, const std::filesystem::path& base_dir) {
    auto resolve = [&base_dir](const std::filesystem::path& path) { return path.is_absolute() ? path : base_dir / path; };
    photos_.clear();
    for (const auto& content : spec.contents) add_photo(resolve(content));
    styles_.clear();
    for (StyleChoice style : spec.styles) {
        for (auto& file : style.files) file = resolve(file);
        add_style(style);
    }
    presets_.clear();
    base_params_ = spec.base_params;
    if (spec.presets.empty()) presets_.push_back({kDefaultPresetName, {}, true, PresetKind::Default});
    for (const Preset& preset : spec.presets) {
        presets_.push_back({preset.name, preset.overrides, true,
                            preset.name == kCurrentPresetName ? PresetKind::Current : PresetKind::Saved});
    }
    const std::string format = spec.output.format;
    output_ = spec.output;
    output_.folder = QDir::cleanPath(toQString(resolve(spec.output.folder))).toStdString();
    // A format or depth the GUI does not offer: its first one.
    const bool known = std::any_of(kFormats, std::end(kFormats), [&format](const OutputFormat& f) { return format == f.id; });
    output_.format = known ? format : kFormats[0].id;
    if (output_.bit_depth != 16) output_.bit_depth = 8;
}

BatchSpec BatchDraft::spec() const {
    BatchSpec spec;
    spec.contents = photos_;
    spec.styles = styles_;
    spec.base_params = base_params_;
    for (const PresetChoice& preset : presets_) {
        if (preset.ticked) spec.presets.push_back({preset.name, preset.overrides});
    }
    spec.output = output_;
    spec.output.folder = cleaned_folder(output_.folder);
    return spec;
}

int BatchDraft::job_count() const {
    return static_cast<int>(photos_.size() * styles_.size()) * ticked_presets();
}

void BatchDraft::check_template() const {
    check_name_template(output_.name_template);
}

bool BatchDraft::template_ok() const {
    try {
        check_template();
        return true;
    } catch (const QueueError&) {
        return false;
    }
}

std::filesystem::path BatchDraft::first_output_name() const {
    check_template();
    NameFields fields;
    fields.content = photos_.empty() ? std::string("photo") : photos_.front().stem().string();
    fields.style = styles_.empty() ? std::string("style") : styles_.front().name;
    fields.preset = kCurrentPresetName;
    for (const PresetChoice& preset : presets_) {
        if (preset.ticked) {
            fields.preset = preset.name;
            break;
        }
    }
    fields.index = 1;
    fields.index_width = static_cast<int>(std::to_string(std::max(1, job_count())).size());
    const bool clip = !photos_.empty() && is_video_file(photos_.front());  // as expand_jobs names a clip's video
    fields.ext = clip ? output_.video_format : output_.format;
    return render_name(output_.name_template, fields);
}

bool BatchDraft::can_start() const {
    return job_count() > 0 && template_ok() && !cleaned_folder(output_.folder).empty();
}

std::filesystem::path BatchDraft::suggested_output_folder() const {
    if (photos_.empty()) return {};
    return photos_.front().parent_path() / "shuimo";
}

std::filesystem::path BatchDraft::choose_queue_file() const {
    const BatchSpec wanted = spec();
    const std::filesystem::path name = kQueueFileName;
    const std::string stem = name.stem().string();
    for (int i = 1;; ++i) {
        const std::filesystem::path file =
            wanted.output.folder / (i == 1 ? name.string() : stem + "-" + std::to_string(i) + ".json");
        std::error_code ec;
        if (!std::filesystem::exists(file, ec)) return file;
        // The same batch again (re-run, or resumed by hand): the same file; the
        // runner skips the outputs already made. Another batch's file is kept.
        try {
            if (read_queue_file(file).spec == wanted) return file;
        } catch (const std::exception&) {
        }
    }
}

}  // namespace shuimo::batch
