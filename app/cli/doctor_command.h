#pragma once
// `shuimo-cli doctor`: what this build and this machine have, as "key: value" lines
// (LibTorch, CUDA and cuDNN or why not, the GPUs and their free memory, the precision
// "auto" picks, the BLAS in use, CPU threads, the installed models, the bundled styles'
// folder, the translations). The same report as the app's Help › About.

#include <QString>
#include <QStringList>

namespace shuimo::cli {

// `arguments` excludes the program name and the "doctor" word. Returns the exit code (0).
// Throws UsageError.
int run_doctor_command(const QStringList& arguments);

// The report, one "key: value" line each, ending with a newline.
QString doctor_report();

QString doctor_help_text();

}  // namespace shuimo::cli
