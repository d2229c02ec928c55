#include "batch_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDesktopServices>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QTableView>
#include <QUrl>
#include <QVBoxLayout>
#include <exception>
#include <set>

#include "batch_controller.h"
#include "batch_queue_model.h"
#include "message_bar.h"
#include "presets_store.h"
#include "shuimo/batch/name_template.h"
#include "shuimo/batch/params_json.h"
#include "style_library.h"

namespace shuimo::ui {
namespace {

constexpr int kPathRole = Qt::UserRole + 1;       // photo: its path
constexpr int kFilesRole = Qt::UserRole + 2;      // style: its files (QStringList)
constexpr int kBlendRole = Qt::UserRole + 3;      // style: blend weights (QVariantList)
constexpr int kNameRole = Qt::UserRole + 4;       // style, preset: the name in file names
constexpr int kOverridesRole = Qt::UserRole + 5;  // preset: QJsonObject over the base params

constexpr const char* kOutputFolderSetting = "batch/outputFolder";

struct Format {
    const char* id;  // batch::OutputSettings::format
    const char* label;
    bool sixteenBits;
};
constexpr Format kFormats[] = {
    {"png", QT_TRANSLATE_NOOP("shuimo::ui::BatchDialog", "PNG"), true},
    {"jpg", QT_TRANSLATE_NOOP("shuimo::ui::BatchDialog", "JPEG"), false},
    {"tif", QT_TRANSLATE_NOOP("shuimo::ui::BatchDialog", "TIFF"), true},
    {"webp", QT_TRANSLATE_NOOP("shuimo::ui::BatchDialog", "WebP"), false},
};

std::filesystem::path toPath(const QString& path) {
    return std::filesystem::path(path.toStdString());
}

QString fromPath(const std::filesystem::path& path) {
    return QString::fromStdString(path.string());
}

// The keys of `params` whose values differ from `base`.
QJsonObject overridesOf(const QJsonObject& params, const QJsonObject& base) {
    QJsonObject overrides;
    for (auto it = params.begin(); it != params.end(); ++it) {
        if (base.value(it.key()) != it.value()) overrides.insert(it.key(), it.value());
    }
    return overrides;
}

QList<QListWidgetItem*> itemsOf(const QListWidget* list) {
    QList<QListWidgetItem*> items;
    for (int i = 0; i < list->count(); ++i) items << list->item(i);
    return items;
}

QList<QListWidgetItem*> checkedPresets(const QListWidget* list) {
    QList<QListWidgetItem*> items;
    for (QListWidgetItem* item : itemsOf(list)) {
        if (item->checkState() == Qt::Checked) items << item;
    }
    return items;
}

}  // namespace

BatchDialog::BatchDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Batch Export"));
    setObjectName(QStringLiteral("BatchDialog"));
    setModal(false);
    m_controller = new BatchController(this);
    m_model = new BatchQueueModel(this);

    auto* layout = new QVBoxLayout(this);
    m_messages = new MessageBar(this);
    layout->addWidget(m_messages);
    m_setup = buildSetup();
    layout->addWidget(m_setup);
    layout->addWidget(buildQueue(), 1);

    auto* bottom = new QHBoxLayout;
    m_openFolder = new QPushButton(tr("&Open Output Folder"), this);
    auto* close = new QPushButton(tr("Close"), this);
    close->setToolTip(tr("Hides this window; the batch keeps running. Quitting Shuimo stops it, and the next start offers to resume."));
    bottom->addWidget(m_openFolder);
    bottom->addStretch(1);
    bottom->addWidget(close);
    layout->addLayout(bottom);
    connect(m_openFolder, &QPushButton::clicked, this, &BatchDialog::openOutputFolder);
    connect(close, &QPushButton::clicked, this, &QDialog::hide);

