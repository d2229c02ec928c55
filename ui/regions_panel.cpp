#include "regions_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

#include "image_files.h"
#include "slider_spin.h"
#include "studio_model.h"
#include "style_library.h"

namespace shuimo::ui {
namespace {

QIcon swatch(std::uint32_t colour) {
    QPixmap pixmap(16, 16);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(QColor(0, 0, 0, 120), 1));
    painter.setBrush(QColor::fromRgb(static_cast<QRgb>(colour)));
    painter.drawRoundedRect(QRectF(1.5, 1.5, 13, 13), 3, 3);
    return QIcon(pixmap);
}

QToolButton* toolButton(const QString& text, const QString& tip, QWidget* parent) {
    auto* button = new QToolButton(parent);
    button->setText(text);
    button->setToolTip(tip);
    button->setCheckable(true);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    button->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    return button;
}

}  // namespace

RegionsPanel::RegionsPanel(StudioModel* model, PreviewView* preview, std::function<QList<StyleEntry>()> styles, QWidget* parent)
    : QWidget(parent), m_model(model), m_preview(preview), m_styles(std::move(styles)) {
    setObjectName(QStringLiteral("RegionsPanel"));
    auto* layout = new QVBoxLayout(this);
    auto* hint = new QLabel(tr("Give parts of the photo a style of their own, keep them as they are, or leave them as blank paper (留白). "
                               "Paint on the preview with the left button; the right button pans."),
                            this);
    hint->setWordWrap(true);
    layout->addWidget(hint);

    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("RegionList"));
    m_list->setMinimumHeight(90);
    layout->addWidget(m_list, 1);

    auto* adding = new QHBoxLayout;
    auto* add = new QPushButton(tr("&Add"), this);
    add->setToolTip(tr("A new region with the first ticked style: paint where it goes"));
    auto* sky = new QPushButton(tr("Sky"), this);
    sky->setToolTip(tr("Finds the sky by colour and brightness, as blank paper: correct it with the brush and the eraser"));
    auto* faces = new QPushButton(tr("Faces"), this);
    faces->setToolTip(tr("Finds faces (OpenCV's face detector) and keeps them as in the photo"));
    auto* import = new QPushButton(tr("&Import Mask…"), this);
    import->setToolTip(tr("A greyscale image, white where the region is, any size: into the chosen region, or a new one"));
    for (QPushButton* button : {add, sky, faces, import}) adding->addWidget(button);
    layout->addLayout(adding);

    auto* form = new QFormLayout;
    m_kind = new QComboBox(this);
    m_kind->addItem(tr("Its own style"), static_cast<int>(engine::RegionKind::Style));
    m_kind->addItem(tr("Keep the photo"), static_cast<int>(engine::RegionKind::Photo));
    m_kind->addItem(tr("Blank paper (留白)"), static_cast<int>(engine::RegionKind::Paper));
    form->addRow(tr("&Kind:"), m_kind);
    m_style = new QComboBox(this);
    m_style->setObjectName(QStringLiteral("RegionStyle"));
    form->addRow(tr("St&yle:"), m_style);
    m_strength = new SliderSpin(0.0, 300.0, 0, SliderSpin::Scale::Linear, this);
    m_strength->setObjectName(QStringLiteral("RegionStrength"));
    m_strength->setSuffix(QStringLiteral(" %"));
    m_strength->setToolTip(tr("The region's style strength, a share of the style strength; 0 % keeps the photo. Changes reach a running painting at once."));
    form->addRow(tr("S&trength:"), m_strength);
    layout->addLayout(form);

    auto* tools = new QHBoxLayout;
    m_brushButton = toolButton(tr("&Brush"), tr("Paints the chosen region on the preview, with soft edges"), this);
    m_eraserButton = toolButton(tr("&Eraser"), tr("Takes the chosen region away where you paint"), this);
    m_fillButton = toolButton(tr("&Fill"), tr("Adds the photo's similar colours around the point you click"), this);
    for (QToolButton* button : {m_brushButton, m_eraserButton, m_fillButton}) tools->addWidget(button);
    layout->addLayout(tools);
    auto* brushForm = new QFormLayout;
    m_size = new SliderSpin(2.0, 200.0, 0, SliderSpin::Scale::Log, this);
    m_size->setSuffix(tr(" px"));
    m_size->setValue(30.0);
    brushForm->addRow(tr("Si&ze:"), m_size);
    m_softness = new SliderSpin(0.0, 100.0, 0, SliderSpin::Scale::Linear, this);
    m_softness->setSuffix(QStringLiteral(" %"));
    m_softness->setValue(50.0);
    brushForm->addRow(tr("So&ftness:"), m_softness);
    layout->addLayout(brushForm);

    auto* bottom = new QHBoxLayout;
    m_show = new QCheckBox(tr("&Show regions"), this);
    m_show->setChecked(true);
    m_clear = new QPushButton(tr("Clear"), this);
    m_clear->setToolTip(tr("Empties the chosen region's mask"));
    m_remove = new QPushButton(tr("&Remove"), this);
    bottom->addWidget(m_show, 1);
    bottom->addWidget(m_clear);
    bottom->addWidget(m_remove);
    layout->addLayout(bottom);

    m_overlayTimer.setSingleShot(true);
    m_overlayTimer.setInterval(30);
    connect(&m_overlayTimer, &QTimer::timeout, this, &RegionsPanel::refreshOverlay);

    // The model: every change of the current photo's regions shows.
    connect(m_model, &StudioModel::currentPhotoChanged, this, &RegionsPanel::rebuild);
    connect(m_model, &StudioModel::sessionReplaced, this, &RegionsPanel::rebuild);
    connect(m_model, &StudioModel::stylesChanged, this, &RegionsPanel::showRegion);
    connect(m_model, &StudioModel::regionsChanged, this, [this](const QString& photo) {
        if (photo == m_model->currentPhoto()) rebuild();
    });
    connect(m_model, &StudioModel::regionMaskChanged, this, [this](const QString& photo) {
        if (photo == m_model->currentPhoto() && !m_overlayTimer.isActive()) m_overlayTimer.start();
    });

    // The controls: edits of the model.
    connect(add, &QPushButton::clicked, this, [this] { setCurrentRegion(m_model->addRegion(engine::RegionKind::Style)); });
    connect(sky, &QPushButton::clicked, this, [this] { automatic(QStringLiteral("sky")); });
    connect(faces, &QPushButton::clicked, this, [this] { automatic(QStringLiteral("faces")); });
    connect(import, &QPushButton::clicked, this, &RegionsPanel::importMask);
    connect(m_list, &QListWidget::currentRowChanged, this, [this] {
        showRegion();
        refreshOverlay();
    });
    connect(m_list, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        if (!m_showing) m_model->renameRegion(m_list->row(item), item->text().section(QStringLiteral(" — "), 0, 0));
    });
    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_showing) m_model->setRegionKind(currentRegion(), static_cast<engine::RegionKind>(m_kind->currentData().toInt()));
    });
    connect(m_style, &QComboBox::currentIndexChanged, this, [this] {
        if (m_showing) return;
        QString path = m_style->currentData().toString();
        if (path.isEmpty()) {  // "Other…"
            path = QFileDialog::getOpenFileName(this, tr("Style for the Region"), QString(),
                                                tr("Images (%1)").arg(imageFileFilters().join(QLatin1Char(' '))));
            if (path.isEmpty()) {
                showRegion();
                return;
            }
        }
        m_model->setRegionStyle(currentRegion(), path);
    });
    connect(m_strength, &SliderSpin::valueChanged, this, [this](double percent) {
        if (!m_showing) m_model->setRegionStrength(currentRegion(), percent / 100.0);
    });
    for (QToolButton* button : {m_brushButton, m_eraserButton, m_fillButton}) {
        connect(button, &QToolButton::toggled, this, [this, button](bool on) {
            if (on) {
                for (QToolButton* other : {m_brushButton, m_eraserButton, m_fillButton}) {
                    if (other != button) other->setChecked(false);
                }
            }
            updateTool();
        });
    }
    connect(m_size, &SliderSpin::valueChanged, this, &RegionsPanel::updateTool);
    connect(m_show, &QCheckBox::toggled, this, &RegionsPanel::refreshOverlay);
    connect(m_clear, &QPushButton::clicked, this, [this] { m_model->clearRegion(currentRegion()); });
    connect(m_remove, &QPushButton::clicked, this, [this] { m_model->removeRegion(currentRegion()); });

    // The preview: strokes and clicks in mask pixels.
    connect(m_preview, &PreviewView::strokeStarted, this, [this](QPointF at) {
        if (!m_active) return;
        int index = currentRegion();
        if (index < 0) setCurrentRegion(index = m_model->addRegion(engine::RegionKind::Style));
        m_model->beginStroke(index);
        m_model->strokeRegion(at, at, brush());
    });
    connect(m_preview, &PreviewView::strokeMoved, this, [this](QPointF from, QPointF to) {
        if (m_active) m_model->strokeRegion(from, to, brush());
    });
    connect(m_preview, &PreviewView::strokeEnded, this, [this] { m_model->endStroke(); });
    connect(m_preview, &PreviewView::fillClicked, this, [this](QPointF at) {
        if (!m_active) return;
        int index = currentRegion();
        if (index < 0) setCurrentRegion(index = m_model->addRegion(engine::RegionKind::Style));
        m_model->fillRegion(index, at.toPoint());
    });
    rebuild();
}

