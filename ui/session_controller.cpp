#include "session_controller.h"

#include <QDateTime>
#include <QEventLoop>
#include <QProgressDialog>
#include <QTimer>
#include <QWidget>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <thread>

#include "shuimo/session/session_file.h"

namespace shuimo::ui {

QImage toQImage(const session::Picture& picture) {
    if (picture.empty()) return {};
    QImage out(picture.width, picture.height, QImage::Format_RGB888);
    const int channels = picture.channels;
    for (int y = 0; y < picture.height; ++y) {
        uchar* line = out.scanLine(y);
        const std::uint16_t* in = picture.samples.data() + static_cast<std::size_t>(y) * picture.width * channels;
        for (int x = 0; x < picture.width; ++x) {
            for (int c = 0; c < 3; ++c) {
                const int source = channels >= 3 ? c : 0;
                // 65535 / 257 = 255: exact rounding of a 16-bit sample to 8 bits.
                line[x * 3 + c] = static_cast<uchar>((in[x * channels + source] + 128) / 257);
            }
        }
    }
    return out;
}

namespace {

QString sessionMessage(const session::SessionFileError& error) {
    using Kind = session::SessionFileError::Kind;
    const QString file = QFileInfo(error.path()).fileName();
    switch (error.kind()) {
    case Kind::CannotRead: return SessionController::tr("Could not read the session %1: %2").arg(file, error.detail());
    case Kind::CannotWrite: return SessionController::tr("Could not save the session %1: %2").arg(file, error.detail());
    case Kind::NotASession: return SessionController::tr("%1 is not a Shuimo session file.").arg(file);
    case Kind::Truncated:
        return SessionController::tr("The session %1 is cut short (%2): it was not completely copied or saved.").arg(file, error.detail());
    case Kind::NewerVersion:
        return SessionController::tr("The session %1 was saved by a newer Shuimo (session format %2; this version reads format %3). "
                                     "Update Shuimo to open it.")
            .arg(file)
            .arg(error.version())
            .arg(session::kSessionFormatVersion);
    case Kind::UnknownVersion:
        return SessionController::tr("The session %1 has a format version (%2) no Shuimo writes.").arg(file).arg(error.version());
    case Kind::Malformed: return SessionController::tr("The session %1 is damaged: %2").arg(file, error.detail());
    case Kind::Damaged:
        return SessionController::tr("The session %1 changed on disk after it was saved (its checksum does not match).").arg(file);
    }
    return QString::fromStdString(error.what());
}

}  // namespace

SessionController::SessionController(QObject* parent) : QObject(parent) {}

void SessionController::setSession(session::Session session) {
    m_session = std::move(session);
    m_queue.clear();
    Q_EMIT sessionReplaced();
    Q_EMIT runsChanged();
}

void SessionController::addPhoto(const QString& path) {
    if (m_session.find_photo(path) >= 0) return;
    m_session.add_photo(path);
    if (m_session.current_photo < 0) m_session.current_photo = m_session.find_photo(path);
    setModified(true);
}

void SessionController::removePhoto(const QString& path) {
    const int index = m_session.find_photo(path);
    if (index < 0) return;
    unqueue(path);
    m_session.remove_photo(index);
    setModified(true);
}

void SessionController::setPhotoOrder(const QStringList& paths) {
    for (int to = 0; to < paths.size(); ++to) {
        const int from = m_session.find_photo(paths[to]);
        if (from >= 0 && from != to) m_session.move_photo(from, to);
    }
    setModified(true);
}

void SessionController::setCurrentPhoto(const QString& path) {
    m_session.current_photo = m_session.find_photo(path);
}

QString SessionController::currentPhoto() const {
    const int index = m_session.current_photo;
    return index >= 0 && index < static_cast<int>(m_session.photos.size()) ? m_session.photos[static_cast<std::size_t>(index)].path
                                                                            : QString();
}

const session::Painting* SessionController::currentPainting() const {
    return currentPainting(currentPhoto());
}

const session::Painting* SessionController::currentPainting(const QString& photo) const {
    const session::Photo* found = m_session.photo(photo);
    return found ? found->current_painting() : nullptr;
}

int SessionController::addRun(const JobRequest& request, const JobOutcome& outcome) {
    if (!outcome.image || outcome.image->empty()) return -1;
    if (m_session.find_photo(request.contentPath) < 0) return -1;  // removed while it ran
    session::Painting painting;
    painting.created = QDateTime::currentDateTimeUtc();
    painting.end = outcome.cancelled ? session::PaintingEnd::Cancelled : session::PaintingEnd::Finished;
    painting.params = request.recordedParams.value_or(request.params);
    for (int i = 0; i < request.stylePaths.size(); ++i) {
        painting.styles.push_back({request.stylePaths[i], i < request.styleBlend.size() ? request.styleBlend[i] : 1.0});
    }
    painting.iterations_run = request.iterationsBefore + outcome.iterationsRun;
    painting.seconds = request.secondsBefore + outcome.seconds;
    painting.device = outcome.device;
    painting.precision = outcome.precision;
    painting.image = session::to_picture(*outcome.image);
    if (outcome.rawImage) painting.raw = session::to_picture(*outcome.rawImage);
    return addVersion(request.contentPath, std::move(painting));
}

int SessionController::addVersion(const QString& photoPath, session::Painting painting) {
    const int index = m_session.find_photo(photoPath);
    if (index < 0) return -1;
    if (painting.name.isEmpty()) painting.name = tr("Version %1").arg(m_session.photos[static_cast<std::size_t>(index)].made + 1);
    const int added = m_session.add_painting(index, std::move(painting));
    setModified(true);
    Q_EMIT versionsChanged(photoPath);
    return added;
}

void SessionController::setCurrentVersion(const QString& photoPath, int index) {
    session::Photo* found = photo(photoPath);
    if (!found || index < 0 || index >= static_cast<int>(found->paintings.size()) || found->current == index) return;
    found->current = index;
    setModified(true);
    Q_EMIT versionsChanged(photoPath);
}

void SessionController::removeVersion(const QString& photoPath, int index) {
    const int photoIndex = m_session.find_photo(photoPath);
    if (photoIndex < 0) return;
    m_session.remove_painting(photoIndex, index);
    setModified(true);
    Q_EMIT versionsChanged(photoPath);
}

void SessionController::markExported(const QString& photoPath, int index, const QString& file) {
    session::Photo* found = photo(photoPath);
    if (!found || index < 0 || index >= static_cast<int>(found->paintings.size())) return;
    found->paintings[static_cast<std::size_t>(index)].exported_to = file;
    setModified(true);
}

void SessionController::enqueue(const JobRequest& request) {
    unqueue(request.contentPath);
    m_queue.push_back(request);
    Q_EMIT runsChanged();
}

bool SessionController::unqueue(const QString& photoPath) {
    const auto it = std::find_if(m_queue.begin(), m_queue.end(), [&](const JobRequest& r) { return r.contentPath == photoPath; });
    if (it == m_queue.end()) return false;
    m_queue.erase(it);
    Q_EMIT runsChanged();
    return true;
}

bool SessionController::isQueued(const QString& photoPath) const {
    return std::any_of(m_queue.begin(), m_queue.end(), [&](const JobRequest& r) { return r.contentPath == photoPath; });
}

std::optional<JobRequest> SessionController::takeNext() {
    while (!m_queue.empty()) {
        JobRequest next = m_queue.front();
        m_queue.erase(m_queue.begin());
        if (m_session.find_photo(next.contentPath) >= 0) {
            Q_EMIT runsChanged();
            return next;
        }
    }
    return std::nullopt;
}

void SessionController::setModified(bool modified) {
    if (modified) ++m_changes;
    if (m_modified == modified) return;
    m_modified = modified;
    Q_EMIT modifiedChanged(modified);
}

QString SessionController::writeSnapshot(const QString& path) {
    if (m_saving) return tr("The session is already being saved; try again when that is done.");
    m_saving = true;
    // The copy is what is written: the document may change while the thread encodes it.
    auto snapshot = std::make_shared<const session::Session>(m_session);
    std::exception_ptr failure;
    std::atomic<bool> done{false};
    std::thread writer([&failure, &done, snapshot, path] {
        try {
            session::save_session(path, *snapshot);
        } catch (...) {
            failure = std::current_exception();
        }
        done = true;
    });
    {
        QWidget* window = qobject_cast<QWidget*>(parent());
        QProgressDialog progress(tr("Saving the session…"), QString(), 0, 0, window);  // busy: no cancel, no steps
        progress.setWindowTitle(tr("Saving"));
        progress.setWindowModality(Qt::WindowModal);
        progress.setMinimumDuration(300);
        progress.setValue(0);
        QEventLoop loop;
        QTimer poll;
        QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
            if (done) loop.quit();
        });
        poll.start(10);
        if (!done) loop.exec();
    }
    writer.join();
    m_saving = false;
    if (failure) {
        try {
            std::rethrow_exception(failure);
        } catch (const session::SessionFileError& error) {
            return sessionMessage(error);
        } catch (const std::exception& error) {
            return QString::fromStdString(error.what());
        }
    }
    return {};
}

