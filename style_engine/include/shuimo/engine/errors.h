#pragma once
// Exceptions thrown by the engine. Every message is meant for the user: it says
// what is wrong and, where there is one, what to do about it.

#include <stdexcept>
#include <string>

namespace shuimo::engine {

class EngineError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The weights file is missing, unreadable, truncated, corrupt or of the wrong layout.
class WeightsError : public EngineError {
public:
    using EngineError::EngineError;
};

// A parameter is out of range or inconsistent (NaN weight, unknown layer name, ...).
class ConfigError : public EngineError {
public:
    using EngineError::EngineError;
};

// The requested device cannot be used (no CUDA, bad index, ...).
class DeviceError : public EngineError {
public:
    using EngineError::EngineError;
};

// An image could not be read, decoded, encoded or written.
class ImageIoError : public EngineError {
public:
    using EngineError::EngineError;
};

// The device ran out of memory (CUDA or host allocation failure).
class OutOfMemoryError : public EngineError {
public:
    using EngineError::EngineError;
};

}  // namespace shuimo::engine
