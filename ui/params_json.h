#pragma once
// StyleParams <-> JSON, for presets, sidecar files and the PNG text chunk.
// Unknown keys are ignored and missing keys keep their defaults, so presets
// written by older versions still load.

#include <QJsonObject>

#include "shuimo/engine/style_params.h"

namespace shuimo::ui {

QJsonObject paramsToJson(const engine::StyleParams& params);
engine::StyleParams paramsFromJson(const QJsonObject& json, engine::StyleParams base = {});

}  // namespace shuimo::ui
