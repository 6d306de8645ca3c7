// `prices update` (issue 37): download each provider's price list and import it through the same
// reader and all-or-nothing sheet transaction as `prices import`. A provider that fails keeps its
// prices; the others land.
#include "app/cli/cliapp.h"
#include "app/cli/output.h"
#include "core/net/pricefetch.h"

#include "core/common/tr.h"
#include "core/pricing/importers/spotadvisor.h"
#include "core/pricing/pricedatabase.h"
#include "core/pricing/sheetreader.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QNetworkAccessManager>

#include <unistd.h>

using namespace Qt::StringLiterals;

namespace accelplan::cli {

using namespace accelplan::pricing;
using namespace accelplan::net;

namespace {

struct ProviderResult
{
    QString provider;
    QString status; ///< fetched, unchanged, failed, skipped
    QString detail;
    int added = 0;
    int changed = 0;
    int historical = 0;            ///< rows an earlier-dated or outranked price: history only
    QList<PriceChange> biggestMoves; ///< the changed prices that moved most
    QDateTime lastUpdate;            ///< the provider's update before this one; invalid when none
};

constexpr int kMovesShown = 3;

QString moveText(const PriceChange &c)
{
    return Tr::tr("%1 %2 %3: %4 → %5 (%6%7 %)")
        .arg(c.key.sku, c.key.region, toString(c.key.priceModel), c.oldPrice, c.newPrice, *c.move > 0 ? u"+"_s : QString())
        .arg(*c.move * 100, 0, 'f', 1);
}

// Applies --endpoint PROVIDER=URL and --provider P,...; an error text on a bad option.
QString selectEndpoints(const QCommandLineParser &parser, QList<Endpoint> &endpoints)
{
    for (const QString &option : parser.values(u"endpoint"_s)) {
        const qsizetype eq = option.indexOf(u'=');
        if (eq <= 0)
            return Tr::tr("--endpoint needs PROVIDER=URL, not '%1'").arg(option);
        const QString provider = option.left(eq);
        auto it = std::find_if(endpoints.begin(), endpoints.end(), [&](const Endpoint &e) { return e.provider == provider; });
        if (it == endpoints.end())
            return Tr::tr("--endpoint: unknown provider '%1'").arg(provider);
        it->url = option.mid(eq + 1);
    }
    if (!parser.isSet(u"provider"_s))
        return {};
    QList<Endpoint> chosen;
    for (const QString &name : parser.value(u"provider"_s).split(u',', Qt::SkipEmptyParts)) {
        auto it = std::find_if(endpoints.begin(), endpoints.end(), [&](const Endpoint &e) { return e.provider == name.trimmed(); });
        if (it == endpoints.end())
            return Tr::tr("unknown --provider '%1'").arg(name);
        chosen.append(*it);
    }
    endpoints = chosen;
    return {};
}

// Reads the download and imports it as one sheet: all or nothing.
void importDownload(Context &context, SheetReader &reader, const Endpoint &endpoint, const FetchOutcome &fetched,
                    bool dryRun, ProviderResult &result)
{
    const auto format = importFormatFromString(endpoint.format);
    QFile file(fetched.file);
    if (!format || !file.open(QIODevice::ReadOnly)) {
        result.status = u"failed"_s;
        result.detail = format ? file.errorString() : Tr::tr("unknown format '%1' in endpoints.csv").arg(endpoint.format);
        return;
    }
    reader.setProvider(endpoint.offersOf()); // a SkyPilot catalog does not name its provider
    const ParsedSheet sheet = reader.read(&file, fetched.file, *format);
    if (!sheet.ok() || sheet.records.isEmpty()) {
        result.status = u"failed"_s;
        result.detail = Tr::tr("the download holds no prices");
        for (const Diagnostic &d : sheet.diagnostics)
            if (d.severity == Diagnostic::Severity::Error) {
                result.detail = d.toString();
                break;
            }
        return;
    }
    PriceDatabase *database = context.database();
    if (!database) {
        result.status = u"failed"_s;
        result.detail = Tr::tr("no database");
        return;
    }
    // Provenance: the URL as the sheet's source; the reader recorded the file's SHA-256.
    const auto summary = database->importSheet(sheet, updateSheetName(endpoint, fetched), endpoint.url, dryRun);
    if (!summary) {
        result.status = u"failed"_s;
        result.detail = summary.error().message;
        return;
    }
    result.added = summary->added;
    result.changed = summary->changed;
    result.historical = summary->historical;
    result.biggestMoves = biggestMoves(*summary, kMovesShown);
    result.detail = summary->alreadyImportedAs > 0 ? Tr::tr("already imported as sheet %1").arg(summary->alreadyImportedAs)
                    : dryRun                        ? Tr::tr("dry run: nothing written")
                                                    : Tr::tr("sheet %1").arg(summary->sheetId);
}

// The Spot Instance Advisor's feed: interruption bands, not prices; stored as bands dated today.
void importSpotBands(Context &context, const Endpoint &endpoint, const FetchOutcome &fetched, bool dryRun,
                     ProviderResult &result)
{
    result.status = u"failed"_s;
    const auto rates = readSpotAdvisorFile(fetched.file, endpoint.url, fetched.fetchedAt.date());
    if (!rates) {
        result.detail = rates.error().message;
        return;
    }
    PriceDatabase *database = context.database();
    if (!database) {
        result.detail = Tr::tr("no database");
        return;
    }
    const auto summary = database->importSpotRates(*rates, dryRun);
    if (!summary) {
        result.detail = summary.error().message;
        return;
    }
    result.status = u"fetched"_s;
    result.added = summary->added;
    result.changed = summary->changed;
    result.detail = Tr::tr("%1 interruption bands (instance type and region), %2 the same as before%3")
                        .arg(rates->size())
                        .arg(summary->unchanged)
                        .arg(dryRun ? Tr::tr("; dry run: nothing written") : QString());
}

void printResults(Context &context, const QList<ProviderResult> &results, OutputFormat format)
{
    QJsonArray json;
    QList<QStringList> rows;
    for (const ProviderResult &r : results) {
        QJsonArray moves;
        QStringList movesText;
        for (const PriceChange &c : r.biggestMoves) {
            moves.append(QJsonObject{{u"sku"_s, c.key.sku}, {u"region"_s, c.key.region},
                                     {u"price_model"_s, toString(c.key.priceModel)}, {u"line"_s, c.line},
                                     {u"old_price"_s, c.oldPrice}, {u"new_price"_s, c.newPrice},
                                     {u"change_pct"_s, *c.move * 100}});
            movesText.append(moveText(c));
        }
        json.append(QJsonObject{{u"provider"_s, r.provider}, {u"status"_s, r.status}, {u"detail"_s, r.detail},
                                {u"added"_s, r.added}, {u"changed"_s, r.changed}, {u"history_only"_s, r.historical},
                                {u"biggest_moves"_s, moves},
                                {u"last_update"_s, r.lastUpdate.isValid() ? QJsonValue(r.lastUpdate.toString(Qt::ISODate))
                                                                          : QJsonValue()}});
        rows.append({r.provider, r.status, QString::number(r.added), QString::number(r.changed),
                     QString::number(r.historical),
                     movesText.isEmpty() ? r.detail : r.detail + Tr::tr("; biggest moves: ") + movesText.join(u"; "_s)});
    }
    context.out << render(format, {u"provider"_s, u"status"_s, u"added"_s, u"changed"_s, u"history_only"_s, u"detail"_s},
                          rows, json);
}

int updateCommand(Context &context, const QCommandLineParser &parser)
{
    const auto format = formatOption(context, parser, {OutputFormat::Table, OutputFormat::Json});
    if (!format)
        return ExitUsage;
    QString error;
    QList<Endpoint> endpoints = shippedEndpoints(&error);
    if (!error.isEmpty())
        return context.report(Error::internal(error));
    if (const QString bad = selectEndpoints(parser, endpoints); !bad.isEmpty())
        return context.usage(bad);
    const catalog::AcceleratorCatalog *catalog = context.catalog();
    if (!catalog)
        return context.failureExitCode();
    const bool dryRun = parser.isSet(u"dry-run"_s);
    const InterruptGuard interrupts;
    FetchSettings settings = fetchSettingsFromEnvironment();
    if (parser.isSet(u"gcp-api-key-file"_s)) {
        QFile keyFile(parser.value(u"gcp-api-key-file"_s));
        if (!keyFile.open(QIODevice::ReadOnly))
            return context.report(Error::badInput(
                Tr::tr("--gcp-api-key-file: cannot read %1: %2; nothing was fetched").arg(keyFile.fileName(), keyFile.errorString())));
        settings.gcpApiKey = QString::fromUtf8(keyFile.readAll()).trimmed(); // kept in memory only
        if (settings.gcpApiKey.isEmpty())
            return context.report(Error::badInput(Tr::tr("--gcp-api-key-file: %1 is empty; nothing was fetched").arg(keyFile.fileName())));
    }
    settings.cancelled = [] { return interruptRequested(); };
    const bool showProgress = parser.isSet(u"progress"_s) || isatty(STDERR_FILENO);
    QString current; // the provider being downloaded, for the progress line
    if (showProgress)
        settings.progress = [&](qint64 bytes, int page) {
            context.err << '\r' << Tr::tr("%1: %2 MB, page %3").arg(current).arg(bytes / 1e6, 0, 'f', 1).arg(page)
                        << "   ";
            context.err.flush();
        };
    QNetworkAccessManager network;
    SheetReader reader(*catalog, QDate::currentDate());
    QList<ProviderResult> results;
    int failures = 0;
    int reached = 0;
    // Every download first: Ctrl-C while they run (most of an update's time) writes nothing.
    QList<FetchOutcome> fetched;
    QList<QDateTime> previous; // each provider's last update, before this one
    const bool sinceLast = parser.isSet(u"since-last"_s);
    for (const Endpoint &endpoint : std::as_const(endpoints)) {
        current = endpoint.provider;
        previous.append(lastUpdate(settings, endpoint.provider));
        if (sinceLast && !previous.last().isValid()) {
            FetchOutcome never;
            never.status = FetchOutcome::Status::Skipped;
            never.error = Tr::tr("never updated here; --since-last refreshes only the providers updated before "
                                 "(run without it to add this one)");
            fetched.append(never);
            continue;
        }
        fetched.append(fetchEndpoint(network, endpoint, settings));
        if (showProgress)
            context.err << '\n';
        if (fetched.last().status == FetchOutcome::Status::Interrupted || interruptRequested()) {
            for (const FetchOutcome &f : std::as_const(fetched))
                if (!f.file.isEmpty())
                    QFile::remove(f.file);
            context.err << Tr::tr("accelplan-cli: interrupted; nothing was written (the database is unchanged)") << '\n';
            return ExitInterrupted;
        }
    }
    QStringList imported;
    // Asked between providers and after the last: each sheet is all or nothing.
    auto interrupted = [&] {
        if (!interruptRequested())
            return false;
        context.err << Tr::tr("accelplan-cli: interrupted; %1").arg(imported.isEmpty() ? Tr::tr("nothing was written")
                                                                                      : Tr::tr("imported before it: %1")
                                                                                            .arg(imported.join(u", "_s)))
                    << '\n';
        return true;
    };
    for (qsizetype i = 0; i < endpoints.size(); ++i) {
        const Endpoint &endpoint = endpoints[i];
        if (interrupted())
            return ExitInterrupted;
        ProviderResult result{endpoint.provider, {}, {}, 0, 0, 0, {}, previous[i]};
        if (fetched[i].status == FetchOutcome::Status::Failed) {
            result.status = u"failed"_s;
            result.detail = fetched[i].error;
        } else if (fetched[i].status == FetchOutcome::Status::Skipped) {
            result.status = u"skipped"_s; // not asked for what it needs: neither reached nor failed
            result.detail = fetched[i].error;
        } else if (fetched[i].status == FetchOutcome::Status::Unchanged) {
            ++reached;
            result.status = u"unchanged"_s;
            result.detail = fetched[i].unchangedText();
        } else {
            ++reached;
            result.status = u"fetched"_s;
            if (endpoint.format == kSpotAdvisorFormat)
                importSpotBands(context, endpoint, fetched[i], dryRun, result);
            else
                importDownload(context, reader, endpoint, fetched[i], dryRun, result);
            for (const QString &note : std::as_const(fetched[i].notes))
                result.detail += u"; "_s + note;
            if (sinceLast)
                result.detail += Tr::tr("; changes since the last update, %1").arg(previous[i].toString(Qt::ISODate));
            if (result.status == u"fetched"_s && !dryRun) {
                storeValidators(settings, endpoint, fetched[i]); // only once its prices are in
                imported.append(endpoint.provider);
            }
        }
        if (result.status == u"failed"_s) {
            ++failures;
            context.err << Tr::tr("%1: failed; its prices are unchanged: %2").arg(endpoint.provider, result.detail) << '\n';
        }
        results.append(result);
    }
    if (interrupted())
        return ExitInterrupted;
    printResults(context, results, *format);
    if (sinceLast && std::none_of(previous.begin(), previous.end(), [](const QDateTime &t) { return t.isValid(); })) {
        context.err << Tr::tr("accelplan-cli: --since-last: no provider was updated here before; run `prices update` "
                              "once without it (nothing was written)")
                    << '\n';
        return ExitBadInput;
    }
    if (reached == 0 && !endpoints.isEmpty()) {
        context.err << Tr::tr("accelplan-cli: no price list could be reached; nothing was written") << '\n';
        return ExitBadInput;
    }
    return failures > 0 ? int(ExitInternal) : int(ExitOk);
}

} // namespace

QList<Command> pricesUpdateCommands()
{
    return {{u"prices"_s, u"update"_s, Tr::tr("download the providers' price lists and import them"),
             [](QCommandLineParser &p) {
                 p.addOption({u"provider"_s, Tr::tr("Only these providers (comma separated)."), u"P,..."_s});
                 p.addOption({u"dry-run"_s, Tr::tr("Download and show what would change; write nothing.")});
                 p.addOption({u"format"_s, Tr::tr("Output format: table or json."), u"FORMAT"_s, u"table"_s});
                 p.addOption({u"endpoint"_s, Tr::tr("Fetch PROVIDER's list from URL instead (repeatable)."),
                              u"PROVIDER=URL"_s});
                 p.addOption({u"progress"_s, Tr::tr("Show download progress on stderr even when it is not a terminal.")});
                 p.addOption({u"since-last"_s,
                              Tr::tr("Only the providers updated before, each asked for what changed since its last "
                                     "update; the others are skipped.")});
                 p.addOption({u"gcp-api-key-file"_s,
                              Tr::tr("Google Cloud API key for the Cloud Billing Catalog, read from FILE "
                                     "(or ACCELPLAN_GCP_API_KEY); without one Google is skipped."),
                              u"FILE"_s});
             },
             updateCommand}};
}

} // namespace accelplan::cli
