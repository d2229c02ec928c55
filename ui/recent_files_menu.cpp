#include "recent_files_menu.h"

#include <QFileInfo>
#include <QSettings>

namespace shuimo::ui {
namespace {

const QString kRecentFilesSetting = QStringLiteral("recentFiles");

}  // namespace

RecentFilesMenu::RecentFilesMenu(const QString& title, QWidget* parent) : QMenu(title, parent) {
    rebuild();
}

void RecentFilesMenu::addFile(const QString& path) {
    QSettings settings;
    QStringList recent = settings.value(kRecentFilesSetting).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecent) recent.removeLast();
    settings.setValue(kRecentFilesSetting, recent);
    rebuild();
}

void RecentFilesMenu::rebuild() {
    clear();
    const QStringList recent = QSettings().value(kRecentFilesSetting).toStringList();
    for (const QString& path : recent) {
        addAction(QFileInfo(path).fileName(), this, [this, path] { Q_EMIT fileChosen(path); })->setToolTip(path);
    }
    setEnabled(!recent.isEmpty());
}

}  // namespace shuimo::ui
