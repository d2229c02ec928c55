#include "shuimo/model_store/checksum.h"

#include <QCryptographicHash>
#include <QFile>

#include "shuimo/model_store/catalogue.h"
#include "shuimo/model_store/errors.h"

namespace shuimo::models {

const QString& FileDigests::of(const QString& algorithm) const {
    return algorithm == QLatin1String("md5") ? md5 : sha256;
}

FileDigests digest_file(const QString& path, const QStringList& algorithms) {
    const bool want_sha256 = algorithms.contains(QLatin1String("sha256"));
    const bool want_md5 = algorithms.contains(QLatin1String("md5"));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw ModelStoreError(QStringLiteral("cannot read %1: %2").arg(path, file.errorString()).toStdString());
    QCryptographicHash sha256(QCryptographicHash::Sha256);
    QCryptographicHash md5(QCryptographicHash::Md5);
    QByteArray buffer(4 << 20, Qt::Uninitialized);
    FileDigests digests;
    for (;;) {
        const qint64 n = file.read(buffer.data(), buffer.size());
        if (n < 0)
            throw ModelStoreError(QStringLiteral("cannot read %1: %2").arg(path, file.errorString()).toStdString());
        if (n == 0) break;
        const QByteArrayView chunk(buffer.constData(), n);
        if (want_sha256) sha256.addData(chunk);
        if (want_md5) md5.addData(chunk);
        digests.size += n;
    }
    if (want_sha256) digests.sha256 = QString::fromLatin1(sha256.result().toHex());
    if (want_md5) digests.md5 = QString::fromLatin1(md5.result().toHex());
    return digests;
}

bool matches(const CatalogueEntry& entry, const FileDigests& digests) {
    return digests.of(entry.checksum_algorithm) == entry.checksum &&
           (!entry.size_bytes || *entry.size_bytes == digests.size);
}

}  // namespace shuimo::models
