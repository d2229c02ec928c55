#!/usr/bin/env bash
# The main window as issue 14 asks to see it: the real app (build/release/app/gui/shuimo)
# under Xvfb at 1024×700 and 1920×1080, in English and in Chinese, painting a
# generated landscape in a bundled style on seeded random VGG-19 weights (the
# painting is noise-like: the window is what is shown, not the model's result).
#
#   tools/take_screenshots.sh [OUTDIR]        (default docs/screenshots)
#
# Writes OUTDIR/main_window_{en,zh}_{1024x700,1920x1080}.png. Each run starts from
# empty settings (its own HOME), so the window is as a new user first sees it.
# Needs xvfb-run and ImageMagick (import, convert). Environment: BUILD_DIR (default
# build/release), STYLE (a file of assets/styles, default misty_mountains.png),
# WAIT (seconds of painting before the picture, default 45), ITERATIONS (default 24: the painting ends and shows in the versions strip), LANGUAGES (default
# "en zh") and SIZES (default "1024x700 1920x1080") to take fewer.
# Look at the PNGs after a change to the window. (tests/take_screenshots is the
# deterministic variant for before/after comparisons; this one is the real app.)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build/release}
out=${1:-$root/docs/screenshots}
style=$root/assets/styles/${STYLE:-misty_mountains.png}
wait_s=${WAIT:-45}
app=$build/app/gui/shuimo
writer=$build/tests/write_random_weights

for tool in xvfb-run import convert; do
  command -v "$tool" >/dev/null || { echo "take_screenshots.sh: $tool is missing (apt-get install xvfb imagemagick)" >&2; exit 2; }
done
for program in "$app" "$writer"; do
  [[ -x $program ]] || { echo "take_screenshots.sh: $program is not built (cmake --build --preset release)" >&2; exit 2; }
done
[[ -f $style ]] || { echo "take_screenshots.sh: no style $style" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out" "$work/models"
"$writer" --seed 1 "$work/models/vgg19.safetensors" >/dev/null

# A landscape: sky, sun, two mountain ranges, water.
photo=$work/landscape.jpg
convert -size 768x512 gradient:'#a0c4ea-#d6dede' \
  -fill '#e8b048' -draw 'circle 570,150 612,150' \
  -fill '#5e6c72' -draw 'polygon 0,360 140,220 260,310 380,170 520,310 640,230 768,330 768,470 0,470' \
  -fill '#303a32' -draw 'polygon 0,400 110,370 220,420 380,350 500,420 620,380 768,400 768,470 0,470' \
  -fill '#38688a' -draw 'rectangle 0,470 768,512' -quality 92 "$photo"
# Two more photos, so the strip shows a session: a tall one and a square one.
tall=$work/pagoda.png
convert -size 400x600 gradient:'#f0e6d2-#b8c8d0' -fill '#3a3a3a' \
  -draw 'polygon 170,560 230,560 220,180 180,180' -draw 'polygon 130,200 270,200 200,120' \
  -draw 'polygon 140,320 260,320 200,250' -draw 'polygon 150,440 250,440 200,380' "$tall"
square=$work/lotus.png
convert -size 512x512 gradient:'#d8e8d0-#5a7a6a' -fill '#c05a70' -draw 'circle 256,250 256,330' \
  -fill '#2f5a3a' -draw 'ellipse 150,400 110,40 0,360' -draw 'ellipse 370,420 120,45 0,360' "$square"

shoot() {  # language size
  local language=$1 size=$2 home=$work/home_$1_$2 locale=C.UTF-8
  [[ $language == zh ]] && locale=zh_CN.UTF-8
  mkdir -p "$home/.config/Shuimo"
  # A quick painting (384 px, ITERATIONS evaluations) so that it ends, and the
  # versions strip shows it, within WAIT seconds.
  printf '[General]\nparams="@ByteArray({\\"size\\":384,\\"iterations\\":%s})"\n' "${ITERATIONS:-24}" \
    > "$home/.config/Shuimo/Shuimo.conf"
  local png=$out/main_window_${language}_${size}.png
  # The app paints for WAIT seconds; the whole screen (the window fills it) is taken while it runs.
  HOME=$home XDG_CONFIG_HOME=$home/.config XDG_DATA_HOME=$home/.local/share XDG_CACHE_HOME=$home/.cache \
  SHUIMO_MODEL_DIR=$work/models OMP_WAIT_POLICY=PASSIVE \
  xvfb-run -a -s "-screen 0 ${size}x24 -dpi 96" bash -c '
      LANG=$7 LC_ALL=$7 LANGUAGE= "$0" -qwindowgeometry "$6+0+0" "$1" "$8" "$9" --style-image "$2" --run >"$3/app.log" 2>&1 &
      app=$!
      sleep "$4"
      import -window root "$5"
      kill "$app"; wait "$app" 2>/dev/null || true' \
    "$app" "$photo" "$style" "$home" "$wait_s" "$png" "$size" "$locale" "$tall" "$square"
  echo "$png"
}

for language in ${LANGUAGES:-en zh}; do
  for size in ${SIZES:-1024x700 1920x1080}; do
    shoot "$language" "$size"
  done
done
