#pragma once
// The current photo's paintings (its versions), oldest first, as a strip of
// thumbnails under the preview: a view of the studio model. A click makes one
// current (shown, exported); two selected are compared in the preview (the older
// as "before"); the context menu renames, stars or annotates one, deletes it
// (Edit › Undo puts it back), takes its settings, paints the other photos with
// them, or continues one stopped before its last level. Its tooltip says what
// made it and what changed since the version before.

#include <QListWidget>

namespace shuimo::ui {

class StudioModel;

class VersionsStrip : public QListWidget {
    Q_OBJECT
public:
    explicit VersionsStrip(StudioModel* model, QWidget* parent = nullptr);
    // The selected versions' indices, in the photo's order.
    QList<int> selectedVersions() const;
    QSize sizeHint() const override;

Q_SIGNALS:
    // A version was clicked (the preview shows it again, ending a comparison).
    void versionChosen(int index);
    void compareRequested(int before, int after);

protected:
    void contextMenuEvent(QContextMenuEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    // The model's current photo's versions (hidden when it has none).
    void showVersions();
    void onSelectionChanged();
    void choose(int index);
    void rename(int index);
    void editNote(int index);

    StudioModel* m_model;
    bool m_filling = false;
    QStringList m_signature;
};

}  // namespace shuimo::ui
