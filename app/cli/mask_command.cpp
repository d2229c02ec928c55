#include "mask_command.h"

#include <cstdio>
#include <filesystem>

#include "cli_options.h"
#include "shuimo/engine/system_helpers.h"
#include "shuimo/image_io/auto_masks.h"
#include "shuimo/image_io/image_io.h"

namespace shuimo::cli {

namespace {

constexpr const char* kHelp =
    "Usage: shuimo-cli mask sky|faces --input PHOTO --output MASK.png\n"
    "  An automatic region mask of PHOTO at its size, white where the region is, soft-edged:\n"
    "  sky    smooth, blue-ish or bright colourless pixels connected to the top edge\n"
    "  faces  frontal faces (OpenCV's Haar cascade from Debian's opencv-data)\n"
    "  Correct it in any paint program, then: shuimo-cli stylize ... --region MASK.png:STYLE|photo|paper\n"
    "  (or let stylize make it: --region sky:paper, --region faces:photo).\n";

}  // namespace

int run_mask_command(const QStringList& arguments) {
    if (arguments.contains(QStringLiteral("--help")) || arguments.contains(QStringLiteral("-h"))) {
        std::fputs(kHelp, stdout);
        return 0;
    }
    QString kind, input, output;
    for (int i = 0; i < arguments.size(); ++i) {
        const QString& a = arguments[i];
        if ((a == QLatin1String("--input") || a == QLatin1String("--output")) && i + 1 < arguments.size()) {
            (a == QLatin1String("--input") ? input : output) = arguments[++i];
        } else if (kind.isEmpty() && !a.startsWith(QLatin1Char('-'))) {
            kind = a;
        } else {
            throw UsageError("mask: unexpected argument '" + a.toStdString() + "' (shuimo-cli mask --help)");
        }
    }
    if (kind != QLatin1String("sky") && kind != QLatin1String("faces"))
        throw UsageError("mask: say which mask: sky or faces (shuimo-cli mask --help)");
    if (input.isEmpty() || output.isEmpty()) throw UsageError("mask: --input and --output are required");
    const std::filesystem::path in(input.toStdU32String()), out(output.toStdU32String());
    if (engine::same_file(out, in)) throw UsageError("mask: --output is the photo; originals are never overwritten");
    image_io::check_output_path(out, 8);
    const engine::Image photo = image_io::read_image(in).rgb;
    const engine::Image mask = *image_io::automatic_mask(kind.toStdString(), photo);
    // Written as a grey RGB image (what every paint program opens), atomically.
    engine::Image grey(mask.width, mask.height, 3);
    for (std::size_t i = 0; i < mask.pixels.size(); ++i)
        for (int c = 0; c < 3; ++c) grey.pixels[i * 3 + static_cast<std::size_t>(c)] = mask.pixels[i];
    image_io::write_image(out, grey);
    double covered = 0.0;
    for (const float v : mask.pixels) covered += v;
    std::fprintf(stderr, "shuimo-cli: wrote %s (%s mask, %.1f %% of the photo)\n", out.string().c_str(), kind.toStdString().c_str(),
                 100.0 * covered / static_cast<double>(mask.pixels.size()));
    return 0;
}

}  // namespace shuimo::cli
