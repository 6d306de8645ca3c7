// `discounts list|add|import|remove`: the team's negotiated discounts over the list prices (issue 39).
#include "app/cli/cliapp.h"

#include "core/common/tr.h"
#include "core/pricing/discount.h"

#include <QFile>
#include <QJsonObject>
#include <QSet>

using namespace Qt::StringLiterals;

namespace accelplan::cli {

using namespace accelplan::pricing;

namespace {

// The providers with current prices, as the offers name them; nullopt after reporting an error.
std::optional<QStringList> providersWithPrices(Context &context, PriceDatabase &database, QList<PriceRecord> *offers)
{
    auto prices = database.prices();
    if (!prices) {
        context.report(prices.error());
        return std::nullopt;
    }
    QStringList providers;
    for (const PriceRecord &r : std::as_const(*prices))
        if (!providers.contains(r.key.provider))
            providers.append(r.key.provider);
    if (offers)
        *offers = std::move(prices).value();
    return providers;
}

int listCommand(Context &context, const QCommandLineParser &parser)
{
    const auto format = formatOption(context, parser, {OutputFormat::Table, OutputFormat::Csv, OutputFormat::Json});
    if (!format)
        return ExitUsage;
    PriceDatabase *database = context.database();
    if (!database)
        return context.failureExitCode();
    const auto discounts = database->discounts();
    if (!discounts)
        return context.report(discounts.error());
    QList<PriceRecord> offers;
    if (!providersWithPrices(context, *database, &offers))
        return context.failureExitCode();
    const QStringList headers{u"id"_s,   u"provider"_s, u"sku_pattern"_s, u"price_model"_s, u"from"_s,      u"to"_s,
                              u"percent"_s, u"offers_today"_s, u"source"_s, u"entered_by"_s, u"entered_at"_s};
    QList<QStringList> rows;
    QJsonArray array;
    for (const Discount &d : *discounts) {
        // How many current offers it takes off today, were it alone.
        QList<PriceRecord> copy = offers;
        const qsizetype matched = applyDiscounts(copy, {d}, QDate::currentDate());
        const QString model = d.priceModel ? toString(*d.priceModel) : QString();
        const QString from = d.from.isValid() ? d.from.toString(Qt::ISODate) : QString();
        const QString to = d.to.isValid() ? d.to.toString(Qt::ISODate) : QString();
        rows.append({QString::number(d.id), d.provider, d.skuPattern, model, from, to, d.percent.toString(),
                     QString::number(matched), d.source, d.enteredBy, d.enteredAt});
        array.append(QJsonObject{{u"id"_s, d.id},
                                 {u"provider"_s, d.provider},
                                 {u"sku_pattern"_s, d.skuPattern},
                                 {u"price_model"_s, model.isEmpty() ? QJsonValue() : QJsonValue(model)},
                                 {u"from"_s, from.isEmpty() ? QJsonValue() : QJsonValue(from)},
                                 {u"to"_s, to.isEmpty() ? QJsonValue() : QJsonValue(to)},
                                 {u"percent"_s, d.percent.toDouble()},
                                 {u"offers_today"_s, matched},
                                 {u"source"_s, d.source},
                                 {u"entered_by"_s, d.enteredBy},
                                 {u"entered_at"_s, d.enteredAt},
                                 {u"description"_s, d.describe()}});
    }
    context.out << render(*format, headers, rows, array);
    return ExitOk;
}

// Stores \a discounts (validated) and says what each takes off.
int store(Context &context, PriceDatabase &database, const QList<Discount> &discounts, const QList<PriceRecord> &offers,
          bool dryRun)
{
    if (!dryRun) {
        const auto ids = database.addDiscounts(discounts, loginName());
        if (!ids)
            return context.report(ids.error());
    }
    for (const Discount &d : discounts) {
        QList<PriceRecord> copy = offers;
        const qsizetype matched = applyDiscounts(copy, {d}, QDate::currentDate());
        context.out << Tr::tr("%1%2; %3 current offer(s) priced under it today")
                           .arg(dryRun ? Tr::tr("would add ") : Tr::tr("added "), d.describe())
                           .arg(matched)
                    << '\n';
    }
    return ExitOk;
}

int addCommand(Context &context, const QCommandLineParser &parser)
{
    PriceDatabase *database = context.database();
    if (!database)
        return context.failureExitCode();
    QList<PriceRecord> offers;
    const auto providers = providersWithPrices(context, *database, &offers);
    if (!providers)
        return context.failureExitCode();
    Discount d;
    d.provider = parser.value(u"provider"_s);
    d.skuPattern = parser.value(u"sku"_s);
    d.source = parser.value(u"source"_s);
    if (parser.isSet(u"price-model"_s)) {
        d.priceModel = priceModelFromString(parser.value(u"price-model"_s));
        if (!d.priceModel)
            return context.usage(Tr::tr("--price-model: '%1' is not a price model").arg(parser.value(u"price-model"_s)));
    }
    for (const auto &[option, date] : {std::pair{u"from"_s, &d.from}, std::pair{u"to"_s, &d.to}}) {
        if (!parser.isSet(option))
            continue;
        *date = QDate::fromString(parser.value(option), Qt::ISODate);
        if (!date->isValid())
            return context.usage(Tr::tr("--%1: '%2' is not a date (YYYY-MM-DD)").arg(option, parser.value(option)));
    }
    QString why;
    const auto percent = Decimal::parse(parser.value(u"percent"_s), &why);
    if (!percent)
        return context.usage(Tr::tr("--percent: %1").arg(parser.value(u"percent"_s).isEmpty() ? Tr::tr("needed") : why));
    d.percent = *percent;
    if (QString problem = d.problem(); !problem.isEmpty())
        return context.usage(u"--"_s + problem.replace(u"sku_pattern"_s, u"sku"_s));
    if (const QString unknown = unknownProvider(d.provider, *providers); !unknown.isEmpty())
        return context.report(Error::badInput(u"--provider: "_s + unknown));
    return store(context, *database, {d}, offers, parser.isSet(u"dry-run"_s));
}

int importCommand(Context &context, const QCommandLineParser &parser)
{
    const QStringList files = parser.positionalArguments();
    if (files.size() != 1)
        return context.usage(Tr::tr("discounts import needs one FILE"));
    QFile file(files.first());
    if (!file.open(QIODevice::ReadOnly))
        return context.report(Error::badInput(Tr::tr("cannot open %1: %2").arg(file.fileName(), file.errorString())));
    PriceDatabase *database = context.database();
    if (!database)
        return context.failureExitCode();
    QList<PriceRecord> offers;
    const auto providers = providersWithPrices(context, *database, &offers);
    if (!providers)
        return context.failureExitCode();
    const auto discounts = readDiscounts(&file, file.fileName(), *providers);
    if (!discounts)
        return context.report(discounts.error());
    return store(context, *database, *discounts, offers, parser.isSet(u"dry-run"_s));
}

} // namespace

QList<Command> discountCommands()
{
    return {
        {u"discounts"_s, u"list"_s, Tr::tr("list the team's negotiated discounts over the list prices"),
         [](QCommandLineParser &p) {
             p.addOption({u"format"_s, Tr::tr("Output format: table, csv or json."), u"FORMAT"_s, u"table"_s});
         },
         listCommand},
        {u"discounts"_s, u"add"_s, Tr::tr("add a negotiated discount (an overlay on the list prices)"),
         [](QCommandLineParser &p) {
             p.addOption({u"provider"_s, Tr::tr("The provider, as its offers name it (AWS)."), u"P"_s});
             p.addOption({u"sku"_s, Tr::tr("The SKUs it covers, a wildcard (p5*; * for all)."), u"PATTERN"_s, u"*"_s});
             p.addOption({u"price-model"_s, Tr::tr("Only this price model (on_demand, spot, commit_1y…); all when absent."),
                          u"M"_s});
             p.addOption({u"from"_s, Tr::tr("First day it applies (YYYY-MM-DD)."), u"DATE"_s});
             p.addOption({u"to"_s, Tr::tr("Last day it applies (YYYY-MM-DD)."), u"DATE"_s});
             p.addOption({u"percent"_s, Tr::tr("Percent off the list price (22 is -22 %)."), u"X"_s});
             p.addOption({u"source"_s, Tr::tr("The contract or agreement it comes from."), u"TEXT"_s});
             p.addOption({u"dry-run"_s, Tr::tr("Validate and show what it would take off; write nothing.")});
         },
         addCommand},
        {u"discounts"_s, u"import"_s,
         Tr::tr("add discounts from a CSV (provider,sku_pattern,price_model,from,to,percent,source)"),
         [](QCommandLineParser &p) {
             p.addPositionalArgument(u"FILE"_s, Tr::tr("Discounts CSV."));
             p.addOption({u"dry-run"_s, Tr::tr("Validate and show what each would take off; write nothing.")});
         },
         importCommand, true},
        {u"discounts"_s, u"remove"_s, Tr::tr("remove a discount by its id"),
         [](QCommandLineParser &p) { p.addPositionalArgument(u"ID"_s, Tr::tr("The discount's id.")); },
         [](Context &context, const QCommandLineParser &parser) {
             return removeFromBook(context, parser, u"discounts"_s, u"discount"_s, &PriceDatabase::removeDiscount);
         },
         true},
    };
}

} // namespace accelplan::cli
