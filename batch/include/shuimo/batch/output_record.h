#pragma once
// What makes a batch output "finished": the image, and beside it
// "<image>.json" recording the settings hash (content and style file
// contents, painting parameters, model, format) and the SHA-256 of the image
// bytes. An output counts as finished only when both agree, so a re-run or a
// shard on another machine skips it, and a half-written, stale or foreign file
// is never mistaken for it.
//
// Writing order: the sidecar (atomically), then the image (atomically). A crash
// between the two leaves a sidecar whose image hash does not match: the job is
// redone, and the file may be replaced because the sidecar says it is ours.

#include <QJsonObject>
#include <cstddef>
#include <filesystem>
#include <map>
#include <mutex>
#include <span>
#include <string>
#include <tuple>

#include "shuimo/batch/batch_queue.h"

namespace shuimo::batch {

// SHA-256 of a file's bytes (hex), cached by path, size and modification time.
// Thread-safe. Throws engine::ImageIoError naming the file when it cannot be read.
class FileHashes {
public:
    std::string sha256(const std::filesystem::path& file);

private:
    std::mutex mutex_;
    std::map<std::tuple<std::string, std::uintmax_t, long long>, std::string> cache_;
};

std::string sha256_hex(std::span<const std::byte> bytes);

// Hash of everything that decides the output's pixels. `model_sha256` is the
// weights file's hash. Throws engine::ImageIoError for an unreadable input.
std::string settings_hash(const BatchQueue& queue, const BatchJob& job, FileHashes& hashes,
                          const std::string& model_sha256);

std::filesystem::path sidecar_path(const std::filesystem::path& output);

enum class OutputState {
    Missing,     // no image, no sidecar
    Finished,    // sidecar with this settings hash and the image's hash: skip the job
    Incomplete,  // our sidecar (this settings hash) but the image is missing or differs: redo
    Stale,       // made by Shuimo with other settings: replace only with overwrite
    Foreign,     // an image without our sidecar: replace only with overwrite
};
struct OutputCheck {
    OutputState state = OutputState::Missing;
    std::string detail;  // for messages
};
OutputCheck inspect_output(const std::filesystem::path& output, const std::string& settings_hash);

// Removes "<.name>.tmp-*" files atomic writes of this output (and its sidecar)
// left behind when a process died mid-write. Only this output's: other jobs'
// writers may be at work in the same folder.
void remove_stale_temporaries(const std::filesystem::path& output);

// Writes the sidecar, then the image, each atomically. `record` is stored in
// the sidecar with "settings_hash" and "output_sha256" added. Throws
// engine::ImageIoError (disk full, permissions) leaving no partial file.
void write_output(const std::filesystem::path& output, std::span<const std::byte> image_bytes, QJsonObject record,
                  const std::string& settings_hash);

}  // namespace shuimo::batch
