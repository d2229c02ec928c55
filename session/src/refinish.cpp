#include "shuimo/session/refinish.h"

#include "shuimo/engine/errors.h"
#include "shuimo/engine/param_table.h"
#include "shuimo/engine/style_engine.h"
#include "shuimo/image_io/image_io.h"
#include "shuimo/video_io/video_io.h"

namespace shuimo::session {

bool only_finishing_differs(const engine::StyleParams& a, const engine::StyleParams& b) {
    return engine::only_finishing_params_differ(a, b);
}

Painting refinish(const Painting& painting, const engine::StyleParams& params, const QString& photo_path) {
    if (painting.raw.empty()) {
        throw engine::ConfigError("this version keeps no unfinished image (it was itself re-finished or opened from an older file): run again");
    }
    const engine::Image raw = to_image(painting.raw);
    engine::Image content;
    if (params.preserve_colors) {
        // The run's own resampling: the finishing then sees the pixels the run's finishing saw.
        const std::filesystem::path photo = photo_path.toStdU32String();
        const engine::Image picture = video_io::is_video_file(photo) ? video_io::read_video_frame(photo, painting.frame)  // a clip's
                                                                     : image_io::read_image(photo).rgb;
        content = engine::resample_like_a_run(picture, {raw.width, raw.height});
    }
    engine::Rgb paper;
    if (params.paper_colour) {
        paper = {(*params.paper_colour)[0], (*params.paper_colour)[1], (*params.paper_colour)[2]};
    } else if (params.monochrome_ink) {
        if (painting.styles.empty()) throw engine::ConfigError("monochrome ink needs a paper colour or a style to take it from");
        paper = engine::estimate_paper_colour(image_io::read_image(painting.styles.front().path.toStdU32String()).rgb);
    }
    Painting out = painting;
    out.image = to_picture(engine::finish_painting(raw, params, content, paper));
    out.params = normalised_params(params);
    out.refinished = true;
    out.created = QDateTime::currentDateTimeUtc();
    out.exported_to.clear();
    return out;
}

}  // namespace shuimo::session
