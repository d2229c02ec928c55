#include "shuimo/batch/params_json.h"

#include <QJsonArray>
#include <cmath>

#include "shuimo/engine/errors.h"
#include "shuimo/engine/param_table.h"

namespace shuimo::batch {
namespace {

std::string prefix(const QString& where) { return where.isEmpty() ? std::string() : where.toStdString() + ": "; }

}  // namespace

engine::json::Value from_qjson(const QJsonValue& value) {
    using engine::json::Value;
    switch (value.type()) {
    case QJsonValue::Bool: return Value::of_bool(value.toBool());
    case QJsonValue::Double: {
        const double d = value.toDouble();
        Value v = Value::of_number(d);
        if (std::isfinite(d) && d >= 0 && d == std::floor(d) && d < 18446744073709551616.0) {
            v.is_integer = true;
            v.integer = static_cast<std::uint64_t>(d);
        }
        return v;
    }
    case QJsonValue::String: return Value::of_string(value.toString().toStdString());
    case QJsonValue::Array: {
        std::vector<Value> items;
        for (const auto& item : value.toArray()) items.push_back(from_qjson(item));
        return Value::of_array(std::move(items));
    }
    case QJsonValue::Object: {
        Value v;
        v.kind = Value::Kind::Object;
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) v.object.push_back({it.key().toStdString(), from_qjson(it.value())});
        return v;
    }
    case QJsonValue::Null:
    case QJsonValue::Undefined: break;
    }
    return {};
}

QJsonValue to_qjson(const engine::json::Value& value) {
    using engine::json::Value;
    switch (value.kind) {
    case Value::Kind::Null: return QJsonValue::Null;
    case Value::Kind::Bool: return value.boolean;
    case Value::Kind::Number:
        if (value.is_integer && value.integer <= static_cast<std::uint64_t>(std::numeric_limits<qint64>::max()))
            return static_cast<qint64>(value.integer);
        return value.number;
    case Value::Kind::String: return QString::fromStdString(value.string);
    case Value::Kind::Array: {
        QJsonArray array;
        for (const auto& item : value.array) array.append(to_qjson(item));
        return array;
    }
    case Value::Kind::Object: {
        QJsonObject object;
        for (const auto& member : value.object) object[QString::fromStdString(member.key)] = to_qjson(member.value);
        return object;
    }
    }
    return QJsonValue::Null;
}

QJsonObject painting_params_json(const engine::StyleParams& p) {
    return to_qjson(engine::params_to_json_value(p, true)).toObject();
}

QJsonObject params_to_json(const engine::StyleParams& p) {
    return to_qjson(engine::params_to_json_value(p)).toObject();
}

engine::StyleParams params_from_json(const QJsonObject& json, engine::StyleParams p, ParamsReading reading,
                                     const QString& where) {
    const bool strict = reading == ParamsReading::Strict;
    for (auto it = json.begin(); it != json.end(); ++it) {
        const engine::ParamField* field = engine::find_param_field(it.key().toStdString());
        if (!field || !field->stored) {
            if (!strict) continue;
            throw engine::ConfigError(prefix(where) + "unknown setting '" + it.key().toStdString() +
                                      "' (see docs/BATCH.md for the names)");
        }
        const engine::json::Value value = from_qjson(it.value());
        engine::StyleParams next = p;
        try {
            engine::set_param(*field, next, value);
            // Lenient reading keeps only values validate() accepts; strict reading validates it all below.
            if (!strict) engine::check_param(*field, next);
        } catch (const engine::ParamValueError& e) {
            if (!strict) continue;
            throw engine::ConfigError(prefix(where) + std::string(field->key) + " is " + engine::json::describe(value) +
                                      "; expected " + e.what());
        } catch (const engine::ConfigError&) {
            continue;  // lenient: out of range, keep the value we had
        }
        p = std::move(next);
    }
    if (strict) {
        try {
            engine::validate(p);
        } catch (const engine::ConfigError& e) {
            throw engine::ConfigError(prefix(where) + e.what());
        }
    }
    return p;
}

}  // namespace shuimo::batch
