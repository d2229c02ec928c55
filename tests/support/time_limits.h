#pragma once
// A test's wait limits (QTRY_*_WITH_TIMEOUT) for work that runs the engine: under the sanitizers
// (the asan preset sets SHUIMO_TEST_TIME_SCALE, tests/CMakeLists.txt) LibTorch's kernels run several
// times slower, and a limit set for the release build would fail a test that checks nothing wrong.

#include <QtGlobal>

namespace shuimo::testing {

inline int engineWaitMs(int ms) {
    bool ok = false;
    const int scale = qEnvironmentVariableIntValue("SHUIMO_TEST_TIME_SCALE", &ok);
    return ok && scale > 1 ? ms * scale : ms;
}

}  // namespace shuimo::testing
