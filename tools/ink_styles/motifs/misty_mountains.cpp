// 山水: ranges one behind the other, each graded from a darker crest into mist;
// the farthest are pale peaks that nearly dissolve, the nearest carry texture
// strokes, moss dots and a few trees.

#include <opencv2/imgproc.hpp>

#include "../brush.h"
#include "landscape.h"
#include "motifs.h"

namespace shuimo::ink {

cv::Mat3f paint_misty_mountains(int long_side, Rng& rng) {
    Rng paper_rng = rng.fork("paper");
    Painting painting(canvas_size(long_side, 1.5), paper_rng);
    const float s = painting.scale();
    const float w = static_cast<float>(painting.width()), h = static_cast<float>(painting.height());

    // Back to front: base row, height, ink, fade, roughness.
    struct Range {
        float base, height, ink, fade, rough;
        int peaks;
    };
    const Range ranges[] = {
        {0.52f, 0.42f, 0.13f, 70.0f, 6.0f, 3},   // distant pale peaks
        {0.62f, 0.30f, 0.22f, 60.0f, 8.0f, 4},
        {0.76f, 0.30f, 0.38f, 70.0f, 10.0f, 4},
        {0.95f, 0.36f, 0.75f, 110.0f, 14.0f, 3},  // the near range
    };
    int index = 0;
    for (const Range& range : ranges) {
        Rng r = rng.fork("range" + std::to_string(index));
        const Ridge ridge = make_ridge(painting.width(), r, range.base * h, range.height * h, range.peaks, range.rough * s, s);
        // A pale first wash, then the crest again in darker ink (积墨).
        cv::Mat1f wash = painting.layer();
        graded_wash(wash, ridge, range.ink * 0.45f, range.fade * s * 1.3f, r, s);
        lift_mist(wash, {range.base * h - 0.01f * h}, 0.09f * h, 0.97f, r, s);
        painting.settle(wash, Pigment::Ink, wet_wash());

        cv::Mat1f crest = painting.layer();
        graded_wash(crest, ridge, range.ink * 0.6f, range.fade * s * 0.45f, r, s);
        if (index >= 2) {
            slope_texture(crest, ridge, index == 3 ? 140 : 50, range.ink * 0.6f, index == 3 ? 120.0f : 60.0f, r, s);
            outline_ridge(crest, ridge, std::min(1.0f, range.ink * 1.1f), index == 3 ? 3.2f : 2.0f, r, s);
        }
        lift_mist(crest, {range.base * h}, 0.05f * h, 0.9f, r, s);
        painting.settle(crest, Pigment::Ink, brush_look());

        if (index == 3) {
            cv::Mat1f dots = painting.layer();
            crest_dots(dots, ridge, 70, 0.95f, r, s);
            cv::Mat1f trunks = painting.layer(), crowns = painting.layer();
            for (int t = 0; t < 7; ++t) {
                const int x = static_cast<int>(r.uniformf(0.05f, 0.95f) * w);
                small_tree(trunks, crowns, {static_cast<float>(x), ridge[static_cast<std::size_t>(x)] + 4.0f * s},
                           r.uniformf(35.0f, 70.0f) * s, r, s);
            }
            painting.settle(dots, Pigment::Ink, brush_look());
            painting.settle(trunks, Pigment::Ink, brush_look());
            painting.settle(crowns, Pigment::Ink, brush_look());
        }
        ++index;
    }
    return painting.finish();
}

}  // namespace shuimo::ink
