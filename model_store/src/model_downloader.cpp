#include "shuimo/model_store/model_downloader.h"

#include <QDir>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRegularExpression>
#include <QThread>
#include <QTimer>
#include <QUrl>

#include <memory>

#include "shuimo/model_store/checksum.h"
#include "shuimo/model_store/errors.h"
#include "shuimo/model_store/installer.h"

namespace shuimo::models {
namespace {

enum Outcome { Downloaded, Failed, Cancelled };

constexpr qint64 kRateWindowMs = 3000;
constexpr qint64 kProgressIntervalMs = 200;

QString megabytes(qint64 bytes) { return QString::number(static_cast<double>(bytes) / 1e6, 'f', 1) + QStringLiteral(" MB"); }

// "bytes 100-199/1000" -> {100, 1000}; total -1 for "*"; start -1 when unparsable.
std::pair<qint64, qint64> parse_content_range(const QByteArray& value) {
    static const QRegularExpression pattern(QStringLiteral("^bytes\\s+(\\d+)-(\\d+)/(\\d+|\\*)$"));
    const auto match = pattern.match(QString::fromLatin1(value).trimmed());
    if (!match.hasMatch()) return {-1, -1};
    const qint64 total = match.captured(3) == QLatin1String("*") ? -1 : match.captured(3).toLongLong();
    return {match.captured(1).toLongLong(), total};
}

}  // namespace

ModelDownloader::ModelDownloader(QObject* parent) : QObject(parent), m_network(new QNetworkAccessManager(this)) {
    m_progressFlush.setSingleShot(true);
    m_progressFlush.setInterval(static_cast<int>(kProgressIntervalMs));
    connect(&m_progressFlush, &QTimer::timeout, this, [this] {
        if (m_running) emitProgress(true);
    });
}

ModelDownloader::~ModelDownloader() {
    if (m_verifier != nullptr) {
        QObject::disconnect(m_verifier, nullptr, this, nullptr);
        m_verifier->wait();
        delete m_verifier;
    }
    if (m_reply) {
        QObject::disconnect(m_reply, nullptr, this, nullptr);
        m_reply->abort();
    }
}

QString ModelDownloader::mismatchedPathFor(const QString& partPath) {
    QString path = partPath;
    if (path.endsWith(QLatin1String(".part"))) path.chop(5);
    return path + QStringLiteral(".checksum-differs");
}

void ModelDownloader::start(const CatalogueEntry& entry, const QString& partPath) {
    m_mismatchedFile.clear();
    if (m_running) return;
    m_entry = entry;
    m_partPath = partPath;
    m_urlIndex = 0;
    m_total = entry.size_bytes.value_or(-1);
    m_running = true;
    m_cancelRequested = false;
    m_restarted = false;
    m_samples.clear();
    m_digests = {};
    m_lastProgressMs = -1;
    m_clock.start();
    QDir().mkpath(QFileInfo(partPath).absolutePath());

    qint64 existing = QFileInfo(partPath).exists() ? QFileInfo(partPath).size() : 0;
    if (entry.size_bytes && existing > *entry.size_bytes) {
        QFile::remove(partPath);  // longer than the file can be: not a prefix of it
        existing = 0;
    }
    m_written = existing;
    if (entry.size_bytes && existing == *entry.size_bytes) {
        m_url = entry.urls.value(0);
        QTimer::singleShot(0, this, [this] { verifyAndFinish(); });  // complete already: only verify
        return;
    }
    request(existing);
}

void ModelDownloader::cancel() {
    if (!m_running) return;
    m_cancelRequested = true;
    if (m_verifier != nullptr) return;  // reported when the hash is done (the complete .part is kept)
    if (m_reply) {
        m_reply->abort();  // onFinished reports the cancellation
    } else {
        finishWith(Cancelled);
    }
}

void ModelDownloader::request(qint64 offset) {
    m_url = m_entry.urls.value(m_urlIndex);
    QNetworkRequest request{QUrl(m_url)};
    request.setRawHeader("User-Agent", "Shuimo");
    // No transparent gzip: byte offsets must be offsets into the file itself.
    request.setRawHeader("Accept-Encoding", "identity");
    if (offset > 0) request.setRawHeader("Range", "bytes=" + QByteArray::number(offset) + "-");
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::NoLessSafeRedirectPolicy);
    request.setTransferTimeout(m_stallTimeoutSeconds * 1000);
    m_requestOffset = offset;
    m_headersChecked = false;
    m_writing = false;
    m_receivedThisAttempt = 0;
    m_reply = m_network->get(request);
    connect(m_reply, &QNetworkReply::readyRead, this, &ModelDownloader::onReadyRead);
    connect(m_reply, &QNetworkReply::finished, this, &ModelDownloader::onFinished);
    connect(m_reply, &QNetworkReply::metaDataChanged, this, &ModelDownloader::onMetaData);
}

