#include "shuimo/model_store/installer.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>
#include <QUuid>

#include <cstring>
#include <filesystem>

#include "shuimo/engine/errors.h"
#include "shuimo/engine/model_paths.h"
#include "shuimo/engine/safetensors.h"
#include "shuimo/engine/vgg19_spec.h"
#include "shuimo/model_store/caffe_vgg19.h"
#include "shuimo/model_store/errors.h"

namespace shuimo::models {
namespace {

QString to_qstring(const std::filesystem::path& path) { return QString::fromStdString(path.string()); }
std::filesystem::path to_path(const QString& path) { return std::filesystem::path(path.toStdString()); }

QString root_dir() {
    const auto root = engine::models_root();
    if (!root) throw ModelStoreError("no data folder for models: set XDG_DATA_HOME or HOME");
    return to_qstring(*root);
}

QString model_dir(const QString& id) {
    try {
        return to_qstring(engine::installed_model_dir(id.toStdString()));
    } catch (const engine::EngineError& e) {
        throw ModelStoreError(e.what());
    }
}

void write_json_atomically(const QString& path, const QJsonObject& object) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(object).toJson()) < 0 || !file.commit())
        throw ModelStoreError(QStringLiteral("cannot write %1: %2").arg(path, file.errorString()).toStdString());
}

void write_default(const QString& id) {
    QSaveFile file(QDir(root_dir()).filePath(QString::fromLatin1(engine::kDefaultModelFileName)));
    if (!file.open(QIODevice::WriteOnly) || file.write((id + QLatin1Char('\n')).toUtf8()) < 0 || !file.commit())
        throw ModelStoreError(
            QStringLiteral("cannot write %1: %2").arg(file.fileName(), file.errorString()).toStdString());
}

// The 32 convolution tensors of a safetensors source, bytes and dtype as stored.
std::vector<engine::TensorToWrite> read_safetensors_convs(const QString& path) {
    try {
        const auto file = engine::SafetensorsFile::open(to_path(path));
        engine::validate_vgg19_weights(file);
        std::vector<engine::TensorToWrite> tensors;
        for (const auto& spec : engine::vgg19_conv_specs()) {
            for (const auto& name : {spec.weight_name, spec.bias_name}) {
                const auto* entry = file.find(name);
                const auto bytes = file.bytes(*entry);
                engine::TensorToWrite tensor{name, entry->dtype, entry->shape, {}};
                tensor.data.assign(bytes.begin(), bytes.end());
                tensors.push_back(std::move(tensor));
            }
        }
        return tensors;
    } catch (const engine::WeightsError& e) {
        throw ConversionError(e.what());
    }
}

QString source_preprocessing_of(const QString& path) {
    try {
        const auto file = engine::SafetensorsFile::open(to_path(path));
        const auto it = file.metadata().find("shuimo.preprocessing");
        return it == file.metadata().end() ? QString::fromLatin1(kPreprocessingTorchvision)
                                           : QString::fromStdString(it->second);
    } catch (const engine::WeightsError& e) {
        throw ConversionError(e.what());
    }
}

QString format_of(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw ModelStoreError(QStringLiteral("cannot read %1: %2").arg(path, file.errorString()).toStdString());
    if (path.endsWith(QLatin1String(".caffemodel"), Qt::CaseInsensitive)) return QString::fromLatin1(kFormatCaffemodel);
    // safetensors: 8-byte little-endian header length, then '{'
    const QByteArray head = file.read(9);
    if (head.size() == 9 && head[8] == '{') return QString::fromLatin1(kFormatSafetensors);
    throw ConversionError(QStringLiteral("%1 is neither a safetensors file nor a .caffemodel").arg(path).toStdString());
}

InstalledModel read_installed(const QString& id, const std::optional<std::string>& default_id) {
    InstalledModel model;
    model.id = id;
    model.dir = model_dir(id);
    model.weights_path = QDir(model.dir).filePath(QString::fromLatin1(engine::kVgg19WeightsFileName));
    QFile manifest(QDir(model.dir).filePath(QString::fromLatin1(engine::kModelManifestFileName)));
    if (manifest.open(QIODevice::ReadOnly)) model.manifest = QJsonDocument::fromJson(manifest.readAll()).object();
    model.is_default = default_id && *default_id == id.toStdString();
    return model;
}

}  // namespace

BehaviourCheck require_behaviour(const QString& source_path, const QString& preprocessing, const QString& format) {
    BehaviourCheck check = check_behaviour(source_path, preprocessing, format);
    if (check.outcome == BehaviourCheck::Outcome::Failed)
        throw BehaviourError(QStringLiteral("%1 does not behave like a trained VGG-19: it %2, whatever its checksum; "
                                            "nothing was installed. What it saw:\n%3")
                                 .arg(source_path, check.summary(), check.details())
                                 .toStdString());
    return check;
}

