#!/usr/bin/env bash
# The photographs the optimiser's benchmarks run on (docs/BENCHMARKS.md, "The optimiser against
# torch's L-BFGS"), made again on a fresh Debian 12 machine from three Debian packages, and the
# content:style pairings those sections use, as shell variables.
#
#   tools/bench_photos.sh [DIR]      # default /tmp/shuimo-photos
#   . DIR/pairs.sh                   # P27, P18, P45 (= P27,P18), NM, P10, P8U
#   build/release/bench/shuimo-bench --box 96 --schedules single --single-iterations 40 \
#     --style-weights 1e3 --tv-weights 1 --inits content --pairs "$P45"
#
# The pictures stay out of the tree: their licences vary (scikit-image's data and the NASA/U.S. Navy
# photographs are public domain or CC0; OpenCV's samples carry their own terms). Each is the
# package's file resized to fit 256×256 (`convert -resize 256x256 -strip`); the folders are named
# as the benchmark sections name them (/tmp/tune, /tmp/fresh, ... there).
set -euo pipefail

dir=${1:-/tmp/shuimo-photos}
repo=$(cd "$(dirname "$0")/.." && pwd)
command -v convert >/dev/null || { echo "bench_photos.sh: needs ImageMagick's convert (apt-get install imagemagick)" >&2; exit 1; }

