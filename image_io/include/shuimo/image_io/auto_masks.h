#pragma once
// Automatic starts for a region's mask (docs/REGIONS.md): the sky by colour, brightness and
// smoothness, faces by OpenCV's Haar cascade. Masks are 1-channel images in [0,1] at the
// photo's size, with soft edges; an artist corrects them (or uses them as they are in a batch,
// where each photo gets its own). OpenCV inside; plain images across.

#include <filesystem>
#include <optional>
#include <string_view>

#include "shuimo/engine/image.h"

namespace shuimo::image_io {

// The sky: smooth, blue-ish or bright and colourless pixels connected to the top edge.
engine::Image sky_mask(const engine::Image& photo);

// Frontal faces as feathered ellipses a little larger than the detected boxes; all black when
// none is found. `cascade` empty: the system's (default_face_cascade()).
engine::Image face_mask(const engine::Image& photo, const std::filesystem::path& cascade = {});

// Debian's opencv-data frontal-face cascade (or $SHUIMO_FACE_CASCADE); throws ImageIoError naming
// the package to install when it is not there.
std::filesystem::path default_face_cascade();

// Some sample above 1/255: the engine's test for a mask that covers something (regions.h, validate_regions).
bool covers_anything(const engine::Image& mask);

// "sky" or "faces": a mask made from each photo rather than read from a file.
bool is_automatic_mask(std::string_view name);

// "sky" or "faces": that automatic mask of `photo`; std::nullopt for any other name (a mask file).
std::optional<engine::Image> automatic_mask(std::string_view name, const engine::Image& photo);

}  // namespace shuimo::image_io
