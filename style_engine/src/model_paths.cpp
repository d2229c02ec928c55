#include "shuimo/engine/model_paths.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <system_error>

#include "shuimo/engine/errors.h"

namespace shuimo::engine {
namespace {

bool has_weights(const std::filesystem::path& dir) {
    std::error_code ec;
    return std::filesystem::is_regular_file(dir / kVgg19WeightsFileName, ec);
}

}  // namespace

std::optional<std::filesystem::path> models_root() {
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg != nullptr && *xdg != '\0')
        return std::filesystem::path(xdg) / "shuimo" / "models";
    if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
        return std::filesystem::path(home) / ".local" / "share" / "shuimo" / "models";
    return std::nullopt;
}

bool is_valid_model_id(const std::string& id) {
    if (id.empty() || id.size() > 64 || id.front() == '.') return false;
    return std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-' ||
               c == '_';
    });
}

std::filesystem::path installed_model_dir(const std::string& id) {
    if (!is_valid_model_id(id))
        throw ConfigError("'" + id + "' is not a model name: use letters, digits, '.', '-' and '_' (at most 64)");
    const auto root = models_root();
    if (!root) throw ConfigError("no data folder for models: set XDG_DATA_HOME or HOME");
    return *root / id;
}

std::vector<std::string> installed_model_ids() {
    std::vector<std::string> ids;
    const auto root = models_root();
    if (!root) return ids;
    std::error_code ec;
    for (std::filesystem::directory_iterator it(*root, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (is_valid_model_id(name) && it->is_directory(ec) && has_weights(it->path())) ids.push_back(name);
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

std::optional<std::string> default_model_id() {
    const auto ids = installed_model_ids();
    if (ids.empty()) return std::nullopt;
    std::ifstream in(*models_root() / kDefaultModelFileName);
    std::string chosen;
    if (in && std::getline(in, chosen)) {
        while (!chosen.empty() && (chosen.back() == '\r' || chosen.back() == ' ')) chosen.pop_back();
        if (std::find(ids.begin(), ids.end(), chosen) != ids.end()) return chosen;
    }
    return ids.front();
}

std::vector<std::filesystem::path> model_search_dirs() {
    std::vector<std::filesystem::path> dirs;
    if (const char* env = std::getenv("SHUIMO_MODEL_DIR"); env != nullptr && *env != '\0') dirs.emplace_back(env);
    if (const auto id = default_model_id()) dirs.push_back(*models_root() / *id);
    if (const auto root = models_root()) dirs.push_back(*root);
    return dirs;
}

std::optional<std::filesystem::path> find_installed_vgg19_weights() {
    for (const auto& dir : model_search_dirs()) {
        if (has_weights(dir)) return dir / kVgg19WeightsFileName;
    }
    return std::nullopt;
}

std::string missing_weights_message() {
    std::string looked;
    for (const auto& dir : model_search_dirs()) {
        if (!looked.empty()) looked += ", ";
        looked += (dir / kVgg19WeightsFileName).string();
    }
    if (const auto root = models_root()) looked += (looked.empty() ? "" : ", ") + (*root / "<model>").string() + "/";
    return "no VGG-19 weights installed (looked for " + looked +
           "); install them with `shuimo-cli models download vgg19-torchvision` (or the Models dialog), or fetch "
           "timm's vgg19.tv_in1k model.safetensors elsewhere and run `shuimo-cli models import FILE`, or pass a "
           "file with --weights FILE (see docs/MODELS.md)";
}

}  // namespace shuimo::engine
