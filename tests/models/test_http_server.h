#pragma once
// A small HTTP/1.1 file server on 127.0.0.1 for download tests: GET with
// "Range: bytes=N-", and knobs to answer 404, ignore Range, close the
// connection or stall after a number of body bytes. It records every request.

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QObject>
#include <QTcpServer>

class TestHttpServer : public QObject {
    Q_OBJECT

public:
    struct Request {
        QByteArray path;
        QByteArray range;  // the Range header as sent, empty when none
    };

    explicit TestHttpServer(QObject* parent = nullptr);

    bool listen();                     // on 127.0.0.1, any free port
    QString url(const QString& path) const;
    void serve(const QByteArray& path, const QByteArray& content) { m_files[path] = content; }
    void unserve(const QByteArray& path) { m_files.remove(path); }  // answered 404 from now on

    // Knobs, kept until changed.
    qint64 closeAfter = -1;  // send this many body bytes, then close the connection
    qint64 stallAfter = -1;  // send this many body bytes, then nothing (connection kept open)
    bool ignoreRange = false;
    bool wrongRangeStart = false;  // answer a Range request with 206 bytes 0-… (not what was asked)

    QList<Request> requests;

Q_SIGNALS:
    void requestSeen();

private:
    void onNewConnection();
    void answer(class QTcpSocket* socket, const QByteArray& head);

    QTcpServer m_server;
    QHash<QByteArray, QByteArray> m_files;
};
