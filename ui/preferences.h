#pragma once
// Settings of the application rather than of a painting (QSettings): they are
// not parameters, so they live outside the parameter editor and out of presets.

#include <cstdint>

namespace shuimo::ui {

inline constexpr const char* kPreviewIntervalSetting = "preview/intervalMs";
inline constexpr int kDefaultPreviewIntervalMs = 200;
inline constexpr int kMinPreviewIntervalMs = 50;
inline constexpr int kMaxPreviewIntervalMs = 10000;

// How often a running job sends a preview, at most (ms), from QSettings.
int previewIntervalMs();
void setPreviewIntervalMs(int ms);

// The most memory a painting may use ("use at most … GB"), for the window's runs,
// their estimate and batch jobs; 0 = automatic: what the device has available,
// less a margin (engine/job_plan.h: automatic_memory_budget). GB here are GiB, as
// the estimate counts them.
inline constexpr const char* kMemoryLimitSetting = "engine/maxMemoryGiB";
inline constexpr double kMaxMemoryLimitGiB = 1024.0;
double memoryLimitGiB();
std::uint64_t memoryLimitBytes();
void setMemoryLimitGiB(double gib);

}  // namespace shuimo::ui
