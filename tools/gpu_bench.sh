#!/usr/bin/env bash
# The GPU benchmark of docs/BENCHMARKS.md, on a machine with an NVIDIA GPU and
# a CUDA LibTorch (the official archive via LIBTORCH=/path/to/libtorch, or the
# one inside Python's torch package). Builds the engine-only target and prints
# one table: seconds per evaluation, TFLOP/s and peak memory at 512² to 4096²
# in fp32, bf16 and fp16, then the default preset's time for a 1920x1080 output.
#
#   tools/gpu_bench.sh [LOG]      (default log: build/gpu/gpu_bench-<date>.log)
#
# Budget: under 8 minutes on one GPU (the build included, ~2 min).
set -euo pipefail
cd "$(dirname "$0")/.."

build=build/gpu
mkdir -p "$build"
log=${1:-$build/gpu_bench-$(date -u +%Y%m%dT%H%M%SZ).log}
exec > >(tee -a "$log") 2>&1

prefix=${LIBTORCH:-}
if [[ -z "$prefix" ]]; then
  prefix=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)' 2>/dev/null) || {
    echo "gpu_bench: no CUDA LibTorch found: set LIBTORCH=/path/to/libtorch or install Python's torch" >&2
    exit 2
  }
fi
echo "gpu_bench: $(date -u '+%Y-%m-%d %H:%M UTC'), LibTorch from $prefix"
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader || true

generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
cmake -S . -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DSHUIMO_ENGINE_ONLY=ON \
  -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$build" --target shuimo-bench -j "$(nproc)"

# 4096² in fp32 keeps ~30 GB of activations: one row takes seconds, not minutes.
timeout 360 "$build/style_engine/bench/shuimo-bench" --gpu-table --device cuda \
  --sizes "${SIZES:-512,1024,2048,4096}" --precisions fp32,bf16,fp16 --iterations "${ITERATIONS:-6}" \
  --preset-size 1920x1080
echo "gpu_bench: log in $log"
