#pragma once
// The session document: the artist's photos, in order, each with the paintings
// made from it (its versions, oldest first) and the one shown now. Plain values
// with ==, no widgets: the window observes and edits it, session_file.h saves
// and opens it. A painting keeps everything that made it (the exact parameters,
// the styles and their blend), how it ended and its pixels, finished and
// unfinished (so the finishing can be changed without a new run, refinish.h).

#include <QDateTime>
#include <QString>
#include <cstdint>
#include <vector>

#include "shuimo/engine/image.h"
#include "shuimo/engine/style_params.h"

namespace shuimo::session {

// Pixels at 16 bits a sample, interleaved, row-major, RGB order: how the session
// holds a painting in memory and on disk (exact round trip, half the memory of floats).
struct Picture {
    int width = 0;
    int height = 0;
    int channels = 3;
    std::vector<std::uint16_t> samples;

    bool empty() const { return width <= 0 || height <= 0 || samples.empty(); }
    bool operator==(const Picture&) const = default;
};

// engine::Image (floats in [0,1]) rounded to 16 bits, and back.
Picture to_picture(const engine::Image& image);
engine::Image to_image(const Picture& picture);

struct StyleRef {
    QString path;        // the reference image, absolute
    double blend = 1.0;  // its share of the blend (the engine normalises)
    bool operator==(const StyleRef&) const = default;
};

// A region of the photo (issue 26, docs/REGIONS.md): where a style of its own goes, with its
// strength; where the photo stays; or where the paper is left blank (留白). Its mask has one
// channel at the photo's mask size (mask_size), 65535 = wholly in the region, grey = partly.
struct Region {
    QString name;                                         // the artist's name for it ("Sky", "Region 2")
    engine::RegionKind kind = engine::RegionKind::Style;
    QString style;                                        // Style: the reference image, absolute
    double strength = 1.0;                                // Style: multiplies the style weight (0: keeps the photo)
    std::uint32_t colour = 0;                             // the overlay's colour, 0xRRGGBB
    Picture mask;                                         // channels 1

    bool operator==(const Region&) const = default;
};

// Masks are painted at the photo's size fitted into this long side (never enlarged): the
// engine scales a mask to every level, so more would cost memory and undo steps, not detail.
inline constexpr int kMaskLongSide = 1024;
struct MaskSize {
    int width = 0;
    int height = 0;
};
MaskSize mask_size(int photo_width, int photo_height);
// Some sample above 1/255 (as the engine's test for a mask that covers something).
bool covers_anything(const Picture& mask);

enum class PaintingEnd { Finished, Cancelled };

struct Painting {
    QString name;                 // the artist's name for it; empty: "Version <number>[.<revision>]" in the
                                  // interface's language (files of format 1 hold "Version 3" here)
    int number = 0;               // the photo's run that made it (1, 2, …); 0: not numbered (format 1)
    int revision = 0;             // re-finished versions of that run: 1, 2, …; 0 for the run itself
    bool starred = false;         // the artist's mark
    QString note;                 // the artist's note
    QDateTime created;            // UTC, milliseconds
    PaintingEnd end = PaintingEnd::Finished;
    bool refinished = false;      // made from another version's unfinished image, without a run
    engine::StyleParams params;   // exactly what made it (stored fields only, see normalised_params)
    std::vector<StyleRef> styles;
    std::vector<Region> regions;  // the photo's regions when it ran (format 3)
    int iterations_run = 0;
    double seconds = 0.0;
    QString device;               // "cpu", "cuda:0"
    QString precision;            // "fp32", ...
    Picture image;                // the painting
    Picture raw;                  // before finishing; empty when not known
    QString exported_to;          // the last file it was exported to; empty: never
    int frame = 0;                // the frame of a clip it was painted from (0-based); 0 for a photo

    bool operator==(const Painting&) const = default;
};

struct Photo {
    QString path;                     // absolute
    std::vector<Painting> paintings;  // oldest first
    int current = -1;                 // the painting shown and exported; -1: none
    int made = 0;                     // runs ever made from it (numbers the next one; re-finishing does not count)
    std::vector<Region> regions;      // what its next run uses (format 3): painted on the preview
    int frame = 0;                    // a clip's frame shown and painted (0-based; video_io::is_video_file)

    const Painting* current_painting() const;
    bool operator==(const Photo&) const = default;
};

struct Session {
    std::vector<Photo> photos;
    int current_photo = -1;
    // What the next run uses: the ticked styles with their blend, and the parameters
    // (stored fields only, normalised_params).
    std::vector<StyleRef> styles;
    engine::StyleParams params;

    // -1 when the photo is not in the session.
    int find_photo(const QString& path) const;
    Photo* photo(const QString& path);
    const Photo* photo(const QString& path) const;
    // Appends the photo (no duplicates); returns its index.
    int add_photo(const QString& path);
    // Removes it and its paintings; the current photo moves to a neighbour.
    void remove_photo(int index);
    // Moves photo `from` to position `to` (clamped); the current one stays current.
    void move_photo(int from, int to);
    // Adds a painting to a photo; it becomes the photo's current one. Returns its index.
    // A run's painting (revision 0) without a number gets the photo's next one; a
    // re-finished one (revision > 0) keeps its run's number and does not count as a run.
    int add_painting(int photo_index, Painting painting);
    // Puts a removed painting back at `painting_index` (undo); it becomes current.
    void insert_painting(int photo_index, int painting_index, Painting painting);
    // Removes one version; the current one becomes its neighbour (or none).
    void remove_painting(int photo_index, int painting_index);
    // Paintings that were never exported (and the session file may be all that holds them).
    int unexported_paintings() const;
    int painting_count() const;

    bool operator==(const Session&) const = default;
};

// The parameters as a session, preset or exported file keeps them: the fields the
// parameter table stores, the rest (the per-run preview cadence) at their defaults.
engine::StyleParams normalised_params(const engine::StyleParams& params);

}  // namespace shuimo::session
