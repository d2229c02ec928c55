#!/usr/bin/env bash
# Installs what Shuimo needs to build and test on Debian 12, and nothing that
# is already there. Runs as root, or through sudo when not root.
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config
  qt6-base-dev qt6-base-dev-tools
  qt6-tools-dev qt6-l10n-tools qt6-tools-dev-tools  # Qt Linguist: lupdate/lrelease for the translations
  libtorch-dev libopenblas0-pthread  # OpenBLAS: without it Gram matrices run on reference BLAS, ~3x slower
  libopencv-dev
  fonts-wqy-microhei  # CJK glyphs for the Chinese UI on machines without them
  slurmctld slurmd slurm-client munge  # the Slurm test (tests/cluster): a throwaway one-node cluster, run as root
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install_deps: everything is installed"
  exit 0
fi

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  sudo_cmd=(sudo)
fi
echo "install_deps: installing ${missing[*]}"
"${sudo_cmd[@]}" apt-get update -q
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
