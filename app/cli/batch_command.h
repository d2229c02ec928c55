#pragma once
// `shuimo-cli batch QUEUE.json [--devices LIST] [--shard I/N|auto] [--retry-failed]
//  [--weights FILE] [--progress text|json] [--list]`: runs a batch queue
// headless with the GUI's semantics (batch/batch_runner.h).

#include <QStringList>

namespace shuimo::cli {

// Exit codes of `shuimo-cli batch` besides 0 (every job done), 2 (bad usage:
// UsageError) and 130 (interrupted by Ctrl-C / SIGTERM: running jobs go back to
// the queue). Cluster scripts treat only kBatchJobsFailed as "this shard is
// finished"; anything else fails the task.
inline constexpr int kBatchDidNotRun = 1;    // queue unreadable or locked, device refused, weights missing (also
                                             // what main() returns for the exceptions that say so)
inline constexpr int kBatchJobsFailed = 3;   // finished; some jobs failed (or were cancelled), errors in the state file

// `arguments` excludes the program name and the "batch" word. Returns the exit
// code above; throws UsageError, and the queue's, device's and weights' errors
// (the batch did not run: main() prints them and returns kBatchDidNotRun).
int run_batch_command(const QStringList& arguments);

QString batch_help_text();

}  // namespace shuimo::cli
