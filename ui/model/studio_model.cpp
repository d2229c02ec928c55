#include "studio_model.h"

#include <QDateTime>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QImageReader>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QSettings>
#include <QStandardPaths>
#include <QUndoStack>
#include <algorithm>
#include <cmath>
#include <atomic>
#include <exception>
#include <memory>
#include <thread>

#include "control_presets.h"
#include "error_messages.h"
#include "image_files.h"
#include "shuimo/batch/params_json.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/job_plan.h"
#include "shuimo/engine/model_paths.h"
#include "shuimo/engine/param_table.h"
#include "shuimo/image_io/auto_masks.h"
#include "shuimo/image_io/image_io.h"
#include "shuimo/video_io/video_io.h"
#include "shuimo/session/continuation.h"
#include "shuimo/session/refinish.h"
#include "shuimo/session/session_file.h"
#include "studio_commands.h"
#include "style_controller.h"
#include "style_library.h"

namespace shuimo::ui {
namespace {

QString sessionMessage(const session::SessionFileError& error) {
    using Kind = session::SessionFileError::Kind;
    const QString file = QFileInfo(error.path()).fileName();
    switch (error.kind()) {
    case Kind::CannotRead: return StudioModel::tr("Could not read the session %1: %2").arg(file, error.detail());
    case Kind::CannotWrite: return StudioModel::tr("Could not save the session %1: %2").arg(file, error.detail());
    case Kind::NotASession: return StudioModel::tr("%1 is not a Shuimo session file.").arg(file);
    case Kind::Truncated:
        return StudioModel::tr("The session %1 is cut short (%2): it was not completely copied or saved.").arg(file, error.detail());
    case Kind::NewerVersion:
        return StudioModel::tr("The session %1 was saved by a newer Shuimo (session format %2; this version reads format %3). "
                               "Update Shuimo to open it.")
            .arg(file)
            .arg(error.version())
            .arg(session::kSessionFormatVersion);
    case Kind::UnknownVersion:
        return StudioModel::tr("The session %1 has a format version (%2) no Shuimo writes.").arg(file).arg(error.version());
    case Kind::Malformed: return StudioModel::tr("The session %1 is damaged: %2").arg(file, error.detail());
    case Kind::Damaged:
        return StudioModel::tr("The session %1 changed on disk after it was saved (its checksum does not match).").arg(file);
    }
    return QString::fromStdString(error.what());
}

// A painting's identity across saves: its photo and the moment it was made.
QString paintingKey(const QString& photo, const session::Painting& painting) {
    return photo + QLatin1Char('\n') + painting.created.toString(Qt::ISODateWithMs);
}

QSet<QString> paintingKeys(const session::Session& document) {
    QSet<QString> keys;
    for (const session::Photo& photo : document.photos) {
        for (const session::Painting& painting : photo.paintings) keys.insert(paintingKey(photo.path, painting));
    }
    return keys;
}

// The row's label as the panel shows it, without its mnemonic.
QString fieldLabel(const engine::ParamField& field) {
    const std::string_view label = field.ui.label.empty() ? field.label : field.ui.label;
    return QCoreApplication::translate("ParamTable", std::string(label).c_str()).remove(QLatin1Char('&'));
}

const PhotoRun kNoRun;

}  // namespace

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

StudioModel::StudioModel(QObject* parent) : QObject(parent), m_undo(new QUndoStack(this)) {
    registerJobTypes();
    m_session.params = defaultParams();
    m_committed = m_session.params;
    m_commitTimer.setSingleShot(true);
    m_commitTimer.setInterval(400);
    connect(&m_commitTimer, &QTimer::timeout, this, &StudioModel::commitParams);
    m_restartTimer.setSingleShot(true);
    m_restartTimer.setInterval(300);
    connect(&m_restartTimer, &QTimer::timeout, this, [this] {
        // Only while the photo being painted is still the one shown (else run() would queue another).
        if (isRunning(currentPhoto())) run();
    });
    m_refinishTimer.setSingleShot(true);
    m_refinishTimer.setInterval(350);
    connect(&m_refinishTimer, &QTimer::timeout, this, &StudioModel::refinishCurrent);
}

StudioModel::~StudioModel() = default;

StyleController* StudioModel::engine() {
    if (m_engine) return m_engine;
    m_engine = new StyleController(this);
    connect(m_engine, &StyleController::progressed, this, &StudioModel::onProgress);
    connect(m_engine, &StyleController::previewReady, this, [this](const QImage& image, int) {
        if (m_running) Q_EMIT previewReady(m_running->contentPath, image);
    });
    connect(m_engine, &StyleController::jobFinished, this, [this](const QImage&, const JobOutcome& outcome) { onFinished(outcome); });
    connect(m_engine, &StyleController::failed, this, &StudioModel::onFailed);
    connect(m_engine, &StyleController::notice, this, &StudioModel::status);
    return m_engine;
}

void StudioModel::setSession(session::Session document) {
    m_session = std::move(document);
    m_session.params = session::normalised_params(m_session.params);
    m_committed = m_session.params;
    m_commitTimer.stop();
    m_refinishTimer.stop();
    m_restartTimer.stop();
    const std::vector<JobRequest> dropped = std::exchange(m_queue, {});
    m_runs.clear();
    m_sizes.clear();
    m_maskPhotos.clear();
    m_stroke.reset();
    Q_EMIT sessionReplaced();
    Q_EMIT photosChanged();
    Q_EMIT currentPhotoChanged(currentPhoto());
    Q_EMIT paramsChanged();
    Q_EMIT stylesChanged();
    for (const JobRequest& request : dropped) Q_EMIT runChanged(request.contentPath);
}

// --- photos -----------------------------------------------------------------------------

QString StudioModel::checkPhoto(const QString& path) {
    const QFileInfo info(path);
    if (!info.isFile()) return tr("%1 is not a file.").arg(info.fileName());
    const bool clip = isClipFile(path);
    if (!isImageFile(path) && !clip)
        return tr("%1 is not an image or a clip Shuimo reads (PNG, JPEG, TIFF, WebP, BMP; MP4, MOV, MKV, WebM, AVI).").arg(info.fileName());
    try {
        if (clip) (void)video_io::read_video_frame(path.toStdU32String(), 0);  // it opens and has a picture
        else (void)image_io::read_image(path.toStdU32String());
    } catch (const std::exception& error) {
        return tr("%1 was not added: %2").arg(info.fileName(), userErrorOf(error).message);
    }
    return {};
}

StudioModel::Added StudioModel::addPhotos(const QStringList& paths) {
    Added added;
    for (const QString& file : expandImageFolders(paths)) {
        QString why;
        if (addPhoto(file, &why)) added.photos << QFileInfo(file).absoluteFilePath();
        else if (!why.isEmpty()) added.refused << why;
    }
    if (!added.photos.isEmpty()) selectPhoto(added.photos.first());
    return added;
}

bool StudioModel::addPhoto(const QString& path, QString* why, bool check) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (m_session.find_photo(absolute) >= 0) return true;
    if (check) {
        if (const QString problem = checkPhoto(absolute); !problem.isEmpty()) {
            if (why) *why = problem;
            return false;
        }
    }
    const bool first = m_session.current_photo < 0;
    m_session.add_photo(absolute);
    if (first) m_session.current_photo = m_session.find_photo(absolute);
    setModified(true);
    Q_EMIT photosChanged();
    if (first) Q_EMIT currentPhotoChanged(absolute);
    return true;
}

