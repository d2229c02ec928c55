#include "shuimo/image_io/auto_masks.h"

#include <opencv2/imgproc.hpp>
#include <opencv2/objdetect.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <set>

#include "shuimo/engine/errors.h"

namespace shuimo::image_io {
namespace {

// Masks are worked out at most this many pixels on the long side, then enlarged.
constexpr int kWorkingSide = 512;

cv::Mat to_mat(const engine::Image& photo) {
    if (photo.empty() || photo.channels != 3 || photo.sample_count() != photo.pixels.size())
        throw engine::ConfigError("an automatic mask needs an RGB photo");
    cv::Mat rgb(photo.height, photo.width, CV_32FC3, const_cast<float*>(photo.pixels.data()));
    return rgb.clone();
}

engine::Image to_image(const cv::Mat& mask) {
    engine::Image out(mask.cols, mask.rows, 1);
    cv::Mat target(mask.rows, mask.cols, CV_32FC1, out.pixels.data());
    cv::Mat clipped;
    cv::min(cv::max(mask, 0.0), 1.0, clipped);
    clipped.copyTo(target);
    return out;
}

// The working copy: the photo shrunk so its long side is at most kWorkingSide.
cv::Mat working(const cv::Mat& rgb) {
    const double scale = std::min(1.0, static_cast<double>(kWorkingSide) / std::max(rgb.cols, rgb.rows));
    if (scale >= 1.0) return rgb;
    cv::Mat small;
    cv::resize(rgb, small, cv::Size(std::max(1, static_cast<int>(std::lround(rgb.cols * scale))),
                                    std::max(1, static_cast<int>(std::lround(rgb.rows * scale)))),
               0, 0, cv::INTER_AREA);
    return small;
}

// A hard 0/1 mask at the working size -> soft, at the photo's size.
engine::Image feathered(const cv::Mat& hard, cv::Size photo_size) {
    cv::Mat soft;
    hard.convertTo(soft, CV_32F);
    const double sigma = std::max(1.0, 0.006 * std::max(hard.cols, hard.rows));
    cv::GaussianBlur(soft, soft, cv::Size(), sigma);
    if (soft.size() != photo_size) cv::resize(soft, soft, photo_size, 0, 0, cv::INTER_LINEAR);
    return to_image(soft);
}

}  // namespace

engine::Image sky_mask(const engine::Image& photo) {
    const cv::Mat rgb = to_mat(photo);
    const cv::Mat small = working(rgb);
    // Smoothness: the sky has little texture. Gradient of the grey image, lightly blurred first.
    cv::Mat grey, gx, gy, gradient;
    cv::cvtColor(small, grey, cv::COLOR_RGB2GRAY);
    cv::GaussianBlur(grey, grey, cv::Size(), 1.0);
    cv::Sobel(grey, gx, CV_32F, 1, 0);
    cv::Sobel(grey, gy, CV_32F, 0, 1);
    cv::magnitude(gx, gy, gradient);
    cv::GaussianBlur(gradient, gradient, cv::Size(), 2.0);
    cv::Mat candidate(small.size(), CV_8U, cv::Scalar(0));
    for (int y = 0; y < small.rows; ++y) {
        for (int x = 0; x < small.cols; ++x) {
            const cv::Vec3f p = small.at<cv::Vec3f>(y, x);
            const float r = p[0], g = p[1], b = p[2];
            const float high = std::max({r, g, b}), low = std::min({r, g, b});
            const float saturation = high > 1e-4f ? (high - low) / high : 0.0f;
            const bool blue = b > r + 0.03f && b >= g - 0.05f && high > 0.08f;     // day or dusk sky
            const bool pale = high > 0.7f && saturation < 0.18f;                  // overcast, haze, blown-out
            const bool smooth = gradient.at<float>(y, x) < 0.25f;
            if ((blue || pale) && smooth) candidate.at<uchar>(y, x) = 1;
        }
    }
    cv::morphologyEx(candidate, candidate, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_ELLIPSE, {3, 3}));
    // Only what reaches the top edge is sky (a blue car or a white wall lower down is not).
    cv::Mat labels;
    const int count = cv::connectedComponents(candidate, labels, 8, CV_32S);
    std::set<int> touching;
    for (int x = 0; x < labels.cols; ++x)
        if (const int label = labels.at<int>(0, x); label > 0) touching.insert(label);
    cv::Mat sky(small.size(), CV_8U, cv::Scalar(0));
    if (count > 1 && !touching.empty()) {
        for (int y = 0; y < labels.rows; ++y)
            for (int x = 0; x < labels.cols; ++x)
                if (touching.count(labels.at<int>(y, x))) sky.at<uchar>(y, x) = 1;
        // Pinholes closed; a thin branch or a mast stays out (the region follows the horizon).
        cv::morphologyEx(sky, sky, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_ELLIPSE, {3, 3}));
    }
    return feathered(sky, rgb.size());
}

std::filesystem::path default_face_cascade() {
    if (const char* chosen = std::getenv("SHUIMO_FACE_CASCADE"); chosen && *chosen) return chosen;
    for (const char* path : {"/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml",
                             "/usr/share/opencv/haarcascades/haarcascade_frontalface_default.xml"}) {
        if (std::filesystem::exists(path)) return path;
    }
    throw engine::ImageIoError("the face detector's data is not installed: install Debian's opencv-data package "
                               "(sudo apt install opencv-data), or set SHUIMO_FACE_CASCADE to a Haar cascade file");
}

engine::Image face_mask(const engine::Image& photo, const std::filesystem::path& cascade_path) {
    const cv::Mat rgb = to_mat(photo);
    const std::filesystem::path path = cascade_path.empty() ? default_face_cascade() : cascade_path;
    cv::CascadeClassifier cascade;
    if (!cascade.load(path.string())) throw engine::ImageIoError("cannot read the face detector " + path.string());
    const cv::Mat small = working(rgb);
    cv::Mat grey, grey8;
    cv::cvtColor(small, grey, cv::COLOR_RGB2GRAY);
    grey.convertTo(grey8, CV_8U, 255.0);
    cv::equalizeHist(grey8, grey8);
    std::vector<cv::Rect> faces;
    const int smallest = std::max(12, std::min(small.cols, small.rows) / 12);
    cascade.detectMultiScale(grey8, faces, 1.1, 4, 0, cv::Size(smallest, smallest));
    cv::Mat mask(small.size(), CV_8U, cv::Scalar(0));
    for (const cv::Rect& face : faces) {
        // The box covers eyes to mouth; the head is taller: an ellipse 1.2x wide, 1.5x tall, centred a little higher.
        const cv::Point centre(face.x + face.width / 2, face.y + face.height / 2 - face.height / 10);
        cv::ellipse(mask, centre, cv::Size(face.width * 6 / 10, face.height * 3 / 4), 0.0, 0.0, 360.0, cv::Scalar(1), cv::FILLED);
    }
    return feathered(mask, rgb.size());
}

bool covers_anything(const engine::Image& mask) {
    return std::any_of(mask.pixels.begin(), mask.pixels.end(), [](float v) { return v > 1.0f / 255.0f; });
}

bool is_automatic_mask(std::string_view name) { return name == "sky" || name == "faces"; }

std::optional<engine::Image> automatic_mask(std::string_view name, const engine::Image& photo) {
    if (name == "sky") return sky_mask(photo);
    if (name == "faces") return face_mask(photo);
    return std::nullopt;
}

}  // namespace shuimo::image_io
