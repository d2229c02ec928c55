#include "shared_weights.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtGlobal>

#include <cstdio>
#include <exception>

#include "random_weights.h"

namespace shuimo::testing {

namespace {

QString resolve() {
    const QString named = qEnvironmentVariable("SHUIMO_TEST_WEIGHTS");
    if (!named.isEmpty()) {
        if (!QFileInfo(named).isFile())
            qFatal("SHUIMO_TEST_WEIGHTS names %s, which does not exist: ctest writes it in the fixture test "
                   "shuimo_test_weights (run the test through ctest, or unset the variable to have the test write its own)",
                   qPrintable(named));
        return QFileInfo(named).absoluteFilePath();
    }
    // Not run by ctest: write the same weights for this process alone.
    static QTemporaryDir own;
    if (!own.isValid()) qFatal("cannot make a temporary folder for the test weights");
    const QString path = own.filePath(QStringLiteral("vgg19.safetensors"));
    std::fprintf(stderr, "SHUIMO_TEST_WEIGHTS is not set (not run by ctest): writing seeded random weights to %s\n",
                 qPrintable(path));
    try {
        write_random_vgg19_weights(path.toStdString(), {kSharedWeightsSeed});
    } catch (const std::exception& error) {
        qFatal("cannot write the test weights: %s", error.what());
    }
    return path;
}

}  // namespace

QString sharedWeightsPath() {
    static const QString path = resolve();
    return path;
}

QString sharedWeightsDir() { return QFileInfo(sharedWeightsPath()).absolutePath(); }

}  // namespace shuimo::testing