void StudioModel::removePhoto(const QString& path) {
    const int index = m_session.find_photo(path);
    if (index < 0) return;
    const QString before = currentPhoto();
    if (isRunning(path) && m_engine) m_engine->cancel();  // its result finds no photo: dropped
    unqueue(path);
    m_session.remove_photo(index);
    m_runs.erase(path);
    m_sizes.remove(path);
    m_maskPhotos.remove(path);
    if (m_stroke && m_stroke->photo == path) m_stroke.reset();
    setModified(true);
    Q_EMIT photosChanged();
    if (currentPhoto() != before) Q_EMIT currentPhotoChanged(currentPhoto());
}

void StudioModel::movePhoto(const QString& path, int delta) {
    const int from = m_session.find_photo(path);
    if (from < 0) return;
    const int to = std::clamp(from + delta, 0, static_cast<int>(m_session.photos.size()) - 1);
    if (to == from) return;
    m_session.move_photo(from, to);
    setModified(true);
    Q_EMIT photosChanged();
}

void StudioModel::setPhotoOrder(const QStringList& paths) {
    for (int to = 0; to < paths.size(); ++to) {
        const int from = m_session.find_photo(paths[to]);
        if (from >= 0 && from != to) m_session.move_photo(from, to);
    }
    setModified(true);
    Q_EMIT photosChanged();
}

void StudioModel::selectPhoto(const QString& path) {
    const int index = m_session.find_photo(path);
    if (index < 0 || index == m_session.current_photo) return;
    m_session.current_photo = index;
    Q_EMIT currentPhotoChanged(path);
}

QString StudioModel::currentPhoto() const {
    const int index = m_session.current_photo;
    return index >= 0 && index < static_cast<int>(m_session.photos.size()) ? m_session.photos[static_cast<std::size_t>(index)].path
                                                                            : QString();
}

QStringList StudioModel::photos() const {
    QStringList paths;
    for (const session::Photo& photo : m_session.photos) paths << photo.path;
    return paths;
}

QSize StudioModel::photoSize(const QString& path) const {
    if (path.isEmpty()) return {};
    if (const auto it = m_sizes.constFind(path); it != m_sizes.constEnd()) return *it;
    if (isClipFile(path)) {
        QSize size;
        try {
            const video_io::VideoInfo info = video_io::probe_video(path.toStdU32String());
            size = QSize(info.width, info.height);
        } catch (const std::exception&) {
            // Unreadable: invalid, as a photo's.
        }
        m_sizes.insert(path, size);
        return size;
    }
    QImageReader reader(path);
    reader.setAutoTransform(true);
    QSize size = reader.size();
    if (size.isValid() && (reader.transformation() & QImageIOHandler::TransformationRotate90)) size.transpose();
    m_sizes.insert(path, size);
    return size;
}

bool StudioModel::isClip(const QString& path) { return isClipFile(path); }

int StudioModel::clipFrame(const QString& path) const {
    const session::Photo* photo = m_session.photo(path);
    return photo && isClipFile(path) ? photo->frame : 0;
}

void StudioModel::setClipFrame(const QString& path, int frame) {
    session::Photo* photo = m_session.photo(path);
    if (!photo || !isClipFile(path) || frame < 0 || photo->frame == frame) return;
    photo->frame = frame;
    setModified(true);
    Q_EMIT clipFrameChanged(path, frame);
    // The next run paints the new frame: as an edit, after the artist settles.
    if (path == currentPhoto() && isRunning(path)) m_restartTimer.start();
}

// --- versions -------------------------------------------------------------------------------

const session::Painting* StudioModel::currentPainting(const QString& photo) const {
    const session::Photo* found = m_session.photo(photo);
    return found ? found->current_painting() : nullptr;
}

int StudioModel::addVersion(const QString& photoPath, session::Painting painting) {
    const int index = m_session.find_photo(photoPath);
    if (index < 0) return -1;
    if (!painting.created.isValid()) painting.created = QDateTime::currentDateTimeUtc();
    const int added = m_session.add_painting(index, std::move(painting));
    setModified(true);
    Q_EMIT versionsChanged(photoPath);
    return added;
}

void StudioModel::selectVersion(const QString& photoPath, int index) {
    session::Photo* found = photo(photoPath);
    if (!found || index < 0 || index >= static_cast<int>(found->paintings.size()) || found->current == index) return;
    found->current = index;
    setModified(true);
    Q_EMIT versionsChanged(photoPath);
}

void StudioModel::removeVersion(const QString& photoPath, int index) {
    const session::Photo* found = m_session.photo(photoPath);
    if (!found || index < 0 || index >= static_cast<int>(found->paintings.size())) return;
    const QString name = versionName(found->paintings[static_cast<std::size_t>(index)]);
    m_undo->push(new RemoveVersionCommand(this, photoPath, index));
    Q_EMIT status(tr("Deleted %1 (Edit › Undo brings it back)").arg(name));
}

void StudioModel::editVersion(const QString& photoPath, int index, const std::function<void(session::Painting&)>& edit) {
    session::Photo* found = photo(photoPath);
    if (!found || index < 0 || index >= static_cast<int>(found->paintings.size())) return;
    edit(found->paintings[static_cast<std::size_t>(index)]);
    setModified(true);
    Q_EMIT versionsChanged(photoPath);
}

void StudioModel::renameVersion(const QString& photoPath, int index, const QString& name) {
    editVersion(photoPath, index, [&](session::Painting& painting) { painting.name = name.trimmed(); });
}

