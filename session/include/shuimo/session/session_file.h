#pragma once
// The .shuimo session file: one self-contained file holding the whole session,
// paintings' pixels included.
//
//   "SHUIMO-SESSION\n"            15 bytes, the magic
//   header length                 8 bytes, little-endian
//   header                        UTF-8 JSON: {"format": "shuimo-session", "format_version": 2,
//                                 "data_bytes", "data_crc32", "current_photo", "styles", "params",
//                                 "photos": [{..., "paintings": [...], "regions": [...]}]}
//   data                          every picture's 16-bit little-endian samples, zlib-compressed
//                                 (Qt's qCompress framing), back to back in header order
//
// Each painting in the header names its picture(s) by {width, height, channels,
// offset, bytes} into the data section; the parameters are the parameter table's
// JSON (param_table.h). Written atomically (temporary file + rename). Read strictly:
// a wrong magic, a newer or unknown format version, a header that does not parse,
// an unknown, missing or mistyped field, a picture outside the data, a data
// checksum that does not match, a picture that does not decompress to its size:
// each is a SessionFileError saying which, and nothing is returned.

#include <QString>
#include <stdexcept>
#include <string>

#include "shuimo/session/session.h"

namespace shuimo::session {

// Format 2 (issue 25) adds what the next run uses (the ticked styles with their blend, the
// parameters) and each painting's number, revision, star and note; format 3 (issue 26) each
// photo's regions (name, kind, style, strength, colour and mask, a one-channel picture) and the
// regions each painting was made with. Formats 1 and 2 still open (without regions).
inline constexpr int kSessionFormatVersion = 3;
inline constexpr int kOldestSessionFormatVersion = 1;
inline constexpr const char* kSessionSuffix = "shuimo";

class SessionFileError : public std::runtime_error {
public:
    enum class Kind {
        CannotRead,     // detail: the system's reason
        CannotWrite,    // detail: the system's reason
        NotASession,    // wrong magic: another kind of file
        Truncated,      // ends before its header or data does
        NewerVersion,   // version: the file's format version (> kSessionFormatVersion)
        UnknownVersion, // version: not a version any Shuimo wrote
        Malformed,      // detail: which field and what is wrong
        Damaged,        // the data's checksum does not match: changed on disk since it was written
    };
    SessionFileError(Kind kind, QString path, QString detail = {}, int version = 0);
    Kind kind() const { return m_kind; }
    const QString& path() const { return m_path; }
    const QString& detail() const { return m_detail; }
    int version() const { return m_version; }

private:
    Kind m_kind;
    QString m_path;
    QString m_detail;
    int m_version;
};

// Throws SessionFileError (CannotWrite); the file is then left as it was.
void save_session(const QString& path, const Session& session);
// Throws SessionFileError. `version` (optional) receives the file's format version: a format 1
// file holds no styles or parameters (Session's are then the defaults).
Session load_session(const QString& path, int* version = nullptr);

// The same on bytes in memory (`path` names them in errors).
QByteArray encode_session(const Session& session);
Session decode_session(const QByteArray& bytes, const QString& path, int* version = nullptr);

}  // namespace shuimo::session
