#include "wait_quiet.h"

#include <QElapsedTimer>
#include <QTest>

#include <algorithm>
#include <cmath>

namespace shuimo::testing {

int quietPeriodMs(double msPerEvaluation) {
    return std::max(500, static_cast<int>(std::ceil(4.0 * std::max(0.0, msPerEvaluation))));
}

bool waitUntilQuiet(const std::function<qsizetype()>& count, int quietMs, int limitMs) {
    QElapsedTimer clock;
    clock.start();
    qsizetype seen = count();
    qint64 since = 0;
    const int step = std::clamp(quietMs / 10, 5, 50);
    while (clock.elapsed() < limitMs) {
        QTest::qWait(step);
        if (count() != seen) {
            seen = count();
            since = clock.elapsed();
        } else if (clock.elapsed() - since >= quietMs) {
            return true;
        }
    }
    return false;
}

}  // namespace shuimo::testing
