#!/bin/bash
# Dev tool (not a test): the real app in Chinese under Xvfb, as an artist starts it
# (LANG=zh_CN.UTF-8, a photo, two bundled styles ticked), with the Batch dialog
# (File > Batch Export: the ticked blend as one style, the manifest's names), Qt's
# own file dialog (File > Open Photos) and About (a QDialogButtonBox) opened by
# clicking the menus; each screen saved with `import -window root`. Look at them.
#   xvfb-run -a -s "-screen 0 1280x820x24" tools/screenshot_zh_dialogs.sh OUTDIR
# Needs a release build (build/release), xdotool and ImageMagick. Menu positions are
# those of the 1280x820 screen with the default layout.
set -u
cd "$(dirname "$0")/.."
OUT=${1:?usage: screenshot_zh_dialogs.sh OUTDIR}
mkdir -p "$OUT"
export LANG=zh_CN.UTF-8 LANGUAGE=zh_CN
export SHUIMO_MODEL_DIR=$PWD/build/release/tests/test_weights
APP=build/release/app/gui/shuimo
home=$(mktemp -d)
convert -size 480x320 gradient:'#9fc4ea-#2c4a3a' "$OUT/photo.jpg"
shot() {  # shot NAME X Y X2 Y2: a fresh app, click the menu at X Y, then its item at X2 Y2
  rm -rf "$home"; mkdir -p "$home"
  HOME=$home $APP "$OUT/photo.jpg" --style-image assets/styles/misty_mountains.png \
    --style-image assets/styles/splashed_ink.png > "$OUT/app.log" 2>&1 &
  local pid=$!
  timeout 90 xdotool search --sync --onlyvisible --class shuimo > /dev/null
  sleep 3
  xdotool mousemove "$2" "$3" click 1; sleep 1.5
  xdotool mousemove "$4" "$5" click 1; sleep 4
  import -window root "$OUT/$1.png"
  kill $pid; wait $pid 2>/dev/null
}
shot batch_zh 28 9 70 97
shot filedialog_zh 28 9 70 31
shot about_zh 290 9 320 31
rm -rf "$home"
