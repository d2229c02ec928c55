#pragma once
// The current photo's paintings (its versions), oldest first, as a strip of
// thumbnails under the preview. A click makes one current (shown, exported);
// two selected are compared in the preview (the older as "before"); the
// context menu deletes one, takes its settings, paints other photos with them,
// or continues one stopped before its last level.

#include <QListWidget>

#include "shuimo/session/session.h"

namespace shuimo::ui {

class VersionsStrip : public QListWidget {
    Q_OBJECT
public:
    explicit VersionsStrip(QWidget* parent = nullptr);
    // Shows `photo`'s versions (hidden when it has none); photoSize (the photo's
    // pixels) says which stopped versions are smaller than their output.
    void showPhoto(const session::Photo* photo, QSize photoSize = QSize());
    // The selected versions' indices, in the photo's order.
    QList<int> selectedVersions() const;

Q_SIGNALS:
    void versionChosen(int index);
    void compareRequested(int before, int after);
    void deleteRequested(int index);
    void useSettingsRequested(int index);
    void paintOthersRequested(int index);
    // "Continue Painting": only for a version stopped before its last level.
    void continueRequested(int index);

protected:
    void contextMenuEvent(QContextMenuEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void onSelectionChanged();
    bool m_filling = false;
    QStringList m_signature;

};

}  // namespace shuimo::ui
