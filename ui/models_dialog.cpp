#include "models_dialog.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QThread>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "shuimo/model_store/behaviour_check.h"
#include "shuimo/model_store/errors.h"
#include "shuimo/model_store/installer.h"
#include "shuimo/model_store/model_downloader.h"

namespace shuimo::ui {
namespace {

constexpr int kIdRole = Qt::UserRole;
constexpr int kInstalledRole = Qt::UserRole + 1;

QString megabytes(double bytes) { return QString::number(bytes / 1e6, 'f', 1); }

QString duration(double seconds) {
    if (seconds < 0) return QStringLiteral("–");
    const auto s = static_cast<qint64>(seconds + 0.5);
    return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

// Runs `work`, turning a model-store exception into a message; returns whether it succeeded.
template <typename Work>
bool attempt(Work&& work, QString& error) {
    try {
        QApplication::setOverrideCursor(Qt::WaitCursor);
        work();
        QApplication::restoreOverrideCursor();
        return true;
    } catch (const std::exception& e) {
        QApplication::restoreOverrideCursor();
        error = QString::fromStdString(e.what());
        return false;
    }
}

}  // namespace

ModelsDialog::ModelsDialog(QWidget* parent) : QDialog(parent), m_downloader(new models::ModelDownloader(this)) {
    setWindowTitle(tr("Models"));
    auto* intro = new QLabel(tr("Shuimo needs the weights of a VGG-19 network trained on ImageNet. Download one "
                                "(about 575 MB; only the 80 MB it uses are kept), or import a file you fetched "
                                "elsewhere."),
                             this);
    intro->setWordWrap(true);

    m_list = new QTreeWidget(this);
    m_list->setColumnCount(4);
    m_list->setHeaderLabels({tr("Model"), tr("State"), tr("Download size"), tr("Licence")});
    m_list->setRootIsDecorated(false);
    m_list->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);

    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->hide();

    m_progress = new QProgressBar(this);
    m_progress->hide();
    m_progressText = new QLabel(this);
    m_progressText->hide();

    m_download = new QPushButton(tr("&Download"), this);
    m_cancel = new QPushButton(tr("&Cancel download"), this);
    m_import = new QPushButton(tr("&Import…"), this);
    m_verify = new QPushButton(tr("&Verify"), this);
    m_remove = new QPushButton(tr("&Remove"), this);
    m_default = new QPushButton(tr("Make de&fault"), this);
    m_cancel->hide();

    auto* buttons = new QHBoxLayout;
    for (auto* button : {m_download, m_cancel, m_import, m_verify, m_remove, m_default}) buttons->addWidget(button);
    buttons->addStretch();
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_list);
    layout->addLayout(buttons);
    layout->addWidget(m_progress);
    layout->addWidget(m_progressText);
    layout->addWidget(m_message);
    layout->addWidget(close);
    resize(720, 380);

    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_list, &QTreeWidget::itemSelectionChanged, this, &ModelsDialog::updateButtons);
    connect(m_download, &QPushButton::clicked, this, &ModelsDialog::startDownload);
    connect(m_cancel, &QPushButton::clicked, this, &ModelsDialog::cancelDownload);
    connect(m_import, &QPushButton::clicked, this, &ModelsDialog::chooseAndImport);
    connect(m_verify, &QPushButton::clicked, this, &ModelsDialog::verifySelected);
    connect(m_remove, &QPushButton::clicked, this, &ModelsDialog::removeSelected);
    connect(m_default, &QPushButton::clicked, this, &ModelsDialog::makeDefault);
    connect(m_downloader, &models::ModelDownloader::progressed, this, &ModelsDialog::onProgress);
    connect(m_downloader, &models::ModelDownloader::verifying, this, [this] {
        m_progressText->setText(tr("Checking the checksum…"));
    });
    connect(m_downloader, &models::ModelDownloader::downloaded, this, &ModelsDialog::onDownloaded);
    connect(m_downloader, &models::ModelDownloader::failed, this, &ModelsDialog::onDownloadFailed);
    connect(m_downloader, &models::ModelDownloader::cancelled, this, &ModelsDialog::onDownloadCancelled);

    try {
        m_catalogue = models::load_catalogue();
    } catch (const std::exception& e) {
        showMessage(tr("The model catalogue cannot be read: %1").arg(QString::fromStdString(e.what())), true);
    }
    refresh();
}

