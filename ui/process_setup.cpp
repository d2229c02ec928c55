#include "process_setup.h"

#include <QtGlobal>
#include <cstdlib>

#ifdef Q_OS_LINUX
#include <unistd.h>
#endif

namespace shuimo::ui {

void preferPassiveOpenMpWaits(char** argv) {
#ifdef Q_OS_LINUX
    if (std::getenv("OMP_WAIT_POLICY") != nullptr) return;  // the user's choice, or already re-executed
    ::setenv("OMP_WAIT_POLICY", "PASSIVE", 1);
    ::execv("/proc/self/exe", argv);
    // execv failed: carry on with the default (spinning) policy.
#else
    Q_UNUSED(argv);
#endif
}

}  // namespace shuimo::ui
