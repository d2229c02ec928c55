#pragma once
// Painting a region's mask (issue 26): a round brush with soft edges, its eraser, a fill of
// the photo's similar colours from a point, a mask imported from a file, and the coloured
// overlay the preview draws. Masks are session::Picture with one 16-bit channel at the
// photo's mask size (session::mask_size). No widgets: tested without a display.

#include <QColor>
#include <QImage>
#include <QPointF>
#include <QRect>
#include <vector>

#include "shuimo/session/session.h"

namespace shuimo::ui {

struct Brush {
    double radius = 24.0;    // mask pixels
    double hardness = 0.5;   // the share of the radius painted fully; the rest fades to 0
    bool erase = false;      // takes the region away instead
};

// An all-zero mask of that size.
session::Picture emptyMask(session::MaskSize size);

// One dab's coverage at `distance` from its centre: 1 inside hardness·radius, a smooth fall to 0 at radius.
double brushCoverage(const Brush& brush, double distance);

// A stroke from `from` to `to` (mask pixels): dabs a quarter radius apart, each raising the mask to
// its coverage (painting) or lowering it to 1 − coverage (erasing), so going over a place twice in one
// stroke does not darken the soft edge. Returns the rectangle changed (empty: nothing).
QRect paintStroke(session::Picture& mask, QPointF from, QPointF to, const Brush& brush);

// The photo's pixels connected to `seed` whose colour lies within `tolerance` (0–255 RGB distance) of
// the seed's, feathered over `feather` pixels, added to the mask (or taken away). `photo` is the
// photo at the mask's size. Returns the rectangle changed.
QRect fillSimilar(session::Picture& mask, const QImage& photo, QPoint seed, double tolerance, int feather, bool erase);

// A greyscale (or colour: its grey) image scaled smoothly to the mask's size: white = in the region.
session::Picture maskFromImage(const QImage& image, session::MaskSize size);
// The mask as an 8-bit greyscale image (export, tests).
QImage maskToImage(const session::Picture& mask);

// The overlay at the mask size: each region's colour at `opacity` × its mask, later regions over
// earlier ones; the region `highlighted` (or -1) drawn a little stronger.
QImage regionOverlay(const std::vector<session::Region>& regions, int highlighted, double opacity = 0.45);

// The overlay colour of the n-th region added (a palette that stays apart on photos and on ink).
std::uint32_t regionColour(int n);

}  // namespace shuimo::ui
