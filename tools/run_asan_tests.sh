#!/usr/bin/env bash
# The whole test suite under AddressSanitizer + UndefinedBehaviorSanitizer (gcc):
# configures and builds the `asan` preset in build/asan, then runs ctest with the
# preset's environment (leak checking on, suppressions for third-party libraries
# only: tools/sanitizers/, any UB report fails the test).
#
#   tools/run_asan_tests.sh [ctest arguments...]     e.g. -R 'tst_(safetensors|image_io)'
#
# Without arguments every test of the suite runs (the responsiveness ones serially, as in the
# release preset); tst_batch_soak turns ASan's quarantine off for itself (tests/CMakeLists.txt), so
# its resident-memory check measures us, not the allocator.
# A full build takes long on two cores (no precompiled torch headers under ASan);
# JOBS=N sets the build's parallelism; ASAN_TARGETS="a b" builds only those targets. Results: docs/RELIABILITY.md.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset asan >/dev/null
if [[ -n "${ASAN_TARGETS:-}" ]]; then
    cmake --build --preset asan -j "${JOBS:-2}" --target ${ASAN_TARGETS}
else
    cmake --build --preset asan -j "${JOBS:-2}"
fi
ctest --preset asan "$@"
