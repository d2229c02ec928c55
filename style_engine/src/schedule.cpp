#include "shuimo/engine/schedule.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "shuimo/engine/errors.h"
#include "shuimo/engine/vgg19_spec.h"

namespace shuimo::engine {

int min_level_side(const StyleParams& params) {
    const VggLayer* deepest = deepest_layer(params);
    return deepest != nullptr ? deepest->downsample : 1;
}

std::vector<Level> plan_levels(int output_width, int output_height, const StyleParams& params) {
    const int long_side = std::max(output_width, output_height);
    const int short_side = std::min(output_width, output_height);
    const int min_side = min_level_side(params);
    int count = params.scales;
    if (count == 0) {
        // Auto: enough levels that neighbours differ by a factor of at most 2.
        const double octaves = std::log2(static_cast<double>(long_side) / params.min_size);
        count = octaves > 0 ? 1 + static_cast<int>(std::ceil(octaves - 1e-9)) : 1;
    }
    if (long_side <= params.min_size) count = 1;  // nothing coarser than the output to start from
    if (!params.level_iterations.empty() && static_cast<int>(params.level_iterations.size()) != count) {
        throw ConfigError("level iterations: " + std::to_string(params.level_iterations.size()) + " given for " +
                          std::to_string(count) + " levels");
    }

    std::vector<Level> levels(static_cast<std::size_t>(count));
    const double ratio = count > 1 ? std::pow(static_cast<double>(long_side) / params.min_size, 1.0 / (count - 1)) : 1.0;
    for (int i = 0; i < count; ++i) {
        Level& level = levels[static_cast<std::size_t>(i)];
        if (i == count - 1) {
            level.width = output_width;
            level.height = output_height;
        } else {
            int side = static_cast<int>(std::lround(params.min_size * std::pow(ratio, i)));
            // A very narrow image: the coarse level keeps min_side across rather than vanish in VGG's pooling.
            if (short_side > 0 && static_cast<double>(side) * short_side / long_side < min_side)
                side = std::min(long_side, static_cast<int>(std::ceil(static_cast<double>(min_side) * long_side / short_side)));
            const Size size = fit_long_side(output_width, output_height, side);
            level.width = size.width;
            level.height = size.height;
        }
    }

    if (!params.level_iterations.empty()) {
        for (int i = 0; i < count; ++i) levels[static_cast<std::size_t>(i)].iterations = params.level_iterations[static_cast<std::size_t>(i)];
        return levels;
    }
    if (params.iterations < count) {  // too few to share: all of them at the output size
        levels.back().iterations = params.iterations;
        return levels;
    }
    // Shares 2^(count-1-i) of the budget, coarse levels first; at least one evaluation per level.
    double total_share = 0;
    for (int i = 0; i < count; ++i) total_share += std::pow(2.0, count - 1 - i);
    int assigned = 0;
    for (int i = count - 1; i >= 1; --i) {
        const int n = std::max(1, static_cast<int>(std::floor(params.iterations * std::pow(2.0, count - 1 - i) / total_share)));
        levels[static_cast<std::size_t>(i)].iterations = n;
        assigned += n;
    }
    levels[0].iterations = std::max(0, params.iterations - assigned);
    return levels;
}

}  // namespace shuimo::engine
