#include "core/net/pricefetch.h"

#include "core/common/csvtable.h"
#include "core/common/tr.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRegularExpression>
#include <QSettings>
#include <QSslConfiguration>
#include <QStandardPaths>
#include <QThread>
#include <QTimer>
#include <QUrlQuery>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace accelplan::net {

namespace {

int envInt(const char *name, int fallback)
{
    bool ok = false;
    const int value = qEnvironmentVariableIntValue(name, &ok);
    return ok && value > 0 ? value : fallback;
}

constexpr qint64 kReadBufferBytes = 4 << 20;

// One GET into an open file, streamed as it arrives.
struct Answer
{
    bool interrupted = false; ///< FetchSettings::cancelled said stop
    int status = 0;        ///< HTTP status; 0 when the transfer failed
    QString error;         ///< the transfer's failure (timeout, connection closed, TLS)
    QString etag;
    QString lastModified;
    int retryAfterMs = -1; ///< Retry-After in ms; -1 when absent
};

Answer get(QNetworkAccessManager &network, const QString &url, QFile &out, const QString &etag,
           const QString &lastModified, const FetchSettings &settings, int page, const QByteArray &apiKey)
{
    const int timeoutMs = settings.timeoutMs;
    QNetworkRequest request{QUrl(url)};
    request.setTransferTimeout(timeoutMs);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::NoLessSafeRedirectPolicy);
    QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
    tls.setPeerVerifyMode(QSslSocket::VerifyPeer); // never off
    // A proxy that inspects TLS signs with its own authority: trusted only when named.
    if (!settings.caFile.isEmpty() && !tls.addCaCertificates(settings.caFile)) {
        Answer unreadable;
        unreadable.error = Tr::tr("no PEM certificate could be read from %1 (ACCELPLAN_CA_FILE)").arg(settings.caFile);
        return unreadable;
    }
    request.setSslConfiguration(tls);
    request.setRawHeader("User-Agent", "accelplan-cli (prices update)");
    if (!etag.isEmpty())
        request.setRawHeader("If-None-Match", etag.toUtf8());
    if (!lastModified.isEmpty())
        request.setRawHeader("If-Modified-Since", lastModified.toUtf8());
    if (!apiKey.isEmpty()) // a header, never the URL: the URL is the sheet's source and goes into messages
        request.setRawHeader("X-Goog-Api-Key", apiKey);
    QNetworkReply *reply = network.get(request);
    // Back-pressure: without a limit Qt's network thread reads the socket as fast as it can and
    // queues every chunk for this thread, so a list faster than the disk piles up in memory (a 2 GB
    // AWS list reached 2 GB of RSS). With one, the transfer waits for readAll().
    reply->setReadBufferSize(kReadBufferBytes);
    bool writeFailed = false;
    QObject::connect(reply, &QNetworkReply::readyRead, reply, [&] {
        const QByteArray chunk = reply->readAll();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (status == 200 && out.write(chunk) != chunk.size())
            writeFailed = true;
    });
    if (settings.progress)
        QObject::connect(reply, &QNetworkReply::downloadProgress, reply,
                         [&](qint64 received, qint64) { settings.progress(received, page); });
    // Ctrl-C: polled, since a signal handler may only set a flag.
    bool interrupted = false;
    QTimer poll;
    if (settings.cancelled) {
        QObject::connect(&poll, &QTimer::timeout, reply, [&] {
            if (settings.cancelled()) {
                interrupted = true;
                reply->abort();
            }
        });
        poll.start(100);
    }
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    poll.stop();
    Answer answer;
    answer.interrupted = interrupted;
    answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray rest = reply->isOpen() ? reply->readAll() : QByteArray(); // closed once aborted
    if (answer.status == 200 && out.write(rest) != rest.size())
        writeFailed = true;
    answer.etag = QString::fromUtf8(reply->rawHeader("ETag"));
    answer.lastModified = QString::fromUtf8(reply->rawHeader("Last-Modified"));
    bool ok = false;
    const int seconds = reply->rawHeader("Retry-After").trimmed().toInt(&ok);
    if (ok && seconds >= 0)
        answer.retryAfterMs = seconds * 1000;
    // An HTTP error status (429, 500) is an answer, not a transfer failure: the caller decides.
    const auto error = reply->error();
    if (error != QNetworkReply::NoError && (answer.status == 0 || error < QNetworkReply::ContentAccessDenied)) {
        answer.error = error == QNetworkReply::OperationCanceledError ? Tr::tr("timed out after %1 ms").arg(timeoutMs)
                                                                      : reply->errorString();
        answer.status = 0;
    }
    if (interrupted) {
        answer.error = Tr::tr("interrupted");
        answer.status = 0;
    }
    if (writeFailed) {
        answer.error = Tr::tr("cannot write %1: %2").arg(out.fileName(), out.errorString());
        answer.status = 0;
    }
    reply->deleteLater();
    return answer;
}

