#include "batch_setup_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>
#include <exception>

#include "style_library.h"

namespace shuimo::ui {
namespace {

std::filesystem::path toPath(const QString& path) {
    return std::filesystem::path(path.toStdString());
}

QString fromPath(const std::filesystem::path& path) {
    return QString::fromStdString(path.string());
}

std::vector<int> selectedRows(const QListWidget* list) {
    std::vector<int> rows;
    for (const QListWidgetItem* item : list->selectedItems()) rows.push_back(list->row(item));
    return rows;
}

QString styleToolTip(const batch::StyleChoice& style) {
    QStringList files;
    for (const auto& file : style.files) files << QDir::toNativeSeparators(fromPath(file));
    return files.join(QStringLiteral("\n"));
}

}  // namespace

BatchSetupView::BatchSetupView(QWidget* parent) : QWidget(parent) {
    QWidget* setup = this;
    auto* layout = new QVBoxLayout(setup);
    layout->setContentsMargins(0, 0, 0, 0);

    auto* lists = new QHBoxLayout;
    auto listGroup = [setup](const QString& title, QListWidget*& list, QPushButton** add, QPushButton** remove) {
        auto* group = new QGroupBox(title, setup);
        auto* box = new QVBoxLayout(group);
        list = new QListWidget(group);
        list->setSelectionMode(QAbstractItemView::ExtendedSelection);
        // Short lists: the queue below gets the height.
        list->setMinimumHeight(list->fontMetrics().height() * 4);
        list->setMaximumHeight(list->fontMetrics().height() * 7);
        box->addWidget(list, 1);
        if (add != nullptr) {
            auto* buttons = new QHBoxLayout;
            *add = new QPushButton(BatchSetupView::tr("Add…"), group);
            *remove = new QPushButton(BatchSetupView::tr("Remove"), group);
            buttons->addWidget(*add);
            buttons->addWidget(*remove);
            buttons->addStretch(1);
            box->addLayout(buttons);
        }
        return group;
    };
    QPushButton* addPhotos = nullptr;
    QPushButton* removePhotos = nullptr;
    QPushButton* addStyles = nullptr;
    QPushButton* removeStyles = nullptr;
    lists->addWidget(listGroup(tr("Photos"), m_photos, &addPhotos, &removePhotos), 3);
    lists->addWidget(listGroup(tr("Styles"), m_styles, &addStyles, &removeStyles), 2);
    QGroupBox* presets = listGroup(tr("Presets"), m_presets, nullptr, nullptr);
    m_presets->setSelectionMode(QAbstractItemView::SingleSelection);
    m_presets->setToolTip(tr("Each ticked preset paints every photo in every style once. "
                             "Save presets in the main window (Presets > Save Preset…)."));
    lists->addWidget(presets, 2);
    layout->addLayout(lists);

    auto* output = new QGroupBox(tr("Output"), setup);
    auto* form = new QFormLayout(output);
    auto* folderRow = new QHBoxLayout;
    m_folder = new QLineEdit(output);
    auto* chooseFolder = new QPushButton(tr("Choose…"), output);
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(chooseFolder);
    auto* folderLabel = new QLabel(tr("&Folder:"), output);
    folderLabel->setBuddy(m_folder);
    form->addRow(folderLabel, folderRow);

    auto* formatRow = new QHBoxLayout;
    m_format = new QComboBox(output);
    for (const batch::OutputFormat& format : batch::output_formats()) m_format->addItem(QString::fromLatin1(format.label));
    m_bitDepth = new QComboBox(output);
    m_bitDepth->addItem(tr("8 bit"));
    m_bitDepth->addItem(tr("16 bit"));
    m_bitDepth->setToolTip(tr("16 bit for PNG and TIFF only"));
    formatRow->addWidget(m_format);
    formatRow->addWidget(m_bitDepth);
    formatRow->addStretch(1);
    auto* formatLabel = new QLabel(tr("F&ormat:"), output);
    formatLabel->setBuddy(m_format);
    form->addRow(formatLabel, formatRow);

    m_template = new QLineEdit(QString::fromStdString(batch::OutputSettings{}.name_template), output);
    m_template->setToolTip(tr("Fields: {content} (the photo's name), {style}, {preset}, {index} (the job's number), "
                              "{ext}. A '/' makes subfolders."));
    form->addRow(tr("File &names:"), m_template);
    m_example = new QLabel(output);
    m_example->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_example->setWordWrap(true);
    form->addRow(QString(), m_example);
    m_overwrite = new QCheckBox(tr("Replace existing files of the same name"), output);
    m_overwrite->setToolTip(tr("Off: a file this batch did not make is never overwritten (its job fails instead)."));
    form->addRow(QString(), m_overwrite);
    layout->addWidget(output);

    auto* startRow = new QHBoxLayout;
    m_count = new QLabel(setup);
    m_start = new QPushButton(tr("&Start"), setup);
    m_start->setDefault(true);
    startRow->addWidget(m_count, 1);
    startRow->addWidget(m_start);
    layout->addLayout(startRow);

    connect(addPhotos, &QPushButton::clicked, this, [this] {
        const QStringList files = QFileDialog::getOpenFileNames(
            this, tr("Add Photos"), QString(), tr("Images (%1)").arg(imageFileFilters().join(QLatin1Char(' '))));
        this->addPhotos(files);
        updateSetup();
    });
    connect(addStyles, &QPushButton::clicked, this, [this] {
        const QStringList files = QFileDialog::getOpenFileNames(
            this, tr("Add Styles"), QString(), tr("Images (%1)").arg(imageFileFilters().join(QLatin1Char(' '))));
        this->addStyles(files);
        updateSetup();
    });
    connect(removePhotos, &QPushButton::clicked, this, [this] { removeSelected(m_photos); });
    connect(removeStyles, &QPushButton::clicked, this, [this] { removeSelected(m_styles); });
    connect(m_presets, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        m_draft.set_preset_ticked(m_presets->row(item), item->checkState() == Qt::Checked);
        updateSetup();
    });
    connect(chooseFolder, &QPushButton::clicked, this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Output Folder"), m_folder->text());
        if (!folder.isEmpty()) m_folder->setText(folder);
    });
    connect(m_folder, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_draft.set_output_folder(text.toStdString());
        updateSetup();
    });
    connect(m_template, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_draft.set_name_template(text.toStdString());
        updateSetup();
    });
    connect(m_format, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0) m_draft.set_format(batch::output_formats()[static_cast<std::size_t>(index)].id);
        const bool sixteen = m_draft.format_has_sixteen_bits();
        if (!sixteen) m_bitDepth->setCurrentIndex(0);
        m_bitDepth->setEnabled(sixteen);
        updateSetup();
    });
    connect(m_bitDepth, &QComboBox::currentIndexChanged, this,
            [this](int index) { m_draft.set_bit_depth(index == 1 ? 16 : 8); });
    connect(m_overwrite, &QCheckBox::toggled, this, [this](bool on) { m_draft.set_overwrite(on); });
    connect(m_start, &QPushButton::clicked, this, &BatchSetupView::startRequested);
    updateSetup();
}

