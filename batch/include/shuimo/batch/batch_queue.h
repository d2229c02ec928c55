#pragma once
// A batch: content photos x styles x parameter presets, each pair a job with
// its own output file, and the state of every job. Values only; QueueStore
// (queue_store.h) keeps it on disk and BatchRunner (batch_runner.h) works it.
//
// The file format (docs/BATCH.md) has two parts: the "spec" a person or the
// GUI writes (contents, styles, presets, output settings) and the "jobs" list
// expanded from it, with their statuses. A file with a spec and no jobs is
// expanded on first load; the expansion is deterministic, so every machine
// that reads the same file sees the same jobs in the same order (shards rely
// on it).

#include <QJsonObject>
#include <QString>
#include <filesystem>
#include <string>
#include <vector>

#include "shuimo/engine/errors.h"
#include "shuimo/engine/style_params.h"

namespace shuimo::batch {

// A queue file that cannot be used: bad JSON, unknown keys, bad values, a name
// template that does not work. The message names the file and the place.
class QueueError : public engine::EngineError {
public:
    using engine::EngineError::EngineError;
};

enum class JobStatus { Queued, Running, Done, Failed, Cancelled };
std::string_view to_string(JobStatus status);
JobStatus parse_job_status(std::string_view text);  // throws QueueError

// An engine error code as the queue file spells it ("image-unreadable", ...; "" for None),
// and back: an unknown name (a newer version's) is None, and its job's "error" text still says why.
std::string_view to_string(engine::ErrorCode code);
engine::ErrorCode parse_error_code(std::string_view text);

// One style of the batch: a single reference, or several blended.
struct StyleChoice {
    std::string name;                          // for {style}; default: the first file's stem
    std::vector<std::filesystem::path> files;  // at least one
    std::vector<double> blend;                 // empty = equal, else one weight >= 0 per file
    bool operator==(const StyleChoice&) const = default;
};

// A region of every job's picture (docs/REGIONS.md): a mask (scaled to each photo) and what goes
// there: a style image's path, "photo" (the photo stays) or "paper" (blank paper).
struct RegionChoice {
    std::filesystem::path mask;
    std::string style;       // "photo", "paper" or a style image's path
    double strength = 1.0;   // multiplies the style weight (0 keeps the photo)
    bool operator==(const RegionChoice&) const = default;
};

// Parameters by name: {preset} in output names. `overrides` holds only the keys
// that differ from the batch's base params (what the file says).
struct Preset {
    std::string name;
    QJsonObject overrides;
    bool operator==(const Preset&) const = default;
};

struct OutputSettings {
    std::filesystem::path folder = ".";  // relative paths are relative to the queue file's folder
    std::string name_template = "{content}_{style}_{preset}.{ext}";
    std::string format = "png";          // png | jpg | tif | webp
    int bit_depth = 8;                   // 16 for png and tif only
    bool overwrite = false;              // replace files this batch did not make (or made with other settings)
    std::string video_format = "mp4";    // a clip's output (video_job.h): mp4 (H.264) | webm (VP9)
    bool operator==(const OutputSettings&) const = default;
};

// What the person asked for.
struct BatchSpec {
    std::vector<std::filesystem::path> contents;  // files, or folders (their images and clips, sorted by name);
                                                  // a clip (video_job.h) is painted into a clip of video_format
    std::vector<StyleChoice> styles;
    std::vector<RegionChoice> regions;            // applied to every job
    QJsonObject base_params;                      // over the engine's defaults
    std::vector<Preset> presets;                  // empty = one preset "default" = base_params
    OutputSettings output;
    bool operator==(const BatchSpec&) const = default;
};

struct BatchJob {
    std::string id;                      // stable: "1", "2", ... in expansion order
    std::filesystem::path content;
    StyleChoice style;
    std::vector<RegionChoice> regions;
    std::string preset;
    engine::StyleParams params;          // base params + the preset's overrides, validated
    std::filesystem::path output;        // relative to the output folder, from the name template
    JobStatus status = JobStatus::Queued;
    std::string error;                   // why it failed (status Failed), in English
    engine::ErrorCode error_code = engine::ErrorCode::None;  // the same, for an interface to translate
    std::vector<std::string> error_args;                     // the code's arguments (engine/errors.h)
    int attempts = 0;                    // times it was started
    double seconds = 0.0;                // of its last finished run
    bool operator==(const BatchJob&) const = default;
};

struct BatchQueue {
    BatchSpec spec;
    std::vector<BatchJob> jobs;
    std::filesystem::path base_dir;      // the queue file's folder: relative paths start here
    bool operator==(const BatchQueue&) const = default;

    std::filesystem::path resolve(const std::filesystem::path& path) const;  // against base_dir
    std::filesystem::path output_folder() const;                            // resolved
    std::filesystem::path output_path(const BatchJob& job) const;           // resolved
    std::string extension() const;                                          // "png", ...
};

// Jobs for every content x style x preset (contents outermost, presets
// innermost), with ids, validated params and unique output names. Folders in
// contents are listed here. Throws QueueError (bad template, invalid preset,
// no contents, no styles, a folder without images) and engine::ConfigError.
std::vector<BatchJob> expand_jobs(const BatchSpec& spec, const std::filesystem::path& base_dir);

// JSON round trip. `source` names the file in error messages.
QJsonObject queue_to_json(const BatchQueue& queue);
// Reads a queue or a bare spec (then expands it). Strict: unknown keys, wrong
// types, invalid params and duplicate ids are QueueError. Throws QueueError.
BatchQueue queue_from_json(const QJsonObject& json, const std::filesystem::path& base_dir, const std::string& source);

// Reads and parses a queue file. Throws QueueError.
BatchQueue read_queue_file(const std::filesystem::path& path);

// The jobs of shard `index` (1-based) of `count`: every count-th job starting
// at index - 1. Shards 1..count partition the queue; the same file always gives
// the same slices. Throws QueueError for an index outside 1..count.
BatchQueue shard_of(const BatchQueue& queue, int index, int count);

}  // namespace shuimo::batch
