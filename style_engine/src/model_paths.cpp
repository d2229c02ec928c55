#include "shuimo/engine/model_paths.h"

#include <cstdlib>
#include <system_error>

namespace shuimo::engine {

std::vector<std::filesystem::path> model_search_dirs() {
    std::vector<std::filesystem::path> dirs;
    if (const char* env = std::getenv("SHUIMO_MODEL_DIR"); env != nullptr && *env != '\0') dirs.emplace_back(env);
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg != nullptr && *xdg != '\0') {
        dirs.push_back(std::filesystem::path(xdg) / "shuimo" / "models");
    } else if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
        dirs.push_back(std::filesystem::path(home) / ".local" / "share" / "shuimo" / "models");
    }
    return dirs;
}

std::optional<std::filesystem::path> find_installed_vgg19_weights() {
    for (const auto& dir : model_search_dirs()) {
        std::error_code ec;
        const auto candidate = dir / kVgg19WeightsFileName;
        if (std::filesystem::is_regular_file(candidate, ec)) return candidate;
    }
    return std::nullopt;
}

std::string missing_weights_message() {
    std::string looked;
    for (const auto& dir : model_search_dirs()) {
        if (!looked.empty()) looked += ", ";
        looked += (dir / kVgg19WeightsFileName).string();
    }
    return "no VGG-19 weights installed (looked for " + looked +
           "); get model.safetensors of timm's vgg19.tv_in1k (see docs/MODELS.md) and pass it with --weights FILE, "
           "or copy it to one of those places as " + std::string(kVgg19WeightsFileName);
}

}  // namespace shuimo::engine
