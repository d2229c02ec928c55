#pragma once
// Exceptions thrown by the engine. Every message is meant for the user: it says
// what is wrong and, where there is one, what to do about it.
//
// The message (what()) is English and complete (paths, limits, environment
// variables: what the command line and the log need). The common cases also
// carry a code and its arguments, so an interface can say the same thing in the
// artist's language without parsing English (ui/error_messages.h). Errors
// without a code (ErrorCode::None) are shown by their message.

#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace shuimo::engine {

// The arguments each code carries, in order, are listed beside it.
enum class ErrorCode {
    None,
    WeightsMissing,     // (): no weights file installed or given
    WeightsUnusable,    // (file): unreadable, truncated, corrupt or of the wrong layout
    ImageUnreadable,    // (file): missing, a folder, empty, unreadable
    NotAnImage,         // (file): not a supported image, damaged, or an unsupported kind (GIF, animation)
    ImageTooLarge,      // (file, width, height, limit in pixels)
    OutOfMemory,        // (): the device or the computer ran out of memory at this size
    InvalidParameter,   // (parameter label, lowest, highest, value given)
    DeviceUnavailable,  // (device): no CUDA here, no such GPU, an unknown device name
};

class EngineError : public std::runtime_error {
public:
    explicit EngineError(const std::string& message, ErrorCode code = ErrorCode::None,
                         std::vector<std::string> args = {})
        : std::runtime_error(message),
          details_(code == ErrorCode::None && args.empty()
                       ? nullptr
                       : std::make_shared<const Details>(Details{code, std::move(args)})) {}
    explicit EngineError(const char* message) : EngineError(std::string(message)) {}

    ErrorCode code() const noexcept { return details_ ? details_->code : ErrorCode::None; }
    // The code's arguments (see ErrorCode), as text.
    const std::vector<std::string>& args() const noexcept { return details_ ? details_->args : no_args(); }

private:
    struct Details {
        ErrorCode code;
        std::vector<std::string> args;
    };
    static const std::vector<std::string>& no_args() noexcept {
        static const std::vector<std::string> empty;
        return empty;
    }
    // Shared so that copying an exception never throws.
    std::shared_ptr<const Details> details_;
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
