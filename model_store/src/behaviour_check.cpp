#include "shuimo/model_store/behaviour_check.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <span>

#include "shuimo/engine/errors.h"
#include "shuimo/engine/vgg19_classifier.h"
#include "shuimo/image_io/image_io.h"
#include "shuimo/model_store/catalogue.h"
#include "shuimo/model_store/errors.h"

namespace shuimo::models {
namespace {

const QString kPhotoFolder = QStringLiteral(":/shuimo/verify/");

QString outcome_name(BehaviourCheck::Outcome outcome) {
    switch (outcome) {
    case BehaviourCheck::Outcome::Passed: return QStringLiteral("passed");
    case BehaviourCheck::Outcome::Failed: return QStringLiteral("failed");
    case BehaviourCheck::Outcome::NotCheckable: break;
    }
    return QStringLiteral("not_checkable");
}

QByteArray read_resource(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw ModelStoreError(QStringLiteral("the built-in test photo %1 is missing from this build").arg(path).toStdString());
    return file.readAll();
}

QList<int> int_list(const QJsonValue& value) {
    QList<int> list;
    for (const auto& item : value.toArray()) list << item.toInt();
    return list;
}

QJsonArray json_array(const QList<int>& list) {
    QJsonArray array;
    for (const int v : list) array.append(v);
    return array;
}

}  // namespace

VerifyPhotoSet verify_photo_set() {
    const QJsonObject root = QJsonDocument::fromJson(read_resource(kPhotoFolder + QStringLiteral("photos.json"))).object();
    VerifyPhotoSet set;
    set.required = root.value(QStringLiteral("required")).toInt();
    for (const auto& value : root.value(QStringLiteral("photos")).toArray()) {
        const QJsonObject photo = value.toObject();
        VerifyPhotoSet::Photo p;
        p.file = photo.value(QStringLiteral("file")).toString();
        for (const auto& expected : photo.value(QStringLiteral("expected")).toArray()) {
            p.expected << expected.toObject().value(QStringLiteral("class")).toInt();
            p.expected_labels << expected.toObject().value(QStringLiteral("label")).toString();
        }
        set.photos.push_back(p);
    }
    if (set.photos.empty() || set.required <= 0 || set.required > static_cast<int>(set.photos.size()))
        throw ModelStoreError("the built-in test photos' list (photos.json) is damaged in this build");
    return set;
}

BehaviourCheck check_behaviour(const QString& weights_path, const QString& preprocessing, const QString& format) {
    const VerifyPhotoSet set = verify_photo_set();
    BehaviourCheck check;
    check.photos = static_cast<int>(set.photos.size());
    check.required = set.required;
    if (format == QLatin1String(kFormatCaffemodel)) {
        check.reason = QStringLiteral("the classifier of a .caffemodel is not read by this version");
        return check;
    }
    const std::filesystem::path path(weights_path.toStdString());
    try {
        if (engine::find_vgg19_classifier(path).layout.empty()) {
            check.reason = QStringLiteral("the file has no classifier tensors (fc6-fc8), so it cannot be checked this way");
            return check;
        }
        std::vector<engine::Image> images;
        for (const auto& photo : set.photos) {
            const QByteArray bytes = read_resource(kPhotoFolder + photo.file);
            images.push_back(image_io::decode_image(std::span(reinterpret_cast<const unsigned char*>(bytes.constData()),
                                                              static_cast<std::size_t>(bytes.size())),
                                                    photo.file.toStdString())
                                 .rgb);
        }
        const auto guesses = engine::classify_vgg19(path, images, preprocessing.toStdString(), 5);
        for (std::size_t i = 0; i < set.photos.size(); ++i) {
            PhotoVerdict verdict;
            verdict.photo = set.photos[i].file;
            verdict.expected = set.photos[i].expected;
            verdict.expected_labels = set.photos[i].expected_labels;
            for (const auto& guess : guesses[i]) {
                verdict.top5 << guess.class_index;
                if (verdict.expected.contains(guess.class_index)) verdict.recognised = true;
            }
            check.recognised += verdict.recognised;
            check.verdicts.push_back(verdict);
        }
    } catch (const engine::EngineError& e) {
        throw ConversionError(e.what());
    }
    check.outcome = check.recognised >= check.required ? BehaviourCheck::Outcome::Passed : BehaviourCheck::Outcome::Failed;
    return check;
}

QString BehaviourCheck::summary() const {
    if (outcome == Outcome::NotCheckable) return QStringLiteral("not checked by behaviour: %1").arg(reason);
    QString text = QStringLiteral("recognises %1 of %2 test photos").arg(recognised).arg(photos);
    if (outcome == Outcome::Failed) text += QStringLiteral(" (%1 needed)").arg(required);
    return text;
}

QString BehaviourCheck::details() const {
    QStringList lines;
    for (const auto& v : verdicts) {
        QStringList top;
        for (const int c : v.top5) {
            const auto at = v.expected.indexOf(c);
            top << (at >= 0 ? QStringLiteral("%1 %2").arg(c).arg(v.expected_labels.value(at)) : QString::number(c));
        }
        lines << QStringLiteral("%1: top-5 ImageNet classes %2 (%3; expected %4)")
                     .arg(v.photo, top.join(QStringLiteral(", ")),
                          v.recognised ? QStringLiteral("recognised") : QStringLiteral("not recognised"),
                          v.expected_labels.join(QStringLiteral(" or ")));
    }
    return lines.join(QLatin1Char('\n'));
}

QJsonObject BehaviourCheck::to_json() const {
    QJsonObject object{{QStringLiteral("outcome"), outcome_name(outcome)},
                       {QStringLiteral("recognised"), recognised},
                       {QStringLiteral("photos"), photos},
                       {QStringLiteral("required"), required},
                       {QStringLiteral("checked_at"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)}};
    if (!reason.isEmpty()) object[QStringLiteral("reason")] = reason;
    QJsonArray each;
    for (const auto& v : verdicts) {
        each.append(QJsonObject{{QStringLiteral("photo"), v.photo},
                                {QStringLiteral("expected"), json_array(v.expected)},
                                {QStringLiteral("expected_labels"), QJsonArray::fromStringList(v.expected_labels)},
                                {QStringLiteral("top5"), json_array(v.top5)},
                                {QStringLiteral("recognised"), v.recognised}});
    }
    object[QStringLiteral("verdicts")] = each;
    return object;
}

BehaviourCheck BehaviourCheck::from_json(const QJsonObject& object) {
    BehaviourCheck check;
    const QString outcome = object.value(QStringLiteral("outcome")).toString();
    check.outcome = outcome == QLatin1String("passed")   ? Outcome::Passed
                    : outcome == QLatin1String("failed") ? Outcome::Failed
                                                         : Outcome::NotCheckable;
    check.recognised = object.value(QStringLiteral("recognised")).toInt();
    check.photos = object.value(QStringLiteral("photos")).toInt();
    check.required = object.value(QStringLiteral("required")).toInt();
    check.reason = object.value(QStringLiteral("reason")).toString();
    if (check.outcome == Outcome::NotCheckable && check.reason.isEmpty()) check.reason = QStringLiteral("no check recorded");
    for (const auto& value : object.value(QStringLiteral("verdicts")).toArray()) {
        const QJsonObject v = value.toObject();
        PhotoVerdict verdict;
        verdict.photo = v.value(QStringLiteral("photo")).toString();
        verdict.expected = int_list(v.value(QStringLiteral("expected")));
        for (const auto& label : v.value(QStringLiteral("expected_labels")).toArray()) verdict.expected_labels << label.toString();
        verdict.top5 = int_list(v.value(QStringLiteral("top5")));
        verdict.recognised = v.value(QStringLiteral("recognised")).toBool();
        check.verdicts.push_back(verdict);
    }
    return check;
}

QString verification_summary(const QJsonObject& manifest) {
    if (manifest.isEmpty()) return QStringLiteral("no manifest: not verified");
    QString checksum;
    if (manifest.value(QStringLiteral("verified_against_catalogue")).toBool())
        checksum = QStringLiteral("SHA-256 as in the catalogue");
    else if (manifest.value(QStringLiteral("checksum_mismatch_accepted")).toBool())
        checksum = QStringLiteral("checksum differs from the catalogue's (accepted on behaviour)");
    else
        checksum = QStringLiteral("not in the catalogue (unverified import)");
    const QJsonValue behaviour = manifest.value(QStringLiteral("behaviour_check"));
    const QString recorded = behaviour.isObject() ? BehaviourCheck::from_json(behaviour.toObject()).summary()
                                                  : QStringLiteral("not checked by behaviour (installed by an earlier version)");
    return checksum + QStringLiteral("; ") + recorded;
}

}  // namespace shuimo::models
