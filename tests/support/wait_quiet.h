#pragma once
// Waiting until work on other threads has gone quiet: after a pause or a cancel,
// the evaluation under way still ends and its reports are still on their way.
// A fixed sleep is either too short on a busy machine or wastes time on a fast
// one; this waits until a count has stopped changing for a period calibrated
// from the measured time of one evaluation.

#include <QSignalSpy>

#include <functional>

namespace shuimo::testing {

// A quiet period long enough for one evaluation under way to end and its report
// to arrive: four times the measured time of one (`msPerEvaluation`, 0 when not
// measured), never under 500 ms.
int quietPeriodMs(double msPerEvaluation = 0.0);

// Runs the event loop until `count()` has not changed for `quietMs`; false if
// that did not happen within `limitMs`.
bool waitUntilQuiet(const std::function<qsizetype()>& count, int quietMs, int limitMs = 30000);

inline bool waitUntilQuiet(const QSignalSpy& spy, int quietMs, int limitMs = 30000) {
    return waitUntilQuiet([&spy] { return spy.count(); }, quietMs, limitMs);
}

}  // namespace shuimo::testing
