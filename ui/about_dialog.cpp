#include "about_dialog.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QLabel>
#include <QLibraryInfo>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include <exception>

#include "shuimo/engine/model_paths.h"
#include "shuimo/engine/system_report.h"
#include "shuimo/model_store/installer.h"
#include "style_library.h"
#include "translations.h"

namespace shuimo::ui {
namespace {

QString line(const QString& key, const QString& value) { return key + QStringLiteral(": ") + value + QLatin1Char('\n'); }

QString modelsText() { return models::installed_models_summary(QStringLiteral("Models… downloads one")); }

QString stylesText() {
    const QString dir = findStylesDir();
    if (dir.isEmpty()) return QStringLiteral("not found (set SHUIMO_STYLES_DIR, or install the package's share/shuimo/styles)");
    const QDir folder(dir);
    const auto images = folder.entryList(imageFileFilters(), QDir::Files);
    return QStringLiteral("%1 (%2 reference images%3)")
        .arg(dir)
        .arg(images.size())
        .arg(folder.exists(QStringLiteral("styles.json")) ? QStringLiteral(", styles.json") : QStringLiteral(", no styles.json"));
}

QString translationsText() {
    QStringList ours;
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        if (QFile::exists(QStringLiteral(":/i18n/shuimo_%1.qm").arg(language))) ours << language;
    }
    // The language main() loaded (translations.h): the setting, else the system's.
    const QString shown = resolveLanguage(QSettings().value(QString::fromLatin1(kLanguageSetting)).toString());
    const QString qtChinese = QDir(QLibraryInfo::path(QLibraryInfo::TranslationsPath)).filePath(QStringLiteral("qtbase_zh_CN.qm"));
    return QStringLiteral("%1 built in, showing %2; Qt's own zh_CN: %3")
        .arg(ours.isEmpty() ? QStringLiteral("none") : ours.join(QStringLiteral(", ")), shown,
             QFileInfo::exists(qtChinese) ? qtChinese : QStringLiteral("not installed (qt6-translations-l10n)"));
}

}  // namespace

QString systemReportText() {
    QString text = line(QStringLiteral("shuimo"),
                        QStringLiteral("%1 (%2)").arg(QCoreApplication::applicationVersion(), QCoreApplication::applicationFilePath()));
    for (const auto& [key, value] : engine::system_report_lines(engine::system_report())) {
        text += line(QString::fromStdString(key), QString::fromStdString(value));
    }
    text += line(QStringLiteral("models"), modelsText());
    const auto weights = engine::find_installed_vgg19_weights();
    text += line(QStringLiteral("weights"), weights ? QString::fromStdString(weights->string()) : QStringLiteral("none found"));
    text += line(QStringLiteral("styles"), stylesText());
    text += line(QStringLiteral("translations"), translationsText());
    return text;
}

AboutDialog::AboutDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("About Shuimo"));
    auto* layout = new QVBoxLayout(this);
    auto* header = new QLabel(tr("<h3>Shuimo 水墨 %1</h3><p>Turns photos into paintings by neural style transfer "
                                 "(Gatys et al., VGG-19), above all in Chinese ink-wash styles.</p>")
                                  .arg(QCoreApplication::applicationVersion().toHtmlEscaped()),
                              this);
    header->setWordWrap(true);
    layout->addWidget(header);
    layout->addWidget(new QLabel(tr("This build and this computer (the same as <tt>shuimo-cli doctor</tt>):"), this));

    m_report = new QPlainTextEdit(this);
    m_report->setObjectName(QStringLiteral("systemReport"));
    m_report->setReadOnly(true);
    m_report->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_report->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    QApplication::setOverrideCursor(Qt::WaitCursor);
    m_report->setPlainText(systemReportText());
    QApplication::restoreOverrideCursor();
    m_report->setMinimumSize(640, 240);
    layout->addWidget(m_report, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* copy = buttons->addButton(tr("&Copy Report"), QDialogButtonBox::ActionRole);
    connect(copy, &QPushButton::clicked, this, [this] { QGuiApplication::clipboard()->setText(m_report->toPlainText()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(900, 440);  // the longest report lines (paths) fit without scrolling
}

QString AboutDialog::reportText() const { return m_report->toPlainText(); }

}  // namespace shuimo::ui
