#pragma once
// Downloads the providers' price lists for `prices update` and the window's Update from Providers
// (issue 37): each streamed to a file in a
// cache folder, TLS verified, with a transfer timeout, retries on 429/5xx (Retry-After honoured) and
// a conditional request from the ETag/Last-Modified of the last run. Errors are values.
#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

class QNetworkAccessManager;

namespace accelplan::net {

/// One row of data/catalog/endpoints.csv.
struct Endpoint
{
    QString provider;   ///< "aws"
    QString url;
    QString format;     ///< an import format name (core/pricing/sheetreader.h)
    QString sourcePage; ///< where people read about the list
    /// An AWS region index's regions to fetch (all when empty); their lists become one CSV.
    QStringList regions;
    /// Whose offers the list holds when that is not the endpoint's name: "aws" for "aws-spot",
    /// SkyPilot's copy of AWS's list with its spot prices beside AWS's own list.
    QString sheetProvider{};
    /// The provider the list's offers are read as.
    QString offersOf() const { return sheetProvider.isEmpty() ? provider : sheetProvider; }
};

/// The shipped endpoints (:/data/catalog/endpoints.csv, read as every shipped table is); an
/// error text when unreadable or a row is bad.
QList<Endpoint> shippedEndpoints(QString *error);

struct FetchOutcome
{
    enum class Status { Fetched, Unchanged, Failed, Interrupted, Skipped };
    Status status = Status::Failed;
    QString file;          ///< the complete download (Fetched only)
    QString error;         ///< Failed and Skipped: why
    QStringList notes;     ///< what a user should know of a good download (regions no longer listed)
    QString etag;
    QString lastModified;
    QDateTime fetchedAt;   ///< UTC; Unchanged: when the stored copy was fetched
    int pages = 0;

    /// Unchanged: "unchanged since" the server's Last-Modified, or when the stored copy was fetched.
    QString unchangedText() const;
};

struct FetchSettings
{
    QString cacheDir;
    QString caFile;         ///< PEM certificates trusted besides the system's (a TLS-inspecting proxy)
    /// Google's Cloud Billing Catalog key, sent as a header (never in a URL, a message or a file);
    /// without it Google's endpoint is Skipped.
    QString gcpApiKey;
    int timeoutMs = 60000;  ///< no bytes for this long: the transfer fails
    int attempts = 4;       ///< tries on 429/5xx
    int backoffMs = 1000;   ///< first wait without Retry-After; doubles
    int maxWaitMs = 60000;  ///< longest wait Retry-After may ask for
    /// Asked every 0.1 s during a transfer or a wait: true stops the download (Status::Interrupted,
    /// nothing kept).
    std::function<bool()> cancelled;
    /// Told the bytes of the page being received and the page's number, as they arrive.
    std::function<void(qint64 bytes, int page)> progress;
};

/// ACCELPLAN_HTTP_TIMEOUT_MS, ACCELPLAN_HTTP_BACKOFF_MS, ACCELPLAN_HTTP_MAX_WAIT_MS, ACCELPLAN_CA_FILE,
/// ACCELPLAN_GCP_API_KEY and ACCELPLAN_UPDATE_CACHE override the defaults.
FetchSettings fetchSettingsFromEnvironment();

/// Downloads \a endpoint (all its pages for Azure and Google) into settings.cacheDir. A failure leaves no
/// file behind and keeps the stored validators; Fetched files replace the last download only once
/// complete. \a commitValidators false (dry run) keeps the ETag of the last run.
FetchOutcome fetchEndpoint(QNetworkAccessManager &network, const Endpoint &endpoint,
                           const FetchSettings &settings);

/// Records the validators of a download once its prices are in (so a failed import fetches again).
void storeValidators(const FetchSettings &settings, const Endpoint &endpoint, const FetchOutcome &outcome);

/// When \a provider's list was last fetched and imported (its stored validators); invalid when never.
QDateTime lastUpdate(const FetchSettings &settings, const QString &provider);

/// The name of the sheet a download becomes: provider, fetch time and the server's ETag (a SkyPilot
/// catalog's revision), "lambda update 2026-11-29T05:02:11Z ETag \"9f2c…\"".
QString updateSheetName(const Endpoint &endpoint, const FetchOutcome &outcome);

} // namespace accelplan::net
