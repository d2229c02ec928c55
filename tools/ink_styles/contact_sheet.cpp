#include "contact_sheet.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>

namespace shuimo::ink {

cv::Mat make_contact_sheet(const std::vector<Labelled>& images, int columns, int tile) {
    const int label_height = 30, margin = 12;
    const int rows = (static_cast<int>(images.size()) + columns - 1) / columns;
    cv::Mat sheet(margin + rows * (tile + label_height + margin), margin + columns * (tile + margin), CV_8UC3,
                  cv::Scalar(245, 245, 245));
    for (std::size_t i = 0; i < images.size(); ++i) {
        const int col = static_cast<int>(i) % columns, row = static_cast<int>(i) / columns;
        const cv::Mat& image = images[i].image;
        const double f = static_cast<double>(tile) / std::max(image.cols, image.rows);
        cv::Mat small;
        cv::resize(image, small, cv::Size(std::max(1, static_cast<int>(image.cols * f)), std::max(1, static_cast<int>(image.rows * f))), 0,
                   0, cv::INTER_AREA);
        const int x = margin + col * (tile + margin) + (tile - small.cols) / 2;
        const int y = margin + row * (tile + label_height + margin) + (tile - small.rows) / 2;
        small.copyTo(sheet(cv::Rect(x, y, small.cols, small.rows)));
        cv::putText(sheet, images[i].label, cv::Point(margin + col * (tile + margin), margin + row * (tile + label_height + margin) + tile + 21),
                    cv::FONT_HERSHEY_SIMPLEX, 0.6, cv::Scalar(40, 40, 40), 1, cv::LINE_AA);
    }
    return sheet;
}

}  // namespace shuimo::ink
