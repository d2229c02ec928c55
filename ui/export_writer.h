#pragma once
// Writes a finished painting: PNG (8/16 bit, settings in a text chunk), JPEG
// (8 bit) or TIFF (8/16 bit), atomically (temporary file + rename), always with
// a sidecar "<file>.json" holding the settings. Never writes over an input.

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include "shuimo/engine/image.h"

namespace shuimo::ui {

inline constexpr const char* kSettingsTextKey = "ShuimoSettings";  // PNG keyword: Latin-1, no colon (Qt splits at ": ");

// "<path>.json"
QString sidecarPath(const QString& imagePath);

// Why `path` must not be written (it, or its sidecar, is one of `inputs`), or empty.
QString checkExportTarget(const QString& path, const QStringList& inputs);
// Returns an empty string on success, otherwise a message for the user (nothing
// is written then). `inputs`: the photo and style files, which are never overwritten.
QString exportImage(const engine::Image& image, const QString& path, int bitDepth, const QJsonObject& settings,
                    const QStringList& inputs);

}  // namespace shuimo::ui
