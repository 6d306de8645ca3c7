#include "app/cli/plancommands.h"

#include "app/cli/planoptions.h"
#include "core/common/savefile.h"
#include "core/common/tr.h"
#include "core/planning/plan/focus.h"
#include "core/planning/plan/commitmentadvice.h"
#include "core/planning/plan/compare.h"
#include "core/planning/plan/planinputs.h"
#include "core/planning/plan/planjson.h"
#include "core/scenario/scenario.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace accelplan::cli {

using namespace accelplan::planning;

std::optional<PlannedScenario> planScenarioFile(Context &context, const QCommandLineParser &parser, const QString &command,
                                                int *exitCode, const QString &file)
{
    const QStringList files = file.isEmpty() ? parser.positionalArguments() : QStringList{file};
    if (files.size() != 1) {
        *exitCode = context.usage(Tr::tr("%1 needs one scenario file (.accelplan)").arg(command));
        return std::nullopt;
    }
    std::optional<double> seed, samples;
    if (!numberOption(context, parser, u"seed"_s, 0, 9007199254740991.0, &seed, true)
        || !numberOption(context, parser, u"samples"_s, 10, 1e6, &samples, true)) {
        *exitCode = ExitUsage;
        return std::nullopt;
    }
    const catalog::AcceleratorCatalog *accelerators = context.catalog();
    const planning::PlanInputs *inputs = accelerators ? context.planInputs() : nullptr;
    if (!inputs) {
        *exitCode = context.failureExitCode();
        return std::nullopt;
    }
    const QStringList models = inputs->planning->modelIds();
    auto scenario = scenario::readScenario(files.first(), &models);
    if (!scenario) {
        *exitCode = context.report(scenario.error());
        return std::nullopt;
    }
    if (seed)
        scenario->sensitivity.seed = quint64(*seed);
    if (samples)
        scenario->sensitivity.samples = int(*samples);
    if (parser.optionNames().contains(u"steady-state"_s) && scenario->training)
        scenario->training->steadyState = true;
    // --demand FILE.csv: the service's load month by month (month,requests), in place of the scenario's.
    if (parser.optionNames().contains(u"demand"_s) && parser.isSet(u"demand"_s)) {
        if (!scenario->inference) {
            *exitCode = context.usage(Tr::tr("--demand: %1 serves nothing (it has no inference section)").arg(files.first()));
            return std::nullopt;
        }
        auto demand = scenario::readDemandCsv(parser.value(u"demand"_s), scenario->inference->months);
        if (!demand) {
            *exitCode = context.report(demand.error());
            return std::nullopt;
        }
        scenario->inference->demand = std::move(demand).value();
    }
    auto plan = planScenario(*scenario, *inputs);
    if (!plan) {
        *exitCode = context.report(plan.error());
        return std::nullopt;
    }
    return PlannedScenario{std::move(scenario).value(), std::make_shared<const Plan>(std::move(plan).value())};
}

