#pragma once
// One picture of all the references with their names, for the docs.

#include <opencv2/core.hpp>

#include <string>
#include <vector>

namespace shuimo::ink {

struct Labelled {
    std::string label;
    cv::Mat image;  // 8-bit BGR
};

// A grid of `columns` tiles, each image fitted into a `tile` px square with its label below.
cv::Mat make_contact_sheet(const std::vector<Labelled>& images, int columns, int tile);

}  // namespace shuimo::ink
