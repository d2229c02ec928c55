#pragma once
// A painting stopped before its last level (issue 24): it keeps the image it had,
// at that level's size. What size that is against the output's, and the
// parameters that paint the remaining levels from it ("Continue painting").
// Plain values; the schedule is the engine's (schedule.h).

#include <optional>

#include "shuimo/engine/image.h"
#include "shuimo/engine/style_params.h"
#include "shuimo/session/session.h"

namespace shuimo::session {

struct Unfinished {
    engine::Size stopped_at;  // the painting's own size
    engine::Size output;      // what its parameters ask for, from the photo's size
};

// The painting was cancelled smaller than its output (photo: the photo's size,
// as the engine reads it). nullopt for a painting at full size, finished or not,
// and for one whose output is not known (photo empty).
std::optional<Unfinished> unfinished_painting(const Painting& painting, engine::Size photo);

// The parameters of a job that goes on from the unfinished painting's raw image
// (init = Image): the level it stopped in with the evaluations it had left, then
// every finer level of its schedule, each with the evaluations it was given.
// The levels' sizes are the schedule's within a pixel or two (it is rebuilt from
// the first remaining level's size). Throws engine::ConfigError when the painting
// is not unfinished.
engine::StyleParams continuation_params(const Painting& painting, engine::Size photo);

}  // namespace shuimo::session
