#pragma once
// Where installed weights live. Plain path logic, shared by the CLI and the GUI.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace shuimo::engine {

inline constexpr const char* kVgg19WeightsFileName = "vgg19.safetensors";

// The folders searched for installed models, in order: $SHUIMO_MODEL_DIR if
// set, then $XDG_DATA_HOME/shuimo/models (default ~/.local/share/shuimo/models).
std::vector<std::filesystem::path> model_search_dirs();

// The first existing vgg19.safetensors in model_search_dirs(), if any.
std::optional<std::filesystem::path> find_installed_vgg19_weights();

// A message for the user when no weights are found: where we looked and what to do.
std::string missing_weights_message();

}  // namespace shuimo::engine
