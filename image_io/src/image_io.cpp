#include "shuimo/image_io/image_io.h"

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "image_probe.h"
#include "shuimo/engine/atomic_file.h"
#include "shuimo/engine/errors.h"

namespace shuimo::image_io {
namespace {

using engine::Image;
using engine::ErrorCode;
using engine::ImageIoError;

std::string lower_extension(const std::filesystem::path& path) {
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext;
}

std::vector<unsigned char> read_bytes(const std::filesystem::path& path) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (!std::filesystem::exists(status)) throw ImageIoError("cannot read " + path.string() + ": no such file",
                                           ErrorCode::ImageUnreadable, {path.filename().string()});
    if (std::filesystem::is_directory(status))
        throw ImageIoError("cannot read " + path.string() + ": it is a folder, not an image file",
                                           ErrorCode::ImageUnreadable, {path.filename().string()});
    // Checked before reading, so a huge file is not loaded into memory only to be refused.
    if (const auto size = std::filesystem::file_size(path, ec); !ec && size > static_cast<std::uintmax_t>(std::numeric_limits<int>::max()))
        throw ImageIoError("cannot read " + path.string() + ": files of 2 GiB or more are not supported");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ImageIoError("cannot read " + path.string() + ": " + std::strerror(errno),
                                           ErrorCode::ImageUnreadable, {path.filename().string()});
    std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) throw ImageIoError("cannot read " + path.string() + ": read error",
                                           ErrorCode::ImageUnreadable, {path.filename().string()});
    if (bytes.empty())
        throw ImageIoError("cannot read " + path.string() + ": the file is empty", ErrorCode::ImageUnreadable,
                           {path.filename().string()});
    return bytes;
}

cv::Mat decode(std::span<const unsigned char> bytes, int flags) {
    try {
        // imdecode does not write to its input; the Mat header only wraps the bytes.
        const cv::Mat buffer(1, static_cast<int>(bytes.size()), CV_8U, const_cast<unsigned char*>(bytes.data()));
        return cv::imdecode(buffer, flags);
    } catch (const cv::Exception&) {
        return {};
    }
}

std::string with_commas(std::uint64_t n) {
    std::string digits = std::to_string(n);
    for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) digits.insert(static_cast<std::size_t>(i), ",");
    return digits;
}

// Refuses, from the header alone, what the decoder would fail on or should not be asked to do.
void check_before_decoding(std::span<const unsigned char> bytes, const std::filesystem::path& source) {
    const ImageProbe probe = probe_image(bytes);
    const std::string name(format_name(probe.format));
    if (probe.format == ImageFormat::Gif) {
        throw ImageIoError("cannot read " + source.string() +
                           ": GIF images are not supported; convert it to PNG (for an animation, its first frame)",
                           ErrorCode::NotAnImage, {source.filename().string()});
    }
    if (probe.animated) {
        throw ImageIoError("cannot read " + source.string() + ": animated " + name +
                           " is not supported; export its first frame as PNG or a still " + name,
                           ErrorCode::NotAnImage, {source.filename().string()});
    }
    if (probe.size) {
        const std::uint64_t limit = max_image_pixels();
        if (probe.size->pixels() > limit) {
            throw ImageIoError("cannot read " + source.string() + ": its header declares " +
                               std::to_string(probe.size->width) + "x" + std::to_string(probe.size->height) + " = " +
                               with_commas(probe.size->pixels()) + " pixels, more than the limit of " +
                               with_commas(limit) + "; if the image is genuine, raise the limit with the environment "
                               "variable SHUIMO_MAX_IMAGE_PIXELS (beyond 1,073,741,824 also OPENCV_IO_MAX_IMAGE_PIXELS)",
                               ErrorCode::ImageTooLarge,
                               {source.filename().string(), std::to_string(probe.size->width),
                                std::to_string(probe.size->height), std::to_string(limit)});
        }
    }
    if (probe.truncated) {
        throw ImageIoError("cannot read " + source.string() + ": the " + name +
                           " data end early (the file is truncated or damaged); copy or export it again",
                           ErrorCode::NotAnImage, {source.filename().string()});
    }
}

