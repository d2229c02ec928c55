# The GPU build (the `cuda` preset, SHUIMO_REQUIRE_CUDA=ON): before find_package(Torch), make sure
# the LibTorch given is a CUDA one, that this machine's NVIDIA driver can run its CUDA, and that a
# CUDA toolkit to compile against is there; refuse with what to install otherwise. Never falls back
# to Debian's CPU LibTorch in /usr.
#
# The LibTorch comes from CMAKE_PREFIX_PATH (the preset passes $env{LIBTORCH}) or Torch_DIR:
#   the official archive:  LIBTORCH=/opt/libtorch                     (share/cmake/Torch inside)
#   pip's torch:           LIBTORCH=$(python3 -c 'import torch;print(torch.utils.cmake_prefix_path)')
# tools/install_deps.sh --cuda finds either and runs the preset.

set(_shuimo_cuda_help
  "Get a CUDA LibTorch, then configure again:\n"
  "  - pip:      python3 -m pip install torch --index-url https://download.pytorch.org/whl/cu126\n"
  "              then: tools/install_deps.sh --cuda   (finds it through torch.utils.cmake_prefix_path)\n"
  "  - archive:  https://pytorch.org/get-started/locally/ -> LibTorch, C++, CUDA 12.x, cxx11 ABI, unzip to /opt\n"
  "              then: LIBTORCH=/opt/libtorch cmake --preset cuda && cmake --build --preset cuda\n"
  "Pick the CUDA version your driver supports (nvidia-smi, top right: \"CUDA Version\").")

function(_shuimo_cuda_refuse)
  string(JOIN "" reason ${ARGN})
  string(JOIN "" help ${_shuimo_cuda_help})
  message(FATAL_ERROR "Shuimo cuda build: ${reason}\n${help}")
endfunction()

# "12.6" -> major 12, minor 6.
function(_shuimo_split_version version out_major out_minor)
  string(REGEX MATCH "^([0-9]+)\\.([0-9]+)" _ "${version}")
  set(${out_major} "${CMAKE_MATCH_1}" PARENT_SCOPE)
  set(${out_minor} "${CMAKE_MATCH_2}" PARENT_SCOPE)
endfunction()

