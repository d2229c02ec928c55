#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/, clang, ASan + UBSan, no LibTorch) in
# build/fuzz and runs each in turn, one process, for SECONDS (default 600).
#
#   tools/run_fuzzers.sh [SECONDS] [TARGET ...]
#
# The committed seeds (fuzz/corpus/<target>) are read, never written; what the
# fuzzer finds goes to build/fuzz/corpus/<target>, crashes to build/fuzz/artifacts,
# logs to build/fuzz/logs. Exits non-zero when any target found something.
# Results and figures: docs/RELIABILITY.md.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-600}"
shift || true
all_targets=(fuzz_safetensors fuzz_json_lite fuzz_style_library fuzz_catalogue fuzz_caffe fuzz_image_decode fuzz_presets fuzz_session_file)
targets=("${@:-${all_targets[@]}}")
[[ $# -eq 0 ]] && targets=("${all_targets[@]}")

cc="${CC:-clang-14}"
cxx="${CXX:-clang++-14}"
build=build/fuzz
CC="$cc" CXX="$cxx" cmake -S fuzz -B "$build" -G Ninja -DSHUIMO_FUZZ=ON >/dev/null
cmake --build "$build" -j "${JOBS:-2}" --target "${targets[@]}"

mkdir -p "$build/logs" "$build/artifacts"
status=0
for target in "${targets[@]}"; do
    mkdir -p "$build/corpus/$target"
    log="$build/logs/$target.log"
    echo "== $target: ${seconds}s ($(date -u +%FT%TZ))"
    # -rss_limit_mb: a parser that allocates gigabytes for a few bytes of input is a finding.
    # Leak reports from inside OpenCV dnn / protobuf (third-party) are suppressed: tools/sanitizers/lsan.supp.
    if ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
        LSAN_OPTIONS="suppressions=$PWD/tools/sanitizers/lsan.supp:print_suppressions=0" \
        "$build/$target" "$build/corpus/$target" "fuzz/corpus/$target" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$build/artifacts/$target-" >"$log" 2>&1; then
        result=clean
    else
        result="FOUND SOMETHING (see $log, $build/artifacts/$target-*)"
        status=1
    fi
    execs=$(grep -m1 'stat::number_of_executed_units' "$log" | awk '{print $2}' || true)
    last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
    echo "   $result; executions: ${execs:-?}; last status: ${last:-?}"
    echo "   corpus: $(ls "$build/corpus/$target" | wc -l) files"
done
exit $status
