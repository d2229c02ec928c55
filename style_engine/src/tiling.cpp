#include "shuimo/engine/tiling.h"

#include <algorithm>
#include <cmath>

namespace shuimo::engine {

int effective_overlap(int tile, int overlap) { return std::max(0, std::min(overlap, tile / 3)); }

std::vector<Span> split_axis(int length, int tile, int overlap, double shift, int min_span) {
    if (length <= 0) return {};
    tile = std::max(tile, 1);
    if (length <= tile) return {{0, length}};
    const int ov = effective_overlap(tile, overlap);
    const int before = ov / 2;          // overlap pixels before a cut
    const int after = ov - before;      // ... and from the cut on
    const int stride = tile - ov;       // >= 2 * ov
    const int n = (length + stride - 1) / stride;  // >= 2
    const double spacing = static_cast<double>(length) / n;  // in (stride / 2, stride], so > ov
    const int end_span = std::max(min_span, ov);
    shift = std::clamp(shift, 0.0, 1.0);

    // Moving the cuts: by up to half their spacing without a span more, as far as
    // the first span may grow (to `tile`); where that is less than an overlap,
    // by up to half the spacing with one span more (the ends then shorter).
    const double room = std::min(spacing / 2.0, static_cast<double>(tile - after) - spacing);
    const bool same_count = room >= std::max(ov, 1);
    const double move = shift * (same_count ? room : spacing / 2.0);

    // Cuts: the spans' shared centres. Consecutive cuts are at least `spacing`
    // rounded down (>= ov) apart, so one span's two ramps never overlap.
    std::vector<int> cuts;
    for (int k = same_count ? 1 : 0; k < n; ++k) {
        const int cut = static_cast<int>(std::lround(k * spacing + move));
        if (cut - before < 0 || cut + after > length) continue;
        if (cut + after < end_span || length - (cut - before) < end_span) continue;
        if (!cuts.empty() && cut - cuts.back() < std::max(ov, 1)) continue;
        cuts.push_back(cut);
    }
    std::vector<Span> spans;
    int begin = 0;
    for (const int cut : cuts) {
        spans.push_back({begin, cut + after});
        begin = cut - before;
    }
    spans.push_back({begin, length});
    return spans;
}

std::vector<float> axis_weights(const std::vector<Span>& spans, std::size_t index) {
    const Span& s = spans.at(index);
    std::vector<float> w(static_cast<std::size_t>(std::max(0, s.length())), 1.0f);
    if (index > 0) {
        // Overlap with the previous span: [s.begin, previous.end), ramping up.
        const int width = spans[index - 1].end - s.begin;
        for (int t = 0; t < width; ++t) w[static_cast<std::size_t>(t)] = static_cast<float>((t + 0.5) / width);
    }
    if (index + 1 < spans.size()) {
        // Overlap with the next span: [next.begin, s.end), ramping down as the next ramps up.
        const int from = spans[index + 1].begin;
        const int width = s.end - from;
        for (int t = 0; t < width; ++t)
            w[static_cast<std::size_t>(from - s.begin + t)] = static_cast<float>(1.0 - (t + 0.5) / width);
    }
    return w;
}

TileRect TileGrid::rect(int index) const {
    const auto columns_count = static_cast<int>(columns.size());
    const Span& c = columns.at(static_cast<std::size_t>(index % columns_count));
    const Span& r = rows.at(static_cast<std::size_t>(index / columns_count));
    return {c.begin, r.begin, c.length(), r.length()};
}

Size TileGrid::largest() const {
    Size size{0, 0};
    for (const auto& c : columns) size.width = std::max(size.width, c.length());
    for (const auto& r : rows) size.height = std::max(size.height, r.length());
    return size;
}

std::vector<float> TileGrid::weights(int index) const {
    const auto columns_count = static_cast<int>(columns.size());
    const std::vector<float> wx = axis_weights(columns, static_cast<std::size_t>(index % columns_count));
    const std::vector<float> wy = axis_weights(rows, static_cast<std::size_t>(index / columns_count));
    std::vector<float> w;
    w.reserve(wx.size() * wy.size());
    for (const float y : wy)
        for (const float x : wx) w.push_back(x * y);
    return w;
}

TileGrid make_tile_grid(Size image, int tile, int overlap, double shift, int min_span) {
    TileGrid grid;
    grid.image = image;
    grid.columns = split_axis(image.width, tile, overlap, shift, min_span);
    grid.rows = split_axis(image.height, tile, overlap, shift, min_span);
    return grid;
}

std::vector<int> seam_positions(const std::vector<Span>& spans) {
    std::vector<int> seams;
    for (std::size_t i = 1; i < spans.size(); ++i) seams.push_back((spans[i].begin + spans[i - 1].end) / 2);
    return seams;
}

TileRect tile_frame(TileRect tile, Size image, int context, int align) {
    const int step = std::max(1, align);
    const int x0 = std::max(0, tile.x - std::max(0, context)) / step * step;
    const int y0 = std::max(0, tile.y - std::max(0, context)) / step * step;
    const int x1 = std::min(image.width, tile.x + tile.width + std::max(0, context));
    const int y1 = std::min(image.height, tile.y + tile.height + std::max(0, context));
    return {x0, y0, x1 - x0, y1 - y0};
}

}  // namespace shuimo::engine
