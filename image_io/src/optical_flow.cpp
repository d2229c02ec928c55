#include "shuimo/image_io/optical_flow.h"

#include <opencv2/imgproc.hpp>
#include <opencv2/video/tracking.hpp>

#include <algorithm>
#include <cmath>
#include <string>

#include "shuimo/engine/errors.h"

namespace shuimo::image_io {
namespace {

// An RGB frame as 8-bit grey, what DIS reads.
cv::Mat grey_of(const engine::Image& image) {
    if (image.empty() || image.channels != 3) throw engine::ImageIoError("optical flow needs RGB frames");
    cv::Mat rgb(image.height, image.width, CV_32FC3, const_cast<float*>(image.pixels.data()));
    cv::Mat grey, bytes;
    cv::cvtColor(rgb, grey, cv::COLOR_RGB2GRAY);
    grey.convertTo(bytes, CV_8U, 255.0);
    return bytes;
}

// The flow sampled bilinearly at (x, y), the nearest edge outside.
std::pair<float, float> flow_at(const Flow& flow, float x, float y) {
    x = std::clamp(x, 0.0f, static_cast<float>(flow.width - 1));
    y = std::clamp(y, 0.0f, static_cast<float>(flow.height - 1));
    const int x0 = static_cast<int>(x), y0 = static_cast<int>(y);
    const int x1 = std::min(x0 + 1, flow.width - 1), y1 = std::min(y0 + 1, flow.height - 1);
    const float fx = x - x0, fy = y - y0;
    auto mix = [&](auto get) {
        return (1 - fy) * ((1 - fx) * get(x0, y0) + fx * get(x1, y0)) + fy * ((1 - fx) * get(x0, y1) + fx * get(x1, y1));
    };
    return {mix([&](int a, int b) { return flow.u(a, b); }), mix([&](int a, int b) { return flow.v(a, b); })};
}

}  // namespace

Flow dis_flow(const engine::Image& from, const engine::Image& to) {
    if (from.width != to.width || from.height != to.height)
        throw engine::ImageIoError("optical flow between frames of different sizes (" + std::to_string(from.width) + "x" +
                                   std::to_string(from.height) + " and " + std::to_string(to.width) + "x" + std::to_string(to.height) + ")");
    const cv::Mat a = grey_of(from), b = grey_of(to);
    cv::Mat uv;
    cv::DISOpticalFlow::create(cv::DISOpticalFlow::PRESET_MEDIUM)->calc(a, b, uv);
    Flow flow;
    flow.width = from.width;
    flow.height = from.height;
    flow.uv.assign(reinterpret_cast<const float*>(uv.data), reinterpret_cast<const float*>(uv.data) + 2 * uv.total());
    return flow;
}

engine::Image warp(const engine::Image& image, const Flow& flow) {
    if (image.width != flow.width || image.height != flow.height)
        throw engine::ImageIoError("a flow of " + std::to_string(flow.width) + "x" + std::to_string(flow.height) + " cannot warp an image of " +
                                   std::to_string(image.width) + "x" + std::to_string(image.height));
    cv::Mat map(flow.height, flow.width, CV_32FC2);
    for (int y = 0; y < flow.height; ++y) {
        auto* row = map.ptr<cv::Vec2f>(y);
        for (int x = 0; x < flow.width; ++x) row[x] = {x + flow.u(x, y), y + flow.v(x, y)};
    }
    const int type = CV_32FC(image.channels);
    const cv::Mat in(image.height, image.width, type, const_cast<float*>(image.pixels.data()));
    engine::Image out(image.width, image.height, image.channels);
    cv::Mat result(out.height, out.width, type, out.pixels.data());
    cv::remap(in, result, map, cv::noArray(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
    return out;
}

engine::Image reliable_mask(const Flow& forward, const Flow& backward) {
    if (forward.width != backward.width || forward.height != backward.height)
        throw engine::ImageIoError("forward and backward flows of different sizes");
    const int w = backward.width, h = backward.height;
    engine::Image mask(w, h, 1);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const float bu = backward.u(x, y), bv = backward.v(x, y);
            const float px = x + bu, py = y + bv;  // where x was in frame t−1
            if (px < 0.0f || py < 0.0f || px > w - 1.0f || py > h - 1.0f) continue;  // outside: 0
            const auto [fu, fv] = flow_at(forward, px, py);  // w̃(x)
            const float su = fu + bu, sv = fv + bv;
            const float forward2 = fu * fu + fv * fv, backward2 = bu * bu + bv * bv;
            if (su * su + sv * sv > 0.01f * (forward2 + backward2) + 0.5f) continue;  // disoccluded
            // The backward flow's gradient by central differences (one-sided at the edges).
            auto d = [&](auto get, int x0, int y0, int x1, int y1, float span) { return (get(x1, y1) - get(x0, y0)) / span; };
            const int xl = std::max(x - 1, 0), xr = std::min(x + 1, w - 1), yu = std::max(y - 1, 0), yd = std::min(y + 1, h - 1);
            const auto u = [&](int a, int b) { return backward.u(a, b); };
            const auto v = [&](int a, int b) { return backward.v(a, b); };
            const float ux = xr > xl ? d(u, xl, y, xr, y, static_cast<float>(xr - xl)) : 0.0f;
            const float uy = yd > yu ? d(u, x, yu, x, yd, static_cast<float>(yd - yu)) : 0.0f;
            const float vx = xr > xl ? d(v, xl, y, xr, y, static_cast<float>(xr - xl)) : 0.0f;
            const float vy = yd > yu ? d(v, x, yu, x, yd, static_cast<float>(yd - yu)) : 0.0f;
            if (ux * ux + uy * uy + vx * vx + vy * vy > 0.01f * backward2 + 0.002f) continue;  // motion boundary
            mask.at(x, y, 0) = 1.0f;
        }
    }
    return mask;
}

}  // namespace shuimo::image_io
