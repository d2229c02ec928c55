// Helper of the Slurm test (slurm_batch_test.sh), which drives it from bash:
//
//   cluster_fixture make DIR ITERATIONS   a queue DIR/q.json (3 photos x 1 style x 2 presets, 32 px,
//                                        seeded) with its pictures, and DIR/models/vgg19.safetensors
//                                        (seeded random weights)
//   cluster_fixture outputs FOLDER        one line per finished output, "name settings-hash image-hash",
//                                        sorted; exit 1 naming the first thing that is not a finished
//                                        output (a temporary, a record without its image or not matching
//                                        it, an image that does not decode or has the wrong size)

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>
#include <string>

#include "random_weights.h"
#include "shuimo/batch/output_record.h"
#include "shuimo/image_io/image_io.h"
#include "sine_pattern.h"

using namespace shuimo;

namespace {

constexpr int kLongSide = 32;

void make(const std::filesystem::path& dir, int iterations) {
    std::filesystem::create_directories(dir / "photos");
    std::filesystem::create_directories(dir / "models");
    image_io::write_image(dir / "photos/a.png", testing::sine_pattern(40, 32, 0.0));
    image_io::write_image(dir / "photos/b.png", testing::sine_pattern(32, 40, 1.0));
    image_io::write_image(dir / "photos/c.png", testing::sine_pattern(36, 36, 2.0));
    image_io::write_image(dir / "ink.png", testing::sine_pattern(48, 48, 3.0));
    testing::write_random_vgg19_weights(dir / "models/vgg19.safetensors");
    std::ofstream(dir / "q.json") << R"({"output": {"folder": "out"},
        "params": {"size": )" << kLongSide << R"(, "iterations": )" << iterations << R"(, "scales": 1, "seed": "7"},
        "contents": ["photos"], "styles": ["ink.png"],
        "presets": [{"name": "soft", "params": {"style_weight": 1e4}}, {"name": "strong"}]})";
}

QJsonObject read_record(const std::filesystem::path& file) {
    QFile in(QString::fromStdString(file.string()));
    if (!in.open(QIODevice::ReadOnly)) throw std::runtime_error("cannot read " + file.string());
    return QJsonDocument::fromJson(in.readAll()).object();
}

void outputs(const std::filesystem::path& folder) {
    std::set<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) files.insert(entry.path().filename().string());
    for (const auto& name : files) {
        if (name.ends_with(".json")) {
            if (!files.contains(name.substr(0, name.size() - 5))) throw std::runtime_error("a record without its image: " + name);
            continue;
        }
        if (!name.ends_with(".png")) throw std::runtime_error("not a finished output (a temporary?): " + name);
        const QJsonObject record = read_record(folder / (name + ".json"));
        const std::string settings = record.value(QStringLiteral("settings_hash")).toString().toStdString();
        const std::string image = record.value(QStringLiteral("output_sha256")).toString().toStdString();
        if (settings.empty() || image.empty()) throw std::runtime_error("no valid record beside " + name);
        const batch::OutputCheck check = batch::inspect_output(folder / name, settings);
        if (check.state != batch::OutputState::Finished) throw std::runtime_error(name + ": " + check.detail);
        const auto decoded = image_io::read_image(folder / name);
        if (std::max(decoded.rgb.width, decoded.rgb.height) != kLongSide) throw std::runtime_error(name + " has the wrong size");
        std::printf("%s %s %s\n", name.c_str(), settings.c_str(), image.c_str());
    }
}

}  // namespace

int main(int argc, char** argv) {
    try {
        const std::string command = argc > 1 ? argv[1] : "";
        if (command == "make" && argc == 4) {
            make(argv[2], std::stoi(argv[3]));
            return 0;
        }
        if (command == "outputs" && argc == 3) {
            outputs(argv[2]);
            return 0;
        }
        std::fprintf(stderr, "usage: cluster_fixture make DIR ITERATIONS | outputs FOLDER\n");
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "cluster_fixture: %s\n", e.what());
        return 1;
    }
}