    connect(m_controller, &BatchController::queueChanged, this, [this] {
        m_model->setQueue(m_controller->snapshot());
        updateButtons();
    });
    connect(m_controller, &BatchController::jobStarted, m_model, &BatchQueueModel::markStarted);
    connect(m_controller, &BatchController::jobProgress, m_model, &BatchQueueModel::setProgress);
    connect(m_controller, &BatchController::jobFinished, this,
            [this](const QString& id, batch::JobStatus status, const QString& error, double seconds) {
                m_model->setFinished(id, status, error, seconds);
                updateButtons();
            });
    connect(m_controller, &BatchController::progressChanged, this, &BatchDialog::onProgress);
    connect(m_controller, &BatchController::notice, this,
            [this](const QString& message) { m_messages->showMessage(MessageBar::Kind::Information, message); });
    connect(m_controller, &BatchController::runnerFailed, this, [this](const QString& message) {
        m_messages->showMessage(MessageBar::Kind::Error, tr("The batch could not run: %1").arg(message));
    });
    connect(m_controller, &BatchController::runningChanged, this, &BatchDialog::updateSetup);
    connect(m_controller, &BatchController::pausedChanged, this, [this] {
        updateButtons();
        onProgress(m_controller->lastProgress());
    });
    connect(m_controller, &BatchController::finished, this, &BatchDialog::onFinished);

    resize(1040, 780);
    updateSetup();
    onProgress({});
}

BatchDialog::~BatchDialog() {
    // The controller (a child) stops and joins the runner when it goes; nothing of ours is called then.
    disconnect(m_controller, nullptr, this, nullptr);
    disconnect(m_controller, nullptr, m_model, nullptr);
}

QWidget* BatchDialog::buildSetup() {
    auto* setup = new QWidget(this);
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
            *add = new QPushButton(BatchDialog::tr("Add…"), group);
            *remove = new QPushButton(BatchDialog::tr("Remove"), group);
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
    for (const Format& format : kFormats) m_format->addItem(tr(format.label), QString::fromLatin1(format.id));
    m_bitDepth = new QComboBox(output);
    m_bitDepth->addItem(tr("8 bit"), 8);
    m_bitDepth->addItem(tr("16 bit"), 16);
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
        for (const QString& file : files) addPhotoItem(file);
        updateSetup();
    });
    connect(addStyles, &QPushButton::clicked, this, [this] {
        const QStringList files = QFileDialog::getOpenFileNames(
            this, tr("Add Styles"), QString(), tr("Images (%1)").arg(imageFileFilters().join(QLatin1Char(' '))));
        for (const QString& file : files) addStyleItem(QFileInfo(file).completeBaseName(), {file}, {});
        updateSetup();
    });
    for (auto [button, list] : {std::pair{removePhotos, m_photos}, std::pair{removeStyles, m_styles}}) {
        connect(button, &QPushButton::clicked, this, [this, list = list] {
            qDeleteAll(list->selectedItems());
            updateSetup();
        });
    }
    connect(m_presets, &QListWidget::itemChanged, this, &BatchDialog::updateSetup);
    connect(chooseFolder, &QPushButton::clicked, this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Output Folder"), m_folder->text());
        if (!folder.isEmpty()) m_folder->setText(folder);
    });
    connect(m_folder, &QLineEdit::textChanged, this, &BatchDialog::updateSetup);
    connect(m_template, &QLineEdit::textChanged, this, &BatchDialog::updateSetup);
    connect(m_format, &QComboBox::currentIndexChanged, this, [this](int index) {
        const bool sixteen = index >= 0 && kFormats[index].sixteenBits;
        if (!sixteen) m_bitDepth->setCurrentIndex(0);
        m_bitDepth->setEnabled(sixteen);
        updateSetup();
    });
    connect(m_start, &QPushButton::clicked, this, &BatchDialog::start);
    return setup;
}

QWidget* BatchDialog::buildQueue() {
    auto* group = new QGroupBox(tr("Queue"), this);
    auto* layout = new QVBoxLayout(group);
    m_table = new QTableView(group);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    m_table->setAlternatingRowColors(true);
    m_table->setMinimumHeight(m_table->verticalHeader()->defaultSectionSize() * 7);
    QHeaderView* header = m_table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setStretchLastSection(false);
    header->setSectionResizeMode(BatchQueueModel::StatusColumn, QHeaderView::Stretch);
    const int character = fontMetrics().averageCharWidth();
    header->resizeSection(BatchQueueModel::NumberColumn, character * 5);
    header->resizeSection(BatchQueueModel::PhotoColumn, character * 18);
    header->resizeSection(BatchQueueModel::StyleColumn, character * 14);
    header->resizeSection(BatchQueueModel::PresetColumn, character * 12);
    header->resizeSection(BatchQueueModel::OutputColumn, character * 30);
    header->resizeSection(BatchQueueModel::TimeColumn, character * 11);
    layout->addWidget(m_table, 1);

    m_progress = new QProgressBar(group);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    m_summary = new QLabel(group);
    layout->addWidget(m_progress);
    layout->addWidget(m_summary);

    auto* buttons = new QHBoxLayout;
    m_pause = new QPushButton(tr("&Pause"), group);
    m_cancelJob = new QPushButton(tr("Cancel &Selected Job"), group);
    m_cancelAll = new QPushButton(tr("Cancel &All"), group);
    m_retry = new QPushButton(tr("Re&try Failed"), group);
    m_retry->setToolTip(tr("Queues the failed and cancelled jobs again and runs them"));
    for (QPushButton* button : {m_pause, m_cancelJob, m_cancelAll, m_retry}) buttons->addWidget(button);
    buttons->addStretch(1);
    layout->addLayout(buttons);

    connect(m_pause, &QPushButton::clicked, this, &BatchDialog::togglePause);
    connect(m_cancelJob, &QPushButton::clicked, this, &BatchDialog::cancelSelectedJobs);
    connect(m_cancelAll, &QPushButton::clicked, m_controller, &BatchController::cancelAll);
    connect(m_retry, &QPushButton::clicked, m_controller, &BatchController::retryFailed);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &BatchDialog::updateButtons);
    return group;
}

