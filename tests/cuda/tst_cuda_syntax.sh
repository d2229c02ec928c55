#!/usr/bin/env bash
# Every source with SHUIMO_WITH_CUDA code, compiled as the build compiles it but with that
# definition on, against the installed LibTorch headers and a CUDA toolkit's: syntax and types
# only (-fsyntax-only, nothing linked, no GPU). Debian's CPU LibTorch ships c10/cuda's headers but
# not its library, so the CUDA side of the engine is otherwise compiled only on a GPU machine.
# Usage: tst_cuda_syntax.sh SOURCE_DIR COMPILE_COMMANDS_JSON [CUDA_INCLUDE_DIR]
# Exit 77 (ctest: skipped) without a CUDA toolkit, saying so.
set -uo pipefail
source_dir=$1
compile_commands=$2
cuda_include=${3:-}
here=$(cd "$(dirname "$0")" && pwd)

if [[ -z "$cuda_include" || ! -f "$cuda_include/cuda_runtime.h" ]]; then
  cuda_include=""
  # SHUIMO_CUDA_CANDIDATES (folders, space-separated) replaces the usual places: how the skip is tested.
  read -r -a candidates <<<"${SHUIMO_CUDA_CANDIDATES:-${CUDA_HOME:-/none}/include ${CUDA_PATH:-/none}/include /usr/local/cuda/include}"
  for candidate in "${candidates[@]}"; do
    if [[ -f "$candidate/cuda_runtime.h" ]]; then cuda_include=$candidate; break; fi
  done
fi
if [[ -z "$cuda_include" ]]; then
  echo "SKIP: no CUDA toolkit here (no cuda_runtime.h in ${candidates[*]}):" \
       "the SHUIMO_WITH_CUDA code is not compiled on this machine"
  exit 77
fi
if [[ ! -f "$compile_commands" ]]; then
  echo "FAIL: no $compile_commands (configure with CMAKE_EXPORT_COMPILE_COMMANDS=ON, as the presets do)"; exit 1
fi
echo "CUDA headers: $cuda_include"

# Debian's libtorch-dev leaves out the generated c10/cuda/impl/cuda_cmake_macros.h (it only says the
# library is shared); c10 has a switch for builds without it.
extra=(-DSHUIMO_WITH_CUDA -fsyntax-only -isystem "$cuda_include")
torch_include=$(grep -o -- '-isystem [^ ]*torch/csrc/api/include' "$compile_commands" | head -1 | cut -d' ' -f2)
c10_root=${torch_include%/torch/csrc/api/include}
if [[ -n "$c10_root" && -f "$c10_root/c10/cuda/CUDAMacros.h" && ! -f "$c10_root/c10/cuda/impl/cuda_cmake_macros.h" ]]; then
  extra+=(-DC10_CUDA_NO_CMAKE_CONFIGURE_FILE)
fi

mapfile -t sources < <(cd "$source_dir" && grep -rlE --include='*.cpp' --include='*.cc' --include='*.cu' \
                         --exclude-dir=build --exclude-dir=.git 'SHUIMO_WITH_CUDA' . | sort)
if [[ ${#sources[@]} -eq 0 ]]; then
  echo "FAIL: no source under $source_dir holds SHUIMO_WITH_CUDA: the check would check nothing"; exit 1
fi

failures=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for source in "${sources[@]}"; do
  source=${source#./}
  cmake -DCOMPILE_COMMANDS="$compile_commands" -DSOURCE="$source_dir/$source" -DOUTPUT="$scratch/command.txt" \
        -P "$here/compile_command_for.cmake" || { echo "FAIL $source: could not read $compile_commands"; failures=$((failures + 1)); continue; }
  if [[ ! -s "$scratch/command.txt" ]]; then
    echo "FAIL $source: has SHUIMO_WITH_CUDA code but no target of this build compiles it"
    failures=$((failures + 1)); continue
  fi
  directory=$(sed -n 1p "$scratch/command.txt")
  command=$(sed -n 2p "$scratch/command.txt")
  # The object file is not wanted; the precompiled header was made without SHUIMO_WITH_CUDA.
  command=$(sed -E 's/ -o [^ ]+/ /; s/ -c / /; s/ -Winvalid-pch//; s/ -include [^ ]*cmake_pch[^ ]*//' <<<"$command")
  started=$SECONDS
  if (cd "$directory" && eval "$command" '"${extra[@]}"') >"$scratch/out.txt" 2>&1; then
    echo "PASS $source ($((SECONDS - started)) s)"
  else
    echo "FAIL $source: does not compile with SHUIMO_WITH_CUDA:"
    grep -E 'error|note: candidate' "$scratch/out.txt" | head -30
    failures=$((failures + 1))
  fi
done
echo "${#sources[@]} source(s) with CUDA code, $failures failure(s)"
[[ $failures -eq 0 ]]
