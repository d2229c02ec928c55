#pragma once
// StyleParams <-> JSON, for presets, sidecar files, the PNG text chunk and
// batch queues: the Qt side of engine/param_table.h, which says what each key
// is, its type and range. One reader with two strictnesses:
// - Lenient (the GUI's own settings and presets): unknown keys are ignored and a
//   missing or mistyped key keeps its default, so files of older versions load.
// - Strict (queue and preset files a person wrote): an unknown key, a wrong type
//   or an invalid value is a ConfigError naming the key, the value and what is
//   allowed; the result is then checked with engine::validate.

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include "shuimo/engine/json.h"
#include "shuimo/engine/style_params.h"

namespace shuimo::batch {

enum class ParamsReading { Lenient, Strict };

// Between Qt's JSON values and the engine core's (which has no Qt).
engine::json::Value from_qjson(const QJsonValue& value);
QJsonValue to_qjson(const engine::json::Value& value);

// Every stored field of the table (engine/param_table.h): all but the per-run preview cadence.
// Every field that changes the painting, plus the device and memory settings.
QJsonObject params_to_json(const engine::StyleParams& params);

// `base` supplies the values of missing keys. `where` prefixes error messages
// ("preset 'soft'"). Strict mode throws engine::ConfigError.
engine::StyleParams params_from_json(const QJsonObject& json, engine::StyleParams base = {},
                                     ParamsReading reading = ParamsReading::Lenient, const QString& where = {});

// The fields that decide the pixels, without those that only decide where and
// how a job runs (device, memory budget, checkpointing, progress cadence): the
// input of a batch output's settings hash.
QJsonObject painting_params_json(const engine::StyleParams& params);

}  // namespace shuimo::batch
