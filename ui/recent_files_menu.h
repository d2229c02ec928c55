#pragma once
// File > Open Recent: the last photos opened (up to ten, newest first), kept
// in the settings ("recentFiles").

#include <QMenu>

namespace shuimo::ui {

class RecentFilesMenu : public QMenu {
    Q_OBJECT
public:
    static constexpr int kMaxRecent = 10;
    explicit RecentFilesMenu(const QString& title, QWidget* parent = nullptr);
    // Puts `path` first (once).
    void addFile(const QString& path);

Q_SIGNALS:
    void fileChosen(const QString& path);

private:
    void rebuild();
};

}  // namespace shuimo::ui
