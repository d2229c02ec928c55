#pragma once
// Pieces shared by the landscapes (山水, 浅绛): ridge lines, graded mountain
// washes, mist, texture strokes and trees.

#include <opencv2/core.hpp>

#include <vector>

#include "../painting.h"

namespace shuimo::ink {

// Height of a ridge (y in px, smaller is higher) at every x.
using Ridge = std::vector<float>;

// A ridge of `peaks` summits around `base_y`, rising up to `height` px, rough at `roughness` px.
Ridge make_ridge(int width, Rng& rng, float base_y, float height, int peaks, float roughness, float scale);

// Ink graded down from the ridge line: full `ink` at the crest, fading over `fade` px.
void graded_wash(cv::Mat1f& wet, const Ridge& ridge, float ink, float fade, Rng& rng, float scale);

// Mist: multiplies the layer by (1 - strength) in soft horizontal bands around the given rows.
void lift_mist(cv::Mat1f& wet, const std::vector<float>& rows, float band, float strength, Rng& rng, float scale);

// The crest drawn with a drier brush, in a few strokes.
void outline_ridge(cv::Mat1f& wet, const Ridge& ridge, float ink, float radius, Rng& rng, float scale);

// Short downward texture strokes (皴) on the slopes below a ridge.
void slope_texture(cv::Mat1f& wet, const Ridge& ridge, int count, float ink, float depth, Rng& rng, float scale);

// Moss dots and small trees along a crest.
void crest_dots(cv::Mat1f& wet, const Ridge& ridge, int count, float ink, Rng& rng, float scale);

// A small pine or leafy tree: trunk stroke and a crown of dabs.
void small_tree(cv::Mat1f& trunk, cv::Mat1f& crown, cv::Point2f foot, float height, Rng& rng, float scale);

}  // namespace shuimo::ink