function(shuimo_check_cuda_libtorch)
  # 1. Where is the LibTorch? Only what the user named counts.
  set(config_dirs "")
  if(Torch_DIR)
    list(APPEND config_dirs "${Torch_DIR}")
  endif()
  foreach(prefix IN LISTS CMAKE_PREFIX_PATH)
    list(APPEND config_dirs "${prefix}/share/cmake/Torch" "${prefix}/Torch")
  endforeach()
  set(torch_config_dir "")
  foreach(dir IN LISTS config_dirs)
    if(EXISTS "${dir}/TorchConfig.cmake")
      set(torch_config_dir "${dir}")
      break()
    endif()
  endforeach()
  if(NOT torch_config_dir)
    if(CMAKE_PREFIX_PATH OR Torch_DIR)
      _shuimo_cuda_refuse("no CUDA LibTorch found: no TorchConfig.cmake under '${CMAKE_PREFIX_PATH}${Torch_DIR}' "
                          "(expected share/cmake/Torch inside a LibTorch folder, or pip's torch/share/cmake).")
    endif()
    _shuimo_cuda_refuse("no CUDA LibTorch found: none given (set LIBTORCH=/path/to/libtorch, or install torch with "
                        "CUDA through pip and run tools/install_deps.sh --cuda). Debian's libtorch-dev is CPU-only.")
  endif()
  get_filename_component(torch_root "${torch_config_dir}/../../.." ABSOLUTE)

  # 2. A CUDA build ships c10_cuda; a CPU one does not.
  file(GLOB c10_cuda "${torch_root}/lib/libc10_cuda.so*")
  if(NOT c10_cuda)
    _shuimo_cuda_refuse("the LibTorch in ${torch_root} is a CPU-only build (no lib/libc10_cuda.so).")
  endif()

  # 3. The CUDA it was built for: the archive's build-version ("2.6.0+cu126") or pip's version.py (cuda = '12.6').
  set(torch_cuda "")
  if(EXISTS "${torch_root}/build-version")
    file(READ "${torch_root}/build-version" build_version)
    if(build_version MATCHES "\\+cu([0-9]+)([0-9])")
      set(torch_cuda "${CMAKE_MATCH_1}.${CMAKE_MATCH_2}")
    endif()
  endif()
  if(NOT torch_cuda AND EXISTS "${torch_root}/version.py")
    file(READ "${torch_root}/version.py" version_py)
    if(version_py MATCHES "\ncuda[^=\n]*= *['\"]([0-9]+\\.[0-9]+)")
      set(torch_cuda "${CMAKE_MATCH_1}")
    endif()
  endif()
  if(NOT torch_cuda)
    message(WARNING "Shuimo cuda build: could not tell which CUDA the LibTorch in ${torch_root} was built for; "
                    "the driver check is skipped.")
  else()
    message(STATUS "Shuimo: LibTorch in ${torch_root}, built for CUDA ${torch_cuda}")
  endif()
  _shuimo_split_version("${torch_cuda}" torch_major torch_minor)

  # 4. The driver: nvidia-smi's "CUDA Version" is the newest CUDA it runs. Building needs no GPU (a
  #    login node), so a missing driver is a warning; a driver too old for this LibTorch is refused.
  find_program(SHUIMO_NVIDIA_SMI nvidia-smi)
  if(NOT SHUIMO_NVIDIA_SMI)
    message(WARNING "Shuimo cuda build: no NVIDIA driver here (nvidia-smi not found). The build goes on; running "
                    "it needs a driver that supports CUDA ${torch_cuda} or newer.")
  elseif(torch_cuda)
    execute_process(COMMAND "${SHUIMO_NVIDIA_SMI}" OUTPUT_VARIABLE smi ERROR_VARIABLE smi_error RESULT_VARIABLE smi_result)
    if(NOT smi_result EQUAL 0 OR NOT smi MATCHES "CUDA Version: *([0-9]+\\.[0-9]+)")
      message(WARNING "Shuimo cuda build: nvidia-smi failed (${smi_error}): is the NVIDIA driver loaded? "
                      "Running needs a driver that supports CUDA ${torch_cuda} or newer.")
    else()
      set(driver_cuda "${CMAKE_MATCH_1}")
      _shuimo_split_version("${driver_cuda}" driver_major driver_minor)
      if(driver_major LESS torch_major)
        _shuimo_cuda_refuse("this machine's NVIDIA driver supports CUDA ${driver_cuda}, but the LibTorch in ${torch_root} "
                            "was built for CUDA ${torch_cuda}. Either update the driver to one for CUDA ${torch_major}.x "
                            "(e.g. apt install nvidia-driver, or NVIDIA's cuda-drivers) or use a LibTorch built for a CUDA "
                            "the driver runs, ${driver_cuda} or older (pip wheels: https://download.pytorch.org/whl/cuXY).")
      elseif(driver_major EQUAL torch_major AND driver_minor LESS torch_minor)
        message(WARNING "Shuimo cuda build: the driver supports CUDA ${driver_cuda}, LibTorch wants ${torch_cuda}: "
                        "CUDA's minor-version compatibility usually runs it, but kernels needing PTX JIT fail. "
                        "If the GPU is refused at run time (shuimo-cli doctor), update the driver.")
      else()
        message(STATUS "Shuimo: the NVIDIA driver supports CUDA ${driver_cuda} (LibTorch needs ${torch_cuda}): ok")
      endif()
    endif()
  endif()

  # 5. LibTorch's CMake files compile against the CUDA toolkit (nvcc, headers), which the archive and
  #    pip do not bring.
  find_program(SHUIMO_NVCC nvcc HINTS "$ENV{CUDA_HOME}/bin" "$ENV{CUDA_PATH}/bin" /usr/local/cuda/bin)
  if(NOT SHUIMO_NVCC)
    _shuimo_cuda_refuse("no CUDA toolkit (nvcc) to build against. Install the toolkit for CUDA "
                        "${torch_major}.x: NVIDIA's cuda-toolkit-${torch_major}-${torch_minor} package "
                        "(https://developer.nvidia.com/cuda-downloads), or Debian/Ubuntu's nvidia-cuda-toolkit "
                        "when its version matches; or set CUDA_HOME.")
  endif()
  execute_process(COMMAND "${SHUIMO_NVCC}" --version OUTPUT_VARIABLE nvcc_text)
  if(nvcc_text MATCHES "release ([0-9]+\\.[0-9]+)")
    set(nvcc_cuda "${CMAKE_MATCH_1}")
    _shuimo_split_version("${nvcc_cuda}" nvcc_major nvcc_minor)
    if(torch_major AND NOT nvcc_major EQUAL torch_major)
      _shuimo_cuda_refuse("the CUDA toolkit (${SHUIMO_NVCC}) is CUDA ${nvcc_cuda}, the LibTorch was built for CUDA "
                          "${torch_cuda}: install the toolkit for CUDA ${torch_major}.x (or point CUDA_HOME at it).")
    endif()
    message(STATUS "Shuimo: CUDA toolkit ${nvcc_cuda} (${SHUIMO_NVCC})")
  endif()
  set(SHUIMO_CUDA_LIBTORCH_ROOT "${torch_root}" PARENT_SCOPE)
endfunction()