QString download_part_path(const CatalogueEntry& entry) {
    return QDir(root_dir()).filePath(QStringLiteral(".downloads/%1/%2.part").arg(entry.id, entry.file_name));
}

QString import_hint(const CatalogueEntry& entry) {
    return QStringLiteral("fetch %1 on a machine that can reach %2, check its %3, and install it here with "
                          "`shuimo-cli models import FILE` (or Import… in the Models dialog)")
        .arg(entry.file_name, entry.urls.value(0), entry.checksum_label());
}

InstalledModel install_weights(const InstallRequest& request) {
    if (request.preprocessing != QLatin1String(kPreprocessingTorchvision) &&
        request.preprocessing != QLatin1String(kPreprocessingCaffe))
        throw ConversionError(QStringLiteral("%1: unknown preprocessing '%2' (torchvision or caffe)")
                                  .arg(request.source_path, request.preprocessing)
                                  .toStdString());
    const QString target = model_dir(request.id);
    auto tensors = request.format == QLatin1String(kFormatCaffemodel)
                       ? read_caffe_vgg19(to_path(request.source_path))
                       : read_safetensors_convs(request.source_path);

    const QString root = root_dir();
    if (!QDir().mkpath(root)) throw ModelStoreError(QStringLiteral("cannot create %1").arg(root).toStdString());
    const QString staging =
        QDir(root).filePath(QStringLiteral(".staging-%1-%2").arg(request.id, QUuid::createUuid().toString(QUuid::Id128)));
    if (!QDir().mkpath(staging)) throw ModelStoreError(QStringLiteral("cannot create %1").arg(staging).toStdString());
    struct Cleanup {
        QString dir;
        ~Cleanup() {
            if (!dir.isEmpty()) QDir(dir).removeRecursively();
        }
    } cleanup{staging};

    const QString weights = QDir(staging).filePath(QString::fromLatin1(engine::kVgg19WeightsFileName));
    try {
        engine::write_safetensors(to_path(weights), tensors,
                                  {{"format", "pt"},
                                   {"shuimo.preprocessing", request.preprocessing.toStdString()},
                                   {"shuimo.model_id", request.id.toStdString()},
                                   {"shuimo.source_sha256", request.digests.sha256.toStdString()}});
        engine::validate_vgg19_weights(engine::SafetensorsFile::open(to_path(weights)));
    } catch (const engine::EngineError& e) {
        throw ModelStoreError(e.what());
    }
    tensors.clear();

    QJsonObject manifest;
    manifest[QStringLiteral("id")] = request.id;
    if (request.entry != nullptr) {
        manifest[QStringLiteral("name")] = request.entry->name;
        manifest[QStringLiteral("licence")] = request.entry->licence;
        manifest[QStringLiteral("homepage")] = request.entry->homepage;
    }
    manifest[QStringLiteral("source")] = request.source;
    manifest[QStringLiteral("source_format")] = request.format;
    manifest[QStringLiteral("source_size_bytes")] = static_cast<double>(request.digests.size);
    manifest[QStringLiteral("source_sha256")] = request.digests.sha256;
    if (!request.digests.md5.isEmpty()) manifest[QStringLiteral("source_md5")] = request.digests.md5;
    manifest[QStringLiteral("verified_against_catalogue")] = request.verified;
    if (request.checksum_mismatch_accepted) manifest[QStringLiteral("checksum_mismatch_accepted")] = true;
    manifest[QStringLiteral("behaviour_check")] = request.behaviour.to_json();
    if (request.entry != nullptr) {
        manifest[QStringLiteral("catalogue_checksum")] =
            QJsonObject{{QStringLiteral("algorithm"), request.entry->checksum_algorithm},
                        {QStringLiteral("value"), request.entry->checksum}};
    }
    manifest[QStringLiteral("preprocessing")] = request.preprocessing;
    manifest[QStringLiteral("installed_file")] = QString::fromLatin1(engine::kVgg19WeightsFileName);
    manifest[QStringLiteral("installed_sha256")] = digest_file(weights, {QStringLiteral("sha256")}).sha256;
    manifest[QStringLiteral("installed_dtype")] = QStringLiteral("as in the source (no conversion)");
    manifest[QStringLiteral("installed_at")] = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    write_json_atomically(QDir(staging).filePath(QString::fromLatin1(engine::kModelManifestFileName)), manifest);

    // Swap the folder in: the old install (if any) stays whole until the new one is in place.
    const QString old = QDir(root).filePath(QStringLiteral(".old-%1-%2").arg(request.id, QUuid::createUuid().toString(QUuid::Id128)));
    const bool had_old = QFileInfo::exists(target);
    if (had_old && !QDir().rename(target, old))
        throw ModelStoreError(QStringLiteral("cannot move the earlier %1 aside").arg(target).toStdString());
    if (!QDir().rename(staging, target)) {
        if (had_old) QDir().rename(old, target);
        throw ModelStoreError(QStringLiteral("cannot move the new model into %1").arg(target).toStdString());
    }
    cleanup.dir.clear();
    if (had_old) QDir(old).removeRecursively();

    QFile default_file(QDir(root).filePath(QString::fromLatin1(engine::kDefaultModelFileName)));
    bool default_valid = false;
    if (default_file.open(QIODevice::ReadOnly)) {
        const QString chosen = QString::fromUtf8(default_file.readLine()).trimmed();
        default_valid = !chosen.isEmpty() && QFileInfo::exists(QDir(root).filePath(chosen + QLatin1Char('/') +
                                                                                   QString::fromLatin1(engine::kVgg19WeightsFileName)));
    }
    if (!default_valid) write_default(request.id);
    return read_installed(request.id, engine::default_model_id());
}