void ModelDownloader::onMetaData() {
    if (m_headersChecked || !m_reply) return;
    const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status == 0 || (status >= 300 && status < 400)) return;  // no answer yet, or a redirect being followed
    m_headersChecked = true;
    if (status == 206) {
        const auto [start, total] = parse_content_range(m_reply->rawHeader("Content-Range"));
        if (start != m_requestOffset) {
            // A partial answer that does not continue our file: start again from zero, once.
            QObject::disconnect(m_reply, nullptr, this, nullptr);
            m_reply->abort();
            m_reply->deleteLater();
            m_reply = nullptr;
            if (m_restarted) {
                fail(QStringLiteral("the server answered a range request with bytes from %1 instead of %2")
                         .arg(start)
                         .arg(m_requestOffset));
                return;
            }
            m_restarted = true;
            QFile::remove(m_partPath);
            m_written = 0;
            request(0);
            return;
        }
        if (total > 0) m_total = total;
        m_part.setFileName(m_partPath);
        if (!m_part.open(QIODevice::WriteOnly | QIODevice::Append)) {
            fail(QStringLiteral("cannot write %1: %2").arg(m_partPath, m_part.errorString()));
            return;
        }
        m_written = m_part.size();
        m_writing = true;
    } else if (status == 200) {
        // The whole file (first request, or a server that ignores Range): start from zero.
        m_part.setFileName(m_partPath);
        if (!m_part.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            fail(QStringLiteral("cannot write %1: %2").arg(m_partPath, m_part.errorString()));
            return;
        }
        m_written = 0;
        const QVariant length = m_reply->header(QNetworkRequest::ContentLengthHeader);
        if (length.isValid() && length.toLongLong() > 0) m_total = length.toLongLong();
        m_writing = true;
    }
    emitProgress(true);
}

void ModelDownloader::onReadyRead() {
    QNetworkReply* reply = m_reply;
    if (reply == nullptr) return;
    if (!m_headersChecked) onMetaData();
    if (m_reply != reply || !reply->isOpen()) return;  // failed, restarted from zero, or aborted
    if (!m_writing) {
        m_reply->readAll();  // an error page, not the file
        return;
    }
    const QByteArray data = m_reply->readAll();
    if (data.isEmpty()) return;
    if (m_part.write(data) != data.size()) {
        const QString reason = QStringLiteral("cannot write %1: %2 (disk full?)").arg(m_partPath, m_part.errorString());
        QObject::disconnect(m_reply, nullptr, this, nullptr);
        m_reply->abort();
        fail(reason);
        return;
    }
    m_written += data.size();
    m_receivedThisAttempt += data.size();
    emitProgress(false);
}

void ModelDownloader::onFinished() {
    if (!m_reply) return;
    QNetworkReply* reply = m_reply;
    if (!m_cancelRequested) onReadyRead();  // whatever is still buffered
    if (m_reply != reply) return;           // failed or restarted meanwhile
    m_part.close();
    reply->deleteLater();
    m_reply = nullptr;
    if (m_cancelRequested) {
        finishWith(Cancelled);
        return;
    }
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const auto error = reply->error();

    if (status == 416) {
        // Range not satisfiable: the .part may already hold the whole file.
        const auto [start, total] = parse_content_range(reply->rawHeader("Content-Range"));
        Q_UNUSED(start);
        if (total > 0 && total == QFileInfo(m_partPath).size()) {
            m_total = total;
            verifyAndFinish();
            return;
        }
        if (!m_restarted) {
            m_restarted = true;
            QFile::remove(m_partPath);
            m_written = 0;
            request(0);
            return;
        }
    }

    if (error != QNetworkReply::NoError || (status != 200 && status != 206)) {
        QString reason;
        const QString host = QUrl(m_url).host();
        switch (error) {
        case QNetworkReply::HostNotFoundError:
            reason = QStringLiteral("cannot resolve the host name %1 (offline, or DNS blocked?)").arg(host);
            break;
        case QNetworkReply::ConnectionRefusedError:
            reason = QStringLiteral("%1 refused the connection").arg(host);
            break;
        case QNetworkReply::RemoteHostClosedError:
            reason = QStringLiteral("the server closed the connection after %1 of %2").arg(megabytes(m_written),
                                                                                        m_total > 0 ? megabytes(m_total) : QStringLiteral("? MB"));
            break;
        case QNetworkReply::OperationCanceledError:
        case QNetworkReply::TimeoutError:
            reason = QStringLiteral("no data for %1 s after %2: the connection stalled").arg(m_stallTimeoutSeconds).arg(megabytes(m_written));
            break;
        default:
            if (status >= 400)
                reason = QStringLiteral("the server answered HTTP %1 %2")
                             .arg(status)
                             .arg(reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString());
            else
                reason = reply->errorString();
        }
        const bool nothing_from_this_url = m_receivedThisAttempt == 0;
        if (nothing_from_this_url && m_urlIndex + 1 < m_entry.urls.size()) {
            ++m_urlIndex;  // a mirror may still work
            request(QFileInfo(m_partPath).exists() ? QFileInfo(m_partPath).size() : 0);
            return;
        }
        fail(reason);
        return;
    }
    if (m_total >= 0 && m_written != m_total) {
        fail(QStringLiteral("the server ended the transfer after %1 of %2").arg(megabytes(m_written), megabytes(m_total)));
        return;
    }
    emitProgress(true);
    verifyAndFinish();
}

