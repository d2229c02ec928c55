// shuimo-ink-styles: paints the bundled ink-wash references from a seed.
//
//   shuimo-ink-styles [--out DIR] [--only ID]... [--size N] [--seed N] [--contact-sheet FILE] [--list]
//
// The same seed gives the same files on the same machine: all randomness comes
// from one seeded std::mt19937_64 per reference, forked by name.

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "contact_sheet.h"
#include "motifs/motifs.h"
#include "shuimo/engine/atomic_file.h"

namespace {

using namespace shuimo::ink;

constexpr int kDefaultSize = 1024;
constexpr std::uint64_t kDefaultSeed = 20240611;

struct Options {
    std::filesystem::path out = "assets/styles";
    std::set<std::string> only;
    int size = kDefaultSize;
    std::uint64_t seed = kDefaultSeed;
    std::filesystem::path contact_sheet;
    bool list = false;
};

void usage(std::FILE* to) {
    std::fprintf(to,
                 "usage: shuimo-ink-styles [--out DIR] [--only ID]... [--size N] [--seed N] [--contact-sheet FILE] [--list]\n"
                 "  --out DIR             where the PNGs go (default assets/styles)\n"
                 "  --only ID             paint only this reference (repeatable; see --list)\n"
                 "  --size N              long side in px (default %d, at least 64)\n"
                 "  --seed N              seed (default %llu): same seed, same files\n"
                 "  --contact-sheet FILE  also write a labelled grid of the painted references (JPEG or PNG)\n"
                 "  --list                print the reference ids and exit\n",
                 kDefaultSize, static_cast<unsigned long long>(kDefaultSeed));
}

std::uint64_t parse_number(const std::string& option, const char* text, std::uint64_t low, std::uint64_t high) {
    char* end = nullptr;
    errno = 0;
    const unsigned long long value = std::strtoull(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || text[0] == '-' || value < low || value > high)
        throw std::runtime_error(option + " needs a whole number from " + std::to_string(low) + " to " + std::to_string(high) +
                                 ", got \"" + text + "\"");
    return value;
}

Options parse(int argc, char** argv) {
    Options options;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&]() -> const char* {
            if (i + 1 >= argc) throw std::runtime_error(arg + " needs a value");
            return argv[++i];
        };
        if (arg == "--out") options.out = value();
        else if (arg == "--only") options.only.insert(value());
        else if (arg == "--size") options.size = static_cast<int>(parse_number(arg, value(), 64, 8192));
        else if (arg == "--seed") options.seed = parse_number(arg, value(), 0, UINT64_MAX);
        else if (arg == "--contact-sheet") options.contact_sheet = value();
        else if (arg == "--list") options.list = true;
        else if (arg == "--help" || arg == "-h") {
            usage(stdout);
            std::exit(0);
        } else throw std::runtime_error("unknown option \"" + arg + "\" (see --help)");
    }
    for (const auto& id : options.only) {
        bool known = false;
        for (const auto& motif : all_motifs()) known = known || motif.id == id;
        if (!known) throw std::runtime_error("no reference called \"" + id + "\" (see --list)");
    }
    return options;
}

// Rounds (not truncates) to 8 bits, RGB → BGR for OpenCV.
cv::Mat to_bgr8(const cv::Mat3f& rgb) {
    cv::Mat3f clamped = cv::min(cv::max(rgb, 0.0f), 1.0f);
    cv::Mat bgr;
    cv::cvtColor(clamped, bgr, cv::COLOR_RGB2BGR);
    cv::Mat out;
    bgr.convertTo(out, CV_8UC3, 255.0);
    return out;
}

void write_image(const std::filesystem::path& path, const cv::Mat& image, const std::vector<int>& params) {
    std::vector<unsigned char> bytes;
    if (!cv::imencode(path.extension().string(), image, bytes, params))
        throw std::runtime_error("cannot encode " + path.string());
    shuimo::engine::write_file_atomically(path, std::as_bytes(std::span(bytes.data(), bytes.size())));
}

}  // namespace

int main(int argc, char** argv) {
    try {
        const Options options = parse(argc, argv);
        if (options.list) {
            for (const auto& motif : all_motifs()) std::printf("%s\t%s\t%s\n", motif.id.c_str(), motif.file.c_str(), motif.title.c_str());
            return 0;
        }
        // Results must not depend on how many threads OpenCV happens to use.
        cv::setNumThreads(1);
        std::filesystem::create_directories(options.out);
        std::vector<Labelled> painted;
        for (const auto& motif : all_motifs()) {
            if (!options.only.empty() && !options.only.count(motif.id)) continue;
            const auto start = std::chrono::steady_clock::now();
            Rng rng(options.seed ^ Rng::hash(motif.id));
            const cv::Mat image = to_bgr8(motif.paint(options.size, rng));
            const auto path = options.out / motif.file;
            write_image(path, image, {cv::IMWRITE_PNG_COMPRESSION, 9});
            const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            std::printf("%-20s %4dx%-4d %5.1f s  %s\n", motif.id.c_str(), image.cols, image.rows, seconds, path.string().c_str());
            std::fflush(stdout);
            if (!options.contact_sheet.empty()) painted.push_back({motif.title, image});
        }
        if (!options.contact_sheet.empty()) {
            const cv::Mat sheet = make_contact_sheet(painted, 4, 360);
            write_image(options.contact_sheet, sheet, {cv::IMWRITE_JPEG_QUALITY, 88});
            std::printf("contact sheet        %s\n", options.contact_sheet.string().c_str());
        }
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "shuimo-ink-styles: %s\n", e.what());
        return 1;
    }
}
