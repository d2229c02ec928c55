#include "doctor_command.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibraryInfo>

#include <cstdio>
#include <filesystem>
#include <exception>

#include "cli_options.h"
#include "shuimo/engine/model_paths.h"
#include "shuimo/engine/system_report.h"
#include "shuimo/model_store/catalogue.h"
#include "shuimo/model_store/installer.h"

namespace shuimo::cli {
namespace {

QString line(const QString& key, const QString& value) { return key + QStringLiteral(": ") + value + QLatin1Char('\n'); }

QString models_text() {
    QString first = QStringLiteral("NAME");  // the catalogue's first entry: its recommended model
    try {
        const auto catalogue = models::load_catalogue();
        if (!catalogue.models.empty()) first = catalogue.models.front().id;
    } catch (const std::exception&) {
    }
    return models::installed_models_summary(QStringLiteral("shuimo-cli models download %1").arg(first));
}

QString weights_text() {
    const auto weights = engine::find_installed_vgg19_weights();
    return weights ? QString::fromStdString(weights->string()) : QStringLiteral("none found (a job needs --weights)");
}

QString styles_text() {
#ifdef SHUIMO_SOURCE_DIR
    const std::filesystem::path source_dir = SHUIMO_SOURCE_DIR;  // a build tree's programs use the sources' styles
#else
    const std::filesystem::path source_dir;
#endif
    const auto dir = engine::find_styles_dir(QCoreApplication::applicationDirPath().toStdString(), source_dir);
    if (dir.empty()) return QStringLiteral("not found (set SHUIMO_STYLES_DIR, or install the package's share/shuimo/styles)");
    const QDir folder(QString::fromStdString(dir.string()));
    const auto images = folder.entryList({QStringLiteral("*.png"), QStringLiteral("*.jpg"), QStringLiteral("*.jpeg"), QStringLiteral("*.tif"),
                                          QStringLiteral("*.tiff"), QStringLiteral("*.webp"), QStringLiteral("*.bmp")},
                                         QDir::Files);  // the app's imageFileFilters()
    const bool manifest = folder.exists(QStringLiteral("styles.json"));
    return QStringLiteral("%1 (%2 reference images%3)")
        .arg(folder.absolutePath())
        .arg(images.size())
        .arg(manifest ? QStringLiteral(", styles.json") : QStringLiteral(", no styles.json"));
}

QString translations_text() {
    // Ours are compiled into the app (:/i18n); Qt's own dialogs come from the system's Qt translations.
    const QString qtDir = QLibraryInfo::path(QLibraryInfo::TranslationsPath);
    const QString qtChinese = QDir(qtDir).filePath(QStringLiteral("qtbase_zh_CN.qm"));
    return QStringLiteral("en, zh_CN built into the app; Qt's own zh_CN: %1")
        .arg(QFileInfo::exists(qtChinese) ? qtChinese : QStringLiteral("not installed (qt6-translations-l10n)"));
}

}  // namespace

QString doctor_report() {
    QString text = line(QStringLiteral("shuimo"), QStringLiteral(SHUIMO_VERSION " (%1)").arg(QCoreApplication::applicationFilePath()));
    for (const auto& [key, value] : engine::system_report_lines(engine::system_report())) {
        text += line(QString::fromStdString(key), QString::fromStdString(value));
    }
    text += line(QStringLiteral("models"), models_text());
    text += line(QStringLiteral("weights"), weights_text());
    text += line(QStringLiteral("styles"), styles_text());
    text += line(QStringLiteral("translations"), translations_text());
    return text;
}

QString doctor_help_text() {
    return QStringLiteral(
        "Usage: shuimo-cli doctor\n"
        "Prints what this build and this machine have: LibTorch, CUDA and cuDNN (or why not), the GPUs\n"
        "and their free memory, the precision \"auto\" picks (the bf16/fp16 probe), the BLAS in use,\n"
        "CPU threads, the installed models, the bundled styles' folder and the translations.\n");
}

int run_doctor_command(const QStringList& arguments) {
    if (arguments.contains(QStringLiteral("--help")) || arguments.contains(QStringLiteral("-h"))) {
        std::fputs(doctor_help_text().toLocal8Bit().constData(), stdout);
        return 0;
    }
    if (!arguments.isEmpty()) throw UsageError("doctor takes no arguments (got '" + arguments.first().toStdString() + "')");
    std::fputs(doctor_report().toLocal8Bit().constData(), stdout);
    return 0;
}

}  // namespace shuimo::cli
