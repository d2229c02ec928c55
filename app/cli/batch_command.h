#pragma once
// `shuimo-cli batch QUEUE.json [--devices LIST] [--shard I/N] [--retry-failed]
//  [--weights FILE] [--progress text|json] [--list]`: runs a batch queue
// headless with the GUI's semantics (batch/batch_runner.h).

#include <QStringList>

namespace shuimo::cli {

// `arguments` excludes the program name and the "batch" word. Returns the exit
// code: 0 every job done, 1 some failed or cancelled, 130 interrupted (Ctrl-C /
// SIGTERM: running jobs go back to the queue). Throws UsageError.
int run_batch_command(const QStringList& arguments);

QString batch_help_text();

}  // namespace shuimo::cli
