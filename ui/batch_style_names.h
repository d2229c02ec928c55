#pragma once
// What the Batch dialog calls a style: the manifest's name (assets/styles/
// styles.json, in the interface language: "山水", "Misty mountains") for the
// bundled references, the file's name otherwise; a blend joins its styles'
// names with their shares ("山水 70% + 泼墨 30%"). Output file names keep the
// files' stems ({style}): they do not change with the language.

#include <QHash>
#include <QList>
#include <QString>

#include "shuimo/batch/batch_queue.h"
#include "style_library.h"

namespace shuimo::ui {

class BatchStyleNames {
public:
    // The bundled styles (findStylesDir) in the interface language (currentLanguage).
    BatchStyleNames();
    explicit BatchStyleNames(const QList<StyleEntry>& entries);

    // The manifest's name of a bundled reference, else the file's base name.
    QString nameOf(const QString& file) const;
    // A batch style: its files' names (with shares when the blend is not equal);
    // a style the queue file names itself (not after its files) keeps that name.
    QString nameOf(const batch::StyleChoice& style) const;

private:
    static QString key(const QString& file);
    QHash<QString, QString> m_names;  // key(path) -> name
};

}  // namespace shuimo::ui
