#include "test_http_server.h"

#include <QTcpSocket>

TestHttpServer::TestHttpServer(QObject* parent) : QObject(parent) {
    connect(&m_server, &QTcpServer::newConnection, this, &TestHttpServer::onNewConnection);
}

bool TestHttpServer::listen() { return m_server.listen(QHostAddress::LocalHost, 0); }

QString TestHttpServer::url(const QString& path) const {
    return QStringLiteral("http://127.0.0.1:%1%2").arg(m_server.serverPort()).arg(path);
}

void TestHttpServer::onNewConnection() {
    while (QTcpSocket* socket = m_server.nextPendingConnection()) {
        socket->setParent(this);
        auto buffer = std::make_shared<QByteArray>();
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        connect(socket, &QTcpSocket::readyRead, socket, [this, socket, buffer] {
            buffer->append(socket->readAll());
            const int end = buffer->indexOf("\r\n\r\n");
            if (end < 0) return;
            const QByteArray head = buffer->left(end);
            buffer->clear();
            answer(socket, head);
        });
    }
}

void TestHttpServer::answer(QTcpSocket* socket, const QByteArray& head) {
    const QList<QByteArray> lines = head.split('\n');
    const QList<QByteArray> request_line = lines.value(0).trimmed().split(' ');
    Request request{request_line.value(1), {}};
    for (const auto& line : lines.mid(1)) {
        const int colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().toLower() == "range") request.range = line.mid(colon + 1).trimmed();
    }
    requests.append(request);
    Q_EMIT requestSeen();

    if (!m_files.contains(request.path)) {
        socket->write("HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\nConnection: close\r\n\r\nnot found");
        socket->disconnectFromHost();
        return;
    }
    const QByteArray& file = m_files[request.path];
    const qint64 size = file.size();
    qint64 start = 0;
    if (!ignoreRange && request.range.startsWith("bytes=") && request.range.endsWith("-"))
        start = request.range.mid(6, request.range.size() - 7).toLongLong();
    QByteArray response;
    if (start >= size && start > 0) {
        response = "HTTP/1.1 416 Range Not Satisfiable\r\nContent-Range: bytes */" + QByteArray::number(size) +
                   "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
        socket->write(response);
        socket->disconnectFromHost();
        return;
    }
    if (start > 0 && wrongRangeStart) start = 0;
    if (!request.range.isEmpty() && !ignoreRange && (start > 0 || wrongRangeStart)) {
        response = "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes " + QByteArray::number(start) + "-" +
                   QByteArray::number(size - 1) + "/" + QByteArray::number(size) + "\r\n";
    } else {
        response = "HTTP/1.1 200 OK\r\n";
    }
    response += "Content-Type: application/octet-stream\r\nAccept-Ranges: bytes\r\nContent-Length: " +
                QByteArray::number(size - start) + "\r\nConnection: close\r\n\r\n";
    qint64 body = size - start;
    if (closeAfter >= 0) body = std::min(body, closeAfter);
    if (stallAfter >= 0) body = std::min(body, stallAfter);
    socket->write(response);
    socket->write(file.constData() + start, body);
    if (stallAfter >= 0 && closeAfter < 0 && body < size - start) return;  // keep the connection, send nothing more
    socket->disconnectFromHost();
}