QList<QPair<QString, engine::StyleParams>> BatchDialog::savedPresets(const PresetsStore& store) {
    QList<QPair<QString, engine::StyleParams>> presets;
    for (const QString& name : store.names()) {
        if (const auto params = store.load(name)) presets.append({name, *params});
    }
    return presets;
}

void BatchDialog::setInputs(const BatchInputs& inputs) {
    if (m_controller->isRunning()) return;
    m_photos->clear();
    for (const QString& photo : inputs.photos) addPhotoItem(photo);
    m_styles->clear();
    for (const QString& style : inputs.styles) addStyleItem(QFileInfo(style).completeBaseName(), {style}, {});
    setPresetItems(inputs.currentParams, inputs.savedPresets);
    if (m_folder->text().isEmpty()) {
        QString folder = QSettings().value(QString::fromLatin1(kOutputFolderSetting)).toString();
        if (folder.isEmpty() && !inputs.photos.isEmpty()) {
            folder = QFileInfo(inputs.photos.first()).absoluteDir().filePath(QStringLiteral("shuimo"));
        }
        m_folder->setText(QDir::toNativeSeparators(folder));
    }
    updateSetup();
}

void BatchDialog::addPhotoItem(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    for (QListWidgetItem* item : itemsOf(m_photos)) {
        if (item->data(kPathRole).toString() == absolute) return;
    }
    auto* item = new QListWidgetItem(QFileInfo(absolute).fileName(), m_photos);
    item->setData(kPathRole, absolute);
    item->setToolTip(QDir::toNativeSeparators(absolute));
}

void BatchDialog::addStyleItem(const QString& name, const QStringList& files, const QList<double>& blend) {
    QStringList absolute;
    for (const QString& file : files) absolute << QFileInfo(file).absoluteFilePath();
    for (QListWidgetItem* item : itemsOf(m_styles)) {
        if (item->data(kFilesRole).toStringList() == absolute) return;
    }
    auto* item = new QListWidgetItem(name, m_styles);
    item->setData(kNameRole, name);
    item->setData(kFilesRole, absolute);
    QVariantList weights;
    for (double weight : blend) weights << weight;
    item->setData(kBlendRole, weights);
    item->setToolTip(QDir::toNativeSeparators(absolute.join(QStringLiteral("\n"))));
}

void BatchDialog::addPresetItem(const QString& name, const QString& label, const QJsonObject& overrides, bool checked) {
    auto* item = new QListWidgetItem(label, m_presets);
    item->setFlags((item->flags() | Qt::ItemIsUserCheckable) & ~Qt::ItemIsEditable);
    item->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
    item->setData(kNameRole, name);
    item->setData(kOverridesRole, overrides);
}

void BatchDialog::setPresetItems(const engine::StyleParams& current,
                                 const QList<QPair<QString, engine::StyleParams>>& saved) {
    // Keep the user's ticks across re-opening.
    std::set<QString> ticked;
    for (QListWidgetItem* item : checkedPresets(m_presets)) ticked.insert(item->data(kNameRole).toString());
    const bool first = m_presets->count() == 0;
    const QSignalBlocker blocker(m_presets);
    m_presets->clear();
    m_baseParams = batch::params_to_json(current);
    const QString currentName = QString::fromLatin1(kCurrentPresetName);
    addPresetItem(currentName, tr("Current settings"), {}, first || ticked.contains(currentName));
    for (const auto& [name, params] : saved) {
        if (name == currentName) continue;  // the name in file names would be ambiguous
        addPresetItem(name, name, overridesOf(batch::params_to_json(params), m_baseParams), ticked.contains(name));
    }
}

