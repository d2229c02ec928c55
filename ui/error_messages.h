#pragma once
// What an engine or batch error says to the artist, in the interface language.
// The engine's exceptions carry a code and arguments (shuimo/engine/errors.h)
// for the common cases; this turns them into a translated sentence that names
// the file or the setting and the fix, without environment variables, hashes or
// full paths. The English message (what()) stays available as the details, for
// the log and a "Details" disclosure. Errors without a code show what() as is.

#include <QString>
#include <QStringList>
#include <exception>
#include <string>
#include <vector>

#include "shuimo/engine/errors.h"
#include "shuimo/engine/progress.h"

namespace shuimo::ui {

struct UserError {
    QString message;  // for the artist, translated
    QString details;  // the engine's English message (paths, limits, variables): the log, "Details"
    bool operator==(const UserError&) const = default;
};

// The translated sentence for a code and its arguments (errors.h lists them);
// empty for ErrorCode::None or arguments that do not fit the code.
QString errorMessage(engine::ErrorCode code, const QStringList& args);
QString errorMessage(engine::ErrorCode code, const std::vector<std::string>& args);

// An engine notice (out-of-memory recovery, precision fallback, the memory plan of a
// level) in the interface's language from its code and arguments; its English
// message when it has no code or the arguments do not fit.
QString noticeMessage(const engine::Notice& notice);

// The message for an exception: translated when it carries a code, else what().
UserError userErrorOf(const std::exception& error);

}  // namespace shuimo::ui
