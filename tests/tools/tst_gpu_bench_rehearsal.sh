#!/usr/bin/env bash
# The GPU check's rehearsal, reduced: tools/gpu_bench.sh --device cpu with this build's shuimo-bench
# (SHUIMO_BENCH: the engine-only build itself is made and run by the README's test command) at the
# smallest sizes, then the log must hold every step's table and its verdicts. What can fail on the GPU
# machine after this passes is CUDA itself, and the build against its LibTorch.
# Usage: tst_gpu_bench_rehearsal.sh SOURCE_DIR SHUIMO_BENCH SCRATCH_DIR
set -uo pipefail
source_dir=$1
bench=$2
scratch=$3
rm -rf "$scratch" && mkdir -p "$scratch"
log=$scratch/gpu_bench.log

SHUIMO_BENCH=$bench SIZES=64 ITERATIONS=3 PRESET_SIZE=64x48 COMPARE_SIZES=64 MEMORY_SIZES=128 \
  "$source_dir/tools/gpu_bench.sh" --device cpu "$log" >"$scratch/stdout.txt" 2>&1
rc=$?
failures=0
if [[ $rc -ne 0 ]]; then
  echo "FAIL: tools/gpu_bench.sh --device cpu exited $rc"; failures=$((failures + 1))
fi
# Each step's evidence, in the log the script itself wrote (what a GPU session copies into BENCHMARKS.md).
expect() {
  if grep -qE -- "$1" "$log" 2>/dev/null; then echo "PASS $2"; else echo "FAIL $2: no /$1/ in the log"; failures=$((failures + 1)); fi
}
expect '^\| 64 \| fp32 \| [0-9.e+-]+ \| [0-9.e+-]+ \| [0-9.e+-]+ \| ok \|$' "compare: fp32 on the device equals the CPU's"
expect '^\| 64 \| bf16 \| .* \| ok \|$' "compare: bf16 within tolerance"
expect '^\| 64 \| fp16 \| .* \| not run: fp16 convolutions need a CUDA GPU' "compare: fp16 on the CPU says why it is not run"
expect '^compare: all within tolerance$' "compare: verdict"
expect '^\| 64 \| fp32 \| [0-9.]+ \| [0-9.]+ \| [0-9]+ \|' "table: an fp32 row with its timings"
expect '^default preset, 64x48 output: [0-9.]+ s for [0-9]+ evaluations \(cpu' "table: the default preset's row"
expect '^\| 128 \| [0-9]+ \| [0-9]+ \| [+-][0-9.]+% \| [0-9.]+ \|$' "memory: estimate against measured"
expect '^gpu_bench: finished; log in ' "finished"
if [[ $failures -ne 0 ]]; then
  echo "--- script output:"; cat "$scratch/stdout.txt"
fi
[[ $failures -eq 0 ]]
