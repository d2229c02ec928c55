#!/usr/bin/env bash
# Issue 27's measurements (docs/BENCHMARKS.md "Video"): a generated 16-frame 256x144 clip stylised by the
# temporal method and frame by frame independently (at equal evaluations and at the first frame's budget),
# the warping error of each, seconds per frame, and DIS flow time at 1280x720. CPU; run after a release build.
#   tools/bench_video.sh [work dir (default: a new temporary one)]
set -eu
cd "$(dirname "$0")/.."
cli=build/release/app/cli/shuimo-cli
measure=build/release/video_io/shuimo-warp-error
w=build/release/tests/test_weights/vgg19.safetensors
d=${1:-$(mktemp -d)}
mkdir -p "$d"
"$measure" make-clip "$d/walk.mp4" tests/data/astronaut.png 256 144 16
"$measure" make-clip "$d/walk720.mp4" tests/data/astronaut.png 1280 720 8
echo "input against itself: $("$measure" measure "$d/walk.mp4" "$d/walk.mp4" | grep mean)"
echo "720p: $("$measure" measure "$d/walk720.mp4" "$d/walk720.mp4" | grep flow)"
common=(--input "$d/walk.mp4" --style assets/styles/misty_mountains.png --weights "$w" --device cpu --size 256 --progress json)
for variant in "temporal --first-iterations 60 --iterations 12" \
               "independent-equal --independent --first-iterations 15" \
               "independent-full --independent --first-iterations 60" \
               "temporal-weight-0 --first-iterations 60 --iterations 12 --temporal-weight 0" \
               "temporal-weight-200 --first-iterations 60 --iterations 12 --temporal-weight 200"; do
  set -- $variant; name=$1; shift
  "$cli" video "${common[@]}" "$@" --output "$d/$name.mp4" > "$d/$name.json"
  echo "$name: $("$measure" measure "$d/walk.mp4" "$d/$name.mp4" | grep mean)"
  grep '"event":"frame"' "$d/$name.json" | python3 -c '
import json, sys
f = [json.loads(l) for l in sys.stdin]
later = f[1:]
print("  evaluations %d; first frame %.2f s; later frames %.2f s each (mean), flow %.1f ms" % (
    sum(x["evaluations"] for x in f), f[0]["seconds"], sum(x["seconds"] for x in later) / len(later),
    1000 * sum(x["flow_seconds"] for x in later) / len(later)))'
done
