#include "models_command.h"

#include <QCommandLineParser>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QTimer>

#include <atomic>
#include <csignal>
#include <cstdio>

#include "cli_options.h"
#include "shuimo/model_store/behaviour_check.h"
#include "shuimo/model_store/catalogue.h"
#include "shuimo/model_store/errors.h"
#include "shuimo/model_store/installer.h"
#include "shuimo/model_store/model_downloader.h"

namespace shuimo::cli {
namespace {

std::atomic<bool> g_download_cancel{false};
extern "C" void request_download_cancel(int) { g_download_cancel.store(true); }

void print(std::FILE* stream, const QString& text) { std::fputs(text.toLocal8Bit().constData(), stream); }

QString duration(double seconds) {
    if (seconds < 0) return QStringLiteral("?");
    const auto s = static_cast<qint64>(seconds + 0.5);
    return s >= 3600 ? QStringLiteral("%1:%2:%3").arg(s / 3600).arg(s / 60 % 60, 2, 10, QLatin1Char('0')).arg(s % 60, 2, 10, QLatin1Char('0'))
                     : QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

QString mb(double bytes) { return QString::number(bytes / 1e6, 'f', 1); }

int list(const models::Catalogue& catalogue) {
    const auto installed = models::installed_models();
    auto find_installed = [&](const QString& id) -> const models::InstalledModel* {
        for (const auto& model : installed) {
            if (model.id == id) return &model;
        }
        return nullptr;
    };
    for (const auto& entry : catalogue.models) {
        const auto* model = find_installed(entry.id);
        print(stdout, QStringLiteral("%1 %2  %3  %4\n")
                          .arg(model != nullptr && model->is_default ? QStringLiteral("*") : QStringLiteral(" "))
                          .arg(entry.id, -20)
                          .arg(model != nullptr ? QStringLiteral("installed    ") : QStringLiteral("not installed"))
                          .arg(entry.name));
        if (model != nullptr) {
            print(stdout, QStringLiteral("      %1\n").arg(model->weights_path));
            print(stdout, QStringLiteral("      verified: %1\n").arg(models::verification_summary(model->manifest)));
        }
    }
    for (const auto& model : installed) {
        if (catalogue.find(model.id) != nullptr) continue;
        const bool verified = model.manifest.value(QStringLiteral("verified_against_catalogue")).toBool();
        print(stdout, QStringLiteral("%1 %2  installed      %3\n      %4\n")
                          .arg(model.is_default ? QStringLiteral("*") : QStringLiteral(" "))
                          .arg(model.id, -20)
                          .arg(verified ? QStringLiteral("(imported)") : QStringLiteral("(imported, not in the catalogue: unverified)"),
                               model.weights_path));
        print(stdout, QStringLiteral("      verified: %1\n").arg(models::verification_summary(model.manifest)));
    }
    print(stdout, installed.empty() ? QStringLiteral("no model installed: shuimo-cli models download NAME\n")
                                    : QStringLiteral("* = default (shuimo-cli models default NAME)\n"));
    return 0;
}

// A download whose checksum differs from the catalogue's: the behaviour check decides what is offered.
int check_mismatched_download(const models::Catalogue& catalogue, const models::CatalogueEntry& entry, const QString& kept,
                              bool accept_checksum_mismatch) {
    print(stderr, QStringLiteral("checking what the downloaded file recognises in the test photos ...\n"));
    // Only the entry downloaded: the file stands in for it or for nothing (matching another entry's checksum
    // does not make it this one).
    models::Catalogue only_this;
    only_this.origin = catalogue.origin;
    only_this.models.push_back(entry);
    try {
        const auto result = models::import_file(kept, only_this, entry.id, accept_checksum_mismatch);
        QFile::remove(kept);
        print(stderr, QStringLiteral("shuimo-cli: warning: %1\ninstalled %2 in %3\nverified: %4\n")
                          .arg(result.warning, result.model.id, result.model.dir,
                               models::verification_summary(result.model.manifest)));
        return 0;
    } catch (const models::ChecksumMismatchOffer& e) {
        print(stderr, QStringLiteral("shuimo-cli: %1\n").arg(QString::fromStdString(e.what())));
    } catch (const models::BehaviourError& e) {
        QFile::remove(kept);
        print(stderr, QStringLiteral("shuimo-cli: error: %1\nThe downloaded file was deleted.\n").arg(QString::fromStdString(e.what())));
    } catch (const models::ModelStoreError&) {
        // Not checkable by behaviour (no classifier): the checksum alone decides, as reported above.
        QFile::remove(kept);
    }
    return 1;
}

int download(const models::Catalogue& catalogue, const QString& id, bool keep_original, bool accept_checksum_mismatch) {
    const auto& entry = catalogue.at(id);
    const QString part = models::download_part_path(entry);
    models::ModelDownloader downloader;
    if (const int stall = qEnvironmentVariableIntValue("SHUIMO_DOWNLOAD_STALL_SECONDS"); stall > 0)
        downloader.setStallTimeout(stall);
    QEventLoop loop;
    int exit_code = 1;
    QString downloaded_url;
    bool progress_shown = false;
    QObject::connect(&downloader, &models::ModelDownloader::progressed, &loop,
                     [&](qint64 received, qint64 total, double rate, double eta) {
                         print(stderr, QStringLiteral("\r%1: %2 / %3 MB  %4 MB/s  ETA %5   ")
                                           .arg(entry.id, mb(static_cast<double>(received)),
                                                total > 0 ? mb(static_cast<double>(total)) : QStringLiteral("?"),
                                                mb(rate), duration(eta)));
                         progress_shown = true;
                     });
    QObject::connect(&downloader, &models::ModelDownloader::verifying, &loop, [&] {
        print(stderr, QStringLiteral("%1checking %2 ...\n").arg(progress_shown ? QStringLiteral("\n") : QString(), entry.checksum_label()));
        progress_shown = false;
    });
    QObject::connect(&downloader, &models::ModelDownloader::downloaded, &loop, [&](const QString&, const QString& url) {
        downloaded_url = url;
        exit_code = 0;
        loop.quit();
    });
    QObject::connect(&downloader, &models::ModelDownloader::failed, &loop, [&](const QString& message) {
        print(stderr, QStringLiteral("%1shuimo-cli: error: %2\n").arg(progress_shown ? QStringLiteral("\n") : QString(), message));
        exit_code = 1;
        loop.quit();
    });
    QObject::connect(&downloader, &models::ModelDownloader::cancelled, &loop, [&] {
        print(stderr, QStringLiteral("%1shuimo-cli: download cancelled; %2 is kept: run the same command to resume\n")
                          .arg(progress_shown ? QStringLiteral("\n") : QString(), part));
        exit_code = 130;
        loop.quit();
    });
    g_download_cancel.store(false);
    std::signal(SIGINT, request_download_cancel);
    std::signal(SIGTERM, request_download_cancel);
    QTimer cancel_poll;
    QObject::connect(&cancel_poll, &QTimer::timeout, &loop, [&] {
        if (g_download_cancel.load()) downloader.cancel();
    });
    cancel_poll.start(50);
    print(stderr, QStringLiteral("downloading %1 from %2\n  to %3\n").arg(entry.id, entry.urls.value(0), part));
    downloader.start(entry, part);
    if (downloader.isRunning()) loop.exec();
    cancel_poll.stop();
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    if (exit_code == 1 && !downloader.mismatchedFile().isEmpty())
        return check_mismatched_download(catalogue, entry, downloader.mismatchedFile(), accept_checksum_mismatch);
    if (exit_code != 0) return exit_code;

    print(stderr, QStringLiteral("installing (the 16 convolutions) ...\n"));
    const auto model = models::install_download(entry, part, downloaded_url, keep_original, &downloader.digests());
    print(stderr, QStringLiteral("installed %1 in %2%3\n")
                      .arg(model.id, model.dir, model.is_default ? QStringLiteral(" (default)") : QString()));
    return 0;
}

int import(const models::Catalogue& catalogue, const QString& path, const QString& name, bool accept_checksum_mismatch) {
    if (!QFileInfo(path).isFile()) throw models::ModelStoreError(QStringLiteral("%1: no such file").arg(path).toStdString());
    print(stderr, QStringLiteral("checking what the network recognises in the test photos ...\n"));
    const auto result = models::import_file(path, catalogue, name, accept_checksum_mismatch);
    if (!result.warning.isEmpty()) print(stderr, QStringLiteral("shuimo-cli: warning: %1\n").arg(result.warning));
    print(stderr, QStringLiteral("installed %1 in %2%3\n")
                      .arg(result.model.id, result.model.dir, result.model.is_default ? QStringLiteral(" (default)") : QString()));
    print(stderr, QStringLiteral("verified: %1\n").arg(models::verification_summary(result.model.manifest)));
    return 0;
}

int verify(const QString& id) {
    QStringList ids;
    if (!id.isEmpty()) {
        ids << id;
    } else {
        for (const auto& model : models::installed_models()) ids << model.id;
    }
    if (ids.isEmpty()) {
        print(stderr, QStringLiteral("shuimo-cli: no model installed, nothing to verify\n"));
        return 1;
    }
    int failures = 0;
    for (const auto& each : ids) {
        const auto result = models::verify_installed(each);
        print(result.ok ? stdout : stderr, (result.ok ? QString() : QStringLiteral("shuimo-cli: error: ")) + result.message + QLatin1Char('\n'));
        if (!result.ok) ++failures;
    }
    return failures == 0 ? 0 : 1;
}

}  // namespace

QString models_help_text() {
    return QStringLiteral(
        "Usage: shuimo-cli models list\n"
        "       shuimo-cli models download NAME [--keep-original] [--accept-checksum-mismatch]\n"
        "       shuimo-cli models import FILE [--name ID] [--accept-checksum-mismatch]\n"
        "       shuimo-cli models verify [NAME]\n"
        "       shuimo-cli models remove NAME\n"
        "       shuimo-cli models default NAME\n"
        "Every form takes --catalogue FILE (default: $SHUIMO_CATALOGUE, else the built-in catalogue).\n"
        "download resumes an interrupted download (Ctrl-C keeps what was fetched), checks the catalogue checksum,\n"
        "keeps only the 16 convolutions and deletes the original unless --keep-original.\n"
        "import installs a local .safetensors or .caffemodel; one that matches no catalogue checksum needs --name\n"
        "and is installed unverified.\n"
        "Both first run the whole network, classifier included, on built-in test photos: a file that does not\n"
        "recognise them is refused whatever its checksum; one whose checksum differs from the catalogue's but\n"
        "that recognises them is installed as that entry only with --accept-checksum-mismatch (a download whose\n"
        "checksum differs is kept aside and checked so).\n"
        "verify re-hashes the installed file and reports the behaviour check (run again on a kept original).\n");
}

int run_models_command(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption catalogue_option(QStringLiteral("catalogue"), QStringLiteral("catalogue file"), QStringLiteral("FILE"));
    const QCommandLineOption keep_option(QStringLiteral("keep-original"), QStringLiteral("keep the downloaded original"));
    const QCommandLineOption name_option(QStringLiteral("name"), QStringLiteral("id for an imported file"), QStringLiteral("ID"));
    const QCommandLineOption accept_option(QStringLiteral("accept-checksum-mismatch"),
                                           QStringLiteral("install a file whose checksum differs but that passes the behaviour check"));
    const QCommandLineOption help_option({QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("help"));
    parser.addOptions({catalogue_option, keep_option, name_option, accept_option, help_option});
    if (!parser.parse(QStringList{QStringLiteral("shuimo-cli")} + arguments)) throw UsageError(parser.errorText().toStdString());
    if (parser.isSet(help_option)) {
        print(stdout, models_help_text());
        return 0;
    }
    const QStringList words = parser.positionalArguments();
    if (words.isEmpty()) throw UsageError("models: missing command (list, download, import, verify, remove, default)");
    const QString command = words.first();
    auto want = [&](int count, const char* what) {
        if (words.size() != count + 1)
            throw UsageError("models " + command.toStdString() + ": expected " + what);
    };
    auto only_with = [&](const QCommandLineOption& option, const char* command_name) {
        if (parser.isSet(option) && command != QLatin1String(command_name))
            throw UsageError("--" + option.names().first().toStdString() + " belongs to `models " + command_name + "`");
    };
    only_with(keep_option, "download");
    only_with(name_option, "import");
    if (parser.isSet(accept_option) && command != QLatin1String("import") && command != QLatin1String("download"))
        throw UsageError("--accept-checksum-mismatch belongs to `models import` or `models download`");

    try {
        const auto catalogue = models::load_catalogue(parser.value(catalogue_option));
        if (command == QLatin1String("list")) {
            want(0, "no argument");
            return list(catalogue);
        }
        if (command == QLatin1String("download")) {
            want(1, "NAME");
            return download(catalogue, words[1], parser.isSet(keep_option), parser.isSet(accept_option));
        }
        if (command == QLatin1String("import")) {
            want(1, "FILE");
            return import(catalogue, words[1], parser.value(name_option), parser.isSet(accept_option));
        }
        if (command == QLatin1String("verify")) {
            if (words.size() > 2) throw UsageError("models verify: expected at most one NAME");
            return verify(words.value(1));
        }
        if (command == QLatin1String("remove")) {
            want(1, "NAME");
            models::remove_installed(words[1], catalogue);
            print(stderr, QStringLiteral("removed %1\n").arg(words[1]));
            return 0;
        }
        if (command == QLatin1String("default")) {
            want(1, "NAME");
            models::set_default_model(words[1]);
            print(stderr, QStringLiteral("default model: %1\n").arg(words[1]));
            return 0;
        }
    } catch (const models::ModelStoreError& e) {
        print(stderr, QStringLiteral("shuimo-cli: error: %1\n").arg(QString::fromStdString(e.what())));
        return 1;
    }
    throw UsageError("models: unknown command '" + command.toStdString() + "' (list, download, import, verify, remove, default)");
}

}  // namespace shuimo::cli
