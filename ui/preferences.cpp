#include "preferences.h"

#include <QSettings>
#include <algorithm>

namespace shuimo::ui {

int previewIntervalMs() {
    const int ms = QSettings().value(QString::fromLatin1(kPreviewIntervalSetting), kDefaultPreviewIntervalMs).toInt();
    return std::clamp(ms, kMinPreviewIntervalMs, kMaxPreviewIntervalMs);
}

void setPreviewIntervalMs(int ms) {
    QSettings().setValue(QString::fromLatin1(kPreviewIntervalSetting), std::clamp(ms, kMinPreviewIntervalMs, kMaxPreviewIntervalMs));
}

}  // namespace shuimo::ui
