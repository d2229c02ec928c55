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

// An edit of a photo's regions: the list before and after, masks kept compressed (an undo
// step of a stroke on three 1024-pixel masks holds a few kilobytes, not 12 MB).
class RegionsCommand : public QUndoCommand {
public:
    RegionsCommand(StudioModel* model, QString photo, const std::vector<session::Region>& before,
                   const std::vector<session::Region>& after, bool applied, const QString& text, int merge);
    void undo() override;
    void redo() override;
    int id() const override { return m_merge < 0 ? -1 : 26; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    struct Packed {
        session::Region region;  // its mask's samples empty
        QByteArray samples;      // compressed
    };
    static std::vector<Packed> pack(const std::vector<session::Region>& regions);
    static std::vector<session::Region> unpack(const std::vector<Packed>& packed);

    StudioModel* m_model;
    QString m_photo;
    std::vector<Packed> m_before;
    std::vector<Packed> m_after;
    bool m_skipRedo;
    int m_merge;
};

}  // namespace shuimo::ui
