#include "session_actions.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMessageBox>
#include <QProgressDialog>
#include <QStandardPaths>
#include <QStatusBar>

#include "batch_launcher.h"
#include "message_bar.h"
#include "prompt.h"
#include "studio_model.h"

namespace shuimo::ui {

SessionActions::SessionActions(QMainWindow* window, StudioModel* model, MessageBar* messages, const Prompt* prompt,
                               BatchLauncher* batch)
    : QObject(window), m_window(window), m_model(model), m_messages(messages), m_prompt(prompt), m_batch(batch) {
    // A busy dialog (no cancel, no steps) after 300 ms of writing: large sessions take seconds.
    connect(m_model, &StudioModel::savingChanged, this, [this](bool saving) {
        if (saving) {
            m_saving = new QProgressDialog(tr("Saving the session…"), QString(), 0, 0, m_window);
            m_saving->setWindowTitle(tr("Saving"));
            m_saving->setWindowModality(Qt::WindowModal);
            m_saving->setMinimumDuration(300);
            m_saving->setValue(0);
        } else if (m_saving) {
            m_saving->deleteLater();
        }
    });
}

QString SessionActions::saveTo(const QString& path) {
    const QString error = m_model->saveTo(path);
    if (error.isEmpty()) m_window->statusBar()->showMessage(tr("Saved the session as %1").arg(QFileInfo(path).fileName()), 6000);
    return error;
}

QString SessionActions::openFrom(const QString& path) {
    const QString error = m_model->openFrom(path);
    if (error.isEmpty()) m_window->statusBar()->showMessage(tr("Opened the session %1").arg(QFileInfo(path).fileName()), 6000);
    return error;
}

bool SessionActions::save() {
    if (m_model->filePath().isEmpty()) return saveAs();
    const QString error = saveTo(m_model->filePath());
    if (!error.isEmpty()) m_messages->showMessage(MessageBar::Kind::Error, error);
    return error.isEmpty();
}

bool SessionActions::saveAs() {
    const QString start = m_model->filePath().isEmpty()
                              ? QDir(QStandardPaths::writableLocation(QStandardPaths::PicturesLocation)).filePath(tr("session") + QStringLiteral(".shuimo"))
                              : m_model->filePath();
    QString path = QFileDialog::getSaveFileName(m_window, tr("Save Session"), start, tr("Shuimo sessions (*.shuimo)"));
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".shuimo");
    const QString error = saveTo(path);
    if (!error.isEmpty()) m_messages->showMessage(MessageBar::Kind::Error, error);
    return error.isEmpty();
}

void SessionActions::open() {
    if (m_model->unsavedPaintings() > 0) {
        const auto answer = m_prompt->ask(m_window, tr("The current session has unsaved paintings. Save it before opening another?"),
                                          QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        if (answer == QMessageBox::Cancel || (answer == QMessageBox::Save && !save())) return;
    }
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open Session"), QFileInfo(m_model->filePath()).absolutePath(),
                                                      tr("Shuimo sessions (*.shuimo)"));
    if (path.isEmpty()) return;
    if (const QString error = openFrom(path); !error.isEmpty()) m_messages->showMessage(MessageBar::Kind::Error, error);
}

bool SessionActions::removePhoto(const QString& path) {
    int unexported = 0;
    if (const session::Photo* photo = m_model->session().photo(path)) {
        for (const session::Painting& painting : photo->paintings) unexported += painting.exported_to.isEmpty() ? 1 : 0;
    }
    if (unexported > 0 &&
        m_prompt->ask(m_window, tr("Remove %1 and its %n unexported painting(s) from the session?", nullptr, unexported).arg(QFileInfo(path).fileName()),
                      QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel) != QMessageBox::Yes) {
        return false;
    }
    m_model->removePhoto(path);
    m_window->statusBar()->showMessage(tr("Removed %1 from the session").arg(QFileInfo(path).fileName()), 5000);
    return true;
}

bool SessionActions::confirmClose() {
    // What quitting stops or loses now: a run going or waiting (not one that has ended), a
    // batch, paintings neither exported nor in the session file last saved or opened.
    const bool painting = m_model->isPainting();
    const bool batch = m_batch->isRunning();
    const int unsaved = m_model->unsavedPaintings();
    if (painting || batch || unsaved > 0) {
        QStringList reasons;
        if (painting) reasons << tr("A painting is in progress (it will stop).");
        if (batch) reasons << tr("A batch export is running (it will resume at the next start).");
        if (unsaved > 0) reasons << tr("%n painting(s) were neither exported nor saved in a session file.", nullptr, unsaved);
        const auto answer = m_prompt->ask(m_window, reasons.join(QLatin1Char('\n')) + QStringLiteral("\n\n") + tr("Save the session before quitting?"),
                                          QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        if (answer == QMessageBox::Cancel) return false;
        if (answer == QMessageBox::Save && !save()) return false;
        if (answer == QMessageBox::Discard) {
            m_model->removeAutosave();
            return true;
        }
    }
    if (const QString error = m_model->writeAutosave(); !error.isEmpty()) {
        return m_prompt->ask(m_window, error + QStringLiteral("\n\n") + tr("Quit anyway?"), QMessageBox::Yes | QMessageBox::Cancel,
                             QMessageBox::Cancel) == QMessageBox::Yes;
    }
    return true;
}

}  // namespace shuimo::ui
