#include "shuimo/session/continuation.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <string>
#include <vector>

#include "shuimo/engine/errors.h"
#include "shuimo/engine/schedule.h"
#include "shuimo/engine/style_engine.h"

namespace shuimo::session {
namespace {

int long_side(engine::Size size) { return std::max(size.width, size.height); }

}  // namespace

std::optional<Unfinished> unfinished_painting(const Painting& painting, engine::Size photo) {
    if (painting.end != PaintingEnd::Cancelled || painting.image.empty() || photo.width <= 0 || photo.height <= 0)
        return std::nullopt;
    const engine::Size output = engine::output_size(photo.width, photo.height, painting.params.size);
    const engine::Size own{painting.image.width, painting.image.height};
    if (long_side(own) >= long_side(output)) return std::nullopt;
    return Unfinished{own, output};
}

engine::StyleParams continuation_params(const Painting& painting, engine::Size photo) {
    const auto unfinished = unfinished_painting(painting, photo);
    if (!unfinished) throw engine::ConfigError("the painting is not unfinished: there is nothing to continue");
    const engine::StyleParams& asked = painting.params;
    const std::vector<engine::Level> levels = engine::plan_levels(unfinished->output.width, unfinished->output.height, asked);
    // The level it stopped in: the one nearest its size (a memory shrink may have made it smaller).
    std::size_t stopped = 0;
    for (std::size_t i = 1; i < levels.size(); ++i) {
        const auto distance = [&](std::size_t k) {
            return std::abs(std::max(levels[k].width, levels[k].height) - long_side(unfinished->stopped_at));
        };
        if (distance(i) < distance(stopped)) stopped = i;
    }
    int before = 0;
    for (std::size_t i = 0; i < stopped; ++i) before += levels[i].iterations;
    const int left_in_stopped = std::clamp(before + levels[stopped].iterations - painting.iterations_run, 0, levels[stopped].iterations);

    std::vector<int> remaining;
    std::size_t first = stopped;
    if (left_in_stopped > 0) {
        remaining.push_back(left_in_stopped);
    } else {
        first = stopped + 1;
    }
    for (std::size_t i = stopped + 1; i < levels.size(); ++i) remaining.push_back(levels[i].iterations);

    engine::StyleParams next = asked;
    next.init = engine::InitKind::Image;
    next.iterations = std::accumulate(remaining.begin(), remaining.end(), 0);
    next.scales = static_cast<int>(remaining.size());
    next.min_size = std::max(levels[first].width, levels[first].height);
    if (remaining.size() == 1) {
        next.level_iterations.clear();  // one level: all of them at the output size
    } else {
        next.level_iterations = remaining;
    }
    engine::validate(next);
    return next;
}

}  // namespace shuimo::session