int RegionsPanel::currentRegion() const {
    const int row = m_list->currentRow();
    return row >= 0 && row < static_cast<int>(m_model->regions().size()) ? row : -1;
}

void RegionsPanel::setCurrentRegion(int index) {
    if (index >= 0 && index < m_list->count()) m_list->setCurrentRow(index);
}

void RegionsPanel::setActive(bool active) {
    m_active = active;
    refreshOverlay();
    updateTool();
}

PreviewView::Tool RegionsPanel::tool() const {
    if (m_brushButton->isChecked()) return PreviewView::Tool::Brush;
    if (m_eraserButton->isChecked()) return PreviewView::Tool::Eraser;
    if (m_fillButton->isChecked()) return PreviewView::Tool::Fill;
    return PreviewView::Tool::None;
}

void RegionsPanel::setTool(int tool) {
    const auto chosen = static_cast<PreviewView::Tool>(tool);
    m_brushButton->setChecked(chosen == PreviewView::Tool::Brush);
    m_eraserButton->setChecked(chosen == PreviewView::Tool::Eraser);
    m_fillButton->setChecked(chosen == PreviewView::Tool::Fill);
    updateTool();
}

Brush RegionsPanel::brush() const {
    Brush brush;
    brush.radius = m_size->value();
    brush.hardness = 1.0 - m_softness->value() / 100.0;
    brush.erase = m_eraserButton->isChecked();
    return brush;
}

