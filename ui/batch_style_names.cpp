#include "batch_style_names.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QStringList>
#include <cmath>
#include <numeric>

#include "translations.h"

namespace shuimo::ui {

BatchStyleNames::BatchStyleNames() : BatchStyleNames(loadStyleEntries(findStylesDir(), currentLanguage())) {}

BatchStyleNames::BatchStyleNames(const QList<StyleEntry>& entries) {
    for (const StyleEntry& entry : entries) {
        if (!entry.path.isEmpty() && !entry.name.isEmpty()) m_names.insert(key(entry.path), entry.name);
    }
}

QString BatchStyleNames::key(const QString& file) {
    const QFileInfo info(file);
    const QString canonical = info.canonicalFilePath();
    return canonical.isEmpty() ? info.absoluteFilePath() : canonical;
}

QString BatchStyleNames::nameOf(const QString& file) const {
    return m_names.value(key(file), QFileInfo(file).completeBaseName());
}

QString BatchStyleNames::nameOf(const batch::StyleChoice& style) const {
    // A name of its own (a queue file's "name"): not the one made from the files.
    QString stems;
    for (const auto& file : style.files) {
        stems += (stems.isEmpty() ? QString() : QStringLiteral("+")) +
                 QFileInfo(QString::fromStdString(file.string())).completeBaseName();
    }
    if (style.files.empty() || QString::fromStdString(style.name) != stems) return QString::fromStdString(style.name);

    const bool shares = style.blend.size() == style.files.size() && style.files.size() > 1;
    const double total = shares ? std::accumulate(style.blend.begin(), style.blend.end(), 0.0) : 0.0;
    QStringList parts;
    for (std::size_t i = 0; i < style.files.size(); ++i) {
        QString part = nameOf(QString::fromStdString(style.files[i].string()));
        if (shares && total > 0.0) {
            // "70%": no space, so the share never breaks from its number.
            part = QCoreApplication::translate("shuimo::ui::BatchStyleNames", "%1 %2%")
                       .arg(part)
                       .arg(std::lround(100.0 * style.blend[i] / total));
        }
        parts << part;
    }
    return parts.join(QCoreApplication::translate("shuimo::ui::BatchStyleNames", " + "));
}

}  // namespace shuimo::ui
