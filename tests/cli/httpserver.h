#pragma once
// A small HTTP/1.1 server for `prices update` tests (issue 37): QTcpServer (QSslServer for HTTPS)
// on 127.0.0.1 in its own thread, answering each path from a script of responses (the last repeats), with faults.
#include <QByteArray>
#include <QHash>
#include <QList>
#include <QMutex>
#include <QString>
#include <QThread>

class QTcpServer;

namespace accelplan::test {

struct HttpResponse
{
    enum class Fault { None, CloseHalfway, Stall };
    int status = 200;
    QByteArray body;
    QList<std::pair<QByteArray, QByteArray>> headers; ///< extra headers: ETag, Retry-After…
    Fault fault = Fault::None;
};

class HttpServer
{
public:
    enum class Scheme { Http, Https };
    /// Https serves tests/data/tls/localhost.crt, a self-signed certificate for 127.0.0.1 that a
    /// client trusts only when told to (ACCELPLAN_CA_FILE).
    explicit HttpServer(Scheme scheme = Scheme::Http);
    ~HttpServer();
    /// The base URL, http://127.0.0.1:PORT (empty when it could not listen).
    QString url() const { return m_url; }
    /// Answers GET \a path (with its query) with \a script, one response a request.
    void script(const QString &path, QList<HttpResponse> script);
    /// The requests \a path had, each the raw request head.
    QList<QByteArray> requests(const QString &path) const;
    /// Answers a request head (called on the server thread).
    HttpResponse answer(const QByteArray &head);

private:
    QThread m_thread;
    QTcpServer *m_server = nullptr;
    QString m_url;
    mutable QMutex m_mutex;
    QHash<QString, QList<HttpResponse>> m_scripts;
    QHash<QString, QList<QByteArray>> m_requests;
};

/// A response whose body is the file \a name under tests/data.
HttpResponse fileResponse(const QString &name, QList<std::pair<QByteArray, QByteArray>> headers = {});

} // namespace accelplan::test
