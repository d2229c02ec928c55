#pragma once
// Named parameter presets, one JSON file each in the user's config folder
// (QStandardPaths::AppConfigLocation/presets).

#include <QString>
#include <QStringList>
#include <optional>

#include "shuimo/engine/style_params.h"

namespace shuimo::ui {

class PresetsStore {
public:
    // `dir` empty: the user's config folder.
    explicit PresetsStore(QString dir = {});
    QString directory() const { return m_dir; }
    QStringList names() const;
    // Returns an error message, empty on success.
    QString save(const QString& name, const engine::StyleParams& params) const;
    std::optional<engine::StyleParams> load(const QString& name) const;
    bool remove(const QString& name) const;

private:
    QString fileFor(const QString& name) const;
    QString m_dir;
};

}  // namespace shuimo::ui
