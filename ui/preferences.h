#pragma once
// Settings of the application rather than of a painting (QSettings): they are
// not parameters, so they live outside the parameter editor and out of presets.

namespace shuimo::ui {

inline constexpr const char* kPreviewIntervalSetting = "preview/intervalMs";
inline constexpr int kDefaultPreviewIntervalMs = 200;
inline constexpr int kMinPreviewIntervalMs = 50;
inline constexpr int kMaxPreviewIntervalMs = 10000;

// How often a running job sends a preview, at most (ms), from QSettings.
int previewIntervalMs();
void setPreviewIntervalMs(int ms);

}  // namespace shuimo::ui
