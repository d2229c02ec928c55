#pragma once
// Checksums of (large) files, both algorithms in one pass.

#include <QString>
#include <QStringList>

namespace shuimo::models {

struct CatalogueEntry;

struct FileDigests {
    QString sha256;  // lower-case hex; empty when not computed
    QString md5;
    qint64 size = 0;

    // The digest for `algorithm` ("sha256" / "md5").
    const QString& of(const QString& algorithm) const;
};

// Hashes the file once for all of `algorithms` ("sha256", "md5"). Throws ModelStoreError when it cannot be read.
FileDigests digest_file(const QString& path, const QStringList& algorithms = {QStringLiteral("sha256"), QStringLiteral("md5")});

bool matches(const CatalogueEntry& entry, const FileDigests& digests);

}  // namespace shuimo::models
