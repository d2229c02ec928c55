#include "error_messages.h"

#include <QCoreApplication>

namespace shuimo::ui {
namespace {

// lupdate reads this context from the class; the messages are translated at run time.
class ErrorMessages {
    Q_DECLARE_TR_FUNCTIONS(shuimo::ui::ErrorMessages)
public:
    static QString parameterLabel(const QString& label);
};

// The parameter table's labels (param_table.cpp) for the numeric settings a
// range check names; any other label is shown as the engine wrote it.
const char* const kParameterLabels[] = {
    QT_TRANSLATE_NOOP("shuimo::ui::ErrorMessages", "size"),
    QT_TRANSLATE_NOOP("shuimo::ui::ErrorMessages", "iterations"),
    QT_TRANSLATE_NOOP("shuimo::ui::ErrorMessages", "scales"),
    QT_TRANSLATE_NOOP("shuimo::ui::ErrorMessages", "min size"),
    QT_TRANSLATE_NOOP("shuimo::ui::ErrorMessages", "iterations of a level"),
    QT_TRANSLATE_NOOP("shuimo::ui::ErrorMessages", "content weight"),
    QT_TRANSLATE_NOOP("shuimo::ui::ErrorMessages", "style weight"),
    QT_TRANSLATE_NOOP("shuimo::ui::ErrorMessages", "TV weight"),
    QT_TRANSLATE_NOOP("shuimo::ui::ErrorMessages", "style layer weight"),
    QT_TRANSLATE_NOOP("shuimo::ui::ErrorMessages", "learning rate"),
    QT_TRANSLATE_NOOP("shuimo::ui::ErrorMessages", "L-BFGS history"),
    QT_TRANSLATE_NOOP("shuimo::ui::ErrorMessages", "style scale"),
    QT_TRANSLATE_NOOP("shuimo::ui::ErrorMessages", "colour strength"),
    QT_TRANSLATE_NOOP("shuimo::ui::ErrorMessages", "paper colour component"),
    QT_TRANSLATE_NOOP("shuimo::ui::ErrorMessages", "loss scale"),
    QT_TRANSLATE_NOOP("shuimo::ui::ErrorMessages", "preview interval (iterations)"),
    QT_TRANSLATE_NOOP("shuimo::ui::ErrorMessages", "preview interval (ms)"),
    QT_TRANSLATE_NOOP("shuimo::ui::ErrorMessages", "memory budget"),
    QT_TRANSLATE_NOOP("shuimo::ui::ErrorMessages", "report interval"),
};

QString ErrorMessages::parameterLabel(const QString& label) {
    for (const char* known : kParameterLabels) {
        if (label == QLatin1String(known)) return tr(known);
    }
    return label;
}

// Arguments each code needs (errors.h).
qsizetype argumentCount(engine::ErrorCode code) {
    switch (code) {
    case engine::ErrorCode::None:
    case engine::ErrorCode::WeightsMissing:
    case engine::ErrorCode::OutOfMemory: return 0;
    case engine::ErrorCode::WeightsUnusable:
    case engine::ErrorCode::ImageUnreadable:
    case engine::ErrorCode::NotAnImage:
    case engine::ErrorCode::DeviceUnavailable: return 1;
    case engine::ErrorCode::ImageTooLarge:
    case engine::ErrorCode::InvalidParameter: return 4;
    }
    return 0;
}

// "12,000,000 pixels" as megapixels, in the interface's number format.
QString megapixels(const QString& pixels) {
    bool ok = false;
    const double value = pixels.toDouble(&ok);
    return ok ? QString::number(value / 1e6, 'g', 4) : pixels;
}

}  // namespace

QString errorMessage(engine::ErrorCode code, const QStringList& args) {
    if (code == engine::ErrorCode::None || args.size() < argumentCount(code)) return {};
    using engine::ErrorCode;
    switch (code) {
    case ErrorCode::None: return {};
    case ErrorCode::WeightsMissing:
        return ErrorMessages::tr("The painting model (VGG-19 weights) is not installed. Open Models… to download "
                                 "or import it.");
    case ErrorCode::WeightsUnusable:
        return ErrorMessages::tr("The painting model file %1 cannot be used: it is damaged, incomplete or of another "
                                 "kind. Open Models… to download or import it again.")
            .arg(args[0]);
    case ErrorCode::ImageUnreadable:
        return ErrorMessages::tr("%1 cannot be read: it is missing, empty or not readable. Check that the file is "
                                 "still there.")
            .arg(args[0]);
    case ErrorCode::NotAnImage:
        return ErrorMessages::tr("%1 is not an image Shuimo can open (JPEG, PNG, TIFF, WebP or BMP), or it is damaged. "
                                 "Save it again as PNG or JPEG.")
            .arg(args[0]);
    case ErrorCode::ImageTooLarge:
        return ErrorMessages::tr("%1 is too large: %2 × %3 pixels, more than the limit of %4 megapixels. Make a "
                                 "smaller copy of it.")
            .arg(args[0], args[1], args[2], megapixels(args[3]));
    case ErrorCode::OutOfMemory:
        return ErrorMessages::tr("Not enough memory to paint at this size. Choose a smaller size or close other "
                                 "programs.");
    case ErrorCode::InvalidParameter:
        return ErrorMessages::tr("The setting “%1” must be between %2 and %3 (it is %4).")
            .arg(ErrorMessages::parameterLabel(args[0]), args[1], args[2], args[3]);
    case ErrorCode::DeviceUnavailable:
        return ErrorMessages::tr("The device “%1” cannot be used on this computer. Choose Automatic or CPU in "
                                 "Advanced.")
            .arg(args[0]);
    }
    return {};
}

QString errorMessage(engine::ErrorCode code, const std::vector<std::string>& args) {
    QStringList list;
    for (const std::string& arg : args) list << QString::fromStdString(arg);
    return errorMessage(code, list);
}

QString noticeMessage(const engine::Notice& notice) {
    using engine::NoticeCode;
    QStringList a;
    for (const std::string& arg : notice.args) a << QString::fromStdString(arg);
    const auto needs = [&](qsizetype count) { return a.size() >= count; };
    QString text;
    switch (notice.code) {
    case NoticeCode::None: break;
    case NoticeCode::Bf16OnCpu:
        text = ErrorMessages::tr("bf16 on the CPU is usually many times slower than fp32: choose Automatic or fp32 "
                                 "precision in Advanced.");
        break;
    case NoticeCode::PrecisionFallback:
        if (needs(1))
            text = ErrorMessages::tr("Reduced precision (%1) kept overflowing: the painting goes on in fp32.").arg(a[0]);
        break;
    case NoticeCode::OutOfMemoryRetry:
        if (needs(2))
            text = ErrorMessages::tr("Memory ran out at %1 × %2: trying this level again with less memory (a little "
                                     "slower).")
                       .arg(a[0], a[1]);
        break;
    case NoticeCode::OutOfMemorySmaller:
        if (needs(4))
            text = ErrorMessages::tr("Memory ran out at %1 × %2: trying again at %3 × %4 (the painting will be smaller "
                                     "than asked).")
                       .arg(a[0], a[1], a[2], a[3]);
        break;
    case NoticeCode::LevelCheckpointed:
        if (needs(2)) text = ErrorMessages::tr("%1 × %2 is painted with less memory, about a fifth slower.").arg(a[0], a[1]);
        break;
    case NoticeCode::LevelTiled:
        if (needs(5))
            text = ErrorMessages::tr("%1 × %2 is painted in %3 tiles of up to %4 × %5 to fit the memory.")
                       .arg(a[0], a[1], a[2], a[3], a[4]);
        break;
    case NoticeCode::LevelSmaller:
        if (needs(4))
            text = ErrorMessages::tr("%1 × %2 does not fit the memory: painting at %3 × %4 instead (raise the limit in "
                                     "Preferences or close other programs).")
                       .arg(a[0], a[1], a[2], a[3]);
        break;
    case NoticeCode::Diverged:
        if (needs(1))
            text = ErrorMessages::tr("The painting went wrong after %1 steps; the best image so far is kept (lower the "
                                     "learning rate or the weights).")
                       .arg(a[0]);
        break;
    }
    return text.isEmpty() ? QString::fromStdString(notice.message) : text;
}

UserError userErrorOf(const std::exception& error) {
    UserError user;
    user.details = QString::fromStdString(error.what());
    if (const auto* engineError = dynamic_cast<const engine::EngineError*>(&error)) {
        user.message = errorMessage(engineError->code(), engineError->args());
    }
    if (user.message.isEmpty()) user.message = user.details;
    return user;
}

}  // namespace shuimo::ui