void ModelDownloader::verifyAndFinish() {
    if (m_cancelRequested) {
        finishWith(Cancelled);
        return;
    }
    Q_EMIT verifying();
    struct Result {
        FileDigests digests;
        QString error;
    };
    auto result = std::make_shared<Result>();
    const QString path = m_partPath;
    const QStringList algorithms{QStringLiteral("sha256"), m_entry.checksum_algorithm};
    m_verifier = QThread::create([result, path, algorithms] {
        try {
            result->digests = digest_file(path, algorithms);
        } catch (const std::exception& e) {
            result->error = QString::fromStdString(e.what());
        }
    });
    connect(m_verifier, &QThread::finished, this, [this, result] {
        m_verifier->deleteLater();
        m_verifier = nullptr;
        if (m_cancelRequested) {
            finishWith(Cancelled);
            return;
        }
        if (!result->error.isEmpty()) {
            fail(result->error);
            return;
        }
        const FileDigests& digests = result->digests;
        if (matches(m_entry, digests)) {
            m_digests = digests;
            finishWith(Downloaded);
            return;
        }
        // Resuming a wrong file can never make it right, but the catalogue's checksum may be the wrong one (or the
        // publisher re-uploaded): the whole file is kept aside for the behaviour check (behaviour_check.h), which
        // the CLI and the Models dialog run next, and which offers it when it behaves like a trained VGG-19.
        const QString kept = mismatchedPathFor(m_partPath);
        QFile::remove(kept);
        m_mismatchedFile = QFile::rename(m_partPath, kept) ? kept : QString();
        QFile::remove(m_partPath);
        finishWith(Failed,
                   QStringLiteral("download of %1 from %2 failed the checksum check: expected %3, the downloaded file "
                                  "(%4 bytes) has %5; nothing was installed. %6Run the download again; "
                                  "if it fails the same way, %7")
                       .arg(m_entry.id, m_url, m_entry.checksum_label())
                       .arg(digests.size)
                       .arg(digests.of(m_entry.checksum_algorithm),
                            m_mismatchedFile.isEmpty()
                                ? QStringLiteral("It was deleted. ")
                                : QStringLiteral("It is kept as %1 until checked: `shuimo-cli models import %1` runs it on "
                                                 "the test photos and offers it if it behaves like a trained VGG-19. ")
                                      .arg(m_mismatchedFile),
                            import_hint(m_entry)));
    });
    m_verifier->start();
}

void ModelDownloader::fail(const QString& reason) {
    const qint64 kept = QFileInfo(m_partPath).exists() ? QFileInfo(m_partPath).size() : 0;
    QString message = QStringLiteral("download of %1 from %2 failed: %3. Expected %4.")
                          .arg(m_entry.id, m_url, reason, m_entry.checksum_label());
    if (kept > 0)
        message += QStringLiteral(" %1 of it are kept in %2: run the download again to resume.").arg(megabytes(kept), m_partPath);
    message += QStringLiteral(" Offline or blocked? ") + import_hint(m_entry) + QLatin1Char('.');
    finishWith(Failed, message);
}

void ModelDownloader::finishWith(int outcome, const QString& message) {
    if (!m_running) return;
    m_running = false;
    m_progressFlush.stop();
    m_part.close();
    if (m_reply) {
        QObject::disconnect(m_reply, nullptr, this, nullptr);
        m_reply->abort();
        m_reply->deleteLater();
        m_reply = nullptr;
    }
    switch (outcome) {
    case Downloaded: Q_EMIT downloaded(m_partPath, m_url); break;
    case Failed: Q_EMIT failed(message); break;
    default: Q_EMIT cancelled(); break;
    }
}

void ModelDownloader::emitProgress(bool force) {
    const qint64 now = m_clock.elapsed();
    m_samples.emplace_back(now, m_written);
    while (m_samples.size() > 2 && now - m_samples.front().first > kRateWindowMs) m_samples.pop_front();
    if (!force && m_lastProgressMs >= 0 && now - m_lastProgressMs < kProgressIntervalMs) {
        if (!m_progressFlush.isActive()) m_progressFlush.start();
        return;
    }
    m_progressFlush.stop();
    m_lastProgressMs = now;
    const auto& [then_ms, then_bytes] = m_samples.front();
    const double seconds = static_cast<double>(now - then_ms) / 1000.0;
    const double rate = seconds > 0.0 ? static_cast<double>(m_written - then_bytes) / seconds : 0.0;
    const qint64 total = m_total;
    const double eta = (total > 0 && rate > 0.0) ? static_cast<double>(total - m_written) / rate : -1.0;
    Q_EMIT progressed(m_written, total, rate, eta);
}

}  // namespace shuimo::models