void BatchSetupView::setInputs(const BatchInputs& inputs, const QString& rememberedFolder) {
    m_draft.clear_photos();
    for (const QString& photo : inputs.photos) m_draft.add_photo(toPath(photo));
    m_draft.clear_styles();
    // The ticked styles are the one style the artist designed: a blend of them, not each alone.
    if (!inputs.styles.isEmpty()) {
        std::vector<std::filesystem::path> files;
        for (const QString& style : inputs.styles) files.push_back(toPath(style));
        m_draft.add_style(batch::blended_style(files, {inputs.styleBlend.begin(), inputs.styleBlend.end()}));
    }
    std::vector<std::pair<std::string, engine::StyleParams>> saved;
    for (const auto& [name, params] : inputs.savedPresets) saved.emplace_back(name.toStdString(), params);
    m_draft.set_presets(inputs.currentParams, saved);
    showDraft();
    if (m_folder->text().isEmpty()) {
        QString folder = rememberedFolder;
        if (folder.isEmpty()) folder = fromPath(m_draft.suggested_output_folder());
        m_folder->setText(QDir::toNativeSeparators(folder));
    }
    updateSetup();
}

void BatchSetupView::addPhotos(const QStringList& paths) {
    for (const QString& path : paths) {
        if (!m_draft.add_photo(toPath(path))) continue;
        const QString added = fromPath(m_draft.photos().back());
        auto* item = new QListWidgetItem(QFileInfo(added).fileName(), m_photos);
        item->setToolTip(QDir::toNativeSeparators(added));
    }
}

