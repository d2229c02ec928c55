// The presets and batch queue readers (batch/params_json.cpp, batch/batch_queue.cpp:
// Qt Core only): the GUI's lenient reading, the strict reading of queue and
// preset files, and a whole queue file (spec expansion, jobs, name templates).
#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstddef>
#include <cstdint>

#include "shuimo/batch/batch_queue.h"
#include "shuimo/batch/params_json.h"
#include "shuimo/engine/errors.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace shuimo;
    const QJsonObject object =
        QJsonDocument::fromJson(QByteArray::fromRawData(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size))).object();
    const engine::StyleParams params = batch::params_from_json(object.value(QStringLiteral("params")).toObject());
    const QJsonObject again = batch::params_to_json(params);  // what "Save preset" would write back
    if (again.isEmpty()) __builtin_trap();
    // Saved and loaded again, every field is what it was (issue 13: nothing dropped).
    if (!(batch::params_from_json(again) == params)) __builtin_trap();
    try {
        engine::validate(params);
    } catch (const engine::ConfigError&) {
    }
    try {
        (void)batch::params_from_json(object.value(QStringLiteral("params")).toObject(), {}, batch::ParamsReading::Strict);
    } catch (const engine::ConfigError&) {
    }
    try {
        // A base folder that does not exist: folder entries in "contents" stay plain paths.
        const batch::BatchQueue queue = batch::queue_from_json(object, "/nonexistent-fuzz-base", "fuzz");
        const batch::BatchQueue back = batch::queue_from_json(batch::queue_to_json(queue), "/nonexistent-fuzz-base", "fuzz");
        if (back.jobs.size() != queue.jobs.size()) __builtin_trap();
    } catch (const engine::EngineError&) {
    }
    return 0;
}