// The downloader (a child) aborts its transfer; the .part stays for resume. An install in progress is finished.
ModelsDialog::~ModelsDialog() {
    if (m_worker != nullptr) {
        QObject::disconnect(m_worker, nullptr, this, nullptr);
        m_worker->wait();
        delete m_worker;
    }
}

bool ModelsDialog::isBusy() const { return m_downloader->isRunning() || m_worker != nullptr; }

void ModelsDialog::runInBackground(std::function<void()> work, std::function<void(const QString&, bool)> done) {
    struct Outcome {
        QString error;
        bool checksumMismatch = false;
    };
    auto outcome = std::make_shared<Outcome>();
    m_worker = QThread::create([work = std::move(work), outcome] {
        try {
            work();
        } catch (const models::ChecksumError& e) {
            outcome->error = QString::fromStdString(e.what());
            outcome->checksumMismatch = true;
        } catch (const std::exception& e) {
            outcome->error = QString::fromStdString(e.what());
        }
    });
    connect(m_worker, &QThread::finished, this, [this, outcome, done = std::move(done)] {
        m_worker->deleteLater();
        m_worker = nullptr;
        done(outcome->error, outcome->checksumMismatch);
    });
    m_worker->start();
    updateButtons();
}

void ModelsDialog::refresh() {
    const QString selected = selectedId();
    m_list->clear();
    std::vector<models::InstalledModel> installed;
    try {
        installed = models::installed_models();
    } catch (const std::exception& e) {
        showMessage(QString::fromStdString(e.what()), true);
    }
    auto stateOf = [&](const QString& id) -> QString {
        if (id == m_downloadingId) return tr("Downloading…");
        for (const auto& model : installed) {
            if (model.id == id) return model.is_default ? tr("Installed (default)") : tr("Installed");
        }
        return tr("Not installed");
    };
    auto isInstalled = [&](const QString& id) {
        return std::any_of(installed.begin(), installed.end(), [&](const auto& model) { return model.id == id; });
    };
    if (m_catalogue) {
        for (const auto& entry : m_catalogue->models) {
            auto* item = new QTreeWidgetItem(m_list);
            item->setText(0, entry.name);
            item->setToolTip(0, entry.description);
            item->setText(1, stateOf(entry.id));
            item->setText(2, entry.approx_size_bytes > 0 ? tr("%1 MB").arg(megabytes(static_cast<double>(entry.approx_size_bytes)))
                                                        : tr("unknown"));
            item->setText(3, entry.licence);
            item->setData(0, kIdRole, entry.id);
            item->setData(0, kInstalledRole, isInstalled(entry.id));
            for (const auto& model : installed) {
                if (model.id == entry.id) item->setToolTip(1, models::verification_summary(model.manifest));
            }
        }
    }
    for (const auto& model : installed) {
        if (m_catalogue && m_catalogue->find(model.id) != nullptr) continue;
        auto* item = new QTreeWidgetItem(m_list);
        item->setText(0, tr("%1 (imported)").arg(model.id));
        item->setText(1, stateOf(model.id));
        item->setText(2, tr("–"));
        item->setText(3, tr("unverified"));
        item->setToolTip(1, models::verification_summary(model.manifest));
        item->setToolTip(3, models::verification_summary(model.manifest));
        item->setData(0, kIdRole, model.id);
        item->setData(0, kInstalledRole, true);
    }
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        if (m_list->topLevelItem(i)->data(0, kIdRole).toString() == selected) m_list->setCurrentItem(m_list->topLevelItem(i));
    }
    if (m_list->currentItem() == nullptr && m_list->topLevelItemCount() > 0) m_list->setCurrentItem(m_list->topLevelItem(0));
    updateButtons();
}

QString ModelsDialog::selectedId() const {
    const auto* item = m_list->currentItem();
    return item != nullptr ? item->data(0, kIdRole).toString() : QString();
}

bool ModelsDialog::selectedIsInstalled() const {
    const auto* item = m_list->currentItem();
    return item != nullptr && item->data(0, kInstalledRole).toBool();
}