void RegionsPanel::updateTool() {
    m_preview->setTool(m_active ? tool() : PreviewView::Tool::None, m_size->value());
}

void RegionsPanel::rebuild() {
    m_showing = true;
    const int keep = m_list->currentRow();
    m_list->clear();
    for (const session::Region& region : m_model->regions()) {
        QString what;
        if (region.kind == engine::RegionKind::Photo || (region.kind == engine::RegionKind::Style && region.strength == 0.0))
            what = tr("keeps the photo");
        else if (region.kind == engine::RegionKind::Paper) what = tr("blank paper");
        else
            what = tr("%1, %2 %").arg(region.style.isEmpty() ? tr("no style") : QFileInfo(region.style).completeBaseName())
                       .arg(std::lround(region.strength * 100.0));
        auto* item = new QListWidgetItem(swatch(region.colour), region.name + QStringLiteral(" — ") + what, m_list);
        item->setFlags(item->flags() | Qt::ItemIsEditable);
        if (!session::covers_anything(region.mask)) item->setToolTip(tr("Empty: paint it on the preview"));
    }
    m_list->setCurrentRow(std::min(keep < 0 ? 0 : keep, m_list->count() - 1));
    m_showing = false;
    showRegion();
    refreshOverlay();
}

void RegionsPanel::showRegion() {
    const int index = currentRegion();
    const bool chosen = index >= 0;
    for (QWidget* control : std::initializer_list<QWidget*>{m_kind, m_style, m_strength, m_clear, m_remove}) control->setEnabled(chosen);
    if (!chosen) return;
    const session::Region& region = m_model->regions()[static_cast<std::size_t>(index)];
    m_showing = true;
    m_kind->setCurrentIndex(m_kind->findData(static_cast<int>(region.kind)));
    m_style->clear();
    QStringList paths;
    for (const StyleEntry& entry : m_styles()) {
        m_style->addItem(entry.name, entry.path);
        paths << entry.path;
    }
    for (const QString& path : m_model->stylePaths()) {
        if (!paths.contains(path)) m_style->addItem(QFileInfo(path).completeBaseName(), path), paths << path;
    }
    if (!region.style.isEmpty() && !paths.contains(region.style)) m_style->addItem(QFileInfo(region.style).completeBaseName(), region.style);
    m_style->addItem(tr("Other…"), QString());
    m_style->setCurrentIndex(region.style.isEmpty() ? -1 : m_style->findData(region.style));
    const bool styled = region.kind == engine::RegionKind::Style;
    m_style->setEnabled(styled);
    m_strength->setEnabled(styled);
    m_strength->setValue(region.strength * 100.0);
    m_showing = false;
}

void RegionsPanel::refreshOverlay() {
    m_overlayTimer.stop();
    if (!m_active) {
        m_preview->setOverlay({});
        return;
    }
    const session::MaskSize size = m_model->maskSize(m_model->currentPhoto());
    QImage overlay = m_show->isChecked() ? regionOverlay(m_model->regions(), currentRegion()) : QImage();
    if (overlay.isNull() && size.width > 0) {  // nothing to show, yet the tools need the mask's size
        overlay = QImage(size.width, size.height, QImage::Format_ARGB32_Premultiplied);
        overlay.fill(Qt::transparent);
    }
    m_preview->setOverlay(overlay);
}

void RegionsPanel::importMask() {
    const QString file = QFileDialog::getOpenFileName(this, tr("Import Mask"), QString(),
                                                      tr("Images (%1)").arg(imageFileFilters().join(QLatin1Char(' '))));
    if (file.isEmpty()) return;
    const int before = static_cast<int>(m_model->regions().size());
    const QString why = m_model->importMask(currentRegion(), file);
    if (!why.isEmpty()) {
        Q_EMIT m_model->problem(why);
        return;
    }
    if (static_cast<int>(m_model->regions().size()) > before) setCurrentRegion(before);
}

void RegionsPanel::automatic(const QString& which) {
    const int before = static_cast<int>(m_model->regions().size());
    const QString why = m_model->addAutomaticRegion(which);
    if (!why.isEmpty()) {
        Q_EMIT m_model->problem(why);
        return;
    }
    setCurrentRegion(before);
}

}  // namespace shuimo::ui