void StudioModel::setVersionStarred(const QString& photoPath, int index, bool starred) {
    editVersion(photoPath, index, [&](session::Painting& painting) { painting.starred = starred; });
}

void StudioModel::setVersionNote(const QString& photoPath, int index, const QString& note) {
    editVersion(photoPath, index, [&](session::Painting& painting) { painting.note = note; });
}

void StudioModel::markExported(const QString& photoPath, int index, const QString& file) {
    session::Photo* found = photo(photoPath);
    if (!found || index < 0 || index >= static_cast<int>(found->paintings.size())) return;
    found->paintings[static_cast<std::size_t>(index)].exported_to = file;
    setModified(true);
}

QString StudioModel::versionName(const session::Painting& painting) {
    if (!painting.name.isEmpty()) return painting.name;
    if (painting.revision > 0) return tr("Version %1.%2").arg(painting.number).arg(painting.revision);
    return tr("Version %1").arg(painting.number);
}

QString StudioModel::versionDescription(const QString& photoPath, int index) const {
    const session::Photo* found = m_session.photo(photoPath);
    if (!found || index < 0 || index >= static_cast<int>(found->paintings.size())) return {};
    const session::Painting& painting = found->paintings[static_cast<std::size_t>(index)];
    QStringList lines;
    lines << versionName(painting) + (painting.starred ? QStringLiteral(" ★") : QString());
    QStringList styles;
    for (const session::StyleRef& style : painting.styles) {
        const QString name = QFileInfo(style.path).completeBaseName();
        styles << (painting.styles.size() > 1 ? tr("%1 (%2)").arg(name).arg(style.blend) : name);
    }
    if (!styles.isEmpty()) lines << tr("Styles: %1").arg(styles.join(tr(", ")));
    lines << tr("Style strength %1 %, %2 × %3 px").arg(std::lround(percentForStyleWeight(painting.params.style_weight, painting.params.style_loss)))
                 .arg(painting.image.width)
                 .arg(painting.image.height);
    lines << tr("%1, %n evaluation(s), %2 s", nullptr, painting.iterations_run)
                 .arg(QLocale().toString(painting.created.toLocalTime(), QLocale::ShortFormat))
                 .arg(painting.seconds, 0, 'f', 1);
    if (isClipFile(photoPath)) lines << tr("painted from frame %1 of the clip").arg(painting.frame + 1);
    if (painting.refinished) lines << tr("re-finished without a run");
    if (index > 0) {
        const session::Painting& before = found->paintings[static_cast<std::size_t>(index - 1)];
        QStringList changed;
        for (const engine::ParamField& field : engine::param_fields()) {
            if (!field.stored) continue;
            engine::StyleParams probe = before.params;
            engine::copy_param(field, painting.params, probe);
            if (!(probe == before.params)) changed << fieldLabel(field);
        }
        if (painting.styles != before.styles) changed << tr("styles");
        if (!changed.isEmpty()) lines << tr("Changed since %1: %2").arg(versionName(before), changed.join(tr(", ")));
    }
    const QSize size = photoSize(photoPath);
    if (const auto unfinished = session::unfinished_painting(painting, {size.width(), size.height()})) {
        lines << tr("stopped at %1 × %2 of %3 × %4: Continue Painting (right-click) goes on from it")
                     .arg(unfinished->stopped_at.width)
                     .arg(unfinished->stopped_at.height)
                     .arg(unfinished->output.width)
                     .arg(unfinished->output.height);
    }
    if (!painting.note.isEmpty()) lines << painting.note;
    return lines.join(QLatin1Char('\n'));
}

void StudioModel::refinishCurrent() {
    const QString photoPath = currentPhoto();
    const session::Photo* found = m_session.photo(photoPath);
    const session::Painting* painting = found ? found->current_painting() : nullptr;
    const engine::StyleParams now = params();
    if (!painting || painting->raw.empty() || !session::only_finishing_differs(painting->params, now)) return;
    // Back to a finishing one of its versions already has (monochrome on, then off): that version, not another.
    for (std::size_t i = 0; i < found->paintings.size(); ++i) {
        const session::Painting& other = found->paintings[i];
        if (other.params == now && other.raw == painting->raw) {
            selectVersion(photoPath, static_cast<int>(i));
            Q_EMIT status(tr("%1 already has this finishing: shown again").arg(versionName(other)));
            return;
        }
    }
    try {
        session::Painting out = session::refinish(*painting, now, photoPath);
        int revision = 0;
        for (const session::Painting& other : found->paintings) {
            if (other.number == painting->number) revision = std::max(revision, other.revision);
        }
        out.revision = revision + 1;
        if (!painting->name.isEmpty()) out.name = QStringLiteral("%1.%2").arg(painting->name).arg(out.revision);
        out.starred = false;
        out.note.clear();
        addVersion(photoPath, std::move(out));
        Q_EMIT status(tr("Re-finished without a new run: a new version (the earlier one is kept)"));
    } catch (const std::exception& error) {
        Q_EMIT problem(tr("The finishing could not be re-applied: %1").arg(userErrorOf(error).message));
    }
}

void StudioModel::useSettingsOf(const QString& photoPath, int index) {
    const session::Photo* found = m_session.photo(photoPath);
    if (!found || index < 0 || index >= static_cast<int>(found->paintings.size())) return;
    const session::Painting painting = found->paintings[static_cast<std::size_t>(index)];
    const QStringList missing = applySettings(painting.params, painting.styles);
    if (!missing.isEmpty()) Q_EMIT problem(tr("These styles are no longer where they were: %1").arg(missing.join(tr(", "))));
    else Q_EMIT status(tr("Settings applied (Ctrl+Z undoes)"));
}

// --- styles -------------------------------------------------------------------------------------

QStringList StudioModel::stylePaths() const {
    QStringList paths;
    for (const session::StyleRef& style : m_session.styles) paths << style.path;
    return paths;
}

QList<double> StudioModel::styleBlend() const {
    QList<double> blend;
    for (const session::StyleRef& style : m_session.styles) blend << style.blend;
    return blend;
}

void StudioModel::setStyles(std::vector<session::StyleRef> styles) {
    for (session::StyleRef& style : styles) style.path = QFileInfo(style.path).absoluteFilePath();
    if (styles == m_session.styles) return;
    m_session.styles = std::move(styles);
    Q_EMIT stylesChanged();
    restartIfRunningHere();
}