InstalledModel install_download(const CatalogueEntry& entry, const QString& downloaded, const QString& url,
                                bool keep_original, const FileDigests* known) {
    InstallRequest request;
    request.source_path = downloaded;
    request.format = entry.format;
    request.id = entry.id;
    request.preprocessing = entry.preprocessing;
    request.digests = known != nullptr && !known->sha256.isEmpty()
                          ? *known
                          : digest_file(downloaded, {QStringLiteral("sha256"), entry.checksum_algorithm});
    if (!matches(entry, request.digests))
        throw ChecksumError(QStringLiteral("%1 does not match the catalogue's %2 (it has SHA-256 %3, MD5 %4): "
                                           "nothing was installed")
                                .arg(downloaded, entry.checksum_label(), request.digests.sha256,
                                     request.digests.md5.isEmpty() ? QStringLiteral("not computed") : request.digests.md5)
                                .toStdString());
    request.verified = true;
    request.source = url;
    request.entry = &entry;
    request.behaviour = require_behaviour(downloaded, entry.preprocessing, entry.format);
    InstalledModel model = install_weights(request);
    if (keep_original) {
        const QString original_dir = QDir(model.dir).filePath(QStringLiteral("original"));
        QDir().mkpath(original_dir);
        const QString kept = QDir(original_dir).filePath(entry.file_name);
        QFile::remove(kept);
        if (!QFile::rename(downloaded, kept))
            throw ModelStoreError(QStringLiteral("installed %1, but could not keep the original at %2")
                                      .arg(entry.id, kept)
                                      .toStdString());
    } else {
        QFile::remove(downloaded);
    }
    return model;
}

