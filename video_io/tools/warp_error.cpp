// shuimo-warp-error: the measurements of issue 27 (docs/VIDEO.md, docs/BENCHMARKS.md "Video").
//
//   shuimo-warp-error make-clip OUT.mp4 PHOTO WIDTH HEIGHT FRAMES
//       A test clip at 12 fps: a camera pan across PHOTO (enlarged to cover the pan) with a dark
//       square moving against it; no sound.
//   shuimo-warp-error measure INPUT STYLISED
//       The warping error of STYLISED against its INPUT clip (Lai et al. 2018): for each pair of
//       consecutive frames, E_t = sum M (O_t - warp(O_t+1))^2 / sum M, averaged over the RGB channels
//       of the pixels, images in [0,1]; the flow (DIS, forward and backward) and the reliability mask
//       M (Ruder et al.'s forward-backward check) come from the INPUT frames resized to STYLISED's size.
//       Prints each pair, the mean over the clip, and the flow's time per frame (both directions).
//
// A measurement tool, not part of the app; it uses the same flow, warp and mask as `shuimo-cli video`.

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <string>
#include <vector>

#include "shuimo/engine/errors.h"
#include "shuimo/image_io/image_io.h"
#include "shuimo/image_io/optical_flow.h"
#include "shuimo/video_io/video_io.h"

using namespace shuimo;
namespace fs = std::filesystem;

namespace {

std::vector<engine::Image> frames_of(const fs::path& path, engine::Size size) {
    std::vector<engine::Image> frames;
    video_io::VideoReader reader(path);
    while (auto frame = reader.next()) {
        frames.push_back(frame->width == size.width && frame->height == size.height ? std::move(*frame)
                                                                                    : image_io::resize_image(*frame, size));
    }
    return frames;
}

int make_clip(const fs::path& output, const fs::path& photo_path, int width, int height, int count) {
    const engine::Image photo = image_io::read_image(photo_path).rgb;
    // The photo covers the frame plus the pan (width/60 px a frame to the right, a third of that down).
    const int step = std::max(1, width / 60);
    const int need_w = width + step * count, need_h = height + step * count / 3 + 1;
    const double scale = std::max(static_cast<double>(need_w) / photo.width, static_cast<double>(need_h) / photo.height);
    const engine::Image scene = image_io::resize_image(
        photo, {std::max(need_w, static_cast<int>(photo.width * scale + 1)), std::max(need_h, static_cast<int>(photo.height * scale + 1))});
    video_io::VideoWriter writer(output, width, height, 12, 1);
    const int side = height / 4;
    for (int i = 0; i < count; ++i) {
        engine::Image frame(width, height, 3);
        const int ox = step * i, oy = step * i / 3;
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x)
                for (int c = 0; c < 3; ++c) frame.at(x, y, c) = scene.at(x + ox, y + oy, c);
        const int sx = width / 8 + 2 * step * i, sy = height / 3;  // moves against the pan
        for (int y = sy; y < std::min(height, sy + side); ++y)
            for (int x = sx; x < std::min(width, sx + side); ++x)
                for (int c = 0; c < 3; ++c) frame.at(x, y, c) = 0.15f + 0.05f * static_cast<float>(c);
        writer.write(frame);
    }
    writer.finish();
    std::printf("wrote %s: %d frames of %dx%d at 12 fps\n", output.string().c_str(), count, width, height);
    return 0;
}

int measure(const fs::path& input, const fs::path& stylised) {
    const video_io::VideoInfo out = video_io::probe_video(stylised);
    const engine::Size size{out.width, out.height};
    const auto inputs = frames_of(input, size);
    const auto outputs = frames_of(stylised, size);
    if (inputs.size() != outputs.size())
        throw engine::ImageIoError("the clips differ in length: " + std::to_string(inputs.size()) + " input frames, " +
                                   std::to_string(outputs.size()) + " stylised");
    if (inputs.size() < 2) throw engine::ImageIoError("a warping error needs at least two frames");
    double sum = 0.0, flow_seconds = 0.0;
    for (std::size_t t = 0; t + 1 < inputs.size(); ++t) {
        const auto started = std::chrono::steady_clock::now();
        // O_t+1 brought onto frame t: sampled along the flow from t to t+1.
        const image_io::Flow to_next = image_io::dis_flow(inputs[t], inputs[t + 1]);
        const image_io::Flow to_this = image_io::dis_flow(inputs[t + 1], inputs[t]);
        flow_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        const engine::Image mask = image_io::reliable_mask(to_this, to_next);
        const engine::Image warped = image_io::warp(outputs[t + 1], to_next);
        double error = 0.0, weight = 0.0;
        for (int y = 0; y < size.height; ++y)
            for (int x = 0; x < size.width; ++x) {
                const double m = mask.at(x, y, 0);
                if (m <= 0.0) continue;
                for (int c = 0; c < 3; ++c) {
                    const double d = static_cast<double>(outputs[t].at(x, y, c)) - warped.at(x, y, c);
                    error += m * d * d;
                }
                weight += 3.0 * m;
            }
        const double e = weight > 0.0 ? error / weight : 0.0;
        std::printf("pair %zu-%zu: E %.6f (reliable %.1f%%)\n", t + 1, t + 2, e,
                    100.0 * weight / (3.0 * size.width * size.height));
        sum += e;
    }
    const double pairs = static_cast<double>(inputs.size() - 1);
    std::printf("frames %zu at %dx%d\nmean warping error %.6f\nflow %.1f ms a frame (forward and backward)\n", inputs.size(),
                size.width, size.height, sum / pairs, 1000.0 * flow_seconds / pairs);
    return 0;
}

int usage() {
    std::fputs("usage: shuimo-warp-error make-clip OUT.mp4 PHOTO WIDTH HEIGHT FRAMES\n"
               "       shuimo-warp-error measure INPUT STYLISED\n",
               stderr);
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        const std::vector<std::string> args(argv + 1, argv + argc);
        if (args.size() == 6 && args[0] == "make-clip")
            return make_clip(args[1], args[2], std::stoi(args[3]), std::stoi(args[4]), std::stoi(args[5]));
        if (args.size() == 3 && args[0] == "measure") return measure(args[1], args[2]);
        return usage();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "shuimo-warp-error: %s\n", e.what());
        return 1;
    }
}
