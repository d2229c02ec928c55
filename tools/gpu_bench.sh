#!/usr/bin/env bash
# The GPU benchmark of docs/BENCHMARKS.md and the standing GPU check, on a machine with an NVIDIA
# GPU and a CUDA LibTorch (the official archive via LIBTORCH=/path/to/libtorch, or the one inside
# Python's torch package). Builds the engine-only target (LibTorch alone: no Qt, no OpenCV), then:
#   1. compare: the objective of one fixed image on the GPU against the CPU in fp32, per precision:
#      fp32 equal within 1e-3 (summation order; TF32 convolutions where cuDNN allows them), bf16 and
#      fp16 within 3e-2 (relative). A row outside its tolerance fails the script.
#   2. the table: seconds per evaluation, TFLOP/s and peak memory at 512² to 4096² in fp32, bf16 and
#      fp16, then the default preset's time for a 1920x1080 output;
#   3. memory: the planner's estimate against the measured peak (the GPU allocator's) at 512², 1024².
#
#   tools/gpu_bench.sh [--device cuda|cpu] [LOG]     (default log: build/gpu/gpu_bench-<date>.log)
#
# The standing GPU check, when a session is lent a GPU (15 minutes, one try; this takes under 8):
#   LIBTORCH=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)') tools/gpu_bench.sh
# then copy the log's three tables into docs/BENCHMARKS.md ("GPU" section) with the date, the GPU,
# the driver and torch versions (the log's first lines). A failed compare, or a measured peak over
# the estimate, is an issue to file with the log.
#
# Rehearsal on any CPU machine, with Debian's LibTorch (tests/tools/tst_gpu_bench_rehearsal.sh runs
# a reduced form under ctest): the same steps at tiny sizes, the device being the CPU, so that on a
# GPU only CUDA itself can fail:
#   tools/gpu_bench.sh --device cpu
# SHUIMO_BENCH=/path/to/shuimo-bench skips the build and uses that program (the ctest rehearsal).
# SIZES, ITERATIONS, PRESET_SIZE, PRESET_ITERATIONS, COMPARE_SIZES and MEMORY_SIZES override each step's sizes.
set -euo pipefail
cd "$(dirname "$0")/.."

device=cuda
log=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --device) device=${2:?--device needs cuda or cpu}; shift 2 ;;
    --device=*) device=${1#--device=}; shift ;;
    -h|--help) sed -n '2,27p' "$0"; exit 0 ;;
    -*) echo "gpu_bench: unknown option $1 (tools/gpu_bench.sh --help)" >&2; exit 2 ;;
    *) log=$1; shift ;;
  esac
done
case $device in
  cuda|cuda:*) build=build/gpu
               sizes=${SIZES:-512,1024,2048,4096} iterations=${ITERATIONS:-6} preset=${PRESET_SIZE:-1920x1080}
               compare_sizes=${COMPARE_SIZES:-256,512} memory_sizes=${MEMORY_SIZES:-512,1024}
               preset_iterations=${PRESET_ITERATIONS:-0}  # 0: the default preset's own
               precisions=fp32,bf16,fp16 ;;
  cpu)         build=build/gpu-rehearsal
               sizes=${SIZES:-64,96} iterations=${ITERATIONS:-3} preset=${PRESET_SIZE:-128x96}
               compare_sizes=${COMPARE_SIZES:-64} memory_sizes=${MEMORY_SIZES:-128}  # at 64² the job is lost in RSS noise
               preset_iterations=${PRESET_ITERATIONS:-12}  # the preset's 500 evaluations take minutes on a CPU
               precisions=fp32,bf16,fp16 ;;  # fp16 is "not run" on the CPU, and says why
  *) echo "gpu_bench: --device is cuda, cuda:N or cpu, not '$device'" >&2; exit 2 ;;
esac

mkdir -p "$build"
log=${log:-$build/gpu_bench-$(date -u +%Y%m%dT%H%M%SZ).log}
mkdir -p "$(dirname "$log")"
exec > >(tee -a "$log") 2>&1

bench=${SHUIMO_BENCH:-}
if [[ -z "$bench" ]]; then
  prefix=${LIBTORCH:-}
  if [[ -z "$prefix" ]]; then
    prefix=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)' 2>/dev/null) || prefix=""
  fi
  if [[ -z "$prefix" && $device != cpu ]]; then
    echo "gpu_bench: no CUDA LibTorch found: set LIBTORCH=/path/to/libtorch or install Python's torch" >&2
    exit 2
  fi
  where=${prefix:-the system prefix}
  echo "gpu_bench: $(date -u '+%Y-%m-%d %H:%M UTC'), device $device, LibTorch from $where"
  generator=()
  command -v ninja >/dev/null && generator=(-G Ninja)
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake -S . -B "$build" "${generator[@]}" "${launcher[@]}" -DCMAKE_BUILD_TYPE=Release -DSHUIMO_ENGINE_ONLY=ON \
    ${prefix:+-DCMAKE_PREFIX_PATH="$prefix"} >/dev/null
  cmake --build "$build" --target shuimo-bench -j "${JOBS:-$(nproc)}"
  bench=$build/bench/shuimo-bench
else
  echo "gpu_bench: $(date -u '+%Y-%m-%d %H:%M UTC'), device $device, $bench (not built here)"
fi
if [[ $device != cpu ]]; then
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader || true
fi

# 1. CPU against the device: a wrong CUDA result fails here, before any timing.
timeout 120 "$bench" --compare --device "$device" --sizes "$compare_sizes" --precisions "$precisions"
echo
# 2. The table. 4096² in fp32 keeps ~30 GB of activations: one row takes seconds, not minutes.
timeout 360 "$bench" --gpu-table --device "$device" --sizes "$sizes" --precisions "$precisions" \
  --iterations "$iterations" --preset-size "$preset" --preset-iterations "$preset_iterations"
echo
# 3. The planner's memory estimate against the measured peak.
timeout 120 "$bench" --memory "$memory_sizes" --device "$device" --iterations 3
echo "gpu_bench: finished; log in $log"
