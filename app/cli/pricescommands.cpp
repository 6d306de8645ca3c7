#include "app/cli/cliapp.h"

#include "core/planning/plan/planjson.h"

#include "core/common/progressdevice.h"
#include "core/common/savefile.h"
#include "core/common/tr.h"
#include "core/pricing/currency.h"
#include "core/pricing/pricesheetparser.h"
#include "core/pricing/sheetexporter.h"
#include "core/pricing/sheetreader.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include <unistd.h>

using namespace Qt::StringLiterals;

namespace accelplan::cli {

using namespace accelplan::pricing;

namespace {

constexpr int kDetailLines = 20;

QString changeLine(const PriceChange &change)
{
    const QString key = u"%1 %2 %3 %4"_s.arg(change.key.provider, change.key.sku, change.key.region,
                                             toString(change.key.priceModel));
    const QString supersedes = change.supersedesApproximate
                                   ? Tr::tr(" (supersedes an approximate price from %1)")
                                         .arg(change.oldEffectiveDate.toString(Qt::ISODate))
                                   : QString();
    switch (change.kind) {
    case PriceChange::Kind::Added: return u"  + "_s + key + u"  "_s + change.newPrice;
    case PriceChange::Kind::Changed:
        return u"  ~ "_s + key + u"  "_s + change.oldPrice + u" -> "_s + change.newPrice + supersedes;
    case PriceChange::Kind::Historical:
        if (isApproximate(change.newConfidence) && !isApproximate(change.oldConfidence))
            return u"  h "_s + key + u"  "_s + change.newPrice
                   + Tr::tr(" (history only: the stored %1 from %2 is not approximate and outranks it)")
                         .arg(change.oldPrice, change.oldEffectiveDate.toString(Qt::ISODate));
        return u"  h "_s + key + u"  "_s + change.newPrice
               + Tr::tr(" (history only: the stored %1 from %2 is newer)")
                     .arg(change.oldPrice, change.oldEffectiveDate.toString(Qt::ISODate));
    case PriceChange::Kind::Unchanged: return u"  = "_s + key + u"  "_s + change.newPrice + supersedes;
    }
    return {};
}

void printChanges(Context &context, const ImportSummary &summary, bool verbose)
{
    // Unchanged prices are listed only where they supersede an approximate one: the current
    // price's source changes although its value does not.
    for (const PriceChange::Kind kind : {PriceChange::Kind::Added, PriceChange::Kind::Changed,
                                         PriceChange::Kind::Unchanged, PriceChange::Kind::Historical}) {
        int shown = 0;
        int total = 0;
        for (const PriceChange &change : summary.changes) {
            if (change.kind != kind || (kind == PriceChange::Kind::Unchanged && !change.supersedesApproximate))
                continue;
            ++total;
            if (verbose || shown < kDetailLines) {
                context.out << changeLine(change) << '\n';
                ++shown;
            }
        }
        if (total > shown)
            context.out << Tr::tr("  … and %1 more (--verbose lists them all)").arg(total - shown) << '\n';
    }
}

/// Reads one file on a worker thread while this thread shows progress (a line that rewrites
/// itself on a terminal, one line per 10% otherwise) and passes on an interrupt.
ParsedSheet readSheet(Context &context, SheetReader &reader, const QString &file, ImportFormat format,
                      bool showProgress)
{
    auto progress = std::make_shared<ReadProgress>();
    ProgressDevice device(file, progress);
    const bool directory = QFileInfo(file).isDir();
    if (directory || !device.open(QIODevice::ReadOnly)) {
        ParsedSheet sheet;
        sheet.fileName = file;
        sheet.diagnostics.append(Diagnostic::error(
            file, 0, {},
            Tr::tr("cannot open %1: %2").arg(file, directory ? Tr::tr("it is a directory") : device.errorString())));
        return sheet;
    }
    ParsedSheet sheet;
    std::atomic<bool> done{false};
    std::thread worker([&] {
        sheet = reader.read(&device, file, format, &progress->cancelled);
        done = true;
    });
    const bool terminal = isatty(STDERR_FILENO);
    int shown = -1;
    while (!done.load()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (interruptRequested())
            progress->cancelled = true;
        const int percent = progress->percent();
        // Every tenth off a terminal, either way: a reader that checks the whole file first (its
        // SHA-256) reads it again from the start, and that second pass is most of the time.
        if (showProgress && !progress->cancelled && (shown < 0 || (terminal ? percent != shown : percent / 10 != shown / 10))) {
            context.err << Tr::tr("%1: reading, %2%").arg(file).arg(percent) << (terminal ? '\r' : '\n');
            context.err.flush();
            shown = percent;
        }
    }
    worker.join();
    if (showProgress && terminal && shown >= 0)
        context.err << QString(file.size() + 20, u' ') << '\r';
    return sheet;
}

int importCommand(Context &context, const QCommandLineParser &parser)
{
    const QStringList files = parser.positionalArguments();
    if (files.isEmpty())
        return context.usage(Tr::tr("prices import needs at least one FILE"));
    const auto format = importFormatFromString(parser.value(u"format"_s));
    if (!format)
        return context.usage(Tr::tr("unknown --format '%1'; expected one of %2")
                                 .arg(parser.value(u"format"_s), importFormatNames().join(u", "_s)));
    if (parser.isSet(u"name"_s) && files.size() > 1)
        return context.usage(Tr::tr("--name names one sheet; give one FILE with it"));
    if (parser.isSet(u"name"_s) && parser.value(u"name"_s).trimmed().isEmpty())
        return context.usage(Tr::tr("--name needs a non-empty name"));
    const catalog::AcceleratorCatalog *catalog = context.catalog();
    if (!catalog)
        return context.failureExitCode();

    // Validate every file completely before anything is written.
    const InterruptGuard interrupts;
    auto interrupted = [&] {
        context.err << Tr::tr("accelplan-cli: interrupted; nothing was imported (the database is unchanged)") << '\n';
        return int(ExitInterrupted);
    };
    SheetReader reader(*catalog, QDate::currentDate());
    reader.setProvider(parser.value(u"provider"_s));
    reader.setAcceptOutliers(parser.isSet(u"accept-outliers"_s));
    const bool showProgress = parser.isSet(u"progress"_s) || isatty(STDERR_FILENO);
    QList<ParsedSheet> sheets;
    int badFiles = 0;
    for (const QString &file : files) {
        ParsedSheet sheet = readSheet(context, reader, file, *format, showProgress);
        if (interruptRequested())
            return interrupted();
        // Auto-detection names the provider format it chose; a native sheet needs no word.
        const auto detected = importFormatFromString(sheet.format); // none when the file could not be read
        if (*format == ImportFormat::Auto && detected && *detected != ImportFormat::Csv && *detected != ImportFormat::Json)
            context.err << Tr::tr("%1: read as %2 (%3)").arg(file, sheet.format, importFormatTitle(*detected)) << '\n';
        if (parser.isSet(u"provider"_s) && detected && *detected != ImportFormat::Skypilot)
            context.err << Tr::tr("%1: --provider names the provider of a SkyPilot catalog; this file names its own, "
                                  "so it is ignored")
                               .arg(file)
                        << '\n';
        for (const auto &[reason, count] : std::as_const(sheet.skipped))
            context.err << Tr::tr("%1: skipped %2 rows: %3").arg(file, QString::number(count), reason) << '\n';
        if (!sheet.unknownTypes.isEmpty())
            context.err << Tr::tr("%1: accelerator types not in the mapping table: %2")
                               .arg(file, sheet.unknownTypes.join(u", "_s))
                        << '\n';
        for (const Diagnostic &d : std::as_const(sheet.diagnostics))
            context.err << d.toString() << '\n';
        if (!sheet.ok()) {
            ++badFiles;
            int errors = 0;
            QSet<int> badLines;
            for (const Diagnostic &d : std::as_const(sheet.diagnostics)) {
                if (d.severity == Diagnostic::Severity::Error) {
                    ++errors;
                    badLines.insert(d.line);
                }
            }
            if (sheet.outliers > 0)
                context.err << Tr::tr("%1: %2; if they are right, import again with --accept-outliers")
                                   .arg(file, sheet.outliers == 1
                                                  ? Tr::tr("1 price quarantined as an outlier")
                                                  : Tr::tr("%1 prices quarantined as outliers").arg(sheet.outliers))
                            << '\n';
            // A file that has no rows (unreadable, empty, not a sheet) has said why above.
            if (sheet.rowCount > 0)
                context.err << Tr::tr("%1: %2 on %3 of %4 rows")
                                   .arg(file, errors == 1 ? Tr::tr("1 error") : Tr::tr("%1 errors").arg(errors))
                                   .arg(badLines.size())
                                   .arg(sheet.rowCount)
                            << '\n';
        }
        sheets.append(std::move(sheet));
    }
    if (badFiles > 0) {
        context.err << (files.size() == 1 ? Tr::tr("accelplan-cli: nothing was imported")
                                          : Tr::tr("accelplan-cli: %1 of %2 files have errors; nothing was imported "
                                                   "from any of them")
                                                .arg(badFiles)
                                                .arg(files.size()))
                    << '\n';
        return ExitBadInput;
    }

    PriceDatabase *database = context.database();
    if (!database)
        return context.failureExitCode();
    const bool dryRun = parser.isSet(u"dry-run"_s);
    for (const ParsedSheet &sheet : std::as_const(sheets)) {
        // Once a sheet's transaction starts it runs to its end: all or nothing either way.
        if (interruptRequested())
            return interrupted();
        if (showProgress)
            context.err << Tr::tr("%1: writing %2 offers").arg(sheet.fileName).arg(sheet.records.size()) << Qt::endl;
        const QString name = parser.isSet(u"name"_s) ? parser.value(u"name"_s) : QFileInfo(sheet.fileName).fileName();
        const auto summary = database->importSheet(sheet, name, QFileInfo(sheet.fileName).absoluteFilePath(), dryRun);
        if (!summary && summary.error().kind == ErrorKind::Interrupted)
            return interrupted(); // while it waited for another import's write lock
        if (!summary)
            return context.report(summary.error());
        if (summary->alreadyImportedAs > 0) {
            context.out << Tr::tr("%1: already imported as sheet %2; nothing to do")
                               .arg(sheet.fileName)
                               .arg(summary->alreadyImportedAs)
                        << '\n';
            continue;
        }
        context.out << Tr::tr("%1: %2 rows: %3 added, %4 changed, %5 unchanged, %6 history only")
                           .arg(sheet.fileName)
                           .arg(summary->rowCount)
                           .arg(summary->added)
                           .arg(summary->changed)
                           .arg(summary->unchanged)
                           .arg(summary->historical);
        if (const QString superseded = supersededText(*summary); !superseded.isEmpty())
            context.out << u"; "_s << superseded;
        if (dryRun)
            context.out << Tr::tr(" (dry run: nothing written)");
        else
            context.out << Tr::tr(" (sheet %1)").arg(summary->sheetId);
        context.out << '\n';
        printChanges(context, *summary, parser.isSet(u"verbose"_s));
    }
    return ExitOk;
}

QStringList listHeaders(bool withDisplay)
{
    QStringList headers{u"provider"_s, u"offer_kind"_s, u"sku"_s, u"accelerator"_s, u"accelerator_count"_s,
                        u"region"_s, u"price_model"_s, u"price"_s, u"currency"_s, u"unit"_s};
    if (withDisplay)
        headers << u"display_price"_s << u"display_currency"_s;
    // source_url stays last: the table leaves it out so rows fit a terminal.
    headers << u"effective_date"_s << u"as_of"_s << u"age_days"_s << u"stale"_s << u"confidence"_s << u"source_url"_s;
    return headers;
}

int listCommand(Context &context, const QCommandLineParser &parser)
{
    const auto format = formatOption(context, parser, {OutputFormat::Table, OutputFormat::Csv, OutputFormat::Json});
    if (!format)
        return ExitUsage;
    const catalog::AcceleratorCatalog *catalog = context.catalog();
    if (!catalog)
        return context.failureExitCode();

    OfferFilter filter;
    filter.provider = parser.value(u"provider"_s);
    filter.region = parser.value(u"region"_s);
    if (parser.isSet(u"accelerator"_s)) {
        const QString name = parser.value(u"accelerator"_s);
        const catalog::Accelerator *accelerator = catalog->find(name);
        if (!accelerator)
            return context.usage(catalog->unknownMessage(name));
        filter.accelerator = accelerator->id;
    }
    if (parser.isSet(u"kind"_s)) {
        filter.kind = offerKindFromString(parser.value(u"kind"_s));
        if (!filter.kind)
            return context.usage(Tr::tr("unknown --kind '%1'; expected one of: %2")
                                     .arg(parser.value(u"kind"_s), offerKindNames().join(u", "_s)));
    }
    if (parser.isSet(u"price-model"_s)) {
        filter.priceModel = priceModelFromString(parser.value(u"price-model"_s));
        if (!filter.priceModel)
            return context.usage(Tr::tr("unknown --price-model '%1'; expected one of: %2")
                                     .arg(parser.value(u"price-model"_s), priceModelNames().join(u", "_s)));
    }
    if (parser.isSet(u"sheet"_s)) {
        bool ok = false;
        filter.sheetId = parser.value(u"sheet"_s).toLongLong(&ok);
        if (!ok || filter.sheetId <= 0)
            return context.usage(Tr::tr("--sheet needs a sheet id (see `prices sheets`)"));
    }
    const auto asOf = dateOption(context, parser, u"as-of"_s);
    if (!asOf)
        return ExitUsage;
    filter.asOf = *asOf;
    const auto currency = currencyOption(context, parser, u"currency"_s);
    if (!currency)
        return ExitUsage;
    const QString displayCurrency = *currency;

    PriceDatabase *database = context.database();
    if (!database)
        return context.failureExitCode();
    if (filter.sheetId > 0) {
        const auto sheets = database->sheets();
        if (!sheets)
            return context.report(sheets.error());
        if (std::none_of(sheets->cbegin(), sheets->cend(), [&](const SheetInfo &s) { return s.id == filter.sheetId; }))
            return context.report(Error::badInput(Tr::tr("there is no sheet %1; `prices sheets` lists them").arg(filter.sheetId)));
    }
    const auto records = database->prices(filter);
    if (!records)
        return context.report(records.error());
    FxTable fx;
    if (!displayCurrency.isEmpty()) {
        const auto table = database->fxTable();
        if (!table)
            return context.report(table.error());
        fx = *table;
    }

    const QDate listedOn = filter.asOf.isValid() ? filter.asOf : QDate::currentDate();
    QList<QStringList> rows;
    QJsonArray array;
    QStringList unconvertible;
    const bool onlyStale = parser.isSet(u"stale"_s);
    for (const PriceRecord &r : *records) {
        if (onlyStale && !r.stale(listedOn))
            continue;
        QStringList row{r.key.provider, toString(r.offerKind), r.key.sku, r.accelerator,
                        QString::number(r.acceleratorCount), r.key.region, toString(r.key.priceModel),
                        r.price.toString(), r.currency, toString(r.unit)};
        QJsonObject object = toJsonObject(r, false);
        object.insert(u"sheet_id"_s, r.sheetId);
        if (!displayCurrency.isEmpty()) {
            // The rates in force on the day the prices are listed for, never later ones.
            const auto converted = fx.convert(r.price.toDouble(), r.currency, displayCurrency, listedOn);
            if (converted) {
                row << QString::number(converted->amount, 'f', 4) << displayCurrency;
                object.insert(u"display_price"_s, converted->amount);
                object.insert(u"fx_rates"_s, planning::fxRatesJson(converted->ratesUsed));
            } else {
                row << Tr::tr("no rate") << displayCurrency;
                object.insert(u"display_price"_s, QJsonValue::Null);
                unconvertible.append(u"%1 %2 %3 %4 (%5)"_s.arg(r.key.provider, r.key.sku, r.key.region,
                                                                toString(r.key.priceModel), r.currency));
            }
            object.insert(u"display_currency"_s, displayCurrency);
        }
        // Every price shows its age on the day listed; past 180 days it is stale.
        object.insert(u"age_days"_s, r.ageDays(listedOn));
        object.insert(u"stale"_s, r.stale(listedOn));
        row << r.effectiveDate.toString(Qt::ISODate) << r.asOf.toString(Qt::ISODate) << QString::number(r.ageDays(listedOn))
            << (r.stale(listedOn) ? u"stale"_s : QString()) << r.confidence << r.sourceUrl;
        rows.append(row);
        array.append(object);
    }
    for (const QString &offer : std::as_const(unconvertible))
        context.err << Tr::tr("warning: no exchange rate to %1 for %2; its price is not converted")
                           .arg(displayCurrency, offer)
                    << '\n';

    QStringList headers = listHeaders(!displayCurrency.isEmpty());
    if (*format == OutputFormat::Table) {
        headers.removeLast();
        for (QStringList &row : rows)
            row.removeLast();
    }
    context.out << render(*format, headers, rows, array);
    return ExitOk;
}

int sheetsCommand(Context &context, const QCommandLineParser &parser)
{
    const auto format = formatOption(context, parser, {OutputFormat::Table, OutputFormat::Json});
    if (!format)
        return ExitUsage;
    PriceDatabase *database = context.database();
    if (!database)
        return context.failureExitCode();
    const auto sheets = database->sheets();
    if (!sheets)
        return context.report(sheets.error());
    if (*format == OutputFormat::Json) {
        QJsonArray array;
        for (const SheetInfo &s : *sheets) {
            array.append(QJsonObject{{u"id"_s, s.id},
                                     {u"name"_s, s.name},
                                     {u"kind"_s, s.kind},
                                     {u"source"_s, s.source},
                                     {u"imported_at"_s, s.importedAt.toString(Qt::ISODate)},
                                     {u"file_hash"_s, s.fileHash},
                                     {u"counts"_s, QJsonObject{{u"rows"_s, s.rowCount},
                                                               {u"added"_s, s.addedCount},
                                                               {u"changed"_s, s.changedCount},
                                                               {u"unchanged"_s, s.unchangedCount},
                                                               {u"history_only"_s, s.historicalCount}}}});
        }
        context.out << renderJson(array);
        return ExitOk;
    }
    QList<QStringList> rows;
    for (const SheetInfo &s : *sheets) {
        rows.append({QString::number(s.id), s.name, s.kind, s.importedAt.toString(Qt::ISODate),
                     QString::number(s.rowCount), QString::number(s.addedCount), QString::number(s.changedCount),
                     QString::number(s.unchangedCount), QString::number(s.historicalCount)});
    }
    context.out << renderTable({u"id"_s, u"name"_s, u"kind"_s, u"imported_at"_s, u"rows"_s, u"added"_s,
                                u"changed"_s, u"unchanged"_s, u"history_only"_s},
                               rows);
    return ExitOk;
}

int historyCommand(Context &context, const QCommandLineParser &parser)
{
    const auto format = formatOption(context, parser, {OutputFormat::Table, OutputFormat::Csv, OutputFormat::Json});
    if (!format)
        return ExitUsage;
    const QString sku = parser.value(u"sku"_s);
    if (sku.isEmpty())
        return context.usage(Tr::tr("prices history needs --sku SKU"));
    PriceDatabase *database = context.database();
    if (!database)
        return context.failureExitCode();
    const auto records = database->history(sku, parser.value(u"provider"_s), parser.value(u"region"_s));
    if (!records)
        return context.report(records.error());
    if (records->isEmpty()) {
        context.err << Tr::tr("accelplan-cli: no prices stored for SKU '%1' with these filters").arg(sku) << '\n';
        return ExitBadInput;
    }
    QList<QStringList> rows;
    QJsonArray array;
    for (const PriceRecord &r : *records) {
        rows.append({r.key.provider, r.key.sku, r.key.region, toString(r.key.priceModel),
                     r.effectiveDate.toString(Qt::ISODate), r.price.toString(), r.currency, toString(r.unit),
                     QString::number(r.sheetId), QString::number(r.sheetLine)});
        QJsonObject object = toJsonObject(r, false);
        object.insert(u"sheet_id"_s, r.sheetId);
        object.insert(u"sheet_line"_s, r.sheetLine);
        array.append(object);
    }
    const QStringList headers{u"provider"_s, u"sku"_s, u"region"_s, u"price_model"_s, u"effective_date"_s,
                              u"price"_s, u"currency"_s, u"unit"_s, u"sheet_id"_s, u"sheet_line"_s};
    context.out << render(*format, headers, rows, array);
    return ExitOk;
}

int exportCommand(Context &context, const QCommandLineParser &parser)
{
    const QString path = parser.value(u"output"_s);
    if (path.isEmpty())
        return context.usage(Tr::tr("prices export needs -o FILE"));
    QString formatText = parser.value(u"format"_s);
    if (formatText.isEmpty())
        formatText = QFileInfo(path).suffix().toLower() == u"json"_s ? u"json"_s : u"csv"_s;
    if (formatText != u"csv"_s && formatText != u"json"_s)
        return context.usage(Tr::tr("unknown --format '%1'; expected csv or json").arg(formatText));
    OfferFilter filter;
    const auto asOf = dateOption(context, parser, u"as-of"_s);
    if (!asOf)
        return ExitUsage;
    filter.asOf = *asOf;
    PriceDatabase *database = context.database();
    if (!database)
        return context.failureExitCode();
    const auto records = database->prices(filter);
    if (!records)
        return context.report(records.error());
    const QDate exportedOn = filter.asOf.isValid() ? filter.asOf : QDate::currentDate();
    if (const auto scheduled = database->pricesEffectiveAfter(exportedOn); scheduled && *scheduled > 0) {
        context.err << Tr::tr("warning: %1 stored prices take effect after %2 and are not in this export; "
                              "export with --as-of a later date to include them")
                           .arg(*scheduled)
                           .arg(exportedOn.toString(Qt::ISODate))
                    << '\n';
    }

    QByteArray data;
    if (formatText == u"csv"_s) {
        data = toNativeCsv(*records);
    } else {
        QJsonArray offers;
        for (const PriceRecord &r : *records)
            offers.append(toJsonObject(r, true));
        data = QJsonDocument(QJsonObject{{u"offers"_s, offers}}).toJson(QJsonDocument::Indented);
    }
    // A file that cannot be written (a full disk, a missing folder) is bad input here, exit 2.
    if (const Status written = writeFileAtomically(path, data); !written)
        return context.report(Error::badInput(written.error().message));
    context.out << Tr::tr("%1: %2 offers exported").arg(path).arg(records->size()) << '\n';
    return ExitOk;
}

QCommandLineOption formatOptionSpec(const QString &choices, const QString &defaultValue)
{
    return {u"format"_s, Tr::tr("Output format: %1.").arg(choices), u"FORMAT"_s, defaultValue};
}

// Every registered import format, listed from the one registry (core/pricing/sheetreader.h).
QString importFormatHelp()
{
    QStringList formats;
    for (const ImportFormatInfo &info : importFormatRegistry())
        formats << u"%1 (%2)"_s.arg(info.name, info.title());
    return Tr::tr("File format: %1. A SkyPilot catalog needs --provider.").arg(formats.join(u", "_s));
}

} // namespace

QList<Command> pricesCommands()
{
    return {
        {u"prices"_s, u"import"_s, Tr::tr("import price sheets: native, or the providers' price lists"),
         [](QCommandLineParser &p) {
             p.addPositionalArgument(u"FILE"_s, Tr::tr("Price sheets to import."), u"FILE..."_s);
             p.addOption({u"format"_s,
                          importFormatHelp(),
                          u"FORMAT"_s, u"auto"_s});
             p.addOption({u"progress"_s, Tr::tr("Show reading progress on stderr even when it is not a terminal.")});
             p.addOption({u"dry-run"_s, Tr::tr("Validate and show what would change; write nothing.")});
             p.addOption({u"name"_s, Tr::tr("Name of the new sheet (default: the file name)."), u"NAME"_s});
             p.addOption({u"verbose"_s, Tr::tr("List every added and changed offer.")});
             p.addOption({u"provider"_s,
                          Tr::tr("The provider of a SkyPilot catalog (its directory name: lambda, runpod, nebius…)."),
                          u"NAME"_s});
             p.addOption({u"accept-outliers"_s,
                          Tr::tr("Import prices quarantined as outliers (far below or above any real offer, or far "
                                 "from their own on-demand price), marked approximate.")});
         },
         importCommand, true},
        {u"prices"_s, u"list"_s, Tr::tr("list current prices, filtered"),
         [](QCommandLineParser &p) {
             p.addOption({u"provider"_s, Tr::tr("Only this provider."), u"P"_s});
             p.addOption({u"accelerator"_s, Tr::tr("Only this accelerator (id or alias)."), u"ID"_s});
             p.addOption({u"kind"_s, Tr::tr("Only this offer kind."), u"K"_s});
             p.addOption({u"region"_s, Tr::tr("Only this region."), u"R"_s});
             p.addOption({u"price-model"_s, Tr::tr("Only this price model."), u"M"_s});
             p.addOption({u"sheet"_s, Tr::tr("The rows of this sheet instead of current prices."), u"ID"_s});
             p.addOption({u"as-of"_s, Tr::tr("Prices current on this date (default today)."), u"DATE"_s});
             p.addOption({u"stale"_s, Tr::tr("Only prices read more than 180 days before that date.")});
             p.addOption({u"currency"_s, Tr::tr("Also show each price in this currency."), u"CUR"_s});
             p.addOption(formatOptionSpec(u"table, csv or json"_s, u"table"_s));
         },
         listCommand},
        {u"prices"_s, u"sheets"_s, Tr::tr("list imported sheets"),
         [](QCommandLineParser &p) { p.addOption(formatOptionSpec(u"table or json"_s, u"table"_s)); }, sheetsCommand},
        {u"prices"_s, u"history"_s, Tr::tr("every stored price of a SKU"),
         [](QCommandLineParser &p) {
             p.addOption({u"sku"_s, Tr::tr("The SKU."), u"SKU"_s});
             p.addOption({u"provider"_s, Tr::tr("Only this provider."), u"P"_s});
             p.addOption({u"region"_s, Tr::tr("Only this region."), u"R"_s});
             p.addOption(formatOptionSpec(u"table, csv or json"_s, u"table"_s));
         },
         historyCommand},
        {u"prices"_s, u"export"_s, Tr::tr("write current prices as a native sheet"),
         [](QCommandLineParser &p) {
             p.addOption({{u"o"_s, u"output"_s}, Tr::tr("The file to write."), u"FILE"_s});
             p.addOption({u"format"_s, Tr::tr("csv or json (default: from the file name)."), u"FORMAT"_s});
             p.addOption({u"as-of"_s, Tr::tr("Export the prices current on this date (default today)."), u"DATE"_s});
         },
         exportCommand},
    };
}

} // namespace accelplan::cli
