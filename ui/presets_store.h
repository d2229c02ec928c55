#pragma once
// Named parameter presets, one JSON file each in the user's config folder
// (QStandardPaths::AppConfigLocation/presets): {"name", "params", and since
// issue 14 "styles" (the ticked style files) and "blend" (one weight each)}.
// Presets of earlier versions (no styles) still load: they leave the styles alone.

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

#include "shuimo/engine/style_params.h"

namespace shuimo::ui {

// A preset as saved: the parameters and, if it was saved with them, the styles and their blend.
struct StylePreset {
    engine::StyleParams params;
    QStringList styles;   // absolute paths; empty: the preset does not choose styles
    QList<double> blend;  // one weight per style, or empty (equal)
    bool operator==(const StylePreset&) const = default;
};

class PresetsStore {
public:
    // `dir` empty: the user's config folder.
    explicit PresetsStore(QString dir = {});
    QString directory() const { return m_dir; }
    QStringList names() const;
    // Returns an error message, empty on success.
    QString save(const QString& name, const engine::StyleParams& params, const QStringList& styles = {},
                 const QList<double>& blend = {}) const;
    // The parameters only (batch presets).
    std::optional<engine::StyleParams> load(const QString& name) const;
    // Parameters, styles and blend. A blend that does not match the styles is dropped (equal).
    std::optional<StylePreset> loadPreset(const QString& name) const;
    bool remove(const QString& name) const;

private:
    QString fileFor(const QString& name) const;
    QString m_dir;
};

}  // namespace shuimo::ui