// The EXIF-oriented decode drops alpha; the raw decode keeps it but is not
// oriented. Find which of the eight orientations maps raw onto oriented.
cv::Mat orient_like(const cv::Mat& raw, const cv::Mat& oriented_colour) {
    cv::Mat raw_colour;
    if (raw.channels() == 4) cv::cvtColor(raw, raw_colour, cv::COLOR_BGRA2BGR);
    else if (raw.channels() == 2) return raw;  // grey + alpha: no orientation known to OpenCV here
    else raw_colour = raw;
    if (raw_colour.channels() != oriented_colour.channels() || raw_colour.depth() != oriented_colour.depth()) return raw;

    const std::array<std::function<cv::Mat(const cv::Mat&)>, 8> transforms{
        [](const cv::Mat& m) { return m; },
        [](const cv::Mat& m) { cv::Mat o; cv::flip(m, o, 1); return o; },
        [](const cv::Mat& m) { cv::Mat o; cv::rotate(m, o, cv::ROTATE_180); return o; },
        [](const cv::Mat& m) { cv::Mat o; cv::flip(m, o, 0); return o; },
        [](const cv::Mat& m) { cv::Mat o; cv::transpose(m, o); return o; },
        [](const cv::Mat& m) { cv::Mat o; cv::rotate(m, o, cv::ROTATE_90_CLOCKWISE); return o; },
        [](const cv::Mat& m) { cv::Mat o; cv::transpose(m, o); cv::rotate(o, o, cv::ROTATE_180); return o; },
        [](const cv::Mat& m) { cv::Mat o; cv::rotate(m, o, cv::ROTATE_90_COUNTERCLOCKWISE); return o; },
    };
    for (const auto& transform : transforms) {
        const cv::Mat candidate = transform(raw_colour);
        if (candidate.size() == oriented_colour.size() && cv::norm(candidate, oriented_colour, cv::NORM_INF) == 0)
            return transform(raw);
    }
    return raw;
}

double depth_scale(int depth, const std::filesystem::path& path) {
    switch (depth) {
    case CV_8U: return 1.0 / 255.0;
    case CV_16U: return 1.0 / 65535.0;
    case CV_32F: return 1.0;
    default:
        throw ImageIoError("cannot read " + path.string() +
                           ": unsupported sample format (use 8- or 16-bit integer or 32-bit float images)");
    }
}

Image plane_to_image(const cv::Mat& floats) {
    Image image(floats.cols, floats.rows, floats.channels());
    for (int y = 0; y < floats.rows; ++y) {
        const float* row = floats.ptr<float>(y);
        std::copy(row, row + static_cast<std::size_t>(floats.cols) * floats.channels(),
                  image.pixels.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(y) * floats.cols * floats.channels()));
    }
    for (float& v : image.pixels) v = std::clamp(v, 0.0f, 1.0f);
    return image;
}

cv::Mat image_to_mat(const Image& image) {
    const int type = CV_MAKETYPE(CV_32F, image.channels);
    cv::Mat mat(image.height, image.width, type);
    for (int y = 0; y < image.height; ++y) {
        std::copy_n(image.pixels.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(y) * image.width * image.channels),
                    static_cast<std::size_t>(image.width) * image.channels, mat.ptr<float>(y));
    }
    return mat;
}

}  // namespace

std::uint64_t max_image_pixels() {
    const char* text = std::getenv("SHUIMO_MAX_IMAGE_PIXELS");
    if (text == nullptr || *text == '\0') return kDefaultMaxImagePixels;
    char* end = nullptr;
    errno = 0;
    const unsigned long long value = std::strtoull(text, &end, 10);
    if (errno != 0 || *end != '\0' || value == 0 || *text == '-') return kDefaultMaxImagePixels;
    return value;
}

LoadedImage read_image(const std::filesystem::path& path) {
    const auto bytes = read_bytes(path);
    return decode_image(bytes, path);
}