void StudioModel::tickStyle(const QString& path, bool ticked, double blend) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    std::vector<session::StyleRef> styles = m_session.styles;
    const auto it = std::find_if(styles.begin(), styles.end(), [&](const session::StyleRef& s) { return s.path == absolute; });
    if (ticked && it != styles.end()) it->blend = blend;
    else if (ticked) styles.push_back({absolute, blend});
    else if (it != styles.end()) styles.erase(it);
    setStyles(std::move(styles));
}

// --- parameters ---------------------------------------------------------------------------------

engine::StyleParams StudioModel::defaultParams() {
    engine::StyleParams params;
    params.size = qualityPresets()[1].size;
    params.iterations = qualityPresets()[1].iterations;
    return session::normalised_params(params);
}

void StudioModel::setParams(const engine::StyleParams& edited) {
    const engine::StyleParams next = session::normalised_params(edited);
    if (next == m_session.params) return;
    m_session.params = next;
    m_commitTimer.start();
    paramsEdited(true);
}

void StudioModel::showParams(const engine::StyleParams& shown) {
    m_session.params = session::normalised_params(shown);
    m_committed = m_session.params;
    m_commitTimer.stop();
    paramsEdited(false);
}

void StudioModel::paramsEdited(bool byArtist) {
    Q_EMIT paramsChanged();
    const QString photoPath = currentPhoto();
    const session::Painting* painting = currentPainting(photoPath);
    if (byArtist && painting && !isRunning(photoPath) && !painting->raw.empty() &&
        session::only_finishing_differs(painting->params, params())) {
        m_refinishTimer.start();
    }
    if (!isRunning(photoPath)) return;
    if (engine::only_live_params_differ(m_running->params, params())) {
        // Live re-weighting: the running optimisation takes the new objective at its next evaluation.
        m_running->params = params();
        engine()->setLiveWeights(liveWeights());
    } else {
        m_restartTimer.start();
    }
}

engine::LossWeights StudioModel::liveWeights() const {
    engine::LossWeights weights = engine::loss_weights_of(params());
    if (m_running) {
        for (const session::Region& region : m_running->regions) weights.regions.push_back(region.strength);
    }
    return weights;
}

void StudioModel::commitParams() {
    m_commitTimer.stop();
    if (m_session.params == m_committed) return;
    m_undo->push(new ParamsCommand(this, m_committed, m_session.params, true));
    m_committed = m_session.params;
}

QString StudioModel::setParameter(std::string_view key, const QJsonValue& value) {
    const engine::ParamField* field = engine::find_param_field(key);
    if (!field || !field->stored) return tr("“%1” is not a parameter.").arg(QString::fromUtf8(key.data(), static_cast<qsizetype>(key.size())));
    engine::StyleParams next = params();
    try {
        const QByteArray text = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
        const engine::json::Value parsed = engine::json::parse(std::string_view(text.constData(), static_cast<std::size_t>(text.size())));
        engine::set_param(*field, next, parsed.array.at(0));
        engine::check_param(*field, next);
    } catch (const engine::ParamValueError& error) {
        return tr("%1 must be %2.").arg(fieldLabel(*field), QString::fromStdString(error.what()));
    } catch (const std::exception& error) {
        return userErrorOf(error).message;
    }
    setParams(next);
    return {};
}

QStringList StudioModel::applySettings(const engine::StyleParams& settings, const std::vector<session::StyleRef>& styles,
                                       const QString& undoText) {
    if (m_commitTimer.isActive()) commitParams();  // the edit before is a step of its own
    const engine::StyleParams next = session::normalised_params(settings);
    if (!(next == params())) {
        m_undo->push(new ParamsCommand(this, params(), next, false, undoText.isEmpty() ? tr("settings applied") : undoText));
    }
    QStringList missing;
    if (!styles.empty()) {
        std::vector<session::StyleRef> found;
        for (const session::StyleRef& style : styles) {
            if (QFileInfo::exists(style.path)) found.push_back(style);
            else missing << QFileInfo(style.path).fileName();
        }
        setStyles(std::move(found));
    }
    return missing;
}

void StudioModel::applyRecommendedSettings(const QJsonObject& settings) {
    engine::StyleParams next = batch::params_from_json(settings, params());
    // The style's quality preset (size and iterations) on top.
    if (const int quality = qualityIndexOfKey(settings.value(QStringLiteral("quality")).toString()); quality >= 0) {
        next.size = qualityPresets()[static_cast<std::size_t>(quality)].size;
        next.iterations = qualityPresets()[static_cast<std::size_t>(quality)].iterations;
        next.level_iterations.clear();
    }
    applySettings(next, {}, tr("recommended settings"));
    Q_EMIT status(tr("Applied the style's recommended settings (Ctrl+Z undoes)"));
}

void StudioModel::resetParams() {
    applySettings(defaultParams(), {}, tr("reset to defaults"));
    Q_EMIT status(tr("Every setting is back to its default (Ctrl+Z undoes)"));
}

bool StudioModel::editsPending() const {
    return m_commitTimer.isActive() || m_restartTimer.isActive() || m_refinishTimer.isActive();
}

// --- regions ------------------------------------------------------------------------------------

const std::vector<session::Region>& StudioModel::regions(const QString& photoPath) const {
    static const std::vector<session::Region> kNone;
    const session::Photo* found = m_session.photo(photoPath);
    return found ? found->regions : kNone;
}

session::MaskSize StudioModel::maskSize(const QString& photoPath) const {
    // The masks painted already fix it (the photo may have gone from the disk since).
    if (const auto& list = regions(photoPath); !list.empty()) return {list.front().mask.width, list.front().mask.height};
    const QSize size = photoSize(photoPath);
    return size.isValid() ? session::mask_size(size.width(), size.height()) : session::MaskSize{};
}