// GET with retries on 429 and 5xx; out is emptied before each try.
Answer getWithRetries(QNetworkAccessManager &network, const QString &url, QFile &out, const QString &etag,
                      const QString &lastModified, const FetchSettings &settings, int page, const QByteArray &apiKey)
{
    Answer answer;
    int wait = settings.backoffMs;
    for (int attempt = 1; attempt <= settings.attempts; ++attempt) {
        out.resize(0);
        out.seek(0);
        answer = get(network, url, out, etag, lastModified, settings, page, apiKey);
        const bool retryable = answer.status == 429 || (answer.status >= 500 && answer.status < 600);
        if (!retryable || attempt == settings.attempts)
            break;
        const int ms = std::min(answer.retryAfterMs >= 0 ? answer.retryAfterMs : wait, settings.maxWaitMs);
        for (int waited = 0; waited < ms; waited += 100) { // a wait Ctrl-C can end
            if (settings.cancelled && settings.cancelled()) {
                answer.interrupted = true;
                answer.error = Tr::tr("interrupted");
                answer.status = 0;
                return answer;
            }
            QThread::msleep(std::min(100, ms - waited));
        }
        wait *= 2;
    }
    return answer;
}

// A string member at the end of a JSON page (Azure's "NextPageLink", Google's "nextPageToken"):
// read from the page's last bytes, not the whole page.
QString trailingJsonString(const QString &pageFile, const QString &key)
{
    QFile file(pageFile);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    file.seek(std::max<qint64>(0, file.size() - 8192));
    const QRegularExpression member(u"\""_s + QRegularExpression::escape(key) + uR"re("\s*:\s*"((?:[^"\\]|\\.)*)")re"_s);
    const auto match = member.match(QString::fromUtf8(file.readAll()));
    return match.hasMatch() ? match.captured(1).replace(u"\\/"_s, u"/"_s).replace(u"\\u0026"_s, u"&"_s) : QString();
}

// The next page of a paged list: Azure links it, Google gives a token for the same query.
QString nextPage(const Endpoint &endpoint, const QString &pageFile)
{
    if (endpoint.format == u"azure"_s)
        return trailingJsonString(pageFile, u"NextPageLink"_s);
    if (endpoint.format == u"gcp"_s) {
        const QString token = trailingJsonString(pageFile, u"nextPageToken"_s);
        if (token.isEmpty())
            return {};
        QUrl url(endpoint.url);
        QUrlQuery query(url);
        query.removeAllQueryItems(u"pageToken"_s);
        query.addQueryItem(u"pageToken"_s, token);
        url.setQuery(query);
        return url.toString();
    }
    return {};
}

// AWS's region index (offers/v1.0/aws/SERVICE/current/region_index.json) lists each region's file.
bool isRegionIndex(const QString &url)
{
    return QUrl(url).path().endsWith(u"/region_index.json"_s);
}

// An AWS region CSV: five preamble lines (FormatVersion … OfferCode), then the header.
constexpr int kAwsCsvHeadLines = 6;

// The CSV lists of the regions \a endpoint asks for, from the region index in \a indexFile (a few
// kilobytes, read whole): "currentVersionUrl" is relative and names index.json. A region the index
// no longer lists is noted in \a outcome, not failed: only none at all is an error.
QStringList regionLists(const Endpoint &endpoint, QFile &indexFile, FetchOutcome &outcome)
{
    QString *error = &outcome.error;
    indexFile.seek(0);
    QJsonParseError parseError;
    const QJsonDocument index = QJsonDocument::fromJson(indexFile.readAll(), &parseError);
    const QJsonObject regions = index.object().value(u"regions"_s).toObject();
    if (parseError.error != QJsonParseError::NoError || regions.isEmpty()) {
        *error = Tr::tr("%1: not an AWS region index (no \"regions\" object)").arg(endpoint.url);
        return {};
    }
    QStringList urls;
    QStringList missing;
    const QStringList wanted = endpoint.regions.isEmpty() ? regions.keys() : endpoint.regions;
    for (const QString &region : wanted) {
        const QString relative = regions.value(region).toObject().value(u"currentVersionUrl"_s).toString();
        if (relative.isEmpty()) {
            missing.append(region);
            continue;
        }
        QString csv = QUrl(endpoint.url).resolved(QUrl(relative)).toString();
        if (csv.endsWith(u".json"_s))
            csv = csv.left(csv.size() - 5) + u".csv"_s;
        urls.append(csv);
    }
    if (urls.isEmpty())
        *error = Tr::tr("%1: none of the regions data/catalog/endpoints.csv names is in the index (%2)")
                     .arg(endpoint.url, wanted.join(u", "_s));
    else if (!missing.isEmpty())
        outcome.notes.append(Tr::tr("not in the region index, so not updated: %1").arg(missing.join(u", "_s)));
    return urls;
}

