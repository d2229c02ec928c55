#pragma once
// Whole-file reads and writes for tests that build or damage files byte by byte.

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QtGlobal>

namespace shuimo::testing {

// The file's bytes; empty if it cannot be read.
inline QByteArray read_all(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Writes `bytes` to `path` or stops the test program: a test must not go on with missing input.
inline void write_all(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size()) qFatal("cannot write %s", qPrintable(path));
}

}  // namespace shuimo::testing
