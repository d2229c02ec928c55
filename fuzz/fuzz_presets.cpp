// The GUI's presets file reader (ui/params_json.cpp: Qt Core only, no widgets),
// followed by the engine's validation that every job goes through.
#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstddef>
#include <cstdint>

#include "params_json.h"
#include "shuimo/engine/errors.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace shuimo;
    const QJsonObject object =
        QJsonDocument::fromJson(QByteArray::fromRawData(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size))).object();
    const engine::StyleParams params = ui::paramsFromJson(object.value(QStringLiteral("params")).toObject());
    const QJsonObject again = ui::paramsToJson(params);  // what "Save preset" would write back
    if (again.isEmpty()) __builtin_trap();
    try {
        engine::validate(params);
    } catch (const engine::ConfigError&) {
    }
    return 0;
}
