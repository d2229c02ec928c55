#include "studio_commands.h"

#include <QCoreApplication>
#include <cstring>

#include "studio_model.h"

namespace shuimo::ui {

ParamsCommand::ParamsCommand(StudioModel* model, engine::StyleParams before, engine::StyleParams after, bool applied,
                             const QString& text)
    : m_model(model), m_before(std::move(before)), m_after(std::move(after)), m_skipRedo(applied) {
    setText(text.isEmpty() ? QCoreApplication::translate("shuimo::ui::StudioModel", "parameter change") : text);
}

void ParamsCommand::undo() {
    m_model->showParams(m_before);
}

void ParamsCommand::redo() {
    if (m_skipRedo) {  // the model already holds it
        m_skipRedo = false;
        return;
    }
    m_model->showParams(m_after);
}

RemoveVersionCommand::RemoveVersionCommand(StudioModel* model, QString photo, int index)
    : m_model(model), m_photo(std::move(photo)), m_index(index) {
    if (const session::Photo* found = model->session().photo(m_photo);
        found && index >= 0 && index < static_cast<int>(found->paintings.size())) {
        m_painting = found->paintings[static_cast<std::size_t>(index)];
        m_current = found->current;
    }
    setText(QCoreApplication::translate("shuimo::ui::StudioModel", "deleting %1").arg(StudioModel::versionName(m_painting)));
}

void RemoveVersionCommand::redo() {
    const int photoIndex = m_model->m_session.find_photo(m_photo);
    if (photoIndex < 0) return;
    m_model->m_session.remove_painting(photoIndex, m_index);
    m_model->setModified(true);
    Q_EMIT m_model->versionsChanged(m_photo);
}

void RemoveVersionCommand::undo() {
    const int photoIndex = m_model->m_session.find_photo(m_photo);
    if (photoIndex < 0) return;  // the photo went since: nothing to put the version back into
    m_model->m_session.insert_painting(photoIndex, m_index, m_painting);
    session::Photo& photo = m_model->m_session.photos[static_cast<std::size_t>(photoIndex)];
    if (m_current >= 0 && m_current < static_cast<int>(photo.paintings.size())) photo.current = m_current;
    m_model->setModified(true);
    Q_EMIT m_model->versionsChanged(m_photo);
}

}  // namespace shuimo::ui

namespace shuimo::ui {

RegionsCommand::RegionsCommand(StudioModel* model, QString photo, const std::vector<session::Region>& before,
                               const std::vector<session::Region>& after, bool applied, const QString& text, int merge)
    : m_model(model), m_photo(std::move(photo)), m_before(pack(before)), m_after(pack(after)), m_skipRedo(applied), m_merge(merge) {
    setText(text);
}

std::vector<RegionsCommand::Packed> RegionsCommand::pack(const std::vector<session::Region>& regions) {
    std::vector<Packed> out;
    for (const session::Region& region : regions) {
        Packed packed;
        packed.region = region;
        packed.region.mask.samples.clear();
        packed.samples = qCompress(reinterpret_cast<const uchar*>(region.mask.samples.data()),
                                   static_cast<qsizetype>(region.mask.samples.size() * sizeof(std::uint16_t)), 1);
        out.push_back(std::move(packed));
    }
    return out;
}

std::vector<session::Region> RegionsCommand::unpack(const std::vector<Packed>& packed) {
    std::vector<session::Region> out;
    for (const Packed& p : packed) {
        session::Region region = p.region;
        const QByteArray raw = qUncompress(p.samples);
        region.mask.samples.resize(static_cast<std::size_t>(raw.size()) / sizeof(std::uint16_t));
        std::memcpy(region.mask.samples.data(), raw.constData(), region.mask.samples.size() * sizeof(std::uint16_t));
        out.push_back(std::move(region));
    }
    return out;
}

void RegionsCommand::redo() {
    if (m_skipRedo) {  // the model already holds it
        m_skipRedo = false;
        return;
    }
    m_model->setRegions(m_photo, unpack(m_after));
}

void RegionsCommand::undo() {
    m_model->setRegions(m_photo, unpack(m_before));
}

bool RegionsCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = dynamic_cast<const RegionsCommand*>(other);
    if (!next || next->m_merge != m_merge || next->m_photo != m_photo) return false;
    m_after = next->m_after;
    return true;
}

}  // namespace shuimo::ui
