#include "shuimo/batch/batch_queue.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "shuimo/batch/name_template.h"
#include "shuimo/batch/params_json.h"
#include "shuimo/engine/param_table.h"
#include "shuimo/batch/video_job.h"
#include "shuimo/image_io/image_formats.h"

namespace shuimo::batch {
namespace {

constexpr int kFormatVersion = 1;

QString q(const std::string& text) { return QString::fromStdString(text); }
QString q(const std::filesystem::path& path) { return QString::fromStdString(path.generic_string()); }

// Every object of a queue is read by the engine core's one strict field reader
// (engine/json.h), over the queue converted once from Qt's JSON; its errors are
// ConfigErrors naming the file and the place, turned into QueueErrors at the top.
using engine::json::ObjectReader;
using engine::json::Value;

std::vector<std::filesystem::path> paths_of(const Value* array, const ObjectReader& owner, const char* key) {
    std::vector<std::filesystem::path> paths;
    if (!array) return paths;
    for (const auto& item : array->array) {
        if (item.kind != Value::Kind::String || item.string.empty()) owner.fail(std::string(key) + " must hold file names (non-empty strings)");
        paths.emplace_back(item.string);
    }
    return paths;
}

// The object at `key` as Qt JSON (kept verbatim in the spec), or an empty one.
QJsonObject object_of(ObjectReader& r, const char* key) {
    const Value* v = r.typed(key, Value::Kind::Object, "an object");
    return v ? to_qjson(*v).toObject() : QJsonObject();
}

QJsonArray to_json(const std::vector<std::filesystem::path>& paths) {
    QJsonArray array;
    for (const auto& path : paths) array.append(q(path));
    return array;
}

QJsonObject style_to_json(const StyleChoice& style) {
    QJsonObject json;
    json[QStringLiteral("name")] = q(style.name);
    json[QStringLiteral("files")] = to_json(style.files);
    QJsonArray blend;
    for (const double w : style.blend) blend.append(w);
    json[QStringLiteral("blend")] = blend;
    return json;
}

StyleChoice style_from_json(const Value* value, const std::string& where) {
    StyleChoice style;
    if (value && value->kind == Value::Kind::String) {
        if (value->string.empty()) throw QueueError(where + ": a style must name a file");
        style.files.emplace_back(value->string);
    } else if (value && value->kind == Value::Kind::Object) {
        ObjectReader r(*value, where);
        style.name = r.text("name");
        style.files = paths_of(r.typed("files", Value::Kind::Array, "an array", true), r, "files");
        if (const Value* blend = r.typed("blend", Value::Kind::Array, "an array")) {
            for (const auto& w : blend->array) {
                if (w.kind != Value::Kind::Number || !std::isfinite(w.number) || w.number < 0)
                    r.fail("blend must hold one number >= 0 per file");
                style.blend.push_back(w.number);
            }
        }
        r.finish();
        if (style.files.empty()) r.fail("files must name at least one style image");
        if (!style.blend.empty() && style.blend.size() != style.files.size())
            r.fail("blend has " + std::to_string(style.blend.size()) + " weights for " + std::to_string(style.files.size()) + " files");
        if (!style.blend.empty() && std::all_of(style.blend.begin(), style.blend.end(), [](double w) { return w == 0.0; }))
            r.fail("blend weights are all zero");
    } else {
        throw QueueError(where + ": a style is a file name or {\"name\", \"files\", \"blend\"}");
    }
    if (style.name.empty()) {
        for (const auto& file : style.files) style.name += (style.name.empty() ? "" : "+") + file.stem().string();
    }
    return style;
}

QJsonObject region_to_json(const RegionChoice& region) {
    return QJsonObject{{QStringLiteral("mask"), q(region.mask)}, {QStringLiteral("style"), q(region.style)},
                       {QStringLiteral("strength"), region.strength}};
}

std::vector<RegionChoice> regions_from_json(ObjectReader& owner) {
    std::vector<RegionChoice> regions;
    const Value* array = owner.typed("regions", Value::Kind::Array, "an array");
    if (!array) return regions;
    for (std::size_t n = 0; n < array->array.size(); ++n) {
        const std::string where = owner.where() + ", regions[" + std::to_string(n) + "]";
        if (array->array[n].kind != Value::Kind::Object)
            throw QueueError(where + ": a region is {\"mask\": FILE, \"style\": FILE | \"photo\" | \"paper\", \"strength\": N}");
        ObjectReader r(array->array[n], where);
        RegionChoice region;
        region.mask = r.text("mask", "", true);
        region.style = r.text("style", "", true);
        region.strength = r.number("strength", 1.0, 0.0, 1e6);
        r.finish();
        if (region.mask.empty()) r.fail("mask is empty");
        if (region.style.empty()) r.fail("style is empty: a style image, \"photo\" or \"paper\"");
        regions.push_back(std::move(region));
    }
    return regions;
}

QJsonArray regions_to_json(const std::vector<RegionChoice>& regions) {
    QJsonArray array;
    for (const auto& region : regions) array.append(region_to_json(region));
    return array;
}

OutputSettings output_from_json(const Value* json, const std::string& where) {
    OutputSettings out;
    if (!json) return out;
    ObjectReader r(*json, where, "an object");
    out.folder = r.text("folder", out.folder.string());
    out.name_template = r.text("name", out.name_template);
    out.format = QString::fromStdString(r.text("format", out.format)).toLower().toStdString();
    if (out.format == "jpeg") out.format = "jpg";
    if (out.format == "tiff") out.format = "tif";
    out.bit_depth = static_cast<int>(r.integer("bit_depth", out.bit_depth, 8, 16));
    out.overwrite = r.boolean("overwrite", out.overwrite);
    out.video_format = QString::fromStdString(r.text("video_format", out.video_format)).toLower().toStdString();
    r.finish();
    if (out.folder.empty()) r.fail("folder is empty");
    if (out.format != "png" && out.format != "jpg" && out.format != "tif" && out.format != "webp")
        r.fail("format '" + out.format + "' is not one of png, jpg, tif, webp");
    if (out.bit_depth != 8 && out.bit_depth != 16) r.fail("bit_depth must be 8 or 16");
    if (out.video_format != "mp4" && out.video_format != "webm") r.fail("video_format '" + out.video_format + "' is not one of mp4, webm");
    if (out.bit_depth == 16 && out.format != "png" && out.format != "tif")
        r.fail(out.format + " holds only 8-bit images; use png or tif for 16-bit output");
    try {
        check_name_template(out.name_template);
    } catch (const QueueError& e) {
        r.fail(e.what());
    }
    return out;
}

QJsonObject output_to_json(const OutputSettings& out) {
    QJsonObject json;
    json[QStringLiteral("folder")] = q(out.folder);
    json[QStringLiteral("name")] = q(out.name_template);
    json[QStringLiteral("format")] = q(out.format);
    json[QStringLiteral("bit_depth")] = out.bit_depth;
    json[QStringLiteral("overwrite")] = out.overwrite;
    if (out.video_format != OutputSettings{}.video_format) json[QStringLiteral("video_format")] = q(out.video_format);
    return json;
}

BatchSpec spec_from_json(ObjectReader& r) {
    BatchSpec spec;
    spec.output = output_from_json(r.get("output"), r.where() + ", output");
    spec.base_params = object_of(r, "params");
    // Checked now, so a typo is reported before anything runs.
    params_from_json(spec.base_params, {}, ParamsReading::Strict, q(r.where() + ", params"));
    spec.contents = paths_of(r.typed("contents", Value::Kind::Array, "an array"), r, "contents");
    if (const Value* styles = r.typed("styles", Value::Kind::Array, "an array")) {
        for (std::size_t n = 0; n < styles->array.size(); ++n)
            spec.styles.push_back(style_from_json(&styles->array[n], r.where() + ", styles[" + std::to_string(n) + "]"));
    }
    spec.regions = regions_from_json(r);
    std::set<std::string> names;
    if (const Value* presets = r.typed("presets", Value::Kind::Array, "an array")) {
        for (std::size_t n = 0; n < presets->array.size(); ++n) {
            const std::string where = r.where() + ", presets[" + std::to_string(n) + "]";
            if (presets->array[n].kind != Value::Kind::Object) throw QueueError(where + ": a preset is {\"name\": ..., \"params\": {...}}");
            ObjectReader pr(presets->array[n], where);
            Preset preset;
            preset.name = pr.text("name", "", true);
            preset.overrides = object_of(pr, "params");
            pr.finish();
            if (preset.name.empty()) pr.fail("a preset needs a name");
            if (!names.insert(preset.name).second) pr.fail("two presets are called '" + preset.name + "'");
            spec.presets.push_back(std::move(preset));
        }
    }
    return spec;
}

BatchJob job_from_json(const Value& value, const std::string& where) {
    if (value.kind != Value::Kind::Object) throw QueueError(where + ": a job is an object");
    ObjectReader r(value, where);
    BatchJob job;
    job.id = r.text("id", "", true);
    job.content = r.text("content", "", true);
    job.style = style_from_json(r.get("style"), where + ", style");
    job.regions = regions_from_json(r);
    job.preset = r.text("preset");
    const Value* params = r.typed("params", Value::Kind::Object, "an object");
    job.params = engine::params_from_json_value(params ? *params : Value::of_object(), {}, true, where + ", params");
    job.output = r.text("output", "", true);
    try {
        job.status = parse_job_status(r.text("status", "queued"));
    } catch (const QueueError& e) {
        r.fail(e.what());
    }
    job.error = r.text("error");
    job.error_code = parse_error_code(r.text("error_code"));
    if (const Value* args = r.typed("error_args", Value::Kind::Array, "an array")) {
        for (const auto& arg : args->array) {
            if (arg.kind != Value::Kind::String) r.fail("error_args must hold strings");
            job.error_args.push_back(arg.string);
        }
    }
    job.attempts = static_cast<int>(r.integer("attempts", 0, 0, 1'000'000));
    job.seconds = r.number("seconds", 0.0, 0.0, std::numeric_limits<double>::max());
    r.finish();
    if (job.id.empty()) r.fail("id is empty");
    if (job.content.empty()) r.fail("content is empty");
    if (job.output.empty() || job.output.is_absolute() || job.output.lexically_normal().string().starts_with(".."))
        r.fail("output must be a file name inside the output folder");
    return job;
}

QJsonObject job_to_json(const BatchJob& job) {
    QJsonObject json;
    json[QStringLiteral("id")] = q(job.id);
    json[QStringLiteral("content")] = q(job.content);
    json[QStringLiteral("style")] = style_to_json(job.style);
    if (!job.regions.empty()) json[QStringLiteral("regions")] = regions_to_json(job.regions);
    json[QStringLiteral("preset")] = q(job.preset);
    json[QStringLiteral("params")] = params_to_json(job.params);
    json[QStringLiteral("output")] = q(job.output);
    json[QStringLiteral("status")] = q(std::string(to_string(job.status)));
    json[QStringLiteral("error")] = q(job.error);
    if (job.error_code != engine::ErrorCode::None) {
        json[QStringLiteral("error_code")] = q(std::string(to_string(job.error_code)));
        QJsonArray args;
        for (const auto& arg : job.error_args) args.append(q(arg));
        json[QStringLiteral("error_args")] = args;
    }
    json[QStringLiteral("attempts")] = job.attempts;
    json[QStringLiteral("seconds")] = job.seconds;
    return json;
}

}  // namespace

std::string_view to_string(JobStatus status) {
    switch (status) {
    case JobStatus::Queued: return "queued";
    case JobStatus::Running: return "running";
    case JobStatus::Done: return "done";
    case JobStatus::Failed: return "failed";
    case JobStatus::Cancelled: return "cancelled";
    }
    return "queued";
}

std::string_view to_string(engine::ErrorCode code) {
    using engine::ErrorCode;
    switch (code) {
    case ErrorCode::None: return "";
    case ErrorCode::WeightsMissing: return "weights-missing";
    case ErrorCode::WeightsUnusable: return "weights-unusable";
    case ErrorCode::ImageUnreadable: return "image-unreadable";
    case ErrorCode::NotAnImage: return "not-an-image";
    case ErrorCode::ImageTooLarge: return "image-too-large";
    case ErrorCode::OutOfMemory: return "out-of-memory";
    case ErrorCode::InvalidParameter: return "invalid-parameter";
    case ErrorCode::DeviceUnavailable: return "device-unavailable";
    }
    return "";
}

engine::ErrorCode parse_error_code(std::string_view text) {
    using engine::ErrorCode;
    for (const ErrorCode code : {ErrorCode::WeightsMissing, ErrorCode::WeightsUnusable, ErrorCode::ImageUnreadable,
                                 ErrorCode::NotAnImage, ErrorCode::ImageTooLarge, ErrorCode::OutOfMemory,
                                 ErrorCode::InvalidParameter, ErrorCode::DeviceUnavailable}) {
        if (to_string(code) == text) return code;
    }
    return ErrorCode::None;
}

JobStatus parse_job_status(std::string_view text) {
    for (const JobStatus s : {JobStatus::Queued, JobStatus::Running, JobStatus::Done, JobStatus::Failed, JobStatus::Cancelled}) {
        if (to_string(s) == text) return s;
    }
    throw QueueError("status '" + std::string(text) + "' is not one of queued, running, done, failed, cancelled");
}

std::filesystem::path BatchQueue::resolve(const std::filesystem::path& path) const {
    return path.is_absolute() || base_dir.empty() || base_dir == "." ? path : base_dir / path;
}

std::filesystem::path BatchQueue::output_folder() const { return resolve(spec.output.folder); }

std::filesystem::path BatchQueue::output_path(const BatchJob& job) const { return output_folder() / job.output; }

std::string BatchQueue::extension() const { return spec.output.format; }

std::vector<BatchJob> expand_jobs(const BatchSpec& spec, const std::filesystem::path& base_dir) {
    const auto resolve = [&](const std::filesystem::path& p) {
        return p.is_absolute() || base_dir.empty() || base_dir == "." ? p : base_dir / p;
    };
    std::vector<std::filesystem::path> contents;
    for (const auto& entry : spec.contents) {
        std::error_code ec;
        if (!std::filesystem::is_directory(resolve(entry), ec)) {
            contents.push_back(entry);
            continue;
        }
        std::vector<std::filesystem::path> found;
        for (const auto& file : std::filesystem::directory_iterator(resolve(entry), ec)) {
            if (file.is_regular_file(ec) && (image_io::has_readable_extension(file.path()) || is_video_file(file.path())))
                found.push_back(entry / file.path().filename());
        }
        if (found.empty()) throw QueueError("folder " + resolve(entry).string() + " holds no images (.jpg .png .tif .webp .bmp) or clips (.mp4 .mov .mkv .webm .avi)");
        std::sort(found.begin(), found.end());
        contents.insert(contents.end(), found.begin(), found.end());
    }
    if (contents.empty()) throw QueueError("the batch has no photos: add at least one to \"contents\"");
    if (spec.styles.empty()) throw QueueError("the batch has no styles: add at least one to \"styles\"");
    check_name_template(spec.output.name_template);

    const engine::StyleParams base = params_from_json(spec.base_params, {}, ParamsReading::Strict, QStringLiteral("params"));
    std::vector<Preset> presets = spec.presets;
    if (presets.empty()) presets.push_back({"default", {}});
    std::vector<engine::StyleParams> preset_params;
    for (const auto& preset : presets) {
        preset_params.push_back(params_from_json(preset.overrides, base, ParamsReading::Strict, q("preset '" + preset.name + "'")));
    }

    std::vector<BatchJob> jobs;
    const std::size_t total = contents.size() * spec.styles.size() * presets.size();
    const int width = static_cast<int>(std::to_string(total).size());
    std::vector<std::filesystem::path> names;
    for (const auto& content : contents) {
        for (const auto& style : spec.styles) {
            for (std::size_t p = 0; p < presets.size(); ++p) {
                BatchJob job;
                job.id = std::to_string(jobs.size() + 1);
                job.content = content;
                job.style = style;
                job.regions = spec.regions;
                job.preset = presets[p].name;
                job.params = preset_params[p];
                const bool clip = is_video_file(content);
                NameFields fields{content.stem().string(), style.name, presets[p].name, static_cast<int>(jobs.size() + 1), width,
                                  clip ? spec.output.video_format : spec.output.format};
                names.push_back(render_name(spec.output.name_template, fields));
                jobs.push_back(std::move(job));
            }
        }
    }
    make_unique(names);
    for (std::size_t i = 0; i < jobs.size(); ++i) jobs[i].output = names[i];
    return jobs;
}

QJsonObject queue_to_json(const BatchQueue& queue) {
    QJsonObject json;
    json[QStringLiteral("shuimo_batch")] = kFormatVersion;
    json[QStringLiteral("output")] = output_to_json(queue.spec.output);
    json[QStringLiteral("params")] = queue.spec.base_params;
    json[QStringLiteral("contents")] = to_json(queue.spec.contents);
    QJsonArray styles;
    for (const auto& style : queue.spec.styles) styles.append(style_to_json(style));
    json[QStringLiteral("styles")] = styles;
    if (!queue.spec.regions.empty()) json[QStringLiteral("regions")] = regions_to_json(queue.spec.regions);
    QJsonArray presets;
    for (const auto& preset : queue.spec.presets) {
        presets.append(QJsonObject{{QStringLiteral("name"), q(preset.name)}, {QStringLiteral("params"), preset.overrides}});
    }
    json[QStringLiteral("presets")] = presets;
    QJsonArray jobs;
    for (const auto& job : queue.jobs) jobs.append(job_to_json(job));
    json[QStringLiteral("jobs")] = jobs;
    return json;
}

namespace {

BatchQueue read_queue(const Value& json, const std::filesystem::path& base_dir, const std::string& source) {
    ObjectReader r(json, source);
    if (const Value* version = r.get("shuimo_batch"); version && !(version->is_integer && version->integer == kFormatVersion))
        r.fail("\"shuimo_batch\" is " + engine::json::describe(*version) + "; this version reads 1");
    BatchQueue queue;
    queue.base_dir = base_dir;
    queue.spec = spec_from_json(r);
    const Value* jobs = r.get("jobs");
    r.finish();
    if (!jobs) {  // a bare spec; an empty list is a queue (or shard) with no jobs
        try {
            queue.jobs = expand_jobs(queue.spec, base_dir);
        } catch (const engine::EngineError& e) {
            r.fail(e.what());
        }
        return queue;
    }
    if (jobs->kind != Value::Kind::Array) r.fail("jobs must be an array");
    std::set<std::string> ids;
    std::set<std::string> outputs;
    for (std::size_t n = 0; n < jobs->array.size(); ++n) {
        BatchJob job = job_from_json(jobs->array[n], source + ", jobs[" + std::to_string(n) + "]");
        if (!ids.insert(job.id).second) r.fail("two jobs have the id '" + job.id + "'");
        if (!outputs.insert(QString::fromStdString(job.output.generic_string()).toLower().toStdString()).second)
            r.fail("two jobs write " + job.output.string());
        queue.jobs.push_back(std::move(job));
    }
    return queue;
}

}  // namespace

BatchQueue queue_from_json(const QJsonObject& json, const std::filesystem::path& base_dir, const std::string& source) {
    try {
        return read_queue(from_qjson(json), base_dir, source);
    } catch (const engine::ConfigError& e) {
        throw QueueError(e.what());  // names the file and the place already
    }
}

BatchQueue read_queue_file(const std::filesystem::path& path) {
    QFile file(q(path));
    if (!file.open(QIODevice::ReadOnly)) {
        throw QueueError("cannot read the queue " + path.string() + ": " + file.errorString().toStdString());
    }
    constexpr qint64 kMaxQueueBytes = 256LL << 20;
    if (file.size() > kMaxQueueBytes) throw QueueError("the queue " + path.string() + " is over 256 MiB: not a queue file?");
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
    if (error.error != QJsonParseError::NoError) {
        throw QueueError("the queue " + path.string() + " is not valid JSON: " + error.errorString().toStdString() +
                         " at byte " + std::to_string(error.offset));
    }
    if (!doc.isObject()) throw QueueError("the queue " + path.string() + " is not a JSON object");
    std::filesystem::path base = path.parent_path();
    if (base.empty()) base = ".";
    return queue_from_json(doc.object(), base, path.string());
}

BatchQueue shard_of(const BatchQueue& queue, int index, int count) {
    if (count < 1 || index < 1 || index > count) {
        throw QueueError("shard " + std::to_string(index) + "/" + std::to_string(count) +
                         " does not exist: use I/N with 1 <= I <= N");
    }
    BatchQueue slice = queue;
    slice.jobs.clear();
    for (std::size_t i = static_cast<std::size_t>(index - 1); i < queue.jobs.size(); i += static_cast<std::size_t>(count)) {
        slice.jobs.push_back(queue.jobs[i]);
    }
    return slice;
}

}  // namespace shuimo::batch