void BatchDialog::loadSpec(const batch::BatchSpec& spec, const std::filesystem::path& baseDir) {
    m_photos->clear();
    for (const auto& content : spec.contents) addPhotoItem(fromPath(content.is_absolute() ? content : baseDir / content));
    m_styles->clear();
    for (const batch::StyleChoice& style : spec.styles) {
        QStringList files;
        for (const auto& file : style.files) files << fromPath(file.is_absolute() ? file : baseDir / file);
        addStyleItem(QString::fromStdString(style.name), files, QList<double>(style.blend.begin(), style.blend.end()));
    }
    {
        const QSignalBlocker blocker(m_presets);
        m_presets->clear();
        m_baseParams = spec.base_params;
        if (spec.presets.empty()) addPresetItem(QStringLiteral("default"), tr("Default"), {}, true);
        for (const batch::Preset& preset : spec.presets) {
            const QString name = QString::fromStdString(preset.name);
            addPresetItem(name, name == QLatin1String(kCurrentPresetName) ? tr("Current settings") : name, preset.overrides, true);
        }
    }
    const std::filesystem::path folder = spec.output.folder.is_absolute() ? spec.output.folder : baseDir / spec.output.folder;
    m_folder->setText(QDir::toNativeSeparators(QDir::cleanPath(fromPath(folder))));
    m_template->setText(QString::fromStdString(spec.output.name_template));
    m_format->setCurrentIndex(std::max(0, m_format->findData(QString::fromStdString(spec.output.format))));
    m_bitDepth->setCurrentIndex(std::max(0, m_bitDepth->findData(spec.output.bit_depth)));
    m_overwrite->setChecked(spec.output.overwrite);
    updateSetup();
}

batch::BatchSpec BatchDialog::spec() const {
    batch::BatchSpec spec;
    for (QListWidgetItem* item : itemsOf(m_photos)) spec.contents.push_back(toPath(item->data(kPathRole).toString()));
    for (QListWidgetItem* item : itemsOf(m_styles)) {
        batch::StyleChoice style;
        style.name = item->data(kNameRole).toString().toStdString();
        for (const QString& file : item->data(kFilesRole).toStringList()) style.files.push_back(toPath(file));
        for (const QVariant& weight : item->data(kBlendRole).toList()) style.blend.push_back(weight.toDouble());
        spec.styles.push_back(std::move(style));
    }
    spec.base_params = m_baseParams;
    for (QListWidgetItem* item : checkedPresets(m_presets)) {
        spec.presets.push_back({item->data(kNameRole).toString().toStdString(), item->data(kOverridesRole).toJsonObject()});
    }
    spec.output.folder = toPath(QDir::cleanPath(QDir::fromNativeSeparators(m_folder->text().trimmed())));
    spec.output.name_template = m_template->text().toStdString();
    spec.output.format = m_format->currentData().toString().toStdString();
    spec.output.bit_depth = m_bitDepth->currentData().toInt();
    spec.output.overwrite = m_overwrite->isChecked();
    return spec;
}

int BatchDialog::jobCount() const {
    return m_photos->count() * m_styles->count() * static_cast<int>(checkedPresets(m_presets).size());
}

QString BatchDialog::jobCountText() const {
    const int presets = static_cast<int>(checkedPresets(m_presets).size());
    return tr("%1 × %2 × %3 = %4")
        .arg(tr("%n photo(s)", nullptr, m_photos->count()), tr("%n style(s)", nullptr, m_styles->count()),
             tr("%n preset(s)", nullptr, presets), tr("%n job(s)", nullptr, jobCount()));
}