ImportResult import_file(const QString& path, const Catalogue& catalogue, const QString& name,
                         bool accept_checksum_mismatch) {
    const QString format = format_of(path);
    InstallRequest request;
    request.source_path = path;
    request.format = format;
    QStringList algorithms{QStringLiteral("sha256")};
    for (const auto& entry : catalogue.models) algorithms << entry.checksum_algorithm;
    request.digests = digest_file(path, algorithms);
    request.source = QStringLiteral("imported from %1").arg(QFileInfo(path).absoluteFilePath());

    const CatalogueEntry* match = nullptr;
    for (const auto& entry : catalogue.models) {
        if (matches(entry, request.digests)) match = &entry;
    }
    // The catalogue entry a file matching no checksum would stand in for: the one named, or the
    // first of its format (a re-uploaded timm file is still the torchvision entry).
    const CatalogueEntry* stand_in = nullptr;
    if (match == nullptr) {
        if (const auto* named = catalogue.find(name); named != nullptr && named->format == format) stand_in = named;
        for (const auto& entry : catalogue.models) {
            if (stand_in == nullptr && name.isEmpty() && entry.format == format) stand_in = &entry;
        }
    }
    const QString preprocessing = match != nullptr      ? match->preprocessing
                                  : stand_in != nullptr ? stand_in->preprocessing
                                  : format == QLatin1String(kFormatCaffemodel) ? QString::fromLatin1(kPreprocessingCaffe)
                                                                               : source_preprocessing_of(path);
    // Behaviour first: a file that names none of the photos is refused whatever its checksum.
    request.behaviour = require_behaviour(path, preprocessing, format);

    auto md5_text = [&] { return request.digests.md5.isEmpty() ? QStringLiteral("not computed") : request.digests.md5; };
    ImportResult result;
    if (match != nullptr && (name.isEmpty() || name == match->id)) {
        request.id = match->id;
        request.preprocessing = match->preprocessing;
        request.verified = true;
        request.entry = match;
    } else if (match == nullptr && stand_in != nullptr && request.behaviour.passed()) {
        if (!accept_checksum_mismatch)
            throw ChecksumMismatchOffer(
                QStringLiteral("%1 does not match the catalogue's %2 for '%3' (it has SHA-256 %4, MD5 %5), but it behaves "
                               "like a trained VGG-19: it %6. The publisher may have re-uploaded the file, or the catalogue's "
                               "checksum may be wrong. Nothing was installed. If you trust where it came from, install it "
                               "as '%3' with `shuimo-cli models import %1 --accept-checksum-mismatch` (or answer Yes in "
                               "the Models dialog); its manifest will say so.")
                    .arg(path, stand_in->checksum_label(), stand_in->id, request.digests.sha256, md5_text(),
                         request.behaviour.summary())
                    .toStdString(),
                stand_in->id.toStdString());
        request.id = stand_in->id;
        request.preprocessing = stand_in->preprocessing;
        request.verified = false;
        request.checksum_mismatch_accepted = true;
        request.entry = stand_in;
        result.warning = QStringLiteral("%1 does not match the catalogue's %2 but %3: installed as '%4' on its behaviour, "
                                        "as you accepted")
                             .arg(path, stand_in->checksum_label(), request.behaviour.summary(), stand_in->id);
    } else {
        if (name.isEmpty()) {
            QStringList known;
            for (const auto& entry : catalogue.models) known << entry.id + QLatin1String(": ") + entry.checksum_label();
            throw ChecksumError(QStringLiteral("%1 matches no checksum in the model catalogue (it has SHA-256 %2, MD5 %3; "
                                               "the catalogue lists %4) and %5: nothing was installed. To install it anyway, "
                                               "unverified, give it a name: `shuimo-cli models import FILE --name ID`")
                                    .arg(path, request.digests.sha256, md5_text(), known.join(QStringLiteral("; ")),
                                         request.behaviour.summary())
                                    .toStdString());
        }
        if (catalogue.find(name) != nullptr && match == nullptr)
            throw ChecksumError(QStringLiteral("%1 does not match the catalogue's %2 for '%3' and %4: nothing was installed "
                                               "(choose another --name to install it unverified)")
                                    .arg(path, catalogue.find(name)->checksum_label(), name, request.behaviour.summary())
                                    .toStdString());
        request.id = name;
        request.preprocessing = format == QLatin1String(kFormatCaffemodel) ? QString::fromLatin1(kPreprocessingCaffe)
                                                                          : source_preprocessing_of(path);
        request.verified = match != nullptr;
        request.entry = match;
        if (match == nullptr)
            result.warning = QStringLiteral("%1 matches no checksum in the model catalogue: installed as '%2' "
                                            "unverified, with %3 preprocessing (%4)")
                                 .arg(path, name, request.preprocessing, request.behaviour.summary());
    }
    result.model = install_weights(request);
    return result;
}

std::vector<InstalledModel> installed_models() {
    std::vector<InstalledModel> models;
    const auto default_id = engine::default_model_id();
    for (const auto& id : engine::installed_model_ids()) models.push_back(read_installed(QString::fromStdString(id), default_id));
    return models;
}

QString installed_models_summary(const QString& how_to_get_one) {
    QStringList names;
    try {
        for (const auto& model : installed_models()) {
            names << model.id + (model.is_default ? QStringLiteral(" (default; ") : QStringLiteral(" (")) +
                         verification_summary(model.manifest) + QLatin1Char(')');
        }
    } catch (const std::exception& e) {
        return QStringLiteral("could not be listed: %1").arg(QString::fromStdString(e.what()));
    }
    const auto root = engine::models_root();
    const QString where = root ? QString::fromStdString(root->string()) : QStringLiteral("(no HOME)");
    if (names.isEmpty()) return QStringLiteral("none installed in %1 (%2)").arg(where, how_to_get_one);
    return names.join(QStringLiteral(", ")) + QStringLiteral(" in ") + where;
}

