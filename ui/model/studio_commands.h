#pragma once
// The studio's undo steps (QUndoCommand is Qt Gui: no widgets here).

#include <QUndoCommand>

#include "shuimo/engine/style_params.h"
#include "shuimo/session/session.h"

namespace shuimo::ui {

class StudioModel;

// One settled parameter edit, or settings taken at once. The model already holds
// `after` when an artist's edit is pushed (the first redo does nothing).
class ParamsCommand : public QUndoCommand {
public:
    ParamsCommand(StudioModel* model, engine::StyleParams before, engine::StyleParams after, bool applied,
                  const QString& text = {});
    void undo() override;
    void redo() override;

private:
    StudioModel* m_model;
    engine::StyleParams m_before;
    engine::StyleParams m_after;
    bool m_skipRedo;
};

// A deleted version, put back where it was by undo.
class RemoveVersionCommand : public QUndoCommand {
public:
    RemoveVersionCommand(StudioModel* model, QString photo, int index);
    void undo() override;
    void redo() override;

private:
    StudioModel* m_model;
    QString m_photo;
    int m_index;
    int m_current = -1;  // the photo's current version before the deletion
    session::Painting m_painting;
};

}  // namespace shuimo::ui
