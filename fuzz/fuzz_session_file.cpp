// The .shuimo session reader (a file the user opens, or the autosave): any
// bytes give a session or a SessionFileError, never a crash, a read outside the
// input or a huge allocation; what it accepts writes back to the same document.
#include <QByteArray>
#include <cstddef>
#include <cstdint>

#include "shuimo/session/session_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace shuimo::session;
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    try {
        const Session session = decode_session(bytes, QStringLiteral("input.shuimo"));
        if (!(decode_session(encode_session(session), QStringLiteral("again.shuimo")) == session)) __builtin_trap();
    } catch (const SessionFileError&) {
    }
    return 0;
}
