#include "shuimo/batch/output_record.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include "shuimo/batch/params_json.h"
#include "shuimo/engine/atomic_file.h"
#include "shuimo/engine/errors.h"

namespace shuimo::batch {
namespace {

QString q(const std::filesystem::path& path) { return QString::fromStdString(path.string()); }

std::string hash_file(const std::filesystem::path& file) {
    QFile in(q(file));
    if (!in.open(QIODevice::ReadOnly)) {
        throw engine::ImageIoError("cannot read " + file.string() + ": " + in.errorString().toStdString());
    }
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!hash.addData(&in)) throw engine::ImageIoError("cannot read " + file.string() + ": " + in.errorString().toStdString());
    return hash.result().toHex().toStdString();
}

}  // namespace

std::string sha256_hex(std::span<const std::byte> bytes) {
    return QCryptographicHash::hash(QByteArrayView(reinterpret_cast<const char*>(bytes.data()), static_cast<qsizetype>(bytes.size())),
                                    QCryptographicHash::Sha256)
        .toHex()
        .toStdString();
}

std::string FileHashes::sha256(const std::filesystem::path& file) {
    std::error_code ec;
    const auto status = std::filesystem::status(file, ec);
    if (ec || !std::filesystem::exists(status)) throw engine::ImageIoError("cannot read " + file.string() + ": no such file");
    if (std::filesystem::is_directory(status)) throw engine::ImageIoError("cannot read " + file.string() + ": it is a folder");
    const auto size = std::filesystem::file_size(file, ec);
    const auto mtime = std::filesystem::last_write_time(file, ec).time_since_epoch().count();
    const auto key = std::make_tuple(std::filesystem::absolute(file).string(), size, static_cast<long long>(mtime));
    {
        std::lock_guard lock(mutex_);
        if (const auto it = cache_.find(key); it != cache_.end()) return it->second;
    }
    std::string hash = hash_file(file);
    std::lock_guard lock(mutex_);
    cache_[key] = hash;
    return hash;
}

std::string settings_hash(const BatchQueue& queue, const BatchJob& job, FileHashes& hashes, const std::string& model_sha256) {
    QJsonObject what;
    what[QStringLiteral("version")] = 1;
    what[QStringLiteral("content")] = QString::fromStdString(hashes.sha256(queue.resolve(job.content)));
    QJsonArray styles;
    for (const auto& file : job.style.files) styles.append(QString::fromStdString(hashes.sha256(queue.resolve(file))));
    what[QStringLiteral("styles")] = styles;
    QJsonArray blend;
    for (const double w : job.style.blend) blend.append(w);
    what[QStringLiteral("blend")] = blend;
    if (!job.regions.empty()) {  // absent without regions: the hashes of earlier records stay valid
        QJsonArray regions;
        for (const auto& region : job.regions) {
            const bool file = region.style != "photo" && region.style != "paper";
            // "sky" and "faces" are made from the photo, whose bytes are hashed already: the name says it.
            const bool automatic = region.mask == "sky" || region.mask == "faces";
            regions.append(QJsonObject{{QStringLiteral("mask"), QString::fromStdString(automatic ? region.mask.string()
                                                                                               : hashes.sha256(queue.resolve(region.mask)))},
                                       {QStringLiteral("style"), QString::fromStdString(file ? hashes.sha256(queue.resolve(region.style))
                                                                                            : region.style)},
                                       {QStringLiteral("strength"), region.strength}});
        }
        what[QStringLiteral("regions")] = regions;
    }
    what[QStringLiteral("params")] = painting_params_json(job.params);
    what[QStringLiteral("format")] = QString::fromStdString(queue.spec.output.format);
    what[QStringLiteral("bit_depth")] = queue.spec.output.bit_depth;
    what[QStringLiteral("model")] = QString::fromStdString(model_sha256);
    // QJsonObject keeps its keys sorted: the compact text is canonical.
    const QByteArray canonical = QJsonDocument(what).toJson(QJsonDocument::Compact);
    return QCryptographicHash::hash(canonical, QCryptographicHash::Sha256).toHex().toStdString();
}

std::filesystem::path sidecar_path(const std::filesystem::path& output) {
    std::filesystem::path sidecar = output;
    sidecar += ".json";
    return sidecar;
}

OutputCheck inspect_output(const std::filesystem::path& output, const std::string& expected_hash) {
    std::error_code ec;
    const bool image_exists = std::filesystem::exists(output, ec);
    const std::filesystem::path sidecar = sidecar_path(output);
    QFile in(q(sidecar));
    if (!in.open(QIODevice::ReadOnly)) {
        if (!image_exists) return {OutputState::Missing, {}};
        return {OutputState::Foreign, output.string() + " exists and was not made by a Shuimo batch (no " +
                                          sidecar.filename().string() + " beside it)"};
    }
    const QJsonObject record = QJsonDocument::fromJson(in.read(1 << 20)).object();
    const std::string recorded_hash = record.value(QStringLiteral("settings_hash")).toString().toStdString();
    if (recorded_hash.empty()) {
        if (!image_exists) return {OutputState::Missing, {}};
        return {OutputState::Foreign, output.string() + " exists and was not made by a Shuimo batch"};
    }
    if (recorded_hash != expected_hash) {
        if (!image_exists) return {OutputState::Incomplete, "an unfinished output with other settings"};
        return {OutputState::Stale, output.string() + " was made with other settings or inputs"};
    }
    if (!image_exists) return {OutputState::Incomplete, "the image is missing"};
    try {
        if (hash_file(output) != record.value(QStringLiteral("output_sha256")).toString().toStdString())
            return {OutputState::Incomplete, "the image does not match its record"};
    } catch (const engine::ImageIoError& e) {
        return {OutputState::Incomplete, e.what()};
    }
    return {OutputState::Finished, {}};
}

void remove_stale_temporaries(const std::filesystem::path& output) {
    std::error_code ec;
    const std::filesystem::path folder = output.parent_path().empty() ? std::filesystem::path(".") : output.parent_path();
    const std::string prefixes[] = {"." + output.filename().string() + ".tmp-", "." + sidecar_path(output).filename().string() + ".tmp-"};
    for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
        const std::string name = entry.path().filename().string();
        for (const auto& prefix : prefixes) {
            if (name.starts_with(prefix)) std::filesystem::remove(entry.path(), ec);
        }
    }
}

void write_output(const std::filesystem::path& output, std::span<const std::byte> image_bytes, QJsonObject record,
                  const std::string& settings_hash) {
    record[QStringLiteral("settings_hash")] = QString::fromStdString(settings_hash);
    record[QStringLiteral("output_sha256")] = QString::fromStdString(sha256_hex(image_bytes));
    const QByteArray json = QJsonDocument(record).toJson();
    try {
        engine::write_file_atomically(sidecar_path(output), std::as_bytes(std::span(json.constData(), static_cast<std::size_t>(json.size()))));
    } catch (const engine::EngineError& e) {
        throw engine::ImageIoError(e.what());
    }
    try {
        engine::write_file_atomically(output, image_bytes);
    } catch (const engine::EngineError& e) {
        // No image: leave no record either. An older image stays with our record, which no
        // longer matches it, so the job is redone rather than the image taken for someone else's.
        std::error_code ec;
        if (!std::filesystem::exists(output, ec)) std::filesystem::remove(sidecar_path(output), ec);
        throw engine::ImageIoError(e.what());
    }
}

}  // namespace shuimo::batch