void ModelsDialog::updateButtons() {
    const bool busy = isBusy();
    const QString id = selectedId();
    const bool inCatalogue = m_catalogue && m_catalogue->find(id) != nullptr;
    m_download->setEnabled(!busy && inCatalogue);
    m_download->setText(selectedIsInstalled() ? tr("Re&download") : tr("&Download"));
    m_cancel->setVisible(busy);
    m_import->setEnabled(!busy);
    m_verify->setEnabled(!busy && selectedIsInstalled());
    m_remove->setEnabled(!busy && selectedIsInstalled());
    m_default->setEnabled(!busy && selectedIsInstalled());
}

void ModelsDialog::showMessage(const QString& text, bool error, const QString& details) {
    m_message->setText(text);
    m_message->setToolTip(details);
    m_message->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
    m_message->setVisible(!text.isEmpty());
}

void ModelsDialog::startDownload() {
    if (!m_catalogue) return;
    const auto* entry = m_catalogue->find(selectedId());
    if (entry == nullptr) return;
    QString part;
    QString error;
    if (!attempt([&] { part = models::download_part_path(*entry); }, error)) {
        showMessage(error, true);
        return;
    }
    m_downloadingId = entry->id;
    showMessage({}, false);
    m_progress->setRange(0, 0);
    m_progress->show();
    m_progressText->setText(tr("Connecting to %1…").arg(entry->urls.value(0)));
    m_progressText->show();
    m_downloader->start(*entry, part);
    refresh();
}

void ModelsDialog::cancelDownload() { m_downloader->cancel(); }

void ModelsDialog::onProgress(qint64 received, qint64 total, double bytesPerSecond, double etaSeconds) {
    if (total > 0) {
        m_progress->setRange(0, 1000);
        m_progress->setValue(static_cast<int>(1000.0 * static_cast<double>(received) / static_cast<double>(total)));
        m_progressText->setText(tr("%1 of %2 MB, %3 MB/s, %4 left")
                                    .arg(megabytes(static_cast<double>(received)), megabytes(static_cast<double>(total)),
                                         megabytes(bytesPerSecond), duration(etaSeconds)));
    } else {
        m_progress->setRange(0, 0);
        m_progressText->setText(tr("%1 MB, %2 MB/s").arg(megabytes(static_cast<double>(received)), megabytes(bytesPerSecond)));
    }
}

void ModelsDialog::onDownloaded(const QString& path, const QString& url) {
    const auto* found = m_catalogue ? m_catalogue->find(m_downloadingId) : nullptr;
    if (found == nullptr) {
        finishDownloadUi();
        return;
    }
    const models::CatalogueEntry entry = *found;
    const models::FileDigests digests = m_downloader->digests();
    m_progress->setRange(0, 0);
    m_progressText->setText(tr("Installing…"));
    runInBackground([entry, path, url, digests] { models::install_download(entry, path, url, false, &digests); },
                    [this, name = entry.name](const QString& error, bool checksumMismatch) {
                        finishDownloadUi();
                        if (error.isEmpty()) {
                            showMessage(tr("%1 is installed.").arg(name), false);
                            Q_EMIT modelsChanged();
                        } else if (checksumMismatch) {
                            // The checksums themselves help nobody painting: they stay in the tooltip.
                            showMessage(tr("The downloaded file is not the one expected (it differs from the catalogue's "
                                           "checksum), so it was not installed. Try Download again later."),
                                        true, error);
                        } else {
                            showMessage(tr("The download could not be installed: %1").arg(error), true);
                        }
                    });
}

void ModelsDialog::onDownloadFailed(const QString& message) {
    const QString id = m_downloadingId;
    finishDownloadUi();
    showMessage(message, true);
    // The checksum differs: the file is kept aside, and what it recognises decides (importAs asks before
    // installing one that behaves; one that does not is refused with what it saw).
    if (const QString kept = m_downloader->mismatchedFile(); !kept.isEmpty() && QFile::exists(kept)) importAs(kept, id);
}

void ModelsDialog::onDownloadCancelled() {
    finishDownloadUi();
    showMessage(tr("Download cancelled. What was fetched is kept: Download resumes from there."), false);
}

void ModelsDialog::finishDownloadUi() {
    m_downloadingId.clear();
    m_progress->hide();
    m_progressText->hide();
    refresh();
}

void ModelsDialog::chooseAndImport() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Import VGG-19 weights"), QString(),
                                                      tr("VGG-19 weights (*.safetensors *.caffemodel);;All files (*)"));
    if (!path.isEmpty()) importFile(path);
}

