#pragma once
// The geometry of a tiled level (docs/TILING.md): overlapping tiles that cover
// an image, and the feathered weights that blend them. Plain C++, no torch.
//
// Along each axis the image is cut at evenly spaced positions; a span runs from
// half an overlap before one cut to half an overlap after the next, so
// neighbouring spans share `overlap` pixels around their cut. The 2-D tiles are
// the products of the two axes' spans. Each span's weight is 1 away from its
// cuts and ramps linearly across them; the two ramps at a cut sum to 1, so the
// products sum to 1 at every pixel of the image (a partition of unity).
//
// Shifting the cuts (`shift`) moves every seam: a second pass with a shifted
// grid optimises across the first pass's seams.

#include <cstddef>
#include <vector>

#include "shuimo/engine/image.h"

namespace shuimo::engine {

struct Span {
    int begin = 0;  // first pixel
    int end = 0;    // one past the last
    int length() const { return end - begin; }
    bool operator==(const Span&) const = default;
};

struct TileRect {
    int x = 0;
    int y = 0;
    int width = 0;
    int height = 0;
    bool operator==(const TileRect&) const = default;
};

// The overlap a grid of `tile`-pixel tiles actually uses: `overlap`, at most a
// third of the tile (so that the ramps at two cuts of one span never meet), at least 0.
int effective_overlap(int tile, int overlap);

// [0, length) cut into spans of at most `tile` pixels (one span when length <=
// tile) overlapping their neighbours by effective_overlap(tile, overlap).
// shift in [0, 1]: how far the cuts move (0: the first pass; 1: the farthest).
// They move by shift times the room the first span has to grow within `tile`
// (at most half their spacing), keeping the count of spans; where that room is
// less than an overlap, by shift times half their spacing with one span more.
// Cuts that would leave an end span shorter than max(min_span, overlap) are
// dropped, so a span may then exceed `tile` by at most min_span - overlap when
// min_span > overlap.
std::vector<Span> split_axis(int length, int tile, int overlap, double shift = 0.0, int min_span = 1);

// The 1-D feather weights of spans[index], one per pixel of that span: 1 where no
// other span overlaps it, linear ramps (t + 0.5) / w across an overlap of width w.
// For every position the weights of the spans covering it sum to 1.
std::vector<float> axis_weights(const std::vector<Span>& spans, std::size_t index);

struct TileGrid {
    Size image;
    std::vector<Span> columns;  // along x
    std::vector<Span> rows;     // along y
    int count() const { return static_cast<int>(columns.size() * rows.size()); }
    // Row-major: tile i is row i / columns.size(), column i % columns.size().
    TileRect rect(int index) const;
    // The largest tile's width and height (each the largest of its axis).
    Size largest() const;
    // Row-major weights of tile `index` (rect(index).width x height): the product of its spans' weights.
    std::vector<float> weights(int index) const;
};

TileGrid make_tile_grid(Size image, int tile, int overlap, double shift = 0.0, int min_span = 1);

// The window of the image a tile is optimised in: the tile with up to `context`
// pixels of its surroundings on every side, its origin moved back onto the
// `align` lattice (so that the network's pooling sees the whole image's grid),
// clipped to the image. The surroundings are read, not changed: they let the
// features near the tile's edges see what the whole image's would.
TileRect tile_frame(TileRect tile, Size image, int context, int align);

// The centres of the overlaps between neighbouring spans (where a seam would show).
std::vector<int> seam_positions(const std::vector<Span>& spans);

}  // namespace shuimo::engine
