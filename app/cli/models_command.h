#pragma once
// `shuimo-cli models list | download NAME [--keep-original] | import FILE [--name ID] |
//  verify [NAME] | remove NAME | default NAME`, each with [--catalogue FILE].

#include <QStringList>

namespace shuimo::cli {

// `arguments` excludes the program name and the "models" word. Returns the exit code:
// 0 done, 1 failed (message on stderr), 130 cancelled (Ctrl-C). Throws UsageError.
int run_models_command(const QStringList& arguments);

QString models_help_text();

}  // namespace shuimo::cli
