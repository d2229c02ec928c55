#pragma once
// The studio: the document and what the next run uses, without widgets (as
// Gwenview's Document: it owns the data, takes commands and says what changed;
// the photo strip, the style gallery, the versions strip, the parameter panel,
// the run panel and the preview only observe it and send it commands).
//
// It owns the session::Session (photos in order, the current photo, every
// photo's paintings and versions, the ticked styles with their blend and the
// parameters: saved and opened whole), the undo stack of its edits, the runs
// (one at a time on the engine's worker thread, the others waiting, at most one
// per photo; a run belongs to its photo and goes on when another is selected) and
// what each photo's last run said. Edits are debounced as Krita's
// KisSignalCompressor does: a parameter edit becomes one undo step 400 ms after
// the last change, restarts the current photo's run after 300 ms unless only
// live weights changed (those reach the running job at once), and a finishing
// edit re-finishes the current painting after 350 ms without a run.
//
// Built without Qt Widgets (ui/CMakeLists.txt: shuimo_studio links Core and Gui
// only), so it is tested without a display (tests/ui/tst_studio_model.cpp).

#include <QHash>
#include <QImage>
#include <QObject>
#include <QSet>
#include <QSize>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <functional>
#include <map>
#include <optional>
#include <string_view>
#include <vector>

#include "job_types.h"
#include "region_masks.h"
#include "shuimo/session/session.h"

class QJsonObject;
class QJsonValue;
class QUndoStack;

namespace shuimo::ui {

class StyleController;

// A painting's pixels for the screen (8-bit RGB, exactly rounded from 16 bits).
QImage toQImage(const session::Picture& picture);

// What one photo's run looks like to the artist: waiting, running (with its
// progress and loss curve), or how the last one ended.
struct PhotoRun {
    enum class State { None, Queued, Running, Finished, Cancelled, Failed };
    struct Point {
        int iteration = 0;
        double loss = 0.0;
        bool weightsChanged = false;  // the objective's weights changed at this point (a live edit)
    };
    State state = State::None;
    std::optional<engine::IterationReport> last;  // the latest report of the run (or of the one that ended)
    std::vector<Point> curve;                      // best objective so far, per report
    int levels = 0;                                // the run's levels, as planned
    std::optional<JobOutcome> outcome;             // Finished or Cancelled
    QString error;                                 // Failed: what the artist was told
};

class StudioModel : public QObject {
    Q_OBJECT
public:
    explicit StudioModel(QObject* parent = nullptr);
    ~StudioModel() override;

    // --- the document --------------------------------------------------------
    const session::Session& session() const { return m_session; }
    // Replaces the whole document (opened, restored); queued runs are dropped.
    void setSession(session::Session session);
    QUndoStack* undoStack() const { return m_undo; }
    // The engine's worker (started on first use).
    StyleController* engine();
    bool engineStarted() const { return m_engine != nullptr; }

    // --- photos -----------------------------------------------------------------
    struct Added {
        QStringList photos;   // absolute paths added (or already there)
        QStringList refused;  // why each refused file was refused
    };
    // The image files among `paths` (folders expanded), each read first; the first added becomes current.
    Added addPhotos(const QStringList& paths);
    // check=false adds without reading (a restored photo, even if gone since). False and why when refused.
    bool addPhoto(const QString& path, QString* why = nullptr, bool check = true);
    // Empty when the project's reader reads `path`, else why not.
    static QString checkPhoto(const QString& path);
    // Removes the photo and its paintings (its run is cancelled, its waiting one dropped).
    void removePhoto(const QString& path);
    void movePhoto(const QString& path, int delta);
    void setPhotoOrder(const QStringList& paths);
    void selectPhoto(const QString& path);
    QString currentPhoto() const;
    QStringList photos() const;
    // The photo's upright size in pixels (invalid: unreadable), read once.
    QSize photoSize(const QString& path) const;

