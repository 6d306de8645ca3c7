#include "tests/cli/httpserver.h"

#include <QFile>
#include <QMetaObject>
#include <QSemaphore>
#include <QSslCertificate>
#include <QSslKey>
#include <QSslServer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUrl>

namespace accelplan::test {

namespace {

void respond(QTcpSocket *socket, const HttpResponse &r)
{
    QByteArray head = "HTTP/1.1 " + QByteArray::number(r.status) + " Status\r\n";
    head += "Content-Length: " + QByteArray::number(r.body.size()) + "\r\nConnection: close\r\n";
    for (const auto &[name, value] : r.headers)
        head += name + ": " + value + "\r\n";
    head += "\r\n";
    socket->write(head);
    if (r.fault == HttpResponse::Fault::Stall)
        return; // headers, then nothing: the client's timeout ends it
    if (r.fault == HttpResponse::Fault::CloseHalfway) {
        socket->write(r.body.left(r.body.size() / 2));
        socket->flush();
        socket->disconnectFromHost();
        return;
    }
    socket->write(r.body);
    socket->disconnectFromHost();
}

QSslConfiguration serverTls()
{
    QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
    QFile certificate(QStringLiteral(ACCELPLAN_TEST_DATA "/tls/localhost.crt"));
    QFile key(QStringLiteral(ACCELPLAN_TEST_DATA "/tls/localhost.key"));
    if (certificate.open(QIODevice::ReadOnly) && key.open(QIODevice::ReadOnly)) {
        tls.setLocalCertificate(QSslCertificate(certificate.readAll()));
        tls.setPrivateKey(QSslKey(key.readAll(), QSsl::Rsa));
    }
    tls.setPeerVerifyMode(QSslSocket::VerifyNone); // the clients present no certificate
    return tls;
}

} // namespace

HttpServer::HttpServer(Scheme scheme)
{
    m_thread.start();
    QSemaphore ready;
    QObject *anchor = new QObject;
    anchor->moveToThread(&m_thread);
    QMetaObject::invokeMethod(anchor, [this, anchor, scheme, &ready] {
        if (scheme == Scheme::Https) {
            auto *tls = new QSslServer(anchor);
            tls->setSslConfiguration(serverTls());
            m_server = tls;
        } else {
            m_server = new QTcpServer(anchor);
        }
        if (m_server->listen(QHostAddress::LocalHost, 0))
            m_url = QStringLiteral("%1://127.0.0.1:%2")
                        .arg(scheme == Scheme::Https ? QStringLiteral("https") : QStringLiteral("http"))
                        .arg(m_server->serverPort());
        // Ready after the TLS handshake for HTTPS, at once for HTTP.
        QObject::connect(m_server, &QTcpServer::pendingConnectionAvailable, anchor, [this] {
            while (QTcpSocket *socket = m_server->nextPendingConnection()) {
                auto *buffer = new QByteArray;
                QObject::connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
                QObject::connect(socket, &QObject::destroyed, [buffer] { delete buffer; });
                auto read = [this, socket, buffer] {
                    *buffer += socket->readAll();
                    if (!buffer->contains("\r\n\r\n") || buffer->isEmpty())
                        return;
                    const QByteArray head = buffer->left(buffer->indexOf("\r\n\r\n"));
                    buffer->clear();
                    respond(socket, answer(head));
                };
                QObject::connect(socket, &QTcpSocket::readyRead, socket, read);
                if (socket->bytesAvailable() > 0) // arrived with the handshake
                    read();
            }
        });
        QObject::connect(&m_thread, &QThread::finished, anchor, &QObject::deleteLater);
        ready.release();
    });
    ready.acquire();
}

HttpServer::~HttpServer()
{
    m_thread.quit();
    m_thread.wait();
}

void HttpServer::script(const QString &path, QList<HttpResponse> script)
{
    QMutexLocker lock(&m_mutex);
    m_scripts[path] = std::move(script);
}

QList<QByteArray> HttpServer::requests(const QString &path) const
{
    QMutexLocker lock(&m_mutex);
    return m_requests.value(path);
}

HttpResponse HttpServer::answer(const QByteArray &head)
{
    const QList<QByteArray> words = head.left(head.indexOf("\r\n")).split(' ');
    const QString path = words.size() >= 2 ? QUrl::fromPercentEncoding(words[1]) : QString();
    QMutexLocker lock(&m_mutex);
    QList<QByteArray> &seen = m_requests[path];
    seen.append(head);
    const QList<HttpResponse> &script = m_scripts[path];
    if (script.isEmpty())
        return {404, "not found", {}, HttpResponse::Fault::None};
    return script.at(std::min<qsizetype>(seen.size() - 1, script.size() - 1));
}

HttpResponse fileResponse(const QString &name, QList<std::pair<QByteArray, QByteArray>> headers)
{
    QFile file(QStringLiteral(ACCELPLAN_TEST_DATA "/") + name);
    HttpResponse r;
    r.body = file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("missing fixture");
    r.headers = std::move(headers);
    return r;
}

} // namespace accelplan::test