QImage StudioModel::photoAtMaskSize(const QString& photoPath) const {
    if (const auto it = m_maskPhotos.constFind(photoPath); it != m_maskPhotos.constEnd()) return *it;
    const session::MaskSize size = maskSize(photoPath);
    QImageReader reader(photoPath);
    reader.setAutoTransform(true);
    QImage image = reader.read();
    if (image.isNull() || size.width <= 0) return {};
    image = image.convertToFormat(QImage::Format_RGB888).scaled(size.width, size.height, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    m_maskPhotos.insert(photoPath, image);
    return image;
}

bool StudioModel::validRegion(int index) const {
    return index >= 0 && index < static_cast<int>(regions().size());
}

void StudioModel::editRegions(const QString& text, const std::function<void(std::vector<session::Region>&)>& edit, int merge) {
    const QString photoPath = currentPhoto();
    if (!m_session.photo(photoPath)) return;
    if (m_stroke) endStroke();
    const std::vector<session::Region> before = regions(photoPath);
    std::vector<session::Region> after = before;
    edit(after);
    if (after == before) return;
    m_undo->push(new RegionsCommand(this, photoPath, before, after, false, text, merge));
}

void StudioModel::setRegions(const QString& photoPath, std::vector<session::Region> next) {
    session::Photo* found = photo(photoPath);
    if (!found) return;
    const std::vector<session::Region> before = std::exchange(found->regions, std::move(next));
    setModified(true);
    Q_EMIT regionsChanged(photoPath);
    if (!isRunning(photoPath) || photoPath != currentPhoto()) return;
    // Only strengths of style regions changed, none to or from 0 (that moves the box): live.
    const std::vector<session::Region>& after = found->regions;
    bool live = before.size() == after.size() && m_running->regions.size() == after.size();
    for (std::size_t r = 0; live && r < after.size(); ++r) {
        session::Region a = before[r], b = after[r];
        const bool styled = a.kind == engine::RegionKind::Style && a.strength > 0.0 && b.strength > 0.0;
        if (styled) a.strength = b.strength;
        live = a == b;
    }
    if (!live) {
        m_restartTimer.start();
        return;
    }
    m_running->regions = after;
    engine()->setLiveWeights(liveWeights());
}

std::optional<session::Region> StudioModel::newRegion(engine::RegionKind kind, const QString& style, const QString& name) const {
    const QString photoPath = currentPhoto();
    const session::MaskSize size = maskSize(photoPath);
    if (!m_session.photo(photoPath) || size.width <= 0) return std::nullopt;
    const std::vector<session::Region>& list = regions(photoPath);
    session::Region region;
    region.kind = kind;
    region.name = !name.isEmpty() ? name
                  : kind == engine::RegionKind::Paper ? tr("Blank paper")
                  : kind == engine::RegionKind::Photo ? tr("Keep the photo")
                                                      : tr("Region %1").arg(list.size() + 1);
    if (kind == engine::RegionKind::Style) region.style = !style.isEmpty() ? QFileInfo(style).absoluteFilePath() : stylePaths().value(0);
    // The first colour of the palette no region of the photo has.
    for (int n = 0;; ++n) {
        const std::uint32_t colour = regionColour(n);
        if (n >= 8 || std::none_of(list.begin(), list.end(), [&](const session::Region& r) { return r.colour == colour; })) {
            region.colour = colour;
            break;
        }
    }
    region.mask = emptyMask(size);
    return region;
}

int StudioModel::addRegion(engine::RegionKind kind, const QString& style, const QString& name) {
    const std::optional<session::Region> region = newRegion(kind, style, name);
    if (!region) return -1;
    editRegions(tr("adding region %1").arg(region->name), [&](std::vector<session::Region>& list) { list.push_back(*region); });
    return static_cast<int>(regions().size()) - 1;
}

void StudioModel::removeRegion(int index) {
    if (!validRegion(index)) return;
    editRegions(tr("removing region %1").arg(regions()[static_cast<std::size_t>(index)].name),
                [&](std::vector<session::Region>& list) { list.erase(list.begin() + index); });
}

void StudioModel::moveRegion(int index, int delta) {
    const int to = index + delta;
    if (!validRegion(index) || !validRegion(to)) return;
    editRegions(tr("moving region %1").arg(regions()[static_cast<std::size_t>(index)].name),
                [&](std::vector<session::Region>& list) { std::swap(list[static_cast<std::size_t>(index)], list[static_cast<std::size_t>(to)]); });
}

void StudioModel::renameRegion(int index, const QString& name) {
    if (!validRegion(index) || name.trimmed().isEmpty()) return;
    editRegions(tr("renaming region"), [&](std::vector<session::Region>& list) { list[static_cast<std::size_t>(index)].name = name.trimmed(); });
}

void StudioModel::setRegionKind(int index, engine::RegionKind kind) {
    if (!validRegion(index)) return;
    editRegions(tr("region kind"), [&](std::vector<session::Region>& list) {
        session::Region& region = list[static_cast<std::size_t>(index)];
        region.kind = kind;
        if (kind == engine::RegionKind::Style && region.style.isEmpty()) region.style = stylePaths().value(0);
    });
}

void StudioModel::setRegionStyle(int index, const QString& style) {
    if (!validRegion(index)) return;
    editRegions(tr("region style"), [&](std::vector<session::Region>& list) {
        list[static_cast<std::size_t>(index)].style = style.isEmpty() ? QString() : QFileInfo(style).absoluteFilePath();
    });
}

void StudioModel::setRegionStrength(int index, double strength) {
    if (!validRegion(index) || !std::isfinite(strength) || strength < 0.0) return;
    editRegions(tr("region strength"), [&](std::vector<session::Region>& list) { list[static_cast<std::size_t>(index)].strength = strength; },
                index);
}

void StudioModel::beginStroke(int index) {
    if (m_stroke) endStroke();
    if (!validRegion(index)) return;
    m_stroke = Stroke{currentPhoto(), index, regions()};
}

void StudioModel::strokeRegion(QPointF from, QPointF to, const Brush& brush) {
    if (!m_stroke) return;
    session::Photo* found = photo(m_stroke->photo);
    if (!found || m_stroke->index >= static_cast<int>(found->regions.size())) return;
    const QRect dirty = paintStroke(found->regions[static_cast<std::size_t>(m_stroke->index)].mask, from, to, brush);
    if (!dirty.isEmpty()) Q_EMIT regionMaskChanged(m_stroke->photo, m_stroke->index, dirty);
}

void StudioModel::endStroke() {
    if (!m_stroke) return;
    const Stroke stroke = std::exchange(m_stroke, std::nullopt).value();
    const std::vector<session::Region>& after = regions(stroke.photo);
    if (after == stroke.before) return;
    m_undo->push(new RegionsCommand(this, stroke.photo, stroke.before, after, true,
                                    tr("painting region %1").arg(after[static_cast<std::size_t>(stroke.index)].name), -1));
    setModified(true);
    Q_EMIT regionsChanged(stroke.photo);
    if (stroke.photo == currentPhoto()) restartIfRunningHere();
}

void StudioModel::fillRegion(int index, QPoint at, double tolerance, int feather, bool erase) {
    if (!validRegion(index)) return;
    const QImage photoImage = photoAtMaskSize(currentPhoto());
    if (photoImage.isNull()) {
        Q_EMIT problem(tr("The photo could not be read to fill the region."));
        return;
    }
    editRegions(tr("filling region %1").arg(regions()[static_cast<std::size_t>(index)].name), [&](std::vector<session::Region>& list) {
        fillSimilar(list[static_cast<std::size_t>(index)].mask, photoImage, at, tolerance, feather, erase);
    });
}

void StudioModel::clearRegion(int index) {
    if (!validRegion(index)) return;
    editRegions(tr("clearing region %1").arg(regions()[static_cast<std::size_t>(index)].name), [&](std::vector<session::Region>& list) {
        session::Picture& mask = list[static_cast<std::size_t>(index)].mask;
        std::fill(mask.samples.begin(), mask.samples.end(), 0);
    });
}

QString StudioModel::importMask(int index, const QString& file) {
    const QString photoPath = currentPhoto();
    const session::MaskSize size = maskSize(photoPath);
    if (photoPath.isEmpty() || size.width <= 0) return tr("Add a photo first: a mask belongs to a photo.");
    QImageReader reader(file);
    reader.setAutoTransform(true);
    const QImage image = reader.read();
    const QString name = QFileInfo(file).fileName();
    if (image.isNull()) return tr("The mask %1 could not be read: %2").arg(name, reader.errorString());
    const session::Picture mask = maskFromImage(image, size);
    if (!session::covers_anything(mask)) return tr("The mask %1 covers nothing (it is black everywhere): white marks the region.").arg(name);
    std::optional<session::Region> added;
    if (index < 0 && !(added = newRegion(engine::RegionKind::Style, {}, QFileInfo(file).completeBaseName())))
        return tr("Add a photo first: a mask belongs to a photo.");
    if (!added && !validRegion(index)) return {};
    editRegions(tr("importing mask %1").arg(name), [&](std::vector<session::Region>& list) {
        if (added) list.push_back(*added), index = static_cast<int>(list.size()) - 1;
        list[static_cast<std::size_t>(index)].mask = mask;
    });
    return {};
}

QString StudioModel::addAutomaticRegion(const QString& which) {
    const QString photoPath = currentPhoto();
    const QImage small = photoAtMaskSize(photoPath);
    if (small.isNull()) return tr("Add a photo first: a mask belongs to a photo.");
    const session::MaskSize size = maskSize(photoPath);
    session::Picture mask;
    try {
        const std::optional<engine::Image> found = image_io::automatic_mask(which.toStdString(), fromQImage(small));
        if (!found) return tr("“%1” is not an automatic mask (sky or faces).").arg(which);
        mask = session::to_picture(*found);
    } catch (const std::exception& error) {
        return userErrorOf(error).message;
    }
    if (mask.width != size.width || mask.height != size.height || !session::covers_anything(mask)) {
        return which == QLatin1String("faces") ? tr("No face was found in %1: paint the region instead.").arg(QFileInfo(photoPath).fileName())
                                               : tr("No sky was found in %1: paint the region instead.").arg(QFileInfo(photoPath).fileName());
    }
    const bool sky = which == QLatin1String("sky");
    std::optional<session::Region> region = newRegion(sky ? engine::RegionKind::Paper : engine::RegionKind::Photo, {}, sky ? tr("Sky") : tr("Faces"));
    if (!region) return tr("Add a photo first: a mask belongs to a photo.");
    region->mask = std::move(mask);
    editRegions(sky ? tr("automatic sky") : tr("automatic faces"), [&](std::vector<session::Region>& list) { list.push_back(*region); });
    return {};
}

// --- runs -------------------------------------------------------------------------------------------

std::optional<JobRequest> StudioModel::request(QString* why) const {
    auto fail = [why](const QString& message) -> std::optional<JobRequest> {
        if (why) *why = message;
        return std::nullopt;
    };
    JobRequest request;
    request.contentPath = currentPhoto();
    if (request.contentPath.isEmpty()) return fail(tr("Add a photo first: drop one on the window or use File > Open Photos…"));
    request.stylePaths = stylePaths();
    request.regions = regions(request.contentPath);
    if (request.stylePaths.isEmpty() && request.regions.empty())
        return fail(tr("Tick at least one style in the Styles panel (or drop your own reference there)."));
    for (const session::Region& region : request.regions) {
        if (!session::covers_anything(region.mask))
            return fail(tr("The region “%1” is empty: paint it on the preview, or remove it in the Regions panel.").arg(region.name));
        if (region.kind != engine::RegionKind::Style || region.strength == 0.0) continue;
        if (region.style.isEmpty()) return fail(tr("The region “%1” has no style: choose one in the Regions panel.").arg(region.name));
        if (!QFileInfo::exists(region.style))
            return fail(tr("The style of the region “%1” is no longer where it was: %2").arg(region.name, region.style));
    }
    request.styleBlend = styleBlend();
    request.params = params();
    try {
        engine::validate(request.params);
    } catch (const engine::ConfigError& error) {
        return fail(userErrorOf(error).message);
    }
    const auto weights = engine::find_installed_vgg19_weights();
    if (!weights) return fail(errorMessage(engine::ErrorCode::WeightsMissing, QStringList()));
    request.weightsPath = QString::fromStdString(weights->string());
    return request;
}

QString StudioModel::run() {
    QString why;
    const std::optional<JobRequest> next = request(&why);
    if (!next) return why;
    submit(*next);
    return {};
}

void StudioModel::submit(const JobRequest& request) {
    m_restartTimer.stop();
    const QString photoPath = request.contentPath;
    if (m_running && m_running->contentPath != photoPath) {
        // Another photo is being painted: this one waits its turn (one waiting run per photo).
        unqueue(photoPath);
        m_queue.push_back(request);
        PhotoRun& waiting = m_runs[photoPath];
        waiting.state = PhotoRun::State::Queued;
        Q_EMIT runChanged(photoPath);
        Q_EMIT status(tr("%1 will be painted when %2 is done")
                          .arg(QFileInfo(photoPath).fileName(), QFileInfo(m_running->contentPath).fileName()));
        return;
    }
    unqueue(photoPath);
    start(request);
}

void StudioModel::start(JobRequest request) {
    if (request.contentFrame < 0) request.contentFrame = clipFrame(request.contentPath);  // the frame shown now
    m_running = request;
    PhotoRun& run = m_runs[request.contentPath];
    run = PhotoRun{};
    run.state = PhotoRun::State::Running;
    try {
        const QSize size = photoSize(request.contentPath);
        if (size.isValid()) run.levels = static_cast<int>(engine::plan_job(size.width(), size.height(), request.params).levels.size());
    } catch (const std::exception&) {
        // No plan: the level count comes from the reports.
    }
    engine()->startJob(request);
    Q_EMIT runChanged(request.contentPath);
}

void StudioModel::startNextQueued() {
    while (!m_running && !m_queue.empty()) {
        const JobRequest next = m_queue.front();
        m_queue.erase(m_queue.begin());
        if (m_session.find_photo(next.contentPath) >= 0) start(next);
    }
}

bool StudioModel::unqueue(const QString& photoPath) {
    const auto it = std::find_if(m_queue.begin(), m_queue.end(), [&](const JobRequest& r) { return r.contentPath == photoPath; });
    if (it == m_queue.end()) return false;
    m_queue.erase(it);
    if (PhotoRun& waiting = m_runs[photoPath]; waiting.state == PhotoRun::State::Queued) waiting.state = PhotoRun::State::None;
    Q_EMIT runChanged(photoPath);
    return true;
}

bool StudioModel::isQueued(const QString& photoPath) const {
    return std::any_of(m_queue.begin(), m_queue.end(), [&](const JobRequest& r) { return r.contentPath == photoPath; });
}

const PhotoRun& StudioModel::photoRun(const QString& photoPath) const {
    const auto it = m_runs.find(photoPath);
    return it == m_runs.end() ? kNoRun : it->second;
}

void StudioModel::cancel() {
    m_restartTimer.stop();
    const QString photoPath = currentPhoto();
    if (unqueue(photoPath)) return;
    if (isRunning(photoPath)) engine()->cancel();
}

void StudioModel::cancelAll() {
    m_restartTimer.stop();
    while (!m_queue.empty()) unqueue(m_queue.front().contentPath);
    if (m_running) engine()->cancel();
}

QString StudioModel::continuePainting(int version) {
    const QString photoPath = currentPhoto();
    const session::Photo* found = m_session.photo(photoPath);
    if (!found || version < 0 || version >= static_cast<int>(found->paintings.size())) return {};
    const session::Painting& painting = found->paintings[static_cast<std::size_t>(version)];
    const QSize size = photoSize(photoPath);
    JobRequest next;
    next.contentPath = photoPath;
    next.contentFrame = painting.frame;  // a clip's: the frame that version was painted from
    for (const session::StyleRef& style : painting.styles) {
        next.stylePaths << style.path;
        next.styleBlend << style.blend;
    }
    const auto refuse = [this](const QString& why) {
        Q_EMIT problem(why);
        return why;
    };
    try {
        next.params = session::continuation_params(painting, {size.width(), size.height()});
    } catch (const engine::ConfigError& error) {
        return refuse(userErrorOf(error).message);
    }
    const auto weights = engine::find_installed_vgg19_weights();
    if (!weights) return refuse(errorMessage(engine::ErrorCode::WeightsMissing, QStringList()));
    next.weightsPath = QString::fromStdString(weights->string());
    next.initImage = std::make_shared<const engine::Image>(session::to_image(painting.raw.empty() ? painting.image : painting.raw));
    next.regions = painting.regions;
    next.recordedParams = painting.params;
    next.iterationsBefore = painting.iterations_run;
    next.secondsBefore = painting.seconds;
    Q_EMIT status(tr("Continuing %1 from %2 × %3").arg(versionName(painting)).arg(painting.image.width).arg(painting.image.height));
    submit(next);
    return {};
}

int StudioModel::paintOthersLike(int version) {
    const QString current = currentPhoto();
    const session::Photo* found = m_session.photo(current);
    if (!found || version < 0 || version >= static_cast<int>(found->paintings.size())) return 0;
    const session::Painting painting = found->paintings[static_cast<std::size_t>(version)];
    QString why;
    std::optional<JobRequest> base = request(&why);  // for the weights and the checks
    if (!base) {
        Q_EMIT problem(why);
        return -1;
    }
    base->params = painting.params;
    base->stylePaths.clear();
    base->styleBlend.clear();
    for (const session::StyleRef& ref : painting.styles) {
        base->stylePaths << ref.path;
        base->styleBlend << ref.blend;
    }
    int queued = 0;
    for (const QString& other : photos()) {
        if (other == current) continue;
        JobRequest next = *base;
        next.contentPath = other;
        next.regions = regions(other);  // each photo its own regions (masks are painted on one photo)
        submit(next);
        ++queued;
    }
    Q_EMIT status(tr("%n photo(s) will be painted with the settings of %1", nullptr, queued).arg(versionName(painting)));
    return queued;
}

void StudioModel::restartIfRunningHere() {
    // Only edits made while looking at the photo being painted restart its run.
    if (isRunning(currentPhoto())) m_restartTimer.start();
}

void StudioModel::onProgress(const engine::IterationReport& report) {
    if (!m_running) return;
    const QString photoPath = m_running->contentPath;
    PhotoRun& run = m_runs[photoPath];
    const engine::LossWeights before = run.last ? run.last->weights : engine::loss_weights_of(m_running->params);
    run.curve.push_back({report.iteration, report.best_total_loss, !(report.weights == before)});
    run.last = report;
    Q_EMIT progressed(photoPath, report);
}

void StudioModel::onFinished(const JobOutcome& outcome) {
    if (!m_running) return;
    const JobRequest finished = *m_running;
    m_running.reset();
    // Finished or cancelled, the painting is a version of the photo it was made from.
    addRun(finished, outcome);
    PhotoRun& run = m_runs[finished.contentPath];
    run.state = outcome.cancelled ? PhotoRun::State::Cancelled : PhotoRun::State::Finished;
    run.outcome = outcome;
    Q_EMIT runChanged(finished.contentPath);
    startNextQueued();
}

void StudioModel::onFailed(const QString& message, ErrorKind kind) {
    if (!m_running) return;
    const QString photoPath = m_running->contentPath;
    m_running.reset();
    PhotoRun& run = m_runs[photoPath];
    run.state = PhotoRun::State::Failed;
    run.error = message;
    Q_EMIT runChanged(photoPath);
    Q_EMIT runFailed(photoPath, message, kind);
    startNextQueued();
}

int StudioModel::addRun(const JobRequest& request, const JobOutcome& outcome) {
    if (!outcome.image || outcome.image->empty()) return -1;
    if (m_session.find_photo(request.contentPath) < 0) return -1;  // removed while it ran
    session::Painting painting;
    painting.created = QDateTime::currentDateTimeUtc();
    painting.end = outcome.cancelled ? session::PaintingEnd::Cancelled : session::PaintingEnd::Finished;
    painting.params = request.recordedParams.value_or(request.params);
    for (int i = 0; i < request.stylePaths.size(); ++i) {
        painting.styles.push_back({request.stylePaths[i], i < request.styleBlend.size() ? request.styleBlend[i] : 1.0});
    }
    painting.regions = request.regions;
    painting.frame = request.contentFrame;
    painting.iterations_run = request.iterationsBefore + outcome.iterationsRun;
    painting.seconds = request.secondsBefore + outcome.seconds;
    painting.device = outcome.device;
    painting.precision = outcome.precision;
    painting.image = session::to_picture(*outcome.image);
    if (outcome.rawImage) painting.raw = session::to_picture(*outcome.rawImage);
    return addVersion(request.contentPath, std::move(painting));
}

// --- file ----------------------------------------------------------------------------------------------

void StudioModel::setModified(bool modified) {
    if (modified) ++m_changes;
    if (m_modified == modified) return;
    m_modified = modified;
    Q_EMIT modifiedChanged(modified);
}

int StudioModel::unsavedPaintings() const {
    int count = 0;
    for (const session::Photo& photo : m_session.photos) {
        for (const session::Painting& painting : photo.paintings) {
            if (painting.exported_to.isEmpty() && !m_saved.contains(paintingKey(photo.path, painting))) ++count;
        }
    }
    return count;
}

QString StudioModel::writeSnapshot(const QString& path) {
    if (m_saving) return tr("The session is already being saved; try again when that is done.");
    m_saving = true;
    Q_EMIT savingChanged(true);
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
    Q_EMIT savingChanged(false);
    if (failure) {
        try {
            std::rethrow_exception(failure);
        } catch (const session::SessionFileError& error) {
            return sessionMessage(error);
        } catch (const std::exception& error) {
            return QString::fromStdString(error.what());
        }
    }
    m_saved = paintingKeys(*snapshot);
    return {};
}

QString StudioModel::saveTo(const QString& path) {
    const quint64 changes = m_changes;
    if (const QString error = writeSnapshot(path); !error.isEmpty()) return error;
    m_filePath = QFileInfo(path).absoluteFilePath();
    QSettings().setValue(QStringLiteral("session/file"), m_filePath);
    if (m_changes == changes) setModified(false);
    return {};
}

QString StudioModel::openFrom(const QString& path) {
    try {
        int version = 0;
        session::Session opened = session::load_session(path, &version);  // nothing changes unless all of it reads
        if (version < 2) {  // format 1 holds no styles or parameters: the present ones stay
            opened.styles = m_session.styles;
            opened.params = m_session.params;
        }
        m_filePath = QFileInfo(path).absoluteFilePath();
        QSettings().setValue(QStringLiteral("session/file"), m_filePath);
        setSession(std::move(opened));
        m_saved = paintingKeys(m_session);
        setModified(false);
    } catch (const session::SessionFileError& error) {
        return sessionMessage(error);
    }
    return {};
}

QString StudioModel::autosavePath() {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("last-session.shuimo"));
}