QString BatchDialog::exampleText() const {
    const std::string nameTemplate = m_template->text().toStdString();
    try {
        batch::check_name_template(nameTemplate);
        batch::NameFields fields;
        fields.content = m_photos->count() > 0 ? QFileInfo(m_photos->item(0)->data(kPathRole).toString()).completeBaseName().toStdString()
                                               : std::string("photo");
        fields.style = m_styles->count() > 0 ? m_styles->item(0)->data(kNameRole).toString().toStdString() : std::string("style");
        const auto presets = checkedPresets(m_presets);
        fields.preset = presets.isEmpty() ? std::string(kCurrentPresetName) : presets.first()->data(kNameRole).toString().toStdString();
        fields.index = 1;
        fields.index_width = static_cast<int>(QString::number(std::max(1, jobCount())).size());
        fields.ext = m_format->currentData().toString().toStdString();
        const std::filesystem::path name = batch::render_name(nameTemplate, fields);
        return tr("First file: %1").arg(QString::fromStdString(name.generic_string()));
    } catch (const std::exception& error) {
        return QString::fromStdString(error.what());
    }
}

void BatchDialog::updateSetup() {
    const QString example = exampleText();
    try {
        batch::check_name_template(m_template->text().toStdString());
        m_templateOk = true;
    } catch (const std::exception&) {
        m_templateOk = false;
    }
    m_example->setText(example);
    m_example->setStyleSheet(m_templateOk ? QString() : QStringLiteral("color: #b02020;"));
    QString count = jobCountText();
    if (m_photos->count() == 0) count += tr(" · add photos");
    else if (m_styles->count() == 0) count += tr(" · add styles");
    else if (checkedPresets(m_presets).isEmpty()) count += tr(" · tick at least one preset");
    m_count->setText(count);
    updateButtons();
}

void BatchDialog::updateButtons() {
    const bool running = m_controller->isRunning();
    int queued = 0;
    int retryable = 0;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const batch::JobStatus status = m_model->status(row);
        if (status == batch::JobStatus::Queued) ++queued;
        if (status == batch::JobStatus::Failed || status == batch::JobStatus::Cancelled) ++retryable;
    }
    bool cancellable = false;
    for (const QModelIndex& index : m_table->selectionModel()->selectedRows()) {
        const batch::JobStatus status = m_model->status(index.row());
        cancellable = cancellable || status == batch::JobStatus::Queued || (running && status == batch::JobStatus::Running);
    }
    m_setup->setEnabled(!running);
    m_start->setEnabled(!running && jobCount() > 0 && m_templateOk && !m_folder->text().trimmed().isEmpty());
    m_pause->setEnabled(running);
    m_pause->setText(m_controller->isPaused() ? tr("&Resume") : tr("&Pause"));
    m_cancelJob->setEnabled(cancellable);
    m_cancelAll->setEnabled(running || queued > 0);
    m_retry->setEnabled(m_controller->hasQueue() && retryable > 0);
    m_openFolder->setEnabled(m_controller->hasQueue() || !m_folder->text().trimmed().isEmpty());
}

QString BatchDialog::chooseQueueFile(const batch::BatchSpec& spec) const {
    const QDir folder(fromPath(spec.output.folder));
    const QString stem = QFileInfo(QString::fromLatin1(kQueueFileName)).completeBaseName();
    for (int i = 1;; ++i) {
        const QString file = folder.filePath(i == 1 ? QString::fromLatin1(kQueueFileName)
                                                    : QStringLiteral("%1-%2.json").arg(stem).arg(i));
        if (!QFileInfo::exists(file)) return file;
        // The same batch again (re-run, or resumed by hand): the same file; the
        // runner skips the outputs already made. Another batch's file is kept.
        try {
            if (batch::read_queue_file(toPath(file)).spec == spec) return file;
        } catch (const std::exception&) {
        }
    }
}

void BatchDialog::start() {
    if (m_controller->isRunning()) return;
    m_messages->hide();
    batch::BatchQueue queue;
    try {
        queue.spec = spec();
        queue.base_dir = queue.spec.output.folder;
        queue.jobs = batch::expand_jobs(queue.spec, queue.base_dir);
    } catch (const std::exception& error) {
        m_messages->showMessage(MessageBar::Kind::Error, tr("The batch cannot start: %1").arg(QString::fromStdString(error.what())));
        return;
    }
    const QString folder = fromPath(queue.spec.output.folder);
    if (!QDir().mkpath(folder)) {
        m_messages->showMessage(MessageBar::Kind::Error,
                                tr("The output folder %1 cannot be created: choose another one.").arg(QDir::toNativeSeparators(folder)));
        return;
    }
    const QString file = chooseQueueFile(queue.spec);
    const QString error = m_controller->create(file, queue);
    if (!error.isEmpty()) {
        m_messages->showMessage(MessageBar::Kind::Error, tr("The batch cannot start: %1").arg(error));
        return;
    }
    QSettings settings;
    settings.setValue(QString::fromLatin1(kLastQueueSetting), file);
    settings.setValue(QString::fromLatin1(kOutputFolderSetting), folder);
    m_controller->start();
}