LoadedImage decode_image(std::span<const unsigned char> bytes, const std::filesystem::path& source) {
    const std::filesystem::path& path = source;
    if (bytes.empty())
        throw ImageIoError("cannot read " + path.string() + ": the file is empty", ErrorCode::ImageUnreadable,
                           {path.filename().string()});
    if (bytes.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
        throw ImageIoError("cannot read " + path.string() + ": files of 2 GiB or more are not supported");
    check_before_decoding(bytes, path);
    cv::Mat oriented = decode(bytes, cv::IMREAD_ANYCOLOR | cv::IMREAD_ANYDEPTH);  // applies EXIF orientation
    if (oriented.empty()) {
        throw ImageIoError("cannot decode " + path.string() +
                           ": not a supported image (JPEG, PNG, TIFF, WebP, BMP) or the file is damaged",
                           ErrorCode::NotAnImage, {path.filename().string()});
    }
    cv::Mat pixels = oriented;
    if (probe_image(bytes).format != ImageFormat::Jpeg) {
        const cv::Mat raw = decode(bytes, cv::IMREAD_UNCHANGED);
        if (!raw.empty() && (raw.channels() == 4 || raw.channels() == 2)) pixels = orient_like(raw, oriented);
    }

    LoadedImage loaded;
    loaded.file_channels = pixels.channels();
    loaded.bit_depth = pixels.depth() == CV_16U ? 16 : pixels.depth() == CV_32F ? 32 : 8;
    cv::Mat floats;
    pixels.convertTo(floats, CV_32F, depth_scale(pixels.depth(), path));

    cv::Mat rgb;
    cv::Mat alpha;
    switch (floats.channels()) {
    case 1: cv::cvtColor(floats, rgb, cv::COLOR_GRAY2RGB); break;
    case 2: {
        std::vector<cv::Mat> planes;
        cv::split(floats, planes);
        cv::cvtColor(planes[0], rgb, cv::COLOR_GRAY2RGB);
        alpha = planes[1];
        break;
    }
    case 3: cv::cvtColor(floats, rgb, cv::COLOR_BGR2RGB); break;
    case 4: {
        cv::cvtColor(floats, rgb, cv::COLOR_BGRA2RGB);
        cv::extractChannel(floats, alpha, 3);
        break;
    }
    default: throw ImageIoError("cannot read " + path.string() + ": unsupported channel count");
    }
    loaded.rgb = plane_to_image(rgb);
    if (!alpha.empty()) loaded.alpha = plane_to_image(alpha);
    return loaded;
}

void check_output_path(const std::filesystem::path& path, int bit_depth) {
    const std::string ext = lower_extension(path);
    if (ext != ".png" && ext != ".jpg" && ext != ".jpeg" && ext != ".tif" && ext != ".tiff" && ext != ".webp") {
        throw ImageIoError("cannot write " + path.string() + ": unknown output format '" + ext +
                           "' (use .png, .jpg, .tif or .webp)");
    }
    if (bit_depth != 8 && bit_depth != 16) throw ImageIoError("bit depth must be 8 or 16 (got " + std::to_string(bit_depth) + ")");
    const bool high_depth_format = ext == ".png" || ext == ".tif" || ext == ".tiff";
    if (bit_depth == 16 && !high_depth_format) {
        throw ImageIoError("cannot write " + path.string() + ": " + ext +
                           " holds only 8-bit images; use .png or .tif for 16-bit output");
    }
    const std::filesystem::path folder = path.parent_path().empty() ? std::filesystem::path(".") : path.parent_path();
    std::error_code ec;
    if (!std::filesystem::is_directory(folder, ec))
        throw ImageIoError("cannot write " + path.string() + ": folder " + folder.string() + " does not exist");
    if (std::filesystem::is_directory(path, ec))
        throw ImageIoError("cannot write " + path.string() + ": it is a folder");
}

std::vector<std::byte> encode_image(const std::filesystem::path& path, const Image& rgb, const Image* alpha,
                                    int bit_depth) {
    const std::string ext = lower_extension(path);
    if (rgb.empty() || rgb.channels != 3) throw ImageIoError("cannot write " + path.string() + ": no RGB image to write");
    if (alpha != nullptr && (alpha->width != rgb.width || alpha->height != rgb.height || alpha->channels != 1))
        throw ImageIoError("cannot write " + path.string() + ": alpha does not match the image size");

    cv::Mat bgr;
    cv::cvtColor(image_to_mat(rgb), bgr, cv::COLOR_RGB2BGR);
    cv::Mat out = bgr;
    const bool with_alpha = alpha != nullptr && ext != ".jpg" && ext != ".jpeg";
    if (with_alpha) {
        std::vector<cv::Mat> planes;
        cv::split(bgr, planes);
        planes.push_back(image_to_mat(*alpha));
        cv::merge(planes, out);
    }
    cv::Mat encoded_input;
    const double max_value = bit_depth == 16 ? 65535.0 : 255.0;
    out.convertTo(encoded_input, bit_depth == 16 ? CV_16U : CV_8U, max_value);  // saturating and rounding

    std::vector<int> params;
    if (ext == ".jpg" || ext == ".jpeg") params = {cv::IMWRITE_JPEG_QUALITY, 95};
    if (ext == ".webp") params = {cv::IMWRITE_WEBP_QUALITY, 95};
    std::vector<unsigned char> buffer;
    bool ok = false;
    try {
        ok = cv::imencode(ext, encoded_input, buffer, params);
    } catch (const cv::Exception& e) {
        throw ImageIoError("cannot encode " + path.string() + ": " + e.what());
    }
    if (!ok) throw ImageIoError("cannot encode " + path.string() + " as " + ext);
    const auto bytes = std::as_bytes(std::span(buffer));
    return {bytes.begin(), bytes.end()};
}

void write_image(const std::filesystem::path& path, const Image& rgb, const Image* alpha, int bit_depth) {
    check_output_path(path, bit_depth);
    const std::vector<std::byte> encoded = encode_image(path, rgb, alpha, bit_depth);
    try {
        engine::write_file_atomically(path, encoded);
    } catch (const engine::EngineError& e) {
        throw ImageIoError(e.what());
    }
}

Image resize_image(const Image& image, engine::Size size) {
    if (image.width == size.width && image.height == size.height) return image;
    const bool shrinking = static_cast<long long>(size.width) * size.height < static_cast<long long>(image.width) * image.height;
    cv::Mat resized;
    cv::resize(image_to_mat(image), resized, cv::Size(size.width, size.height), 0, 0,
               shrinking ? cv::INTER_AREA : cv::INTER_CUBIC);
    if (resized.channels() == 1 && image.channels == 1) resized = resized.reshape(1);
    return plane_to_image(resized);
}

}  // namespace shuimo::image_io
