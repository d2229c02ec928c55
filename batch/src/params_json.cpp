#include "shuimo/batch/params_json.h"

#include <QJsonArray>
#include <cmath>

#include "shuimo/engine/errors.h"
#include "shuimo/engine/param_table.h"

namespace shuimo::batch {
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
    return engine::params_from_json_value(from_qjson(json), std::move(p), reading == ParamsReading::Strict, where.toStdString());
}

}  // namespace shuimo::batch
