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

double memoryLimitGiB() {
    const double gib = QSettings().value(QString::fromLatin1(kMemoryLimitSetting), 0.0).toDouble();
    return gib > 0.0 ? std::min(gib, kMaxMemoryLimitGiB) : 0.0;  // damaged or negative: automatic
}

std::uint64_t memoryLimitBytes() {
    return static_cast<std::uint64_t>(memoryLimitGiB() * 1024.0 * 1024.0 * 1024.0);
}

void setMemoryLimitGiB(double gib) {
    QSettings().setValue(QString::fromLatin1(kMemoryLimitSetting), gib > 0.0 ? std::min(gib, kMaxMemoryLimitGiB) : 0.0);
}

}  // namespace shuimo::ui