QString SessionController::saveTo(const QString& path) {
    const quint64 changes = m_changes;
    if (const QString error = writeSnapshot(path); !error.isEmpty()) return error;
    m_filePath = QFileInfo(path).absoluteFilePath();
    QSettings().setValue(QStringLiteral("session/file"), m_filePath);
    if (m_changes == changes) setModified(false);
    return {};
}

QString SessionController::openFrom(const QString& path) {
    try {
        session::Session opened = session::load_session(path);  // nothing changes unless all of it reads
        m_filePath = QFileInfo(path).absoluteFilePath();
        QSettings().setValue(QStringLiteral("session/file"), m_filePath);
        setSession(std::move(opened));
        setModified(false);
    } catch (const session::SessionFileError& error) {
        return sessionMessage(error);
    }
    return {};
}

QString SessionController::autosavePath() {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("last-session.shuimo"));
}

QString SessionController::writeAutosave() {
    const QString path = autosavePath();
    QDir().mkpath(QFileInfo(path).absolutePath());
    if (const QString error = writeSnapshot(path); !error.isEmpty()) return error;
    QSettings settings;
    settings.setValue(QStringLiteral("session/file"), m_filePath);
    settings.setValue(QStringLiteral("session/modified"), m_modified);
    return {};
}

void SessionController::removeAutosave() {
    QFile::remove(autosavePath());
}

QString SessionController::restoreAutosave() {
    const QString path = autosavePath();
    if (!QFileInfo::exists(path)) return {};
    try {
        session::Session restored = session::load_session(path);
        QSettings settings;
        m_filePath = settings.value(QStringLiteral("session/file")).toString();
        setSession(std::move(restored));
        setModified(settings.value(QStringLiteral("session/modified"), false).toBool());
    } catch (const session::SessionFileError& error) {
        const QString aside = QFileInfo(path).absoluteDir().filePath(
            QStringLiteral("last-session-unreadable-%1.shuimo").arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss"))));
        QFile::rename(path, aside);
        return tr("The last session could not be restored (kept as %1): %2").arg(aside, sessionMessage(error));
    }
    return {};
}

QMessageBox::StandardButton SessionController::ask(QWidget* parent, const QString& question, QMessageBox::StandardButtons buttons,
                                                   QMessageBox::StandardButton defaultButton) const {
    if (m_prompt) return m_prompt(question, buttons);
    return QMessageBox::question(parent, tr("Shuimo"), question, buttons, defaultButton);
}

}  // namespace shuimo::ui