namespace {

QString money(double value)
{
    return QLocale::c().toString(value, 'f', 0);
}

// --format focus: the plan's budget as a FOCUS forecast, to stdout or -o FILE.
int focusCommand(Context &context, const QCommandLineParser &parser)
{
    const std::optional<QDate> first = monthOption(context, parser, u"start"_s);
    if (!first)
        return ExitUsage;
    int exitCode = ExitOk;
    const auto planned = planScenarioFile(context, parser, u"plan"_s, &exitCode);
    if (!planned)
        return exitCode;
    const QString csv = renderCsv(planning::focusColumns(), planning::focusForecast(*planned->plan, *first));
    const QString output = parser.value(u"output"_s);
    if (output.isEmpty()) {
        context.out << csv;
        return ExitOk;
    }
    if (const Status written = writeFileAtomically(output, csv.toUtf8()); !written)
        return context.report(written.error());
    context.err << Tr::tr("Wrote %1").arg(output) << '\n';
    return ExitOk;
}

int planCommand(Context &context, const QCommandLineParser &parser)
{
    if (parser.value(u"format"_s) == u"focus"_s)
        return focusCommand(context, parser);
    if (parser.isSet(u"output"_s) || parser.isSet(u"start"_s))
        return context.usage(Tr::tr("-o and --start go with --format focus"));
    const auto format = formatOption(context, parser, {OutputFormat::Table, OutputFormat::Csv, OutputFormat::Json});
    if (!format)
        return ExitUsage;
    int exitCode = ExitOk;
    const auto planned = planScenarioFile(context, parser, u"plan"_s, &exitCode);
    if (!planned)
        return exitCode;
    const Plan *plan = planned->plan.get();
    std::optional<double> top;
    if (!numberOption(context, parser, u"top"_s, 0, 1e9, &top, true))
        return ExitUsage;
    const int listed = top ? int(*top) : -1;
    QJsonObject sinceJson;
    // --since DATE: the same scenario at the prices in force on that date, against today's.
    std::optional<planning::SinceComparison> since;
    const auto sinceDate = dateOption(context, parser, u"since"_s);
    if (!sinceDate)
        return ExitUsage;
    if (sinceDate->isValid() && *sinceDate > QDate::currentDate())
        return context.usage(Tr::tr("--since %1 is in the future: it compares with the prices of a past date")
                                 .arg(sinceDate->toString(Qt::ISODate)));
    if (sinceDate->isValid()) {
        const QDate date = *sinceDate;
        auto then = planning::loadPlanInputs(*context.database(), *context.catalog(), date, false);
        if (!then)
            return context.report(then.error());
        auto planThen = planScenario(planned->scenario, *then);
        if (!planThen)
            return context.report(planThen.error());
        since = planning::compareSince(*planThen, *plan, *then->offers, *context.planInputs()->offers, date);
        sinceJson.insert(u"since"_s, planning::sinceJson(*since));
    }
    // --optimise-commitments: which 1- and 3-year commitments to buy for the service (issue 40).
    std::optional<planning::CommitmentAdvice> advice;
    if (parser.isSet(u"optimise-commitments"_s)) {
        planning::CommitmentGoal goal;
        std::optional<double> cap, percentile;
        if (!numberOption(context, parser, u"idle-cap"_s, 0, 1, &cap, false)
            || !numberOption(context, parser, u"idle-percentile"_s, 0.5, 1, &percentile, false))
            return ExitUsage;
        goal.idleCap = cap.value_or(goal.idleCap);
        goal.percentile = percentile.value_or(goal.percentile);
        const planning::PlanInputs *inputs = context.planInputs();
        advice = planning::adviseCommitments(*plan, *inputs->offers, inputs->fx, planned->scenario.sensitivity,
                                             planned->scenario.lockin.commitmentOtherUse, goal);
        sinceJson.insert(u"commitment_advice"_s, planning::commitmentAdviceJson(*advice, goal, plan->currency));
    } else if (parser.isSet(u"idle-cap"_s) || parser.isSet(u"idle-percentile"_s)) {
        return context.usage(Tr::tr("--idle-cap and --idle-percentile go with --optimise-commitments"));
    }
    if (*format == OutputFormat::Json) {
        // Streamed: one option's JSON at a time (byte for byte what planJson() would print).
        return writeJson(context, [&](QIODevice *out) { planning::writePlanJson(*plan, listed, out, sinceJson); });
    }
    // Key figures first: cost, days, chips, region; then how the cluster is built and the lock-in.
    const QStringList headers{u"section"_s, u"rank"_s, u"cost_"_s + plan->currency, u"days"_s, u"chips"_s,
                              u"region"_s, u"provider"_s, u"sku"_s, u"price_model"_s, u"accelerator"_s,
                              u"nodes"_s, u"fabric"_s, u"lockin"_s, u"exit_cost"_s, u"adjusted_cost"_s, u"reason"_s};
    QList<QStringList> rows;
    auto add = [&](const QString &section, const auto &options, auto chipsOf, auto daysOf, auto nodesOf, auto fabricOf) {
        int rank = 0;
        for (qsizetype i = 0; i < (listed < 0 ? options.size() : std::min<qsizetype>(options.size(), listed)); ++i) {
            const auto &o = options.at(i);
            const bool ok = o.runnable() && o.lockin.computed;
            rows.append({section, ok ? QString::number(++rank) : u"-"_s, ok ? money(o.lockin.planCost) : QString(),
                         ok ? daysOf(o) : QString(), QString::number(chipsOf(o)), o.offer.key.region, o.offer.key.provider,
                         o.offer.key.sku, pricing::toString(o.offer.key.priceModel), o.offer.accelerator,
                         ok ? QString::number(nodesOf(o)) : QString(), ok ? fabricOf(o) : QString(),
                         ok ? QString::number(o.lockin.score.score, 'f', 0) : QString(),
                         ok ? money(o.lockin.exit.total()) : QString(), ok ? money(o.lockin.adjustedCost) : QString(),
                         o.cannotRun});
        }
    };
    const int runs = plan->trainingRequest ? plan->trainingRequest->runs : 1;
    if (plan->training)
        add(
            u"training"_s, plan->training->options, [](const TrainingOption &o) { return o.projection->chips; },
            [&](const TrainingOption &o) { return QString::number(o.projection->wallHours.typical * runs / 24, 'f', 1); },
            [](const TrainingOption &o) { return o.projection->nodes; },
            [](const TrainingOption &o) { return o.projection->fabric; });
    if (plan->inference)
        add(
            u"inference"_s, plan->inference->options, [](const InferenceOption &o) { return o.chips; },
            [](const InferenceOption &) { return QString(); }, [](const InferenceOption &o) { return o.instances; },
            [](const InferenceOption &) { return QString(); });
    if (*format == OutputFormat::Table) {
        context.out << Tr::tr("%1 — prices as of %2, costs in %3\n%4\n%5\n")
                           .arg(plan->scenarioName, plan->pricesAsOf.toString(Qt::ISODate), plan->currency,
                                plan->headline.text(), plan->recommendation);
        for (const QString &risk : plan->headline.risks)
            context.out << Tr::tr("Risk: %1\n").arg(risk);
        context.out << u'\n';
        if (plan->trainingBreakEven)
            context.out << Tr::tr("Lock-in, training: %1\n").arg(plan->trainingBreakEven->summary);
        if (plan->inferenceBreakEven)
            context.out << Tr::tr("Lock-in, inference: %1\n").arg(plan->inferenceBreakEven->summary);
        if (advice)
            context.out << advice->summary(plan->currency) << '\n';
        if (since) {
            const double delta = since->costNow - since->costThen;
            context.out << Tr::tr("Since %1: the recommended cost moved by %2%3 %4 (budget %5%6); %7; %8 offer "
                                  "prices changed\n")
                               .arg(since->asOf.toString(Qt::ISODate), delta >= 0 ? u"+"_s : u""_s, money(delta),
                                    plan->currency, since->budgetNow >= since->budgetThen ? u"+"_s : u""_s,
                                    money(since->budgetNow - since->budgetThen),
                                    since->recommendationChanged ? Tr::tr("the recommendation changed, it was: %1")
                                                                       .arg(since->recommendationThen)
                                                                 : Tr::tr("the same offers are recommended"))
                               .arg(since->changes.size());
        }
        context.out << '\n';
    }
    context.out << render(*format, headers, rows, {});
    return ExitOk;
}

QString optionalMoney(const std::optional<double> &value)
{
    return value ? money(*value) : QString();
}

// Plans every scenario on the same inputs (and each standard strategy of the one given with
// --strategies) and prints the figures side by side, with deltas against the baseline.
int compareCommand(Context &context, const QCommandLineParser &parser)
{
    const auto format = formatOption(context, parser, {OutputFormat::Table, OutputFormat::Csv, OutputFormat::Json});
    if (!format)
        return ExitUsage;
    const QStringList files = parser.positionalArguments();
    const bool strategies = parser.isSet(u"strategies"_s);
    if (strategies ? files.size() != 1 : files.size() < 2)
        return context.usage(strategies ? Tr::tr("compare --strategies builds the strategies from one scenario file")
                                        : Tr::tr("compare needs two or more scenario files, or one with --strategies"));
    const catalog::AcceleratorCatalog *accelerators = context.catalog();
    const planning::PlanInputs *inputs = accelerators ? context.planInputs() : nullptr;
    if (!inputs)
        return context.failureExitCode();
    const auto costedIn = currencyOption(context, parser, u"currency"_s);
    if (!costedIn)
        return ExitUsage;
    const QStringList models = inputs->planning->modelIds();
    QList<std::pair<QString, scenario::Scenario>> scenarios;
    for (const QString &file : files) {
        auto read = scenario::readScenario(file, &models);
        if (!read)
            return context.report(read.error());
        if (!costedIn->isEmpty())
            read->currency = *costedIn;
        if (strategies)
            for (planning::Strategy &s : planning::standardStrategies(*read))
                scenarios.append({file + u'#' + s.id, std::move(s.scenario)});
        else
            scenarios.append({file, std::move(read).value()});
    }
    QStringList currencies;
    for (const auto &[file, scenario] : std::as_const(scenarios))
        if (!currencies.contains(scenario.currency))
            currencies << scenario.currency;
    if (currencies.size() > 1)
        return context.usage(Tr::tr("the scenarios are costed in different currencies (%1): give --currency to "
                                    "compare them in one")
                                 .arg(currencies.join(u", "_s)));
    int baseline = 0;
    if (parser.isSet(u"baseline"_s)) {
        const QString wanted = parser.value(u"baseline"_s);
        bool isIndex = false;
        const int index = wanted.toInt(&isIndex);
        baseline = -1;
        for (int i = 0; i < scenarios.size(); ++i)
            if ((isIndex && index == i + 1) || scenarios.at(i).first == wanted
                || scenarios.at(i).first.endsWith(u'#' + wanted))
                baseline = i;
        if (baseline < 0)
            return context.usage(Tr::tr("--baseline '%1' is not one of the scenarios compared (give its file, its "
                                        "strategy or its position from 1)")
                                     .arg(wanted));
    }
    QList<planning::ComparedScenario> compared;
    for (const auto &[file, scenario] : std::as_const(scenarios)) {
        auto plan = planning::planScenario(scenario, *inputs);
        if (!plan)
            return context.report(plan.error());
        compared.append(planning::summarise(*plan, file));
    }
    const QJsonObject json = planning::comparisonJson(compared, baseline);
    if (*format == OutputFormat::Json) {
        context.out << QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Indented));
        return ExitOk;
    }
    const QString currency = compared.first().currency;
    const QStringList headers{u"scenario"_s, u"name"_s, u"training_cost_"_s + currency, u"training_days"_s,
                              u"inference_monthly_"_s + currency, u"budget_p50_"_s + currency, u"p90"_s,
                              u"cash_out"_s, u"capex"_s, u"lockin"_s, u"budget_delta"_s, u"recommendation"_s};
    QList<QStringList> rows;
    for (const planning::ComparedScenario &c : std::as_const(compared)) {
        const planning::ComparedScenario &base = compared.at(baseline);
        const double delta = c.budgetP50 - base.budgetP50;
        const auto budget = [&](double value) { return c.planned() ? money(value) : QString(); };
        rows.append({c.file, c.name, optionalMoney(c.trainingCost),
                     c.trainingDays ? QString::number(*c.trainingDays, 'f', 1) : QString(),
                     optionalMoney(c.inferenceMonthlyCost), budget(c.budgetP50), budget(c.budgetP90),
                     budget(c.cashTotal), budget(c.capex), c.lockinScore ? QString::number(*c.lockinScore, 'f', 0) : QString(),
                     &c == &base                        ? Tr::tr("baseline")
                     : !c.planned() || !base.planned() ? QString()
                                                        : (delta >= 0 ? u"+"_s : u""_s) + money(delta),
                     c.recommendation});
    }
    context.out << render(*format, headers, rows, {});
    return ExitOk;
}

} // namespace

