#include "main_window.h"

#include <QLabel>
#include <QVBoxLayout>

#include "shuimo/engine/model_paths.h"

namespace shuimo::ui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setWindowTitle(tr("Shuimo"));
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    auto* title = new QLabel(tr("<h1>Shuimo 水墨</h1><p>Turn photos into ink-wash paintings.</p>"), central);
    title->setTextFormat(Qt::RichText);
    m_modelStatus = new QLabel(central);
    m_modelStatus->setWordWrap(true);
    m_modelStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* cli = new QLabel(tr("The editor is on its way. Meanwhile the same engine runs from a terminal:\n"
                              "shuimo-cli stylize --content photo.jpg --style ink.png --output painting.png"),
                           central);
    cli->setWordWrap(true);
    cli->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(title);
    layout->addWidget(m_modelStatus);
    layout->addWidget(cli);
    layout->addStretch();
    setCentralWidget(central);
    resize(720, 420);
    refreshModelStatus();
}

void MainWindow::refreshModelStatus() {
    if (const auto weights = engine::find_installed_vgg19_weights()) {
        m_modelStatus->setText(tr("Model: VGG-19 weights found at %1").arg(QString::fromStdString(weights->string())));
    } else {
        const auto dirs = engine::model_search_dirs();
        const QString target = dirs.empty() ? QString()
                                            : QString::fromStdString((dirs.back() / engine::kVgg19WeightsFileName).string());
        m_modelStatus->setText(tr("<b>No model installed yet.</b> Shuimo needs the VGG-19 weights "
                                  "(model.safetensors of timm's vgg19.tv_in1k, about 575 MB; see docs/MODELS.md). "
                                  "Save the file as:<br><code>%1</code>")
                                   .arg(target.toHtmlEscaped()));
    }
}

}  // namespace shuimo::ui
