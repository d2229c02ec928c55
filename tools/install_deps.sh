#!/usr/bin/env bash
# Installs what Shuimo needs to build and test on Debian 12, and nothing that
# is already there. Runs as root, or through sudo when not root.
#
#   tools/install_deps.sh          the CPU build: Debian's LibTorch, Qt, OpenCV
#   tools/install_deps.sh --cuda   the GPU build: a CUDA LibTorch you already have, LIBTORCH=/path
#                                  (the official archive) or pip's torch (found through
#                                  torch.utils.cmake_prefix_path); installs the rest, then
#                                  configures and builds the `cuda` preset into build/cuda, whose
#                                  configure step checks the LibTorch's CUDA against the driver.
set -euo pipefail

usage() { sed -n '5,10p' "$0" | cut -c3-; }
cuda=0
for argument in "$@"; do
  case "$argument" in
    --cuda) cuda=1 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "install_deps: unknown option '$argument'" >&2; usage >&2; exit 2 ;;
  esac
done

# The GPU route needs a CUDA LibTorch first: refuse before installing anything without one.
libtorch=""
if [ "$cuda" -eq 1 ]; then
  libtorch="${LIBTORCH:-}"
  if [ -z "$libtorch" ]; then
    libtorch=$("${PYTHON:-python3}" -c 'import torch; print(torch.utils.cmake_prefix_path)' 2>/dev/null || true)
    if [ -n "$libtorch" ]; then echo "install_deps: using pip's torch: $libtorch"; fi
  fi
  if [ -z "$libtorch" ] || [ ! -d "$libtorch" ]; then
    cat >&2 <<EOF
install_deps: no CUDA LibTorch found${libtorch:+ (LIBTORCH=$libtorch is not a folder)}.
Install one, then run tools/install_deps.sh --cuda again:
  - pip:     python3 -m pip install torch --index-url https://download.pytorch.org/whl/cu126
             (found through torch.utils.cmake_prefix_path; PYTHON=/path/to/python for a venv)
  - archive: https://pytorch.org/get-started/locally/ -> LibTorch, C++, CUDA 12.x, cxx11 ABI; unzip it
             and run: LIBTORCH=/path/to/libtorch tools/install_deps.sh --cuda
Pick a CUDA version your driver supports (nvidia-smi: "CUDA Version"); building also needs the CUDA
toolkit of that major version (nvcc). Debian's libtorch-dev is CPU-only.
EOF
    exit 1
  fi
fi

packages=(
  cmake ninja-build g++ pkg-config
  qt6-base-dev qt6-base-dev-tools
  qt6-tools-dev qt6-l10n-tools qt6-tools-dev-tools  # Qt Linguist: lupdate/lrelease for the translations
  qt6-translations-l10n  # Qt's own zh_CN strings (qtbase_zh_CN.qm: standard buttons, file dialogs; tst_translations)
  libtorch-dev libopenblas0-pthread  # OpenBLAS: without it Gram matrices run on reference BLAS, ~3x slower
  libopencv-dev
  libavformat-dev libavcodec-dev libswscale-dev libavutil-dev  # video (issue 27): decode, encode, remux the audio
  opencv-data  # Haar cascades: the automatic face mask of regions (image_io/auto_masks.h, docs/REGIONS.md)
  fonts-wqy-microhei  # CJK glyphs for the Chinese UI on machines without them
  dpkg-dev  # dpkg-shlibdeps: the .deb's Depends (cmake --build --preset release --target package; tst_package)
  slurmctld slurmd slurm-client munge  # the Slurm test (tests/cluster): a throwaway one-node cluster, run as root
)
if [ "$cuda" -eq 1 ]; then
  # The CUDA LibTorch replaces Debian's CPU one.
  kept=()
  for package in "${packages[@]}"; do
    if [ "$package" != libtorch-dev ]; then kept+=("$package"); fi
  done
  packages=("${kept[@]}")
fi

build_cuda() {
  cd "$(dirname "$0")/.."
  echo "install_deps: building the cuda preset against $libtorch"
  LIBTORCH="$libtorch" cmake --preset cuda
  cmake --build --preset cuda
  echo "install_deps: built build/cuda; check it with: build/cuda/app/cli/shuimo-cli doctor"
}

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install_deps: everything is installed"
  if [ "$cuda" -eq 1 ]; then build_cuda; fi
  exit 0
fi

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  sudo_cmd=(sudo)
fi
echo "install_deps: installing ${missing[*]}"
"${sudo_cmd[@]}" apt-get update -q
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
if [ "$cuda" -eq 1 ]; then build_cuda; fi
