#pragma once
// The Batch dialog's upper half: what to paint (photos, styles, ticked
// presets) and where (folder, format, file names), the job count, the first
// file's name and Start. It edits a batch::BatchDraft and shows it; the
// count, the example and whether Start is on come from the draft.

#include <QList>
#include <QPair>
#include <QStringList>
#include <QWidget>
#include <filesystem>

#include "batch_style_names.h"
#include "shuimo/batch/batch_draft.h"
#include "shuimo/engine/style_params.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace shuimo::ui {

// What the main window hands the Batch dialog when it opens it.
struct BatchInputs {
    QStringList photos;                                      // the photo strip's photos
    QStringList styles;                                      // the gallery's ticked styles: ONE batch style, their blend
    engine::StyleParams currentParams;                       // the parameter panel: "Current settings"
    QList<QPair<QString, engine::StyleParams>> savedPresets; // the user's presets (PresetsStore)
    QList<double> styleBlend;                                // the gallery's blend weights, one per style; empty = equal
};

class BatchSetupView : public QWidget {
    Q_OBJECT
public:
    explicit BatchSetupView(QWidget* parent = nullptr);

    // Photos, styles and presets from the main window; the output folder, if
    // none is typed yet, from `rememberedFolder` or beside the first photo.
    void setInputs(const BatchInputs& inputs, const QString& rememberedFolder);
    // Shows a queue's spec (resuming it); relative paths start at baseDir.
    void loadSpec(const batch::BatchSpec& spec, const std::filesystem::path& baseDir);
    const batch::BatchDraft& draft() const { return m_draft; }

    QString jobCountText() const;
    // The first output's name, or the template's error.
    QString exampleText() const;

    QListWidget* photoList() const { return m_photos; }
    QListWidget* styleList() const { return m_styles; }
    QListWidget* presetList() const { return m_presets; }
    QLineEdit* outputFolderEdit() const { return m_folder; }
    QComboBox* formatCombo() const { return m_format; }
    QComboBox* bitDepthCombo() const { return m_bitDepth; }
    QLineEdit* nameTemplateEdit() const { return m_template; }
    QCheckBox* overwriteCheck() const { return m_overwrite; }
    QPushButton* startButton() const { return m_start; }

Q_SIGNALS:
    // The draft changed (the count, the example and Start are updated already).
    void draftChanged();
    void startRequested();

private:
    void addPhotos(const QStringList& paths);
    void addStyles(const QStringList& files);
    void removeSelected(QListWidget* list);
    // The lists and boxes from m_draft.
    void showDraft();
    void updateSetup();

    batch::BatchDraft m_draft;
    BatchStyleNames m_styleNames;  // what the style list calls the draft's styles
    QListWidget* m_photos = nullptr;
    QListWidget* m_styles = nullptr;
    QListWidget* m_presets = nullptr;
    QLineEdit* m_folder = nullptr;
    QComboBox* m_format = nullptr;
    QComboBox* m_bitDepth = nullptr;
    QLineEdit* m_template = nullptr;
    QLabel* m_example = nullptr;
    QCheckBox* m_overwrite = nullptr;
    QLabel* m_count = nullptr;
    QPushButton* m_start = nullptr;
};

}  // namespace shuimo::ui