    // --- clips (issue 27) --------------------------------------------------------
    // A clip is a photo whose picture is one of its frames: the preview shows it, a run paints it
    // alone (to tune the settings), Export Video paints every frame (a batch job, video_job.h).
    static bool isClip(const QString& path);
    // The clip's chosen frame (0-based; 0 for a photo). Saved with the session.
    int clipFrame(const QString& path) const;
    // Chooses another frame: clipFrameChanged; a run of it restarts on the new frame.
    void setClipFrame(const QString& path, int frame);

    // --- versions ---------------------------------------------------------------
    const session::Painting* currentPainting(const QString& photo) const;
    const session::Painting* currentPainting() const { return currentPainting(currentPhoto()); }
    // A painting made without a run (re-finished, or given by a test); it becomes current. Returns its index.
    int addVersion(const QString& photo, session::Painting painting);
    void selectVersion(const QString& photo, int index);
    // Undoable (Edit › Undo puts it back where it was).
    void removeVersion(const QString& photo, int index);
    void renameVersion(const QString& photo, int index, const QString& name);
    void setVersionStarred(const QString& photo, int index, bool starred);
    void setVersionNote(const QString& photo, int index, const QString& note);
    void markExported(const QString& photo, int index, const QString& file);
    // "Version 3", "Version 3.2" (re-finished), or the artist's name.
    static QString versionName(const session::Painting& painting);
    // What the version's tooltip says: name, styles with blend, strength, size, evaluations,
    // how it ended, and what differs from the version before it.
    QString versionDescription(const QString& photo, int index) const;
    // Re-finishes the current painting with the current finishing (or picks the version that already has it).
    void refinishCurrent();
    // "Use These Settings": the version's parameters, styles and blend, as one undo step.
    void useSettingsOf(const QString& photo, int index);

    // --- styles -------------------------------------------------------------------
    const std::vector<session::StyleRef>& styles() const { return m_session.styles; }
    QStringList stylePaths() const;
    QList<double> styleBlend() const;
    void setStyles(std::vector<session::StyleRef> styles);
    void tickStyle(const QString& path, bool ticked, double blend = 1.0);

    // --- parameters -------------------------------------------------------------
    const engine::StyleParams& params() const { return m_session.params; }
    // An artist's edit (a slider, a box): one undo step once the edits settle.
    void setParams(const engine::StyleParams& params);
    // One row of the parameter table set from JSON (strictly: a wrong value is refused with
    // the reason, returned; empty when set).
    QString setParameter(std::string_view key, const QJsonValue& value);
    // Parameters (and, when given, styles) taken at once as one undo step: a preset, a
    // version's settings, an exported painting's, a style's recommendation. Returns the
    // file names of styles no longer where they were (left unticked).
    QStringList applySettings(const engine::StyleParams& params, const std::vector<session::StyleRef>& styles = {},
                              const QString& undoText = {});
    // A style's recommended settings (the manifest's: params_json keys and a "quality" preset's
    // size and evaluations), as one undo step.
    void applyRecommendedSettings(const QJsonObject& settings);
    // Every parameter back to its default (the Standard quality), undoably.
    void resetParams();
    // The defaults a new studio starts with: the table's, at the Standard quality.
    static engine::StyleParams defaultParams();
    // A debounce is pending (undo step, restart, re-finish): not all of an edit's effects have happened yet.
    bool editsPending() const;