QString failed(const QString &url, const Answer &answer)
{
    if (!answer.error.isEmpty())
        return Tr::tr("%1: %2").arg(url, answer.error);
    return Tr::tr("%1: HTTP %2").arg(url).arg(answer.status);
}

} // namespace

QList<Endpoint> shippedEndpoints(QString *error)
{
    QFile file(u":/data/catalog/endpoints.csv"_s);
    QList<Endpoint> endpoints;
    if (!file.open(QIODevice::ReadOnly)) {
        *error = Tr::tr("cannot read the shipped endpoints: %1").arg(file.errorString());
        return endpoints;
    }
    const Diagnostics problems = readCsvTable(
        &file, u"data/catalog/endpoints.csv"_s, {u"provider"_s, u"url"_s, u"format"_s, u"source_page"_s},
        [&](const CsvRecord &r) {
            endpoints.append({r.required(u"provider"_s), r.required(u"url"_s), r.required(u"format"_s),
                              r.required(u"source_page"_s), r.text(u"regions"_s).split(u' ', Qt::SkipEmptyParts),
                              r.text(u"sheet_provider"_s)});
        });
    if (hasErrors(problems))
        *error = Tr::tr("data/catalog/endpoints.csv has errors: %1").arg(problems.constFirst().toString());
    return endpoints;
}

FetchSettings fetchSettingsFromEnvironment()
{
    FetchSettings settings;
    settings.timeoutMs = envInt("ACCELPLAN_HTTP_TIMEOUT_MS", settings.timeoutMs);
    settings.backoffMs = envInt("ACCELPLAN_HTTP_BACKOFF_MS", settings.backoffMs);
    settings.maxWaitMs = envInt("ACCELPLAN_HTTP_MAX_WAIT_MS", settings.maxWaitMs);
    settings.caFile = qEnvironmentVariable("ACCELPLAN_CA_FILE");
    settings.gcpApiKey = qEnvironmentVariable("ACCELPLAN_GCP_API_KEY").trimmed();
    settings.cacheDir = qEnvironmentVariable("ACCELPLAN_UPDATE_CACHE");
    if (settings.cacheDir.isEmpty())
        settings.cacheDir = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) + u"/accelplan/prices"_s;
    return settings;
}

