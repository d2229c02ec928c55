#pragma once
// Changing a painting's finishing without a new run: colour strength, preserve
// colours, monochrome ink and the paper colour act on the unfinished image the
// run left (Painting::raw) through the engine's pure ink functions (ink_output.h),
// in the order the engine applies them at the end of a job.

#include <QString>

#include "shuimo/engine/ink_output.h"
#include "shuimo/session/session.h"

namespace shuimo::session {

// True when a and b differ, and only in finishing fields (the parameter table's
// rows marked finishing: engine::only_finishing_params_differ).
bool only_finishing_differs(const engine::StyleParams& a, const engine::StyleParams& b);

// `painting` re-finished with `params` (its own parameters with other finishing):
// reads the photo (for preserve colours) and the first style (for the paper of
// monochrome ink without a paper colour) as the engine does. The result has
// refinished set, the new parameters, a fresh time and no export. Throws
// engine::EngineError (ImageIoError: a file gone; ConfigError: no unfinished image).
Painting refinish(const Painting& painting, const engine::StyleParams& params, const QString& photo_path);

}  // namespace shuimo::session
