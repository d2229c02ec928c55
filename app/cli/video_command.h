#pragma once
// `shuimo-cli video` (issue 27, docs/VIDEO.md): a clip stylised frame by frame with temporal
// consistency (each frame starts from the previous stylised frame warped by the optical flow, and a
// temporal term holds it there where the warp is reliable), resumable from a work folder of finished
// frames, encoded at the end with the clip's audio copied in.

#include <QStringList>

#include <atomic>
#include <filesystem>
#include <optional>

#include "cli_options.h"

namespace shuimo::cli {

struct VideoOptions {
    StylizeOptions stylize;          // content: the clip; output: the video (.mp4 or .webm)
    double temporal_weight = 1000.0;  // the temporal term's weight (the content weight's scale; docs/VIDEO.md)
    std::optional<int> first_iterations;  // the first frame's evaluations (default: the --iterations schedule)
    std::optional<int> iterations;        // each later frame's (default: batch::default_later_iterations)
    std::optional<int> max_frames;        // stop after this many (tests, previews)
    bool size_given = false;              // --size given: else the clip's own size caps the default (never enlarged)
    bool independent = false;             // every frame on its own from its photo, with the first frame's evaluations
                                          // (the baseline the temporal method is measured against)
};

// `arguments` excludes "video". Throws UsageError.
VideoOptions parse_video_options(const QStringList& arguments);
QString video_help_text();

// Exit code: 0 written, 130 cancelled (the finished frames are kept: run again to go on). Throws
// engine::EngineError subclasses (a clear message) for what cannot be done.
int run_video(const VideoOptions& options, const std::atomic<bool>& cancel_requested);

// The work folder of `output`: finished frames and their records, beside the output.
std::filesystem::path video_work_folder(const std::filesystem::path& output);

}  // namespace shuimo::cli
