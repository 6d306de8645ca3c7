// `quotes list|add|import|remove`: vendors' quotes, ranked as offers while valid (issue 39).
#include "app/cli/cliapp.h"

#include "core/common/tr.h"
#include "core/pricing/discount.h"
#include "core/pricing/quote.h"

#include <QFile>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace accelplan::cli {

using namespace accelplan::pricing;

namespace {

/// The current list prices and the exchange rates a quote is compared with; false after reporting.
bool market(Context &context, PriceDatabase &database, QList<PriceRecord> *offers, FxTable *fx)
{
    auto prices = database.prices();
    if (!prices) {
        context.report(prices.error());
        return false;
    }
    auto rates = database.fxTable();
    if (!rates) {
        context.report(rates.error());
        return false;
    }
    *offers = std::move(prices).value();
    *fx = std::move(rates).value();
    return true;
}

int listCommand(Context &context, const QCommandLineParser &parser)
{
    const auto format = formatOption(context, parser, {OutputFormat::Table, OutputFormat::Csv, OutputFormat::Json});
    if (!format)
        return ExitUsage;
    PriceDatabase *database = context.database();
    if (!database)
        return context.failureExitCode();
    const auto quotes = database->quotes();
    if (!quotes)
        return context.report(quotes.error());
    QList<PriceRecord> offers;
    FxTable fx;
    if (!market(context, *database, &offers, &fx))
        return context.failureExitCode();
    const QDate today = QDate::currentDate();
    const QStringList headers{u"id"_s,          u"vendor"_s,   u"sku"_s,        u"accelerator"_s, u"price_model"_s,
                              u"price"_s,       u"valid_until"_s, u"status"_s,   u"comparison"_s,  u"source"_s,
                              u"entered_by"_s};
    QList<QStringList> rows;
    QJsonArray array;
    for (const Quote &q : *quotes) {
        const QuoteComparison c = compareQuote(q, offers, fx);
        const QString status = q.expired(today) ? Tr::tr("expired") : Tr::tr("valid");
        const QString price = u"%1 %2"_s.arg(q.price.toString(), q.currency);
        rows.append({QString::number(q.id), q.vendor, q.sku, q.accelerator, toString(q.priceModel), price,
                     q.validUntil.toString(Qt::ISODate), status, c.text(), q.source, q.enteredBy});
        auto optional = [](const std::optional<double> &v) { return v ? QJsonValue(*v) : QJsonValue(); };
        array.append(QJsonObject{{u"id"_s, q.id},
                                 {u"vendor"_s, q.vendor},
                                 {u"kind"_s, toString(q.kind)},
                                 {u"sku"_s, q.sku},
                                 {u"region"_s, q.region},
                                 {u"accelerator"_s, q.accelerator},
                                 {u"accelerator_count"_s, q.acceleratorCount},
                                 {u"price_model"_s, toString(q.priceModel)},
                                 {u"price"_s, q.price.toDouble()},
                                 {u"currency"_s, q.currency},
                                 {u"valid_until"_s, q.validUntil.toString(Qt::ISODate)},
                                 {u"expired"_s, q.expired(today)},
                                 {u"min_term_months"_s, q.minimumTermMonths},
                                 {u"min_instances"_s, q.minimumInstances},
                                 {u"price_per_chip"_s, c.perChip},
                                 {u"price_per_chip_unit"_s, c.unit},
                                 {u"list_per_chip"_s, optional(c.list)},
                                 {u"market_low"_s, optional(c.marketLow)},
                                 {u"market_high"_s, optional(c.marketHigh)},
                                 {u"market_offers"_s, c.marketOffers},
                                 {u"comparison"_s, c.text()},
                                 {u"source"_s, q.source},
                                 {u"entered_by"_s, q.enteredBy},
                                 {u"entered_at"_s, q.enteredAt},
                                 {u"description"_s, q.describe()}});
    }
    context.out << render(*format, headers, rows, array);
    return ExitOk;
}

// Stores \a quotes (validated) and says how each compares.
int store(Context &context, PriceDatabase &database, const QList<Quote> &quotes, bool dryRun)
{
    QList<PriceRecord> offers;
    FxTable fx;
    if (!market(context, database, &offers, &fx))
        return context.failureExitCode();
    if (!dryRun) {
        const auto ids = database.addQuotes(quotes, loginName());
        if (!ids)
            return context.report(ids.error());
    }
    for (const Quote &q : quotes)
        context.out << (dryRun ? Tr::tr("would add ") : Tr::tr("added ")) << q.describe() << '\n'
                    << "  " << compareQuote(q, offers, fx).text() << '\n';
    return ExitOk;
}

int addCommand(Context &context, const QCommandLineParser &parser)
{
    const catalog::AcceleratorCatalog *accelerators = context.catalog();
    if (!accelerators)
        return context.failureExitCode();
    Quote q;
    q.vendor = parser.value(u"vendor"_s);
    q.sku = parser.value(u"sku"_s);
    q.region = parser.value(u"region"_s);
    q.accelerator = parser.value(u"accelerator"_s);
    q.currency = parser.value(u"currency"_s);
    q.source = parser.value(u"source"_s);
    if (const auto kind = offerKindFromString(parser.value(u"kind"_s)))
        q.kind = *kind;
    else
        return context.usage(Tr::tr("--kind: '%1' is not an offer kind (%2)")
                                 .arg(parser.value(u"kind"_s), offerKindNames().join(u", "_s)));
    if (const auto model = priceModelFromString(parser.value(u"price-model"_s)))
        q.priceModel = *model;
    else
        return context.usage(Tr::tr("--price-model: '%1' is not a price model").arg(parser.value(u"price-model"_s)));
    for (const auto &[option, target] : {std::pair{u"count"_s, &q.acceleratorCount},
                                         std::pair{u"min-term-months"_s, &q.minimumTermMonths},
                                         std::pair{u"min-instances"_s, &q.minimumInstances}}) {
        bool ok = false;
        *target = parser.value(option).toInt(&ok);
        if (!ok)
            return context.usage(Tr::tr("--%1: '%2' is not a whole number").arg(option, parser.value(option)));
    }
    QString why;
    const auto price = Decimal::parse(parser.value(u"price"_s), &why);
    if (!price)
        return context.usage(Tr::tr("--price: %1").arg(parser.value(u"price"_s).isEmpty() ? Tr::tr("needed") : why));
    q.price = *price;
    q.validUntil = QDate::fromString(parser.value(u"valid-until"_s), Qt::ISODate);
    if (parser.isSet(u"valid-until"_s) && (!q.validUntil.isValid() || parser.value(u"valid-until"_s).size() != 10))
        return context.usage(Tr::tr("--valid-until: '%1' is not a date (YYYY-MM-DD)").arg(parser.value(u"valid-until"_s)));
    if (QString problem = entryProblem(q, *accelerators, QDate::currentDate()); !problem.isEmpty()) {
        // The field's name as the option spells it.
        const qsizetype colon = problem.indexOf(u':');
        const QString field = problem.left(colon).replace(u'_', u'-').replace(u"accelerator-count"_s, u"count"_s);
        return context.report(Error::badInput(u"--"_s + field + problem.mid(colon)));
    }
    PriceDatabase *database = context.database();
    if (!database)
        return context.failureExitCode();
    return store(context, *database, {q}, parser.isSet(u"dry-run"_s));
}

int importCommand(Context &context, const QCommandLineParser &parser)
{
    const QStringList files = parser.positionalArguments();
    if (files.size() != 1)
        return context.usage(Tr::tr("quotes import needs one FILE"));
    QFile file(files.first());
    if (!file.open(QIODevice::ReadOnly))
        return context.report(Error::badInput(Tr::tr("cannot open %1: %2").arg(file.fileName(), file.errorString())));
    const catalog::AcceleratorCatalog *accelerators = context.catalog();
    if (!accelerators)
        return context.failureExitCode();
    const auto quotes = readQuotes(&file, file.fileName(), *accelerators, QDate::currentDate());
    if (!quotes)
        return context.report(quotes.error());
    PriceDatabase *database = context.database();
    if (!database)
        return context.failureExitCode();
    return store(context, *database, *quotes, parser.isSet(u"dry-run"_s));
}

} // namespace

