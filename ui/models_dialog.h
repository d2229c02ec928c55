#pragma once
// The Models dialog: the catalogue's VGG-19 sources and what is installed, with
// Download (progress, rate, ETA, Cancel; resumable), Import…, Verify, Remove and
// Make default. Uses only model_store (no torch): the main window opens it from
// "Models…" and on first start when nothing is installed.

#include <QDialog>

#include <functional>
#include <memory>
#include <optional>

#include "shuimo/model_store/catalogue.h"

class QLabel;
class QProgressBar;
class QPushButton;
class QThread;
class QTreeWidget;

namespace shuimo::models {
class ModelDownloader;
}

namespace shuimo::ui {

class ModelsDialog : public QDialog {
    Q_OBJECT

public:
    explicit ModelsDialog(QWidget* parent = nullptr);
    ~ModelsDialog() override;

    // Imports a local .safetensors or .caffemodel (what Import… does after asking for the file; also for
    // drag and drop). A file the catalogue does not know asks for a name and is installed unverified.
    void importFile(const QString& path);

Q_SIGNALS:
    // A model was installed or removed, or the default changed: reload the engine.
    void modelsChanged();

private:
    void refresh();
    void updateButtons();
    QString selectedId() const;
    bool selectedIsInstalled() const;
    // `details` (technical: paths, checksums) goes to the tooltip, not the text.
    void showMessage(const QString& text, bool error, const QString& details = {});

    void startDownload();
    void cancelDownload();
    void chooseAndImport();
    void importAs(const QString& path, const QString& name, bool acceptChecksumMismatch = false);
    void verifySelected();
    void removeSelected();
    void makeDefault();

    void onProgress(qint64 received, qint64 total, double bytesPerSecond, double etaSeconds);
    void onDownloaded(const QString& path, const QString& url);
    void onDownloadFailed(const QString& message);
    void onDownloadCancelled();
    void finishDownloadUi();
    bool isBusy() const;

    // Runs `work` on a worker thread (hashing and converting a 575 MB file takes seconds) and then
    // `done` on the GUI thread with the error message (empty on success) and whether the error was a
    // checksum mismatch.
    void runInBackground(std::function<void()> work, std::function<void(const QString&, bool)> done);

    std::optional<models::Catalogue> m_catalogue;
    QString m_downloadingId;
    models::ModelDownloader* m_downloader = nullptr;
    QThread* m_worker = nullptr;

    QTreeWidget* m_list = nullptr;
    QLabel* m_message = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_progressText = nullptr;
    QPushButton* m_download = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_import = nullptr;
    QPushButton* m_verify = nullptr;
    QPushButton* m_remove = nullptr;
    QPushButton* m_default = nullptr;
};

}  // namespace shuimo::ui
