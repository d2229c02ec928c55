#!/usr/bin/env bash
# Draws the CSV of `shuimo-bench --box ... --trajectory FILE.csv`: for each case, the
# best objective so far against evaluations, the engine's bounded L-BFGS beside
# torch::optim::LBFGS (unbounded) and, where the CSV has it (--adam-rate), projected
# Adam; log scale. Needs gnuplot (Debian: gnuplot-nox).
#
#   tools/plot_box_trajectories.sh trajectories.csv docs/box_trajectories.png ["case titles", one per line]
set -euo pipefail
csv=${1:?usage: plot_box_trajectories.sh FILE.csv OUT.png [TITLES.txt]}
out=${2:?usage: plot_box_trajectories.sh FILE.csv OUT.png [TITLES.txt]}
titles=${3:-}
command -v gnuplot > /dev/null || { echo "plot_box_trajectories: gnuplot is not installed (apt-get install gnuplot-nox)" >&2; exit 1; }
cases=$(tail -n +2 "$csv" | cut -d, -f1 | sort -n | uniq | tr '\n' ' ')
adam=$(grep -m1 ',adam,' "$csv" || true)  # shuimo-bench --adam-rate: a third series
count=$(echo $cases | wc -w)
columns=$(( count < 3 ? count : 3 ))
rows=$(( (count + columns - 1) / columns ))
script=$(mktemp)
trap 'rm -f "$script"' EXIT
{
  echo "set terminal pngcairo size $((420 * columns)),$((320 * rows)) font 'sans,9'"
  echo "set output '$out'"
  echo "set termoption noenhanced"
  echo "set datafile separator ','"
  echo "set logscale y"
  echo "set key top right"
  echo "set xlabel 'evaluations'"
  echo "set ylabel 'best objective so far'"
  echo "set multiplot layout $rows,$columns"
  k=0
  for c in $cases; do
    k=$((k + 1))
    title="case $c"
    if [ -n "$titles" ]; then title=$(sed -n "${k}p" "$titles"); fi
    echo "set title \"$title\""
    echo "plot '$csv' using (\$1==$c && strcol(2) eq 'torch' ? \$3 : 1/0):(\$6) with lines lw 2 title 'torch LBFGS (unbounded)', \\"
    more=""
    if [ -n "$adam" ]; then more=", \\"; fi
    echo "     '$csv' using (\$1==$c && strcol(2) eq 'bounded' ? \$3 : 1/0):(\$6) with lines lw 2 title 'bounded (engine)'$more"
    if [ -n "$adam" ]; then
      echo "     '$csv' using (\$1==$c && strcol(2) eq 'adam' ? \$3 : 1/0):(\$6) with lines lw 2 title 'projected Adam (engine)'"
    fi
  done
  echo "unset multiplot"
} > "$script"
gnuplot "$script"
echo "wrote $out"
