#pragma once
// Where installed weights live. Plain path logic, shared by the CLI and the GUI.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace shuimo::engine {

inline constexpr const char* kVgg19WeightsFileName = "vgg19.safetensors";
inline constexpr const char* kModelManifestFileName = "manifest.json";
// A one-line file in models_root() holding the id of the model to use by default.
inline constexpr const char* kDefaultModelFileName = "default";

// Where installed models live, one folder per model id:
// $XDG_DATA_HOME/shuimo/models (default ~/.local/share/shuimo/models); nullopt when neither
// XDG_DATA_HOME nor HOME is set.
std::optional<std::filesystem::path> models_root();

// models_root()/<id>; throws ConfigError for an id that is not a plain folder name
// (letters, digits, '.', '-', '_'; not starting with '.').
std::filesystem::path installed_model_dir(const std::string& id);
bool is_valid_model_id(const std::string& id);

// Ids of the installed models: folders of models_root() holding vgg19.safetensors, sorted by name.
std::vector<std::string> installed_model_ids();

// The id written in models_root()/default if that model is installed, else the first of
// installed_model_ids(), else nullopt. (model_store keeps the file up to date.)
std::optional<std::string> default_model_id();

// The folders searched for weights, in order: $SHUIMO_MODEL_DIR if set, then the default
// model's folder, then models_root() itself (the flat layout of earlier versions).
std::vector<std::filesystem::path> model_search_dirs();

// The first existing vgg19.safetensors in model_search_dirs(), if any.
std::optional<std::filesystem::path> find_installed_vgg19_weights();

// A message for the user when no weights are found: where we looked and what to do.
std::string missing_weights_message();

}  // namespace shuimo::engine
