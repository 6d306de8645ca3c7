// `actuals import|compare` (issue 40): a bill's FOCUS export against the plan.
#include "app/cli/cliapp.h"
#include "app/cli/plancommands.h"

#include "core/common/tr.h"
#include "core/planning/plan/variance.h"
#include "core/pricing/actuals.h"

#include <QFile>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace accelplan::cli {

using namespace accelplan::pricing;

namespace {

QString money(double value)
{
    return QString::number(value, 'f', 2);
}

// The SKUs charges are kept for: those a scenario's plan uses (--scenario), else every SKU with prices.
std::optional<QSet<QString>> chargedSkus(Context &context, const QCommandLineParser &parser, int *exitCode)
{
    QSet<QString> skus;
    if (parser.isSet(u"scenario"_s)) {
        const auto planned = planScenarioFile(context, parser, u"actuals import"_s, exitCode, parser.value(u"scenario"_s));
        if (!planned)
            return std::nullopt;
        for (const planning::ForecastLine &line : planning::forecastLines(*planned->plan))
            skus.insert(actualsKey(line.offer->key.provider, line.offer->key.sku));
        return skus;
    }
    PriceDatabase *database = context.database();
    if (!database) {
        *exitCode = context.failureExitCode();
        return std::nullopt;
    }
    auto priced = database->pricedSkus();
    if (!priced) {
        *exitCode = context.report(priced.error());
        return std::nullopt;
    }
    return std::move(priced).value();
}

int importCommand(Context &context, const QCommandLineParser &parser)
{
    const QStringList files = parser.positionalArguments();
    if (files.size() != 1)
        return context.usage(Tr::tr("actuals import needs one FILE (a FOCUS CSV export, or an OpenCost allocation export)"));
    int exitCode = ExitOk;
    const auto skus = chargedSkus(context, parser, &exitCode);
    if (!skus)
        return exitCode;
    PriceDatabase *database = context.database();
    if (!database)
        return context.failureExitCode();
    const bool dryRun = parser.isSet(u"dry-run"_s);
    // An OpenCost export's GPU costs, as the charges of the offer the team names.
    std::optional<OpenCostTarget> openCost;
    if (parser.isSet(u"provider"_s) || parser.isSet(u"sku"_s)) {
        if (!parser.isSet(u"provider"_s) || !parser.isSet(u"sku"_s))
            return context.usage(Tr::tr("an OpenCost export needs both --provider and --sku"));
        OpenCostTarget target{parser.value(u"provider"_s), parser.value(u"sku"_s), parser.value(u"region"_s)};
        target.currency = parser.value(u"currency"_s);
        target.namespaceFilter = parser.value(u"namespace"_s);
        if (!skus->contains(actualsKey(target.provider, target.sku)))
            return context.report(Error::badInput(
                Tr::tr("--sku: %1 %2 has no prices here (prices list shows the offers)").arg(target.provider, target.sku)));
        const auto offers = database->prices();
        if (!offers)
            return context.report(offers.error());
        for (const PriceRecord &r : *offers)
            if (actualsKey(r.key.provider, r.key.sku) == actualsKey(target.provider, target.sku))
                target.acceleratorsPerInstance = std::max(1, r.acceleratorCount);
        openCost = target;
    }
    const auto done = database->importActualsFile(files.first(), *skus, dryRun, openCost);
    if (!done)
        return context.report(done.error());
    context.out << Tr::tr("%1: %2 accelerator charge(s), %3 in all; %4 other charge(s) left out%5")
                       .arg(files.first())
                       .arg(done->charges)
                       .arg(money(done->total))
                       .arg(done->leftOut)
                       .arg(dryRun ? Tr::tr(" (dry run: nothing written)") : QString())
                << '\n';
    return ExitOk;
}

int compareCommand(Context &context, const QCommandLineParser &parser)
{
    const auto format = formatOption(context, parser, {OutputFormat::Table, OutputFormat::Csv, OutputFormat::Json});
    if (!format)
        return ExitUsage;
    const std::optional<QDate> first = monthOption(context, parser, u"start"_s);
    if (!first)
        return ExitUsage;
    QList<planning::WorkDone> work;
    if (parser.isSet(u"work"_s)) {
        QFile file(parser.value(u"work"_s));
        if (!file.open(QIODevice::ReadOnly))
            return context.report(Error::badInput(Tr::tr("--work: cannot open %1: %2").arg(file.fileName(), file.errorString())));
        auto read = planning::readWorkDone(&file, file.fileName());
        if (!read)
            return context.report(read.error());
        work = std::move(read).value();
    }
    int exitCode = ExitOk;
    const auto scenario = planScenarioFile(context, parser, u"actuals compare"_s, &exitCode);
    if (!scenario)
        return exitCode;
    const auto actuals = context.database()->actuals();
    if (!actuals)
        return context.report(actuals.error());
    const auto lines = planning::planVariance(*scenario->plan, *first, *actuals, work);
    if (!lines)
        return context.report(lines.error());
    const QStringList headers{u"month"_s,    u"provider"_s, u"sku"_s,    u"workload"_s, u"planned"_s,
                              u"actual"_s,   u"variance"_s, u"price"_s,  u"volume"_s,   u"throughput"_s,
                              u"planned_hours"_s, u"actual_hours"_s, u"work_hours"_s, u"note"_s};
    QList<QStringList> rows;
    QJsonArray array;
    double planned = 0, actual = 0, price = 0, volume = 0, throughput = 0;
    auto optional = [](const std::optional<double> &v) { return v ? QString::number(*v, 'f', 1) : QString(); };
    auto json = [](const std::optional<double> &v) { return v ? QJsonValue(*v) : QJsonValue(); };
    for (const planning::VarianceLine &l : *lines) {
        planned += l.planned;
        actual += l.actual;
        price += l.price;
        volume += l.volume;
        throughput += l.throughput.value_or(0);
        const QString month = l.month.toString(u"yyyy-MM"_s);
        rows.append({month, l.provider, l.sku, l.workload, money(l.planned), money(l.actual), money(l.variance()),
                     money(l.price), money(l.volume), l.throughput ? money(*l.throughput) : QString(),
                     optional(l.plannedHours), optional(l.actualHours), optional(l.workHours), l.note});
        array.append(QJsonObject{{u"month"_s, month},
                                 {u"provider"_s, l.provider},
                                 {u"sku"_s, l.sku},
                                 {u"workload"_s, l.workload},
                                 {u"planned"_s, l.planned},
                                 {u"actual"_s, l.actual},
                                 {u"variance"_s, l.variance()},
                                 {u"price"_s, l.price},
                                 {u"volume"_s, l.volume},
                                 {u"throughput"_s, json(l.throughput)},
                                 {u"planned_hours"_s, json(l.plannedHours)},
                                 {u"actual_hours"_s, json(l.actualHours)},
                                 {u"work_hours"_s, json(l.workHours)},
                                 {u"currency"_s, scenario->plan->currency},
                                 {u"note"_s, l.note.isEmpty() ? QJsonValue() : QJsonValue(l.note)}});
    }
    if (*format == OutputFormat::Table)
        rows.append({Tr::tr("all"), QString(), QString(), QString(), money(planned), money(actual), money(actual - planned),
                     money(price), money(volume), money(throughput), QString(), QString(), QString(), QString()});
    context.out << render(*format, headers, rows, array);
    return ExitOk;
}

} // namespace

