#include "shuimo/session/session.h"

#include <algorithm>
#include <cmath>

#include "shuimo/engine/param_table.h"

namespace shuimo::session {

Picture to_picture(const engine::Image& image) {
    Picture picture;
    if (image.empty()) return picture;
    picture.width = image.width;
    picture.height = image.height;
    picture.channels = image.channels;
    picture.samples.resize(image.sample_count());
    for (std::size_t i = 0; i < picture.samples.size(); ++i) {
        const float v = std::isfinite(image.pixels[i]) ? std::clamp(image.pixels[i], 0.0f, 1.0f) : 0.0f;
        picture.samples[i] = static_cast<std::uint16_t>(std::lround(v * 65535.0f));
    }
    return picture;
}

engine::Image to_image(const Picture& picture) {
    if (picture.empty()) return {};
    engine::Image image(picture.width, picture.height, picture.channels);
    for (std::size_t i = 0; i < picture.samples.size(); ++i) image.pixels[i] = static_cast<float>(picture.samples[i]) / 65535.0f;
    return image;
}

MaskSize mask_size(int photo_width, int photo_height) {
    if (photo_width <= 0 || photo_height <= 0) return {};
    const int long_side = std::max(photo_width, photo_height);
    if (long_side <= kMaskLongSide) return {photo_width, photo_height};
    const double scale = static_cast<double>(kMaskLongSide) / long_side;
    return {std::max(1, static_cast<int>(std::lround(photo_width * scale))), std::max(1, static_cast<int>(std::lround(photo_height * scale)))};
}

bool covers_anything(const Picture& mask) {
    constexpr std::uint16_t kOver = 65535 / 255;  // 1/255
    return std::any_of(mask.samples.begin(), mask.samples.end(), [](std::uint16_t v) { return v > kOver; });
}

const Painting* Photo::current_painting() const {
    if (current < 0 || current >= static_cast<int>(paintings.size())) return nullptr;
    return &paintings[static_cast<std::size_t>(current)];
}

int Session::find_photo(const QString& path) const {
    for (std::size_t i = 0; i < photos.size(); ++i) {
        if (photos[i].path == path) return static_cast<int>(i);
    }
    return -1;
}

Photo* Session::photo(const QString& path) {
    const int index = find_photo(path);
    return index < 0 ? nullptr : &photos[static_cast<std::size_t>(index)];
}

const Photo* Session::photo(const QString& path) const {
    const int index = find_photo(path);
    return index < 0 ? nullptr : &photos[static_cast<std::size_t>(index)];
}

int Session::add_photo(const QString& path) {
    if (const int index = find_photo(path); index >= 0) return index;
    Photo photo;
    photo.path = path;
    photos.push_back(std::move(photo));
    return static_cast<int>(photos.size()) - 1;
}

void Session::remove_photo(int index) {
    if (index < 0 || index >= static_cast<int>(photos.size())) return;
    photos.erase(photos.begin() + index);
    if (photos.empty()) current_photo = -1;
    else if (current_photo > index || current_photo >= static_cast<int>(photos.size())) --current_photo;
}

void Session::move_photo(int from, int to) {
    const int count = static_cast<int>(photos.size());
    if (from < 0 || from >= count) return;
    to = std::clamp(to, 0, count - 1);
    if (from == to) return;
    const QString current = current_photo >= 0 ? photos[static_cast<std::size_t>(current_photo)].path : QString();
    Photo moved = std::move(photos[static_cast<std::size_t>(from)]);
    photos.erase(photos.begin() + from);
    photos.insert(photos.begin() + to, std::move(moved));
    if (!current.isEmpty()) current_photo = find_photo(current);
}

int Session::add_painting(int photo_index, Painting painting) {
    if (photo_index < 0 || photo_index >= static_cast<int>(photos.size())) return -1;
    Photo& photo = photos[static_cast<std::size_t>(photo_index)];
    painting.params = normalised_params(painting.params);
    if (painting.revision == 0) {
        ++photo.made;
        if (painting.number == 0 && painting.name.isEmpty()) painting.number = photo.made;
    }
    photo.paintings.push_back(std::move(painting));
    photo.current = static_cast<int>(photo.paintings.size()) - 1;
    return photo.current;
}

void Session::insert_painting(int photo_index, int painting_index, Painting painting) {
    if (photo_index < 0 || photo_index >= static_cast<int>(photos.size())) return;
    Photo& photo = photos[static_cast<std::size_t>(photo_index)];
    painting_index = std::clamp(painting_index, 0, static_cast<int>(photo.paintings.size()));
    photo.paintings.insert(photo.paintings.begin() + painting_index, std::move(painting));
    photo.current = painting_index;
}

void Session::remove_painting(int photo_index, int painting_index) {
    if (photo_index < 0 || photo_index >= static_cast<int>(photos.size())) return;
    Photo& photo = photos[static_cast<std::size_t>(photo_index)];
    if (painting_index < 0 || painting_index >= static_cast<int>(photo.paintings.size())) return;
    photo.paintings.erase(photo.paintings.begin() + painting_index);
    if (photo.paintings.empty()) photo.current = -1;
    else if (photo.current > painting_index || photo.current >= static_cast<int>(photo.paintings.size())) --photo.current;
}

int Session::unexported_paintings() const {
    int count = 0;
    for (const Photo& photo : photos) {
        for (const Painting& painting : photo.paintings) count += painting.exported_to.isEmpty() ? 1 : 0;
    }
    return count;
}

int Session::painting_count() const {
    int count = 0;
    for (const Photo& photo : photos) count += static_cast<int>(photo.paintings.size());
    return count;
}

engine::StyleParams normalised_params(const engine::StyleParams& params) {
    engine::StyleParams out;
    for (const engine::ParamField& field : engine::param_fields()) {
        if (field.stored) engine::copy_param(field, params, out);
    }
    return out;
}

}  // namespace shuimo::session