QString BatchDialog::resumeQueue(const QString& queueFile) {
    if (m_controller->isRunning()) {
        if (m_controller->queueFile() == queueFile) return {};
        const QString error = tr("A batch is running: stop it before resuming another.");
        m_messages->showMessage(MessageBar::Kind::Warning, error);
        return error;
    }
    m_messages->hide();
    const QString error = m_controller->open(queueFile);
    if (!error.isEmpty()) {
        m_messages->showMessage(MessageBar::Kind::Error, tr("The batch cannot be resumed: %1").arg(error));
        return error;
    }
    const batch::BatchQueue queue = m_controller->snapshot();
    loadSpec(queue.spec, queue.base_dir);
    QSettings().setValue(QString::fromLatin1(kLastQueueSetting), queueFile);
    m_controller->start();
    return {};
}

QString BatchDialog::resumeOfferText(QString* queueFile) {
    const QString file = QSettings().value(QString::fromLatin1(kLastQueueSetting)).toString();
    if (file.isEmpty() || !QFileInfo::exists(file)) return {};
    batch::BatchProgress counts;
    try {
        counts = BatchController::countJobs(batch::read_queue_file(toPath(file)));
    } catch (const std::exception&) {
        return {};  // not a queue any more: nothing to offer
    }
    if (counts.queued + counts.running + counts.failed == 0) return {};
    if (queueFile != nullptr) *queueFile = file;
    return tr("An unfinished batch (%1 of %2 done) in %3.")
        .arg(counts.done)
        .arg(counts.total)
        .arg(QDir::toNativeSeparators(QFileInfo(file).absolutePath()));
}

void BatchDialog::forgetLastQueue() {
    QSettings().remove(QString::fromLatin1(kLastQueueSetting));
}

void BatchDialog::togglePause() {
    if (m_controller->isPaused()) {
        m_controller->resume();
    } else {
        m_controller->pause();
    }
}

void BatchDialog::cancelSelectedJobs() {
    for (const QModelIndex& index : m_table->selectionModel()->selectedRows()) {
        m_controller->cancelJob(m_model->jobId(index.row()));
    }
}

void BatchDialog::openOutputFolder() {
    QString folder = m_folder->text().trimmed();
    if (m_controller->hasQueue()) folder = fromPath(m_controller->snapshot().output_folder());
    QDesktopServices::openUrl(QUrl::fromLocalFile(folder));
}

void BatchDialog::shutdown() {
    m_controller->stop();
}

QString BatchDialog::summaryText() const {
    return m_summary->text();
}

void BatchDialog::onProgress(const batch::BatchProgress& progress) {
    m_progress->setValue(static_cast<int>(std::lround(std::clamp(progress.fraction, 0.0, 1.0) * 1000.0)));
    QStringList parts;
    if (m_controller->isPaused()) parts << tr("Paused");
    parts << tr("%1 of %2 done").arg(progress.done).arg(progress.total);
    parts << tr("%n failed", nullptr, progress.failed);
    if (progress.cancelled > 0) parts << tr("%n cancelled", nullptr, progress.cancelled);
    if (m_controller->isRunning() && progress.eta_seconds >= 0.0) {
        parts << tr("about %1 left").arg(BatchQueueModel::formatSeconds(progress.eta_seconds));
    }
    m_summary->setText(parts.join(tr(", ")));
    updateButtons();
}

void BatchDialog::onFinished() {
    m_model->setQueue(m_controller->snapshot());
    const batch::BatchProgress counts = BatchController::countJobs(m_controller->snapshot());
    onProgress(counts);
    if (counts.failed > 0) {
        m_messages->showMessage(MessageBar::Kind::Warning,
                                tr("%n job(s) failed: the Status column says why. Retry Failed runs them again.", nullptr,
                                   counts.failed));
    } else if (counts.total > 0 && counts.done == counts.total && m_messages->kind() != MessageBar::Kind::Error) {
        m_messages->showMessage(MessageBar::Kind::Information,
                                tr("All %n painting(s) are in %1.", nullptr, counts.done)
                                    .arg(QDir::toNativeSeparators(fromPath(m_controller->snapshot().output_folder()))));
    }
}

}  // namespace shuimo::ui