QList<Command> quoteCommands()
{
    return {
        {u"quotes"_s, u"list"_s, Tr::tr("list vendors' quotes, each against the list price and the market"),
         [](QCommandLineParser &p) {
             p.addOption({u"format"_s, Tr::tr("Output format: table, csv or json."), u"FORMAT"_s, u"table"_s});
         },
         listCommand},
        {u"quotes"_s, u"add"_s, Tr::tr("add a vendor's quote, ranked as an offer until it expires"),
         [](QCommandLineParser &p) {
             p.addOption({u"vendor"_s, Tr::tr("Who quoted (Lambda, a colocation firm, a hardware reseller)."), u"V"_s});
             p.addOption({u"kind"_s, Tr::tr("cloud_vm, dedicated_server, tpu, marketplace or owned (hardware)."), u"K"_s,
                          u"cloud_vm"_s});
             p.addOption({u"sku"_s, Tr::tr("The instance, server or system quoted."), u"SKU"_s});
             p.addOption({u"region"_s, Tr::tr("Where (default: quoted)."), u"R"_s});
             p.addOption({u"accelerator"_s, Tr::tr("The chip, a catalog id or alias (h100-sxm)."), u"ID"_s});
             p.addOption({u"count"_s, Tr::tr("Chips per instance or server."), u"N"_s, u"1"_s});
             p.addOption({u"price-model"_s, Tr::tr("on_demand, commit_1y, commit_3y, monthly or purchase."), u"M"_s,
                          u"on_demand"_s});
             p.addOption({u"price"_s, Tr::tr("Per instance-hour, server-month or unit bought."), u"X"_s});
             p.addOption({u"currency"_s, Tr::tr("ISO 4217 code."), u"CUR"_s, u"USD"_s});
             p.addOption({u"valid-until"_s, Tr::tr("The last day the price holds (YYYY-MM-DD)."), u"DATE"_s});
             p.addOption({u"min-term-months"_s, Tr::tr("Paid for at least this many months."), u"N"_s, u"0"_s});
             p.addOption({u"min-instances"_s, Tr::tr("Paid for at least this many instances."), u"N"_s, u"0"_s});
             p.addOption({u"source"_s, Tr::tr("The quote's reference."), u"TEXT"_s});
             p.addOption({u"dry-run"_s, Tr::tr("Validate and show how it compares; write nothing.")});
         },
         addCommand},
        {u"quotes"_s, u"import"_s,
         Tr::tr("add quotes from a CSV (%1)").arg(quoteColumns().join(u","_s)),
         [](QCommandLineParser &p) {
             p.addPositionalArgument(u"FILE"_s, Tr::tr("Quotes CSV."));
             p.addOption({u"dry-run"_s, Tr::tr("Validate and show how each compares; write nothing.")});
         },
         importCommand, true},
        {u"quotes"_s, u"remove"_s, Tr::tr("remove a quote by its id"),
         [](QCommandLineParser &p) { p.addPositionalArgument(u"ID"_s, Tr::tr("The quote's id.")); },
         [](Context &context, const QCommandLineParser &parser) {
             return removeFromBook(context, parser, u"quotes"_s, u"quote"_s, &PriceDatabase::removeQuote);
         },
         true},
    };
}

} // namespace accelplan::cli
