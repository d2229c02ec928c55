#pragma once
// Exceptions of the model store. Messages are for the user: what is wrong and what to do.

#include <stdexcept>
#include <string>
#include <utility>

namespace shuimo::models {

class ModelStoreError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The catalogue file is missing, not JSON, or lacks a field; or a name is not in it.
class CatalogueError : public ModelStoreError {
public:
    using ModelStoreError::ModelStoreError;
};

// A file's checksum is not the one expected: nothing is installed from it.
class ChecksumError : public ModelStoreError {
public:
    using ModelStoreError::ModelStoreError;
};

// The file's checksum is not the catalogue's, but the file behaves like a trained VGG-19 (behaviour_check.h):
// installing it is offered, never done silently. The message says so and how to accept
// (`--accept-checksum-mismatch`, or the Models dialog's question); `offered_id` is what it would be installed as.
class ChecksumMismatchOffer : public ChecksumError {
public:
    ChecksumMismatchOffer(const std::string& message, std::string offered_id)
        : ChecksumError(message), offered_id_(std::move(offered_id)) {}
    const std::string& offered_id() const noexcept { return offered_id_; }

private:
    std::string offered_id_;
};

// The file does not behave like a trained VGG-19 (it names too few of the test photos): refused whatever
// its checksum, with the classes it gave.
class BehaviourError : public ModelStoreError {
public:
    using ModelStoreError::ModelStoreError;
};

// A source file cannot be read as VGG-19 weights (bad safetensors, caffemodel OpenCV rejects, wrong shapes).
class ConversionError : public ModelStoreError {
public:
    using ModelStoreError::ModelStoreError;
};

}  // namespace shuimo::models