    // --- regions (issue 26, docs/REGIONS.md) --------------------------------------------
    // A photo's regions, what its next run uses (empty: none, or not a photo of the session).
    const std::vector<session::Region>& regions(const QString& photo) const;
    const std::vector<session::Region>& regions() const { return regions(currentPhoto()); }
    // The size the current photo's masks are painted at (session::mask_size of the photo).
    session::MaskSize maskSize(const QString& photo) const;
    // The photo scaled to its mask size (what a fill looks at), read once.
    QImage photoAtMaskSize(const QString& photo) const;
    // On the current photo, each one undo step. addRegion returns the new region's index (-1: no photo):
    // an empty mask to paint, its own overlay colour, the first ticked style for a Style region.
    int addRegion(engine::RegionKind kind, const QString& style = {}, const QString& name = {});
    void removeRegion(int index);
    void moveRegion(int index, int delta);
    void renameRegion(int index, const QString& name);
    void setRegionKind(int index, engine::RegionKind kind);
    void setRegionStyle(int index, const QString& style);
    // Successive changes of one region's strength are one undo step. While the photo is painted a
    // change between strengths above 0 reaches the running job at once (live, as the weights).
    void setRegionStrength(int index, double strength);
    // A brush stroke: begin, any number of segments (each shown at once: regionMaskChanged), end
    // (one undo step; the photo's run restarts).
    void beginStroke(int index);
    void strokeRegion(QPointF from, QPointF to, const Brush& brush);
    void endStroke();
    bool isStroking() const { return m_stroke.has_value(); }
    // The photo's similar colours connected to `at` (mask pixels), added to (or taken from) the region.
    void fillRegion(int index, QPoint at, double tolerance = 28.0, int feather = 6, bool erase = false);
    void clearRegion(int index);
    // A mask from an image file into region `index` (-1: a new Style region named after the file).
    // Why not (unreadable, covers nothing), or empty.
    QString importMask(int index, const QString& file);
    // "sky" or "faces": a new region from the automatic mask (sky: blank paper; faces: keep the
    // photo), for the artist to correct. Why not (nothing found), or empty.
    QString addAutomaticRegion(const QString& which);

    // --- runs -------------------------------------------------------------------------
    // The request Run would start for the current photo, or why not.
    std::optional<JobRequest> request(QString* why = nullptr) const;
    // Starts (or queues behind another photo's run) the current photo's run; why not, or empty.
    QString run();
    // Starts the request, or queues it while another photo is painted.
    void submit(const JobRequest& request);
    // The current photo's waiting run if it has one, else its running one.
    void cancel();
    // Every waiting run and the running one.
    void cancelAll();
    // "Continue Painting": the current photo's stopped version goes on from its image. Why not
    // (also said as a problem), or empty.
    QString continuePainting(int version);
    // Queues every other photo with the version's settings; how many, or -1 (why: said as a problem).
    int paintOthersLike(int version);
    QString runningPhoto() const { return m_running ? m_running->contentPath : QString(); }
    const std::optional<JobRequest>& running() const { return m_running; }
    bool isRunning(const QString& photo) const { return m_running && m_running->contentPath == photo; }
    bool isQueued(const QString& photo) const;
    int queuedCount() const { return static_cast<int>(m_queue.size()); }
    // A run is going or waiting (what quitting would stop).
    bool isPainting() const { return m_running.has_value() || !m_queue.empty(); }
    const PhotoRun& photoRun(const QString& photo) const;

