#include "motifs.h"

#include <cmath>

namespace shuimo::ink {

const std::vector<Motif>& all_motifs() {
    static const std::vector<Motif> motifs = {
        {"misty-mountains", "misty_mountains.png", "Misty mountains", paint_misty_mountains},
        {"splashed-ink", "splashed_ink.png", "Splashed ink", paint_splashed_ink},
        {"dry-brush", "dry_brush.png", "Dry brush, flying white", paint_dry_brush},
        {"bamboo", "bamboo.png", "Bamboo", paint_bamboo},
        {"plum-blossom", "plum_blossom.png", "Plum blossom", paint_plum_blossom},
        {"rock-texture", "rock_texture.png", "Rock texture strokes", paint_rock_texture},
        {"lotus-pond", "lotus_pond.png", "Lotus and reeds by water", paint_lotus_pond},
        {"light-colour-wash", "light_colour_wash.png", "Light-colour wash", paint_light_colour_wash},
    };
    return motifs;
}

cv::Size canvas_size(int long_side, double aspect) {
    if (aspect >= 1.0) return {long_side, static_cast<int>(std::lround(long_side / aspect))};
    return {static_cast<int>(std::lround(long_side * aspect)), long_side};
}

}  // namespace shuimo::ink
