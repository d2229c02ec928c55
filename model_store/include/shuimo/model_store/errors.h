#pragma once
// Exceptions of the model store. Messages are for the user: what is wrong and what to do.

#include <stdexcept>
#include <string>

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

// A source file cannot be read as VGG-19 weights (bad safetensors, caffemodel OpenCV rejects, wrong shapes).
class ConversionError : public ModelStoreError {
public:
    using ModelStoreError::ModelStoreError;
};

}  // namespace shuimo::models