FetchOutcome fetchEndpoint(QNetworkAccessManager &network, const Endpoint &endpoint, const FetchSettings &settings)
{
    FetchOutcome outcome;
    const bool needsKey = endpoint.format == u"gcp"_s;
    if (needsKey && settings.gcpApiKey.isEmpty()) {
        outcome.status = FetchOutcome::Status::Skipped;
        outcome.error = Tr::tr("Google's Cloud Billing Catalog needs an API key: --gcp-api-key-file FILE or "
                               "ACCELPLAN_GCP_API_KEY");
        return outcome;
    }
    const QByteArray apiKey = needsKey ? settings.gcpApiKey.toUtf8() : QByteArray();
    if (!QDir().mkpath(settings.cacheDir)) {
        outcome.error = Tr::tr("cannot create the cache folder %1").arg(settings.cacheDir);
        return outcome;
    }
    QSettings state(settings.cacheDir + u"/validators.ini"_s, QSettings::IniFormat);
    state.beginGroup(endpoint.provider);
    const bool sameUrl = state.value(u"url"_s).toString() == endpoint.url;
    const QString etag = sameUrl ? state.value(u"etag"_s).toString() : QString();
    const QString lastModified = sameUrl ? state.value(u"last_modified"_s).toString() : QString();
    const QDateTime storedAt = state.value(u"fetched_at"_s).toDateTime();

    const QString partial = settings.cacheDir + u'/' + endpoint.provider + u".part"_s;
    const QString page = partial + u".page"_s;
    QFile whole(partial);
    if (!whole.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        outcome.error = Tr::tr("cannot write %1: %2").arg(partial, whole.errorString());
        return outcome;
    }
    outcome.fetchedAt = QDateTime::currentDateTimeUtc();
    // The URLs still to fetch: pages follow one another (Azure, Google); an AWS region index
    // queues its regions' lists.
    QStringList queue{endpoint.url};
    const bool regionIndex = isRegionIndex(endpoint.url);
    bool first = true;
    QByteArray header; // region lists: the first list's CSV header, which every other must repeat
    while (!queue.isEmpty()) {
        const QString url = queue.takeFirst();
        QFile pageFile(page);
        if (!pageFile.open(QIODevice::ReadWrite | QIODevice::Truncate)) {
            outcome.error = Tr::tr("cannot write %1: %2").arg(page, pageFile.errorString());
            break;
        }
        // Only the first request is conditional: the later pages' links are new each run.
        const Answer answer = getWithRetries(network, url, pageFile, first ? etag : QString(),
                                             first ? lastModified : QString(), settings, outcome.pages + 1, apiKey);
        if (answer.interrupted) {
            outcome.status = FetchOutcome::Status::Interrupted;
            outcome.error = Tr::tr("interrupted");
            break;
        }
        if (first && answer.status == 304) {
            outcome.status = FetchOutcome::Status::Unchanged;
            outcome.fetchedAt = storedAt;
            outcome.etag = etag;
            outcome.lastModified = lastModified;
            break;
        }
        if (answer.status != 200) {
            outcome.error = failed(url, answer);
            break;
        }
        if (first) {
            outcome.etag = answer.etag;
            outcome.lastModified = answer.lastModified;
        }
        if (regionIndex && first) { // the index itself is not a price list: its regions' lists are
            first = false;
            queue = regionLists(endpoint, pageFile, outcome);
            if (!outcome.error.isEmpty())
                break;
            continue;
        }
        first = false;
        ++outcome.pages;
        pageFile.seek(0);
        if (regionIndex) { // one CSV: the preamble and header once, then every region's rows
            QByteArray head;
            for (int line = 0; line < kAwsCsvHeadLines && !pageFile.atEnd(); ++line)
                head += pageFile.readLine();
            const QByteArray columns = head.mid(head.lastIndexOf('\n', head.size() - 2) + 1);
            if (header.isEmpty()) {
                header = columns;
                if (whole.write(head) != head.size()) {
                    outcome.error = Tr::tr("cannot write %1: %2").arg(partial, whole.errorString());
                    break;
                }
            } else if (columns != header) {
                outcome.error = Tr::tr("%1: its columns differ from the first region's list; nothing of %2 is imported")
                                    .arg(url, endpoint.provider);
                break;
            }
        }
        while (!pageFile.atEnd()) { // copied in pieces: a page is never whole in memory
            const QByteArray chunk = pageFile.read(1 << 20);
            if (whole.write(chunk) != chunk.size()) {
                outcome.error = Tr::tr("cannot write %1: %2").arg(partial, whole.errorString());
                break;
            }
        }
        pageFile.close();
        if (!outcome.error.isEmpty())
            break;
        if (const QString next = nextPage(endpoint, page); !next.isEmpty())
            queue.append(next);
        if (outcome.pages > 100000) {
            outcome.error = Tr::tr("%1: more than 100000 pages").arg(endpoint.url);
            break;
        }
    }
    whole.close();
    QFile::remove(page);
    if (!outcome.error.isEmpty() || outcome.status == FetchOutcome::Status::Unchanged) {
        QFile::remove(partial); // a partial or failed download is never imported
        return outcome;
    }
    const QString done = settings.cacheDir + u'/' + endpoint.provider + u".download"_s;
    QFile::remove(done);
    if (!QFile::rename(partial, done)) {
        outcome.error = Tr::tr("cannot rename %1 to %2").arg(partial, done);
        QFile::remove(partial);
        return outcome;
    }
    outcome.status = FetchOutcome::Status::Fetched;
    outcome.file = done;
    return outcome;
}

void storeValidators(const FetchSettings &settings, const Endpoint &endpoint, const FetchOutcome &outcome)
{
    QSettings state(settings.cacheDir + u"/validators.ini"_s, QSettings::IniFormat);
    state.beginGroup(endpoint.provider);
    state.setValue(u"url"_s, endpoint.url);
    state.setValue(u"etag"_s, outcome.etag);
    state.setValue(u"last_modified"_s, outcome.lastModified);
    state.setValue(u"fetched_at"_s, outcome.fetchedAt);
    state.sync();
}

QDateTime lastUpdate(const FetchSettings &settings, const QString &provider)
{
    const QSettings state(settings.cacheDir + u"/validators.ini"_s, QSettings::IniFormat);
    return state.value(provider + u"/fetched_at"_s).toDateTime();
}

QString FetchOutcome::unchangedText() const
{
    return Tr::tr("unchanged since %1").arg(lastModified.isEmpty() ? fetchedAt.toString(Qt::ISODate) : lastModified);
}

QString updateSheetName(const Endpoint &endpoint, const FetchOutcome &outcome)
{
    QString name = u"%1 update %2"_s.arg(endpoint.provider, outcome.fetchedAt.toString(Qt::ISODate));
    if (!outcome.etag.isEmpty())
        name += u" ETag "_s + outcome.etag;
    return name;
}

} // namespace accelplan::net