packages=(python3-skimage python-matplotlib-data opencv-doc)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && apt-get download "${packages[@]}" >/dev/null) || {
    echo "bench_photos.sh: apt-get download ${packages[*]} failed (run apt-get update first?)" >&2
    exit 1
}
for deb in "$work"/*.deb; do dpkg-deb -x "$deb" "$work/root"; done
skimage=$work/root/usr/lib/python3/dist-packages/skimage/data
mpl=$work/root/usr/share/matplotlib/mpl-data/sample_data
ocv=$work/root/usr/share/doc/opencv-doc/examples

# put FOLDER NAME SOURCE [OPTION...]: SOURCE resized into DIR/FOLDER/NAME.png, as the benchmarks made them.
put() {
    mkdir -p "$dir/$1"
    [ -f "$3" ] || { echo "bench_photos.sh: $3 is not in the packages" >&2; exit 1; }
    convert "$3" -resize 256x256 -strip "${@:4}" "$dir/$1/$2.png"
}

for name in motorcycle_left motorcycle_right camera coins brick ihc; do put tune $name "$skimage/$name.png"; done
put tune hubble_deep_field "$skimage/hubble_deep_field.jpg"
put tune retina "$skimage/retina.jpg"
for name in moon gravel grass page cell clock_motion; do put unseen $name "$skimage/$name.png"; done
put fresh grace_hopper "$mpl/grace_hopper.jpg"
put fresh chicky "$ocv/data/chicky_512.png"
put fresh rubberwhale "$ocv/data/rubberwhale1.png"
put fresh aloe "$ocv/data/aloeL.jpg"
put fresh leuven "$ocv/data/leuvenA.jpg"
put fresh baboon "$ocv/data/baboon.jpg"
put fresh butterfly "$ocv/data/butterfly.jpg"
put fresh basketball "$ocv/data/basketball1.png"
put fresh plant "$ocv/alphamat/input_images/plant.jpg"
for file in aero1.jpg apple.jpg building.jpg fruits.jpg graf1.png home.jpg messi5.jpg orange.jpg smarties.png \
            squirrel_cls.jpg stuff.jpg; do
    put new "${file%.*}" "$ocv/data/$file"
done
for file in board.jpg ela_original.jpg licenseplate_motion.jpg pca_test1.jpg; do put held7 "${file%.*}" "$ocv/data/$file"; done
for name in scenetext01 scenetext03 scenetext05; do put held7 $name "$ocv/text/$name.jpg"; done
for file in aero3.jpg basketball2.png box_in_scene.png graf3.png left01.jpg sudoku.png text_defocus.jpg \
            text_motion.jpg; do
    put unseen3 "${file%.*}" "$ocv/data/$file" -define png:color-type=2  # 8-bit RGB, grey ones too
done

S=$repo/assets/styles D=$repo/tests/data T=$dir/tune U=$dir/unseen F=$dir/fresh N=$dir/new H=$dir/held7 V=$dir/unseen3
cat > "$dir/pairs.sh" <<EOF
# Made by tools/bench_photos.sh: the pairings of docs/BENCHMARKS.md's optimiser sections.
# P27: "The textbook L-BFGS-B" and after; P18: "Eleven photos no stop had seen" and the held-out seven;
# NM: the twelve near misses of "The hand-off's rate, falling"; P10: its ten photos at 3·10³;
# P8U: "Eight photos no run had seen".
P27=$D/astronaut.png:$S/misty_mountains.png,$D/rocket.jpg:$S/bamboo.png,$D/chelsea.png:$S/misty_mountains.png,$D/coffee.png:$S/lotus_pond.png,$T/motorcycle_left.png:$S/misty_mountains.png,$T/camera.png:$S/bamboo.png,$T/hubble_deep_field.png:$S/lotus_pond.png,$T/coins.png:$S/misty_mountains.png,$T/motorcycle_right.png:$S/bamboo.png,$T/retina.png:$S/misty_mountains.png,$T/ihc.png:$S/lotus_pond.png,$T/brick.png:$S/misty_mountains.png,$U/moon.png:$S/misty_mountains.png,$U/gravel.png:$S/bamboo.png,$U/grass.png:$S/lotus_pond.png,$U/page.png:$S/splashed_ink.png,$U/cell.png:$S/bamboo.png,$U/clock_motion.png:$S/misty_mountains.png,$F/grace_hopper.png:$S/plum_blossom.png,$F/chicky.png:$S/dry_brush.png,$F/rubberwhale.png:$S/light_colour_wash.png,$F/aloe.png:$S/rock_texture.png,$F/leuven.png:$S/misty_mountains.png,$F/baboon.png:$S/bamboo.png,$F/butterfly.png:$S/lotus_pond.png,$F/basketball.png:$S/splashed_ink.png,$F/plant.png:$S/plum_blossom.png
P18=$N/aero1.png:$S/misty_mountains.png,$N/apple.png:$S/bamboo.png,$N/building.png:$S/lotus_pond.png,$N/fruits.png:$S/plum_blossom.png,$N/graf1.png:$S/splashed_ink.png,$N/home.png:$S/dry_brush.png,$N/messi5.png:$S/rock_texture.png,$N/orange.png:$S/light_colour_wash.png,$N/smarties.png:$S/misty_mountains.png,$N/squirrel_cls.png:$S/bamboo.png,$N/stuff.png:$S/lotus_pond.png,$H/board.png:$S/misty_mountains.png,$H/ela_original.png:$S/bamboo.png,$H/licenseplate_motion.png:$S/lotus_pond.png,$H/pca_test1.png:$S/plum_blossom.png,$H/scenetext01.png:$S/splashed_ink.png,$H/scenetext03.png:$S/dry_brush.png,$H/scenetext05.png:$S/rock_texture.png
P45=\$P27,\$P18
NM=$H/pca_test1.png:$S/plum_blossom.png,$H/scenetext03.png:$S/dry_brush.png,$N/aero1.png:$S/misty_mountains.png,$F/leuven.png:$S/misty_mountains.png,$T/ihc.png:$S/lotus_pond.png,$U/clock_motion.png:$S/misty_mountains.png,$U/page.png:$S/splashed_ink.png,$H/scenetext01.png:$S/splashed_ink.png,$F/basketball.png:$S/splashed_ink.png,$D/rocket.jpg:$S/bamboo.png,$U/cell.png:$S/bamboo.png,$F/plant.png:$S/plum_blossom.png
P10=$T/hubble_deep_field.png:$S/lotus_pond.png,$D/rocket.jpg:$S/bamboo.png,$F/leuven.png:$S/misty_mountains.png,$U/cell.png:$S/bamboo.png,$H/pca_test1.png:$S/plum_blossom.png,$H/scenetext03.png:$S/dry_brush.png,$T/camera.png:$S/bamboo.png,$T/brick.png:$S/misty_mountains.png,$U/page.png:$S/splashed_ink.png,$F/grace_hopper.png:$S/plum_blossom.png
P8U=$V/aero3.png:$S/bamboo.png,$V/basketball2.png:$S/dry_brush.png,$V/box_in_scene.png:$S/light_colour_wash.png,$V/graf3.png:$S/lotus_pond.png,$V/left01.png:$S/misty_mountains.png,$V/sudoku.png:$S/plum_blossom.png,$V/text_defocus.png:$S/rock_texture.png,$V/text_motion.png:$S/splashed_ink.png
EOF
echo "bench_photos.sh: $(find "$dir" -name '*.png' | wc -l) photos in $dir; pairings in $dir/pairs.sh"