void ModelsDialog::importFile(const QString& path) {
    if (isBusy()) return;
    importAs(path, QString());
}

void ModelsDialog::importAs(const QString& path, const QString& name, bool acceptChecksumMismatch) {
    models::Catalogue catalogue = m_catalogue.value_or(models::Catalogue{});
    if (path.endsWith(QLatin1String(".checksum-differs"))) {
        // A download kept for the behaviour check stands in for the entry downloaded, or for nothing.
        std::erase_if(catalogue.models, [&](const models::CatalogueEntry& entry) { return entry.id != name; });
    }
    auto result = std::make_shared<models::ImportResult>();
    auto offer = std::make_shared<QString>();  // the checksum differs but the file behaves: ask, never install silently
    showMessage(tr("Importing %1 (checking what it recognises in the test photos)…").arg(path), false);
    runInBackground(
        [path, name, catalogue, result, offer, acceptChecksumMismatch] {
            try {
                *result = models::import_file(path, catalogue, name, acceptChecksumMismatch);
            } catch (const models::ChecksumMismatchOffer& e) {
                *offer = QString::fromStdString(e.what());
            }
        },
                    [this, path, name, result, offer](const QString& error, bool checksumMismatch) {
                        refresh();
                        // A download kept aside for this check (ModelDownloader::mismatchedFile) is ours to delete
                        // once decided; a file the user imported never is.
                        const bool ownDownload = path.endsWith(QLatin1String(".checksum-differs"));
                        if (!offer->isEmpty()) {
                            showMessage({}, false);
                            if (QMessageBox::question(this, tr("Checksum differs"),
                                                      tr("%1\n\nInstall it anyway?").arg(*offer)) == QMessageBox::Yes) {
                                importAs(path, name, true);
                            } else {
                                if (ownDownload) QFile::remove(path);
                                showMessage(tr("Nothing was installed."), false);
                            }
                            return;
                        }
                        if (ownDownload) QFile::remove(path);
                        if (checksumMismatch && name.isEmpty()) {
                            // Not a file the catalogue knows: the user may still install it, unverified, under a name.
                            showMessage({}, false);
                            bool accepted = false;
                            const QString chosen = QInputDialog::getText(
                                this, tr("Unknown weights file"),
                                tr("This file matches no checksum in the catalogue, so Shuimo cannot tell what it is.\n"
                                   "Install it anyway, unverified, under this name (letters, digits, '-', '_', '.'):"),
                                QLineEdit::Normal, QStringLiteral("imported"), &accepted);
                            if (accepted && !chosen.isEmpty()) importAs(path, chosen);
                            return;
                        }
                        if (!error.isEmpty()) {
                            showMessage(tr("Import failed: %1").arg(error), true);
                            return;
                        }
                        showMessage(result->warning.isEmpty() ? tr("Imported as %1.").arg(result->model.id)
                                                              : tr("Imported, with a warning: %1").arg(result->warning),
                                    !result->warning.isEmpty());
                        Q_EMIT modelsChanged();
                    });
}

void ModelsDialog::verifySelected() {
    auto result = std::make_shared<models::VerifyResult>();
    const QString id = selectedId();
    showMessage(tr("Checking %1…").arg(id), false);
    runInBackground([id, result] { *result = models::verify_installed(id); },
                    [this, result](const QString& error, bool) {
                        updateButtons();
                        if (!error.isEmpty())
                            showMessage(error, true);
                        else
                            showMessage(result->message, !result->ok);
                    });
}

void ModelsDialog::removeSelected() {
    const QString id = selectedId();
    if (QMessageBox::question(this, tr("Remove model"), tr("Remove %1 from this computer?").arg(id)) != QMessageBox::Yes)
        return;
    QString error;
    const bool ok = attempt([&] { models::remove_installed(id, m_catalogue.value_or(models::Catalogue{})); }, error);
    refresh();
    showMessage(ok ? tr("%1 was removed.").arg(id) : error, !ok);
    if (ok) Q_EMIT modelsChanged();
}

void ModelsDialog::makeDefault() {
    QString error;
    const bool ok = attempt([&] { models::set_default_model(selectedId()); }, error);
    refresh();
    showMessage(ok ? QString() : error, !ok);
    if (ok) Q_EMIT modelsChanged();
}

}  // namespace shuimo::ui