VerifyResult verify_installed(const QString& id) {
    const auto ids = engine::installed_model_ids();
    if (std::find(ids.begin(), ids.end(), id.toStdString()) == ids.end())
        return {false, QStringLiteral("%1 is not installed").arg(id)};
    const InstalledModel model = read_installed(id, std::nullopt);
    if (model.manifest.isEmpty())
        return {false, QStringLiteral("%1: %2 is missing or unreadable: install the model again")
                           .arg(id, QDir(model.dir).filePath(QString::fromLatin1(engine::kModelManifestFileName)))};
    const QString expected = model.manifest.value(QStringLiteral("installed_sha256")).toString();
    const QString actual = digest_file(model.weights_path, {QStringLiteral("sha256")}).sha256;
    if (expected != actual)
        return {false, QStringLiteral("%1: %2 has SHA-256 %3 but was installed with %4: the file changed or is "
                                      "damaged; install the model again")
                           .arg(id, model.weights_path, actual, expected)};
    try {
        const auto file = engine::SafetensorsFile::open(to_path(model.weights_path));
        file.verify_data_checksum();
        engine::validate_vgg19_weights(file);
        const auto it = file.metadata().find("shuimo.preprocessing");
        const std::string preprocessing = it == file.metadata().end() ? "torchvision" : it->second;
        if (preprocessing != kPreprocessingTorchvision && preprocessing != kPreprocessingCaffe)
            return {false, QStringLiteral("%1: unknown preprocessing '%2'").arg(id, QString::fromStdString(preprocessing))};
    } catch (const engine::WeightsError& e) {
        return {false, QString::fromStdString(e.what())};
    }
    // The classifier is dropped at installation: the behaviour check runs again only on a kept original.
    QString behaviour;
    const QDir original(QDir(model.dir).filePath(QStringLiteral("original")));
    const QStringList kept = original.entryList(QDir::Files);
    if (!kept.isEmpty()) {
        const QString source = original.filePath(kept.front());
        const QString format = model.manifest.value(QStringLiteral("source_format")).toString();
        try {
            const BehaviourCheck check =
                check_behaviour(source, model.manifest.value(QStringLiteral("preprocessing")).toString(), format);
            if (check.outcome == BehaviourCheck::Outcome::Failed)
                return {false, QStringLiteral("%1: the kept original %2 %3:\n%4").arg(id, source, check.summary(), check.details())};
            behaviour = check.summary() + QStringLiteral(" (checked again on the kept original)");
        } catch (const ModelStoreError& e) {
            return {false, QStringLiteral("%1: the kept original %2 cannot be read: %3").arg(id, source, QString::fromStdString(e.what()))};
        }
    } else {
        const QJsonValue recorded = model.manifest.value(QStringLiteral("behaviour_check"));
        behaviour = recorded.isObject()
                        ? BehaviourCheck::from_json(recorded.toObject()).summary() +
                              QStringLiteral(" (at installation; the classifier is not kept: --keep-original keeps it "
                                             "for checking again)")
                        : QStringLiteral("not checked by behaviour (installed by an earlier version)");
    }
    const bool verified = model.manifest.value(QStringLiteral("verified_against_catalogue")).toBool();
    const bool accepted = model.manifest.value(QStringLiteral("checksum_mismatch_accepted")).toBool();
    return {true, QStringLiteral("%1: OK (SHA-256 %2 as installed; source %3; %4)")
                      .arg(id, actual,
                           verified   ? QStringLiteral("verified against the catalogue")
                           : accepted ? QStringLiteral("checksum differs from the catalogue's, accepted on behaviour")
                                      : QStringLiteral("imported unverified"),
                           behaviour)};
}

void remove_installed(const QString& id, const Catalogue& catalogue) {
    const QString dir = model_dir(id);
    if (!QFileInfo(dir).isDir()) throw ModelStoreError(QStringLiteral("%1 is not installed").arg(id).toStdString());
    const auto was_default = engine::default_model_id();
    if (!QDir(dir).removeRecursively())
        throw ModelStoreError(QStringLiteral("cannot remove %1 completely").arg(dir).toStdString());
    if (was_default && *was_default == id.toStdString()) {
        const auto ids = engine::installed_model_ids();
        QString next;
        for (const auto& entry : catalogue.models) {
            if (next.isEmpty() && std::find(ids.begin(), ids.end(), entry.id.toStdString()) != ids.end()) next = entry.id;
        }
        if (next.isEmpty() && !ids.empty()) next = QString::fromStdString(ids.front());
        if (next.isEmpty())
            QFile::remove(QDir(root_dir()).filePath(QString::fromLatin1(engine::kDefaultModelFileName)));
        else
            write_default(next);
    }
}

void set_default_model(const QString& id) {
    const auto ids = engine::installed_model_ids();
    if (std::find(ids.begin(), ids.end(), id.toStdString()) == ids.end())
        throw ModelStoreError(QStringLiteral("%1 is not installed").arg(id).toStdString());
    write_default(id);
}

}  // namespace shuimo::models
