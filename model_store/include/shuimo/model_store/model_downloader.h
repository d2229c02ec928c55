#pragma once
// Downloads one catalogue entry's file with Qt Network into a .part file: resumable
// (HTTP Range, checked against the server's 206 and Content-Range; a 200 restarts from
// zero), cancellable (the .part is kept), and verified against the catalogue checksum
// before it is reported. Installing is the caller's next step (install_download).

#include <QElapsedTimer>
#include <QFile>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

#include <deque>
#include <utility>

#include "shuimo/model_store/catalogue.h"
#include "shuimo/model_store/checksum.h"

class QNetworkAccessManager;
class QNetworkReply;
class QThread;

namespace shuimo::models {

class ModelDownloader : public QObject {
    Q_OBJECT

public:
    explicit ModelDownloader(QObject* parent = nullptr);
    ~ModelDownloader() override;

    // Seconds without a byte after which the transfer counts as stalled (default 60).
    void setStallTimeout(int seconds) { m_stallTimeoutSeconds = seconds; }

    // Downloads `entry` into `partPath` (created with its folder; continued when it exists).
    // Ends with exactly one of downloaded, failed or cancelled.
    void start(const CatalogueEntry& entry, const QString& partPath);
    void cancel();
    bool isRunning() const { return m_running; }

    const QString& currentUrl() const { return m_url; }
    // The digests of the last verified download (SHA-256 and the catalogue's algorithm), for install_download.
    const FileDigests& digests() const { return m_digests; }
    // After a failed checksum check: the complete file, kept aside (not as the .part) so that the behaviour
    // check can decide (import_file offers it when it behaves); empty otherwise. Whoever checks it deletes it.
    const QString& mismatchedFile() const { return m_mismatchedFile; }
    static QString mismatchedPathFor(const QString& partPath);  // <file>.checksum-differs beside the .part

Q_SIGNALS:
    // total < 0 when unknown; rate in bytes per second; eta in seconds, < 0 when unknown.
    void progressed(qint64 received, qint64 total, double bytesPerSecond, double etaSeconds);
    void verifying();
    // The .part file, complete and matching the catalogue checksum.
    void downloaded(const QString& partPath, const QString& url);
    void failed(const QString& message);
    void cancelled();

private:
    void request(qint64 offset);
    void onMetaData();
    void onReadyRead();
    void onFinished();
    void verifyAndFinish();  // hashes on a worker thread (a 575 MB file takes seconds), then reports
    void fail(const QString& reason);
    void finishWith(int outcome, const QString& message = {});
    void emitProgress(bool force);

    QNetworkAccessManager* m_network = nullptr;
    QPointer<QNetworkReply> m_reply;
    CatalogueEntry m_entry;
    QString m_partPath;
    QFile m_part;
    QString m_url;
    int m_urlIndex = 0;
    qint64 m_requestOffset = 0;   // the Range start asked for
    qint64 m_written = 0;         // bytes in the .part
    qint64 m_total = -1;          // size of the whole file, once known
    bool m_headersChecked = false;
    bool m_writing = false;       // the response is the file (200/206 accepted)
    bool m_running = false;
    bool m_cancelRequested = false;
    bool m_restarted = false;     // restarted from zero once after an unusable partial answer
    qint64 m_receivedThisAttempt = 0;
    int m_stallTimeoutSeconds = 60;
    QElapsedTimer m_clock;
    FileDigests m_digests;
    QString m_mismatchedFile;
    QThread* m_verifier = nullptr;
    QTimer m_progressFlush;  // emits the last throttled progress, so the final count is always shown
    qint64 m_lastProgressMs = -1;
    std::deque<std::pair<qint64, qint64>> m_samples;  // (ms, bytes written) over the last few seconds
};

}  // namespace shuimo::models