void BatchSetupView::addStyles(const QStringList& files) {
    for (const QString& file : files) {
        if (!m_draft.add_style_file(toPath(file))) continue;
        const batch::StyleChoice& added = m_draft.styles().back();
        auto* item = new QListWidgetItem(m_styleNames.nameOf(added), m_styles);
        item->setToolTip(styleToolTip(added));
    }
}

void BatchSetupView::removeSelected(QListWidget* list) {
    if (list == m_photos) m_draft.remove_photos(selectedRows(list));
    if (list == m_styles) m_draft.remove_styles(selectedRows(list));
    qDeleteAll(list->selectedItems());
    updateSetup();
}

void BatchSetupView::loadSpec(const batch::BatchSpec& spec, const std::filesystem::path& baseDir) {
    m_draft.load(spec, baseDir);
    showDraft();
    m_folder->setText(QDir::toNativeSeparators(fromPath(m_draft.output().folder)));
    m_template->setText(QString::fromStdString(m_draft.output().name_template));
    const auto formats = batch::output_formats();
    for (std::size_t i = 0; i < formats.size(); ++i) {
        if (m_draft.output().format == formats[i].id) m_format->setCurrentIndex(static_cast<int>(i));
    }
    m_bitDepth->setCurrentIndex(m_draft.output().bit_depth == 16 ? 1 : 0);
    m_overwrite->setChecked(m_draft.output().overwrite);
    updateSetup();
}

void BatchSetupView::showDraft() {
    m_photos->clear();
    for (const auto& photo : m_draft.photos()) {
        auto* item = new QListWidgetItem(QFileInfo(fromPath(photo)).fileName(), m_photos);
        item->setToolTip(QDir::toNativeSeparators(fromPath(photo)));
    }
    m_styles->clear();
    for (const batch::StyleChoice& style : m_draft.styles()) {
        auto* item = new QListWidgetItem(m_styleNames.nameOf(style), m_styles);
        item->setToolTip(styleToolTip(style));
    }
    const QSignalBlocker blocker(m_presets);
    m_presets->clear();
    for (const batch::BatchDraft::PresetChoice& preset : m_draft.presets()) {
        using Kind = batch::BatchDraft::PresetKind;
        const QString label = preset.kind == Kind::Current   ? tr("Current settings")
                              : preset.kind == Kind::Default ? tr("Default")
                                                             : QString::fromStdString(preset.name);
        auto* item = new QListWidgetItem(label, m_presets);
        item->setFlags((item->flags() | Qt::ItemIsUserCheckable) & ~Qt::ItemIsEditable);
        item->setCheckState(preset.ticked ? Qt::Checked : Qt::Unchecked);
    }
}

QString BatchSetupView::jobCountText() const {
    return tr("%1 × %2 × %3 = %4")
        .arg(tr("%n photo(s)", nullptr, static_cast<int>(m_draft.photos().size())),
             tr("%n style(s)", nullptr, static_cast<int>(m_draft.styles().size())),
             tr("%n preset(s)", nullptr, m_draft.ticked_presets()), tr("%n job(s)", nullptr, m_draft.job_count()));
}

QString BatchSetupView::exampleText() const {
    try {
        return tr("First file: %1").arg(QString::fromStdString(m_draft.first_output_name().generic_string()));
    } catch (const std::exception& error) {
        return QString::fromStdString(error.what());
    }
}

void BatchSetupView::updateSetup() {
    m_example->setText(exampleText());
    m_example->setStyleSheet(m_draft.template_ok() ? QString() : QStringLiteral("color: #b02020;"));
    QString count = jobCountText();
    if (m_draft.photos().empty()) count += tr(" · add photos");
    else if (m_draft.styles().empty()) count += tr(" · add styles");
    else if (m_draft.ticked_presets() == 0) count += tr(" · tick at least one preset");
    m_count->setText(count);
    Q_EMIT draftChanged();
}

}  // namespace shuimo::ui
