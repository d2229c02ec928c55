#pragma once
// Checksums of (large) files, both algorithms in one pass.

#include <QString>

namespace shuimo::models {

struct CatalogueEntry;

struct FileDigests {
    QString sha256;  // lower-case hex
    QString md5;
    qint64 size = 0;

    // The digest for `algorithm` ("sha256" / "md5").
    const QString& of(const QString& algorithm) const;
};

// Throws ModelStoreError when the file cannot be read.
FileDigests digest_file(const QString& path);

bool matches(const CatalogueEntry& entry, const FileDigests& digests);

}  // namespace shuimo::models