    // --- file -------------------------------------------------------------------------
    QString filePath() const { return m_filePath; }
    bool isModified() const { return m_modified; }
    bool isSaving() const { return m_saving; }
    // Paintings neither exported nor in the session file last saved or opened (what quitting loses).
    int unsavedPaintings() const;
    // Error messages for the artist, empty on success. Saving writes a copy of the document on a
    // thread of its own while this thread's event loop runs (savingChanged tells the window);
    // changes made meanwhile are not in the file and leave the document modified.
    QString saveTo(const QString& path);
    QString openFrom(const QString& path);
    static QString autosavePath();
    QString writeAutosave();
    void removeAutosave();
    // Opens the autosave if there is one; an unreadable one is moved aside and the message says where.
    QString restoreAutosave();
    // The parameters and ticked styles of the last start, for a studio without an autosave (QSettings).
    void restoreSettings();
    void saveSettings() const;

Q_SIGNALS:
    void sessionReplaced();
    void photosChanged();  // added, removed, moved
    void currentPhotoChanged(const QString& path);
    // A photo's versions changed (added, removed, renamed, starred, current one changed).
    void versionsChanged(const QString& photo);
    void paramsChanged();
    void stylesChanged();
    // A photo's run was queued, started, ended or dropped (badges, the run panel).
    void runChanged(const QString& photo);
    void clipFrameChanged(const QString& photo, int frame);
    void progressed(const QString& photo, const shuimo::engine::IterationReport& report);
    void previewReady(const QString& photo, const QImage& image);
    void runFailed(const QString& photo, const QString& message, shuimo::ui::ErrorKind kind);
    // A passing word for the status bar (translated), or a problem for the message bar.
    void status(const QString& message);
    void problem(const QString& message);
    // A photo's regions changed: added, removed, moved, renamed, kind, style, strength, or a mask
    // (regionMaskChanged alone while a stroke goes on: `dirty` in mask pixels).
    void regionsChanged(const QString& photo);
    void regionMaskChanged(const QString& photo, int index, const QRect& dirty);
    void modifiedChanged(bool modified);
    void savingChanged(bool saving);

private:
    friend class ParamsCommand;
    friend class RemoveVersionCommand;
    friend class RegionsCommand;
    // One undoable edit of the current photo's regions (`merge`: successive edits with the same key
    // are one step; -1: never merged).
    void editRegions(const QString& text, const std::function<void(std::vector<session::Region>&)>& edit, int merge = -1);
    // Sets a photo's regions (undo, redo): the document is modified, regionsChanged, and the photo's
    // run takes new strengths live or restarts.
    void setRegions(const QString& photo, std::vector<session::Region> regions);
    bool validRegion(int index) const;
    // A region for the current photo (name, style, its own colour, an empty mask); none without a photo.
    std::optional<session::Region> newRegion(engine::RegionKind kind, const QString& style, const QString& name) const;
    session::Photo* photo(const QString& path) { return m_session.photo(path); }
    // Edits one version in place (rename, star, note): the document is modified, versionsChanged.
    void editVersion(const QString& photo, int index, const std::function<void(session::Painting&)>& edit);
    void setModified(bool modified);
    // Params set by the model itself (undo, redo, settings): no undo step, no re-finish.
    void showParams(const engine::StyleParams& params);
    void paramsEdited(bool byArtist);
    void commitParams();
    // The objective's weights and the running job's region strengths, as a live change sends them.
    engine::LossWeights liveWeights() const;
    void restartIfRunningHere();
    void start(JobRequest request);
    void startNextQueued();
    bool unqueue(const QString& photo);
    void onProgress(const engine::IterationReport& report);
    void onFinished(const JobOutcome& outcome);
    void onFailed(const QString& message, ErrorKind kind);
    int addRun(const JobRequest& request, const JobOutcome& outcome);
    QString writeSnapshot(const QString& path);
    void rememberSaved();

    session::Session m_session;
    QUndoStack* m_undo = nullptr;
    StyleController* m_engine = nullptr;
    std::optional<JobRequest> m_running;
    std::vector<JobRequest> m_queue;
    std::map<QString, PhotoRun> m_runs;
    mutable QHash<QString, QSize> m_sizes;

    engine::StyleParams m_committed;  // the parameters of the last undo step
    bool m_applying = false;
    QTimer m_commitTimer;    // an edit's undo step
    QTimer m_restartTimer;   // restarts the current photo's run after a non-live edit
    QTimer m_refinishTimer;  // re-finishes after a finishing-only edit

    QString m_filePath;
    bool m_modified = false;
    quint64 m_changes = 0;  // every change counts: a save clears "modified" only if none came during it
    bool m_saving = false;
    QSet<QString> m_saved;  // the paintings in the file last saved or opened (photo + time made)

    struct Stroke {
        QString photo;
        int index = -1;
        std::vector<session::Region> before;
    };
    std::optional<Stroke> m_stroke;
    mutable QHash<QString, QImage> m_maskPhotos;
};

}  // namespace shuimo::ui
