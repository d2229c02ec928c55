#pragma once
// Does a weights file behave like a trained VGG-19? Its whole network, classifier included, is
// run on a few public-domain photos built into the app (models/vgg19/verify/); a trained one names
// at least `required` of them among its top-5 ImageNet classes, random or damaged weights never
// come close. A checksum says "the file someone recorded"; this says "a trained VGG-19".

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <vector>

namespace shuimo::models {

struct PhotoVerdict {
    QString photo;             // "cat.png"
    QList<int> expected;       // ImageNet classes that count as naming it
    QStringList expected_labels;
    QList<int> top5;           // the network's five classes, most likely first
    bool recognised = false;   // one of `expected` is in `top5`
};

struct BehaviourCheck {
    enum class Outcome { Passed, Failed, NotCheckable };
    Outcome outcome = Outcome::NotCheckable;
    int recognised = 0;
    int photos = 0;
    int required = 0;
    QString reason;  // NotCheckable: why ("no classifier tensors (fc6-fc8)", ...)
    std::vector<PhotoVerdict> verdicts;

    bool passed() const { return outcome == Outcome::Passed; }
    // "recognises 3 of 3 test photos" / "recognises 0 of 3 test photos (2 needed)" /
    // "not checked by behaviour: <reason>".
    QString summary() const;
    // Each photo: "cat.png: top-5 281 tabby, 282 tiger cat, ... (expected tabby, tiger cat or Egyptian cat)".
    QString details() const;

    QJsonObject to_json() const;  // recorded in manifest.json under "behaviour_check"
    static BehaviourCheck from_json(const QJsonObject& object);
};

// Runs the check on a safetensors file with `preprocessing` ("torchvision" or "caffe"; empty: the
// file's metadata). A file without classifier tensors, or a .caffemodel (its classifier is not
// read), is NotCheckable with the reason. Throws ConversionError when the file cannot be read.
BehaviourCheck check_behaviour(const QString& weights_path, const QString& preprocessing, const QString& format = {});

// The photos' file names and expected classes (for tests and messages), from ":/shuimo/verify/photos.json".
struct VerifyPhotoSet {
    struct Photo {
        QString file;
        QList<int> expected;
        QStringList expected_labels;
    };
    std::vector<Photo> photos;
    int required = 0;
};
VerifyPhotoSet verify_photo_set();

// How an installed model was verified, from its manifest, for `models list`, doctor and the Models
// dialog: "SHA-256 as in the catalogue; recognises 3 of 3 test photos", "SHA-256 differs from the
// catalogue's (accepted); recognises 3 of 3 test photos", "unverified import; not checked by behaviour: ...".
QString verification_summary(const QJsonObject& manifest);

}  // namespace shuimo::models
