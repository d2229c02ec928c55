#pragma once
// Whether this CPU has the AVX-512 instructions oneDNN needs for its bf16 convolutions
// (avx512bw, as LibTorch's mkldnn_bf16_device_check asks). Without them LibTorch falls back
// to its generic bf16 kernels, which round far more often: on a 2-core AMD EPYC with AVX2
// only, the bf16 objective differs from fp32 by 5.6% and the image gradient by 15.6%, where
// oneDNN's kernels gave 0.8% and 6.2%. The bf16 tests state one tolerance for each case.

#include <fstream>
#include <string>

namespace shuimo::testing {

inline bool cpu_has_onednn_bf16() {
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line;
    while (std::getline(cpuinfo, line)) {
        if (line.rfind("flags", 0) == 0) return line.find(" avx512bw") != std::string::npos;
    }
    return false;
}

}  // namespace shuimo::testing