namespace {

QCommandLineOption demandOption()
{
    return {u"demand"_s,
            Tr::tr("The service's load month by month from a CSV of month and requests (a month's) or "
                   "requests_per_second, in place of the scenario's (inference.demand)."),
            u"FILE"_s};
}

} // namespace

QList<Command> planCommands()
{
    return {
        {u"plan"_s, u""_s, Tr::tr("plan a scenario file: options ranked by lock-in-adjusted cost, budget, sensitivity"),
         [](QCommandLineParser &p) {
             p.addPositionalArgument(u"SCENARIO"_s, Tr::tr("A scenario file (.accelplan)."));
             p.addOption({u"format"_s,
                          Tr::tr("Output format: table, csv, json, or focus (the budget as a FOCUS cost forecast CSV)."),
                          u"FORMAT"_s, u"table"_s});
             p.addOption({{u"o"_s, u"output"_s}, Tr::tr("--format focus: the file to write (atomically); stdout without it."),
                          u"FILE"_s});
             p.addOption({u"start"_s, Tr::tr("--format focus: the month the budget's month 1 is (default: this month)."),
                          u"YYYY-MM"_s});
             p.addOption({u"seed"_s, Tr::tr("Seed of the Monte Carlo (default: the scenario's)."), u"S"_s});
             p.addOption({u"samples"_s, Tr::tr("Monte Carlo samples (default: the scenario's)."), u"N"_s});
             p.addOption({u"since"_s, Tr::tr("Also plan at the prices in force on this date and show what changed."),
                          u"DATE"_s});
             p.addOption({u"top"_s, Tr::tr("List only the first N options of each side, and the ownership "
                                           "analyses of their offers (the ranking, recommendation and budget are "
                                           "unchanged)."),
                          u"N"_s});
             p.addOption({u"steady-state"_s, Tr::tr("Project the steady state a timed benchmark measures, not the campaign "
                                                   "a real run is (evaluation, restarts, stalls, warm-up; the default)."),
                          });
             p.addOption(demandOption());
             p.addOption({u"optimise-commitments"_s,
                          Tr::tr("Also say which 1- and 3-year commitments to buy for the service: the portfolio of "
                                 "least expected cost over the volume band's scenarios (JSON commitment_advice).")});
             p.addOption({u"idle-cap"_s,
                          Tr::tr("With --optimise-commitments: at most this share of the committed instance-months "
                                 "idle (default 0.10) ..."),
                          u"R"_s});
             p.addOption({u"idle-percentile"_s,
                          Tr::tr("... in at least this share of the scenarios (default 0.9, P90)."), u"P"_s});
         },
         planCommand, true},
        {u"report"_s, u""_s, Tr::tr("write the PDF budget report of a scenario file"),
         [](QCommandLineParser &p) {
             p.addPositionalArgument(u"SCENARIO"_s,
                                     Tr::tr("A scenario file (.accelplan); more files are compared with it on a "
                                            "page of their own."),
                                     u"SCENARIO [OTHER…]"_s);
             p.addOption({{u"o"_s, u"output"_s}, Tr::tr("The PDF to write (atomically)."), u"FILE"_s});
             p.addOption({u"page-size"_s, Tr::tr("A4 or Letter (default A4)."), u"SIZE"_s, u"A4"_s});
             p.addOption({u"start"_s, Tr::tr("With actual spend stored: the month the plan's month 1 is (YYYY-MM; "
                                             "default: this month)."),
                          u"YYYY-MM"_s});
             p.addOption({u"top"_s, Tr::tr("Options listed per side (default 10)."), u"N"_s});
             p.addOption(demandOption());
             p.addOption({u"seed"_s, Tr::tr("Seed of the Monte Carlo (default: the scenario's)."), u"S"_s});
             p.addOption({u"samples"_s, Tr::tr("Monte Carlo samples (default: the scenario's)."), u"N"_s});
         },
         reportCommand, true},
        {u"compare"_s, u""_s, Tr::tr("plan scenarios side by side, or the standard strategies of one"),
         [](QCommandLineParser &p) {
             p.addPositionalArgument(u"SCENARIO"_s, Tr::tr("Scenario files (.accelplan)."), u"SCENARIO..."_s);
             p.addOption({u"strategies"_s,
                          Tr::tr("Compare one scenario's standard strategies: cloud on demand, 1-year and 3-year "
                                 "commitments, TPU and buying.")});
             p.addOption({u"baseline"_s, Tr::tr("The scenario the deltas are against: its file, strategy or "
                                                "position from 1 (default the first)."),
                          u"B"_s});
             p.addOption({u"currency"_s, Tr::tr("Cost every scenario in this currency."), u"CUR"_s});
             p.addOption({u"format"_s, Tr::tr("Output format: table, csv or json."), u"FORMAT"_s, u"table"_s});
         },
         compareCommand, true},
    };
}

} // namespace accelplan::cli
