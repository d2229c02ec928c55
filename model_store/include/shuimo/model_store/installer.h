#pragma once
// Installing verified weights: only the 16 convolutions, in their source dtype, as
// <models_root>/<id>/vgg19.safetensors with a manifest.json beside it, swapped in
// whole (a staging folder renamed into place). Also: listing, verifying and removing
// installed models, and the default choice (models_root()/default).

#include <QJsonObject>
#include <QString>

#include <vector>

#include "shuimo/model_store/behaviour_check.h"
#include "shuimo/model_store/catalogue.h"
#include "shuimo/model_store/checksum.h"

namespace shuimo::models {

struct InstalledModel {
    QString id;
    QString dir;
    QString weights_path;
    QJsonObject manifest;  // empty when manifest.json is missing or unreadable
    bool is_default = false;
};

// What to install and where it came from.
struct InstallRequest {
    QString source_path;    // the verified original (safetensors or caffemodel)
    QString format;         // kFormatSafetensors | kFormatCaffemodel
    QString id;             // the installed model's folder name
    QString preprocessing;  // kPreprocessingTorchvision | kPreprocessingCaffe
    FileDigests digests;    // of the original
    bool verified = false;  // the original matched a catalogue checksum
    QString source;         // a URL, or "imported from PATH"
    const CatalogueEntry* entry = nullptr;  // the catalogue entry it matched, if any
    BehaviourCheck behaviour;               // run on the original, recorded in the manifest
    bool checksum_mismatch_accepted = false;  // installed as `entry` on behaviour, its checksum differing
};

// The behaviour check of a source before installation (behaviour_check.h); throws BehaviourError,
// naming the classes the network gave, when it fails. Passed and NotCheckable are returned.
BehaviourCheck require_behaviour(const QString& source_path, const QString& preprocessing, const QString& format);

// Converts and installs; the model becomes the default when no valid default is set.
// Throws ConversionError / ModelStoreError; on failure nothing of the new model is left
// behind and an earlier install of the same id is untouched.
InstalledModel install_weights(const InstallRequest& request);

// After a verified download: installs `downloaded` as `entry`, then deletes it, or moves it
// to <id>/original/<file_name> when keep_original. The file must pass the behaviour check
// (or have no classifier to check): BehaviourError otherwise. `known` are the digests the downloader just
// computed (ModelDownloader::digests()); without them the file is hashed again. Either way a file
// not matching the entry throws ChecksumError and installs nothing.
InstalledModel install_download(const CatalogueEntry& entry, const QString& downloaded, const QString& url,
                                bool keep_original, const FileDigests* known = nullptr);

struct ImportResult {
    InstalledModel model;
    QString warning;  // non-empty when the file matched no catalogue checksum
};

// Imports a local safetensors or .caffemodel file (never deleted). Every file is first run through
// the behaviour check: one that fails it is refused whatever its checksum (BehaviourError). A file
// whose checksum is in the catalogue is installed as that entry (name empty or equal to its id). A
// file matching no checksum but passing the behaviour check is offered as the catalogue entry of its
// format (or `name`, when a catalogue id): ChecksumMismatchOffer, unless accept_checksum_mismatch,
// which installs it so, the manifest saying exactly that. Otherwise a file matching no checksum is
// refused unless `name` is given; then it is installed as `name`, marked unverified in its manifest,
// with a warning. Throws ChecksumError / BehaviourError / ConversionError / ModelStoreError.
ImportResult import_file(const QString& path, const Catalogue& catalogue, const QString& name = {},
                         bool accept_checksum_mismatch = false);

// Installed models in id order.
std::vector<InstalledModel> installed_models();

// One line for reports (shuimo-cli doctor, Help › About): "vgg19-torchvision (default) in FOLDER", or
// "none installed in FOLDER (<how_to_get_one>)", or why the models could not be listed.
QString installed_models_summary(const QString& how_to_get_one);

struct VerifyResult {
    bool ok = false;
    QString message;  // what was checked, or what is wrong and what to do
};
// Re-checks an installed model: manifest present, the weights' SHA-256 equal to the one recorded at
// install time, the layout and preprocessing valid; the behaviour check again when the original is
// kept (<id>/original/, --keep-original), else the one recorded at install time is reported.
VerifyResult verify_installed(const QString& id);

// Deletes the model's folder; a default pointing at it moves to the first installed model in
// catalogue order. Throws ModelStoreError when it is not installed.
void remove_installed(const QString& id, const Catalogue& catalogue);

// Throws ModelStoreError when `id` is not installed.
void set_default_model(const QString& id);

// Where a download of `entry` is kept while incomplete: <models_root>/.downloads/<id>/<file_name>.part
QString download_part_path(const CatalogueEntry& entry);

// "import" route for messages: the command and what the file must match.
QString import_hint(const CatalogueEntry& entry);

}  // namespace shuimo::models