QString StudioModel::writeAutosave() {
    const QString path = autosavePath();
    QDir().mkpath(QFileInfo(path).absolutePath());
    const QSet<QString> saved = m_saved;  // the autosave is not the artist's file
    const QString error = writeSnapshot(path);
    m_saved = saved;
    if (!error.isEmpty()) return error;
    QSettings settings;
    settings.setValue(QStringLiteral("session/file"), m_filePath);
    settings.setValue(QStringLiteral("session/modified"), m_modified);
    settings.setValue(QStringLiteral("session/saved"), QStringList(m_saved.begin(), m_saved.end()));
    return {};
}

void StudioModel::removeAutosave() {
    QFile::remove(autosavePath());
}

QString StudioModel::restoreAutosave() {
    const QString path = autosavePath();
    if (!QFileInfo::exists(path)) return {};
    try {
        int version = 0;
        session::Session restored = session::load_session(path, &version);
        if (version < 2) {
            restored.styles = m_session.styles;
            restored.params = m_session.params;
        }
        QSettings settings;
        m_filePath = settings.value(QStringLiteral("session/file")).toString();
        setSession(std::move(restored));
        const QStringList saved = settings.value(QStringLiteral("session/saved")).toStringList();
        m_saved = QSet<QString>(saved.begin(), saved.end());
        setModified(settings.value(QStringLiteral("session/modified"), false).toBool());
    } catch (const session::SessionFileError& error) {
        const QString aside = QFileInfo(path).absoluteDir().filePath(
            QStringLiteral("last-session-unreadable-%1.shuimo").arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss"))));
        QFile::rename(path, aside);
        return tr("The last session could not be restored (kept as %1): %2").arg(aside, sessionMessage(error));
    }
    return {};
}

void StudioModel::restoreSettings() {
    QSettings settings;
    const QByteArray saved = settings.value(QStringLiteral("params")).toByteArray();
    if (!saved.isEmpty()) showParams(batch::params_from_json(QJsonDocument::fromJson(saved).object(), params()));
    std::vector<session::StyleRef> styles;
    for (const QJsonValue& value : QJsonDocument::fromJson(settings.value(QStringLiteral("styles")).toByteArray()).array()) {
        const QJsonObject style = value.toObject();
        const QString path = style.value(QStringLiteral("path")).toString();
        if (!path.isEmpty() && QFileInfo::exists(path)) styles.push_back({path, style.value(QStringLiteral("blend")).toDouble(1.0)});
    }
    setStyles(std::move(styles));
}

void StudioModel::saveSettings() const {
    QSettings settings;
    settings.setValue(QStringLiteral("params"), QJsonDocument(batch::params_to_json(params())).toJson(QJsonDocument::Compact));
    QJsonArray styles;
    for (const session::StyleRef& style : m_session.styles) {
        styles.append(QJsonObject{{QStringLiteral("path"), style.path}, {QStringLiteral("blend"), style.blend}});
    }
    settings.setValue(QStringLiteral("styles"), QJsonDocument(styles).toJson(QJsonDocument::Compact));
}

}  // namespace shuimo::ui
