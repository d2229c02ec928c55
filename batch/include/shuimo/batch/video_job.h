#pragma once
// A clip stylised frame by frame with temporal consistency (issue 27, docs/VIDEO.md; Ruder et al. 2016),
// shared by `shuimo-cli video`, batch queues and the app's Export Video: each frame after the first starts
// from the previous stylised frame warped by the optical flow between the input frames, and a temporal term
// holds it there where the flow is reliable. Finished frames go into a work folder beside the output with a
// record each (the settings hash, as a batch output's sidecar): stopped or killed, the same job goes on from
// the last finished frame. The clip is encoded at the end, atomically, with its audio copied in.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "shuimo/engine/image.h"
#include "shuimo/engine/progress.h"
#include "shuimo/engine/style_params.h"
#include "shuimo/video_io/video_io.h"

namespace shuimo::engine {
class StyleEngine;
}

namespace shuimo::batch {

struct VideoJob {
    std::filesystem::path input;   // the clip
    std::filesystem::path output;  // .mp4 or .webm: its work folder is video_work_folder(output)
    // Written there instead when set (a batch encodes beside the output, then writes it with its sidecar).
    std::filesystem::path encode_to;
    engine::Size size;             // the frames' size (even: video_frame_size)
    engine::StyleParams params;    // every frame's (size, iterations, init and scales are set per frame)
    // Fills a frame's styles, blend and regions; job.content is the frame already (automatic masks are made
    // from it). `frame` is 1-based.
    std::function<void(engine::StyleJob& job, engine::ProgressSink& sink, int frame)> prepare_frame;
    // What else decides the frames' pixels (styles, regions, weights file): hashed into each frame's record,
    // with the clip's identity, the size, the parameters and the temporal settings below.
    std::string settings;
    double temporal_weight = 1000.0;  // the temporal term's weight (the content weight's scale)
    int first_iterations = 0;         // the first frame's evaluations
    int later_iterations = 0;         // each later frame's
    std::optional<int> max_frames;    // stop after this many
    bool independent = false;         // every frame from its photo with first_iterations: the baseline
    // Progress for a whole-clip view (a batch, the app): each evaluation's report counts the clip's
    // evaluations (iteration, total_iterations) and its work_fraction and remaining_s are the clip's.
    bool clip_progress = false;
    bool keep_frames = false;         // the work folder stays after the encode (to look at the frames)
};

struct VideoFrameDone {
    int frame = 0;                 // 1-based
    std::int64_t planned = 0;      // frames the clip is expected to have (0: unknown)
    int evaluations = 0;
    double seconds = 0.0;
    double flow_seconds = 0.0;     // of those, the optical flow's
    double eta_seconds = 0.0;
};

class VideoObserver {
public:
    virtual ~VideoObserver() = default;
    virtual void on_resumed(int /*frames_done*/) {}
    virtual void on_frame_done(const VideoFrameDone& /*done*/) {}
};

struct VideoResult {
    bool cancelled = false;  // between two evaluations: the finished frames are kept, the next run goes on
    int frames = 0;          // finished (all of them when not cancelled)
    double seconds = 0.0;
};

// Clips by their extension (video_io's).
using video_io::is_video_file;

// The frames' size: `long_side` on the long side (a photo's rule: what the app's preview of a frame
// paints), or with enlarge false at most that (the CLI's default), even in both.
engine::Size video_frame_size(int clip_width, int clip_height, int long_side, bool enlarge);
// Later frames' evaluations by default: a fifth of the first's, at least 20, at most the first's.
int default_later_iterations(int first_iterations);
// Where the finished frames of `output` are kept: ".<name>.frames" beside it.
std::filesystem::path video_work_folder(const std::filesystem::path& output);

// Runs (or goes on with) the job on `engine`; `sink` gets every evaluation's report and is asked about
// cancelling. Throws engine::ImageIoError (a broken or empty clip, an output the encoder refuses: checked
// before the first frame) and what StyleEngine::run throws.
VideoResult run_video_job(engine::StyleEngine& engine, const VideoJob& job, engine::ProgressSink& sink,
                          VideoObserver* observer = nullptr);

}  // namespace shuimo::batch
