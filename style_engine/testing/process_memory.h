#pragma once
// This process's resident memory (Linux /proc/self/status), for the benchmark and
// the tests that compare a memory plan with what a job really took.

#include <cmath>
#include <fstream>
#include <string>

namespace shuimo::testing {

// A "Key:   1234 kB" line of /proc/self/status (VmRSS, VmHWM), in MiB; NaN if absent.
inline double status_mib(const std::string& key) {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind(key + ":", 0) == 0) return std::stod(line.substr(key.size() + 1)) / 1024.0;
    }
    return std::nan("");
}

// Resets VmHWM (the peak) to the current resident size.
inline void reset_peak_rss() { std::ofstream("/proc/self/clear_refs") << "5"; }

inline double peak_rss_mib() { return status_mib("VmHWM"); }
inline double current_rss_mib() { return status_mib("VmRSS"); }

}  // namespace shuimo::testing