QList<Command> actualsCommands()
{
    auto planOptions = [](QCommandLineParser &p) {
        p.addOption({u"seed"_s, Tr::tr("Seed of the Monte Carlo (default: the scenario's)."), u"S"_s});
        p.addOption({u"samples"_s, Tr::tr("Monte Carlo samples (default: the scenario's)."), u"N"_s});
    };
    return {
        {u"actuals"_s, u"import"_s, Tr::tr("import actual spend: the accelerator charges of a bill's FOCUS export"),
         [planOptions](QCommandLineParser &p) {
             p.addPositionalArgument(u"FILE"_s, Tr::tr("A FOCUS cost and usage CSV (AWS, Azure and Google export one)."));
             p.addOption({u"scenario"_s, Tr::tr("Keep only the SKUs this scenario's plan uses (default: every SKU with prices)."),
                          u"FILE"_s});
             p.addOption({u"dry-run"_s, Tr::tr("Validate and count; write nothing.")});
             p.addOption({u"provider"_s, Tr::tr("OpenCost export: the provider of the offer that ran the workloads."), u"P"_s});
             p.addOption({u"sku"_s, Tr::tr("OpenCost export: that offer's SKU (its GPUs per instance turn GPU-hours into "
                                           "instance-hours)."), u"SKU"_s});
             p.addOption({u"region"_s, Tr::tr("OpenCost export: that offer's region."), u"R"_s});
             p.addOption({u"namespace"_s, Tr::tr("OpenCost export: only this Kubernetes namespace."), u"NS"_s});
             p.addOption({u"currency"_s, Tr::tr("OpenCost export: the currency OpenCost reports in."), u"CUR"_s, u"USD"_s});
             planOptions(p);
         },
         importCommand, true},
        {u"actuals"_s, u"compare"_s, Tr::tr("set the actual spend against a scenario's plan: price, volume, throughput"),
         [planOptions](QCommandLineParser &p) {
             p.addPositionalArgument(u"SCENARIO"_s, Tr::tr("The scenario the spend was planned with."));
             p.addOption({u"start"_s, Tr::tr("The month the plan's month 1 is (YYYY-MM; default: this month)."), u"YYYY-MM"_s});
             p.addOption({u"work"_s, Tr::tr("The work done by month (month,tokens_trained,requests_served): splits the "
                                            "volume into volume and throughput."),
                          u"FILE"_s});
             p.addOption({u"format"_s, Tr::tr("Output format: table, csv or json."), u"FORMAT"_s, u"table"_s});
             planOptions(p);
         },
         compareCommand, true},
    };
}

} // namespace accelplan::cli
