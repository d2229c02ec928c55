#!/usr/bin/env bash
# The GPU route refuses clearly, non-zero and saying what to install, when it has no CUDA
# LibTorch or the driver cannot run it. Configure steps only (they stop before compiling).
# Usage: tst_cuda_route.sh SOURCE_DIR SCRATCH_DIR
set -uo pipefail
source_dir=$1
scratch=$2
rm -rf "$scratch" && mkdir -p "$scratch/bin"
failures=0

# expect NAME OUTPUT_FILE RC PATTERN...: RC must be non-zero and the output must hold every pattern.
expect_refusal() {
  local name=$1 output=$2 rc=$3
  shift 3
  if [ "$rc" -eq 0 ]; then
    echo "FAIL $name: exited 0"; failures=$((failures + 1)); cat "$output"; return
  fi
  # CMake wraps its messages: compare with the whitespace squeezed.
  local flat
  flat=$(tr -s ' \n' '  ' <"$output")
  for pattern in "$@"; do
    if ! grep -qF -- "$pattern" <<<"$flat"; then
      echo "FAIL $name: no '$pattern' in:"; cat "$output"; failures=$((failures + 1)); return
    fi
  done
  echo "PASS $name"
}

configure() {  # the cuda preset's settings, in a scratch build folder
  cmake -S "$source_dir" -B "$scratch/build-$1" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSHUIMO_REQUIRE_CUDA=ON "${@:2}"
}

# 1. install_deps.sh --cuda with neither LIBTORCH nor a pip torch: refuses before installing anything.
env -u LIBTORCH PYTHON=false "$source_dir/tools/install_deps.sh" --cuda >"$scratch/1.txt" 2>&1
expect_refusal "install_deps --cuda without LibTorch" "$scratch/1.txt" $? \
  "no CUDA LibTorch found" "pip install torch --index-url https://download.pytorch.org/whl/cu" "LIBTORCH=/path/to/libtorch"

# 2. The preset's configure with no LibTorch given: never falls back to Debian's CPU one in /usr.
configure none -DCMAKE_PREFIX_PATH= >"$scratch/2.txt" 2>&1
expect_refusal "cuda configure without LibTorch" "$scratch/2.txt" $? "no CUDA LibTorch found: none given" "Debian's libtorch-dev is CPU-only"

# 3. A CPU-only LibTorch given (Debian's, whose TorchConfig.cmake sits in lib/<arch>/cmake/Torch).
debian_torch=$(dirname "$(dirname "$(find /usr/lib /usr/share -path '*/cmake/Torch/TorchConfig.cmake' -print -quit)")")
configure cpu "-DCMAKE_PREFIX_PATH=$debian_torch" >"$scratch/3.txt" 2>&1
expect_refusal "cuda configure with a CPU-only LibTorch" "$scratch/3.txt" $? "is a CPU-only build (no lib/libc10_cuda.so)" "Get a CUDA LibTorch"

# 4. A CUDA 12.6 LibTorch (its layout, faked) on a machine whose driver only runs CUDA 11.8.
fake="$scratch/libtorch"
mkdir -p "$fake/share/cmake/Torch" "$fake/lib"
echo 'message(FATAL_ERROR "the fake TorchConfig.cmake must not be reached")' >"$fake/share/cmake/Torch/TorchConfig.cmake"
: >"$fake/lib/libc10_cuda.so"
echo "2.6.0+cu126" >"$fake/build-version"
printf '#!/bin/sh\necho "| NVIDIA-SMI 520.61.05    Driver Version: 520.61.05    CUDA Version: 11.8     |"\n' >"$scratch/bin/nvidia-smi"
chmod +x "$scratch/bin/nvidia-smi"
PATH="$scratch/bin:$PATH" configure old-driver "-DCMAKE_PREFIX_PATH=$fake" >"$scratch/4.txt" 2>&1
expect_refusal "cuda configure with a driver too old" "$scratch/4.txt" $? \
  "driver supports CUDA 11.8, but the LibTorch" "built for CUDA 12.6" "update the driver"

# 5. The same LibTorch, a driver that runs it, but a CUDA toolkit of another major version (faked).
printf '#!/bin/sh\necho "| NVIDIA-SMI 570.86.10    Driver Version: 570.86.10    CUDA Version: 12.8     |"\n' >"$scratch/bin/nvidia-smi"
printf '#!/bin/sh\necho "Cuda compilation tools, release 11.8, V11.8.89"\n' >"$scratch/bin/nvcc"
chmod +x "$scratch/bin/nvcc"
PATH="$scratch/bin:$PATH" configure old-toolkit "-DCMAKE_PREFIX_PATH=$fake" "-DSHUIMO_NVCC=$scratch/bin/nvcc" >"$scratch/5.txt" 2>&1
expect_refusal "cuda configure with a toolkit of another CUDA" "$scratch/5.txt" $? \
  "the NVIDIA driver supports CUDA 12.8 (LibTorch needs 12.6): ok" "is CUDA 11.8, the LibTorch was built for CUDA 12.6"

# 6. Everything matching: the checks pass and hand over to LibTorch's own TorchConfig.cmake (the fake one stops there).
printf '#!/bin/sh\necho "Cuda compilation tools, release 12.6, V12.6.85"\n' >"$scratch/bin/nvcc"
PATH="$scratch/bin:$PATH" configure matching "-DCMAKE_PREFIX_PATH=$fake" "-DSHUIMO_NVCC=$scratch/bin/nvcc" >"$scratch/6.txt" 2>&1
expect_refusal "cuda configure with everything matching reaches TorchConfig.cmake" "$scratch/6.txt" $? \
  "Shuimo: CUDA toolkit 12.6" "the fake TorchConfig.cmake must not be reached"

rm -rf "$scratch"
if [ "$failures" -ne 0 ]; then echo "$failures check(s) failed"; exit 1; fi
echo "all refusals clear"
