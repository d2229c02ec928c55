#!/usr/bin/env bash
# The engine's host allocator against torch's default with glibc's settings, side by side, CPU
# (docs/BENCHMARKS.md "Host memory between evaluations"). Run from the source tree after a release build.
set -eu
cd "$(dirname "$0")/.."
cli=build/release/app/cli/shuimo-cli
w=build/release/tests/test_weights/vgg19.safetensors
style=assets/styles/misty_mountains.png
out=$(mktemp -d)
run() {  # label, env..., -- cli args
    local label=$1; shift
    local envs=(); while [[ $1 != -- ]]; do envs+=("$1"); shift; done; shift
    /usr/bin/time -f "$label %e s wall, %U s user, %S s sys, peak RSS %M KB, %R minor faults" \
        env "${envs[@]}" "$cli" stylize --weights "$w" --style "$style" --device cpu --output "$out/o.png" "$@" 2>&1 | tail -1
}
for round in 1 2 3; do
  run "untiled 384 default-allocator" SHUIMO_HOST_ALLOCATOR=default -- --content tests/data/chelsea.png --size 384 --iterations 20 --scales 1
  run "untiled 384 engine-allocator " X=1 -- --content tests/data/chelsea.png --size 384 --iterations 20 --scales 1
done
for round in 1 2; do
  run "tiled 1024 under 800M, before (default + 1 MiB threshold)" SHUIMO_HOST_ALLOCATOR=default MALLOC_MMAP_THRESHOLD_=1048576 -- --content tests/data/coffee.png --size 1024 --iterations 4 --scales 1 --max-memory 800M
  run "tiled 1024 under 800M, engine-allocator                 " X=1 -- --content tests/data/coffee.png --size 1024 --iterations 4 --scales 1 --max-memory 800M
done
rm -rf "$out"
for allocator in default engine; do
  echo "shuimo-bench --memory, SHUIMO_HOST_ALLOCATOR=$allocator"
  SHUIMO_HOST_ALLOCATOR=$allocator build/release/bench/shuimo-bench --memory 512,1024 --iterations 3 | tail -2
done
