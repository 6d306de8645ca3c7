#include "app/cli/plancommands.h"

#include "core/catalog/servingengine.h"
#include "core/common/tr.h"
#include "core/planning/compare.h"
#include "core/planning/counts.h"
#include "core/planning/inferenceplanner.h"
#include "core/planning/planinputs.h"
#include "core/planning/planjson.h"
#include "core/scenario/scenario.h"
#include "core/planning/trainingplanner.h"
#include "core/pricing/currency.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include <functional>

using namespace Qt::StringLiterals;

namespace accelplan::cli {

using namespace accelplan::planning;

bool numberOption(Context &context, const QCommandLineParser &parser, const QString &name, double min, double max,
                  std::optional<double> *out, bool whole)
{
    if (!parser.isSet(name))
        return true;
    bool ok = false;
    const double value = parser.value(name).toDouble(&ok);
    if (!ok || !std::isfinite(value) || value < min || value > max || (whole && std::floor(value) != value)) {
        context.usage((whole ? Tr::tr("--%1 '%2' must be a whole number from %3 to %4")
                             : Tr::tr("--%1 '%2' must be a number from %3 to %4"))
                          .arg(name, parser.value(name))
                          .arg(QLocale::c().toString(min, 'g', 16), QLocale::c().toString(max, 'g', 16)));
        return false;
    }
    *out = value;
    return true;
}

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
    auto plan = planScenario(*scenario, *inputs);
    if (!plan) {
        *exitCode = context.report(plan.error());
        return std::nullopt;
    }
    return PlannedScenario{std::move(scenario).value(), std::make_shared<const Plan>(std::move(plan).value())};
}

namespace {

/// Reads a count option ("70B", "2T", "70e9"); reports a usage error and returns false when bad.
bool countOption(Context &context, const QCommandLineParser &parser, const QString &name, std::optional<double> *out)
{
    if (!parser.isSet(name))
        return true;
    *out = parseCount(parser.value(name));
    if (!*out) {
        context.usage(Tr::tr("--%1 '%2' is not a count (e.g. 70e9, 70B, 2T, 1.5M)").arg(name, parser.value(name)));
        return false;
    }
    return true;
}


/// Reads --precision into a precision and its name; false after a usage error.
/// --precision into \a name, which holds the scenario format's default when the option is not given
/// (one set of defaults: the window and a scenario file without the field get the same).
bool precisionOption(Context &context, const QCommandLineParser &parser, catalog::Precision *precision, QString *name)
{
    if (parser.isSet(u"precision"_s))
        *name = parser.value(u"precision"_s).trimmed().toLower();
    const auto parsed = catalog::precisionFromString(*name);
    if (!parsed) {
        context.usage(Tr::tr("--precision must be fp32, bf16, fp16, fp8, fp4 or int8"));
        return false;
    }
    *precision = *parsed;
    return true;
}

/// Reads what addConstraintOptions() declares, plus --accelerator; false after a usage error.
bool readConstraints(Context &context, const QCommandLineParser &parser, const catalog::AcceleratorCatalog &accelerators,
                     Constraints *constraints, QString *currency, const catalog::Accelerator **accelerator)
{
    std::optional<double> maxChips, budget, minScaleOut;
    if (!numberOption(context, parser, u"max-chips"_s, 1, 1e6, &maxChips, true)
        || !numberOption(context, parser, u"budget"_s, 0, 1e15, &budget)
        || !numberOption(context, parser, u"min-scale-out-gbps"_s, 0, 1e6, &minScaleOut))
        return false;
    if (minScaleOut)
        constraints->minScaleOutGbps = minScaleOut;
    constraints->excludeSpot = constraints->excludeSpot || parser.isSet(u"exclude-spot"_s);
    constraints->excludeMarketplace = constraints->excludeMarketplace || parser.isSet(u"exclude-marketplace"_s);
    constraints->wholeNodes = constraints->wholeNodes || parser.isSet(u"whole-nodes"_s);
    for (const QString &fabric : parser.values(u"fabric"_s)) {
        static const QStringList kFabrics = {u"infiniband"_s, u"efa"_s, u"roce"_s, u"ethernet"_s, u"dcn"_s};
        if (!kFabrics.contains(fabric.toLower())) {
            context.usage(Tr::tr("unknown --fabric '%1'; expected one of: %2").arg(fabric, kFabrics.join(u", "_s)));
            return false;
        }
        constraints->fabrics.append(fabric.toLower());
    }
    if (maxChips)
        constraints->maxChips = int(*maxChips);
    constraints->budget = budget;
    const auto code = currencyOption(context, parser, u"currency"_s, u"USD"_s);
    if (!code)
        return false;
    *currency = *code;
    if (parser.isSet(u"accelerator"_s)) {
        *accelerator = accelerators.find(parser.value(u"accelerator"_s));
        if (!*accelerator) {
            context.usage(accelerators.unknownMessage(parser.value(u"accelerator"_s)));
            return false;
        }
        constraints->accelerators = {(*accelerator)->id};
    }
    constraints->providers = parser.values(u"provider"_s);
    constraints->regions = parser.values(u"region"_s);
    for (const QString &kind : parser.values(u"kind"_s)) {
        const auto k = pricing::offerKindFromString(kind);
        if (!k) {
            context.usage(Tr::tr("unknown --kind '%1'").arg(kind));
            return false;
        }
        constraints->offerKinds.append(*k);
    }
    for (const QString &model : parser.values(u"price-model"_s)) {
        const auto m = pricing::priceModelFromString(model);
        if (!m) {
            context.usage(Tr::tr("unknown --price-model '%1'").arg(model));
            return false;
        }
        constraints->priceModels.append(*m);
    }
    return true;
}

/// Applies --model PRESET; false after a usage error.
const catalog::ModelPreset *presetOption(Context &context, const QCommandLineParser &parser,
                                         const catalog::PlanningCatalog &planning, bool *failed)
{
    *failed = false;
    if (!parser.isSet(u"model"_s))
        return nullptr;
    const catalog::ModelPreset *preset = planning.findModel(parser.value(u"model"_s));
    if (!preset) {
        QStringList ids;
        for (const catalog::ModelPreset &m : planning.models())
            ids.append(m.id);
        context.usage(Tr::tr("unknown --model '%1'; presets: %2").arg(parser.value(u"model"_s), ids.join(u", "_s)));
        *failed = true;
    }
    return preset;
}




/// Streams JSON to standard output after what the text stream holds.
int writeJson(Context &context, const std::function<void(QIODevice *)> &write)
{
    context.out.flush();
    QFile stdoutFile;
    if (!stdoutFile.open(stdout, QIODevice::WriteOnly))
        return context.report(Error::internal(Tr::tr("cannot write to standard output")));
    write(&stdoutFile);
    stdoutFile.flush();
    return ExitOk;
}

int trainCommand(Context &context, const QCommandLineParser &parser)
{
    const auto format = formatOption(context, parser, {OutputFormat::Table, OutputFormat::Csv, OutputFormat::Json});
    if (!format)
        return ExitUsage;
    std::optional<double> params, tokens, active, mfu, deadline, chips, seqLen, otherUse, batchTokens;
    if (!countOption(context, parser, u"model-params"_s, &params) || !countOption(context, parser, u"tokens"_s, &tokens)
        || !countOption(context, parser, u"active-params"_s, &active)
        || !countOption(context, parser, u"global-batch-tokens"_s, &batchTokens)
        || !numberOption(context, parser, u"mfu"_s, 0.01, 1.0, &mfu)
        || !numberOption(context, parser, u"deadline-days"_s, 0.001, 36500, &deadline)
        || !numberOption(context, parser, u"chips"_s, 1, 1e6, &chips, true)
        || !numberOption(context, parser, u"seq-len"_s, 1, 1e8, &seqLen, true)
        || !numberOption(context, parser, u"commitment-other-use"_s, 0, 1, &otherUse))
        return ExitUsage;
    const catalog::AcceleratorCatalog *accelerators = context.catalog();
    const planning::PlanInputs *inputs = accelerators ? context.planInputs() : nullptr;
    if (!inputs)
        return context.failureExitCode();
    const catalog::PlanningCatalog &planning = *inputs->planning;

    // The options fill a scenario's training section, which goes through the same mapping to a
    // request as `plan` (planning::trainingRequest).
    scenario::Scenario s;
    scenario::TrainingSection &t = s.training.emplace();
    bool presetFailed = false;
    if (const catalog::ModelPreset *preset = presetOption(context, parser, planning, &presetFailed))
        t.model = preset->id;
    if (presetFailed)
        return ExitUsage;
    t.modelParams = params.value_or(0);
    t.activeParams = active;
    t.tokens = tokens.value_or(0);
    if (seqLen)
        t.seqLen = int(*seqLen);
    t.globalBatchTokens = batchTokens;
    catalog::Precision precision;
    if (!precisionOption(context, parser, &precision, &t.precision))
        return ExitUsage;
    t.framework = parser.value(u"framework"_s).toLower();
    if (!QStringList{u"pytorch"_s, u"jax"_s, u"tensorflow"_s}.contains(t.framework))
        return context.usage(Tr::tr("--framework must be pytorch, jax or tensorflow"));
    s.lockin.customCudaKernels = parser.isSet(u"custom-cuda-kernels"_s);
    t.mfu = mfu;
    t.steadyState = parser.isSet(u"steady-state"_s);
    t.deadlineDays = deadline;
    if (chips)
        t.chips = int(*chips);
    s.lockin.commitmentOtherUse = otherUse.value_or(0);
    const catalog::Accelerator *accelerator = nullptr;
    if (!readConstraints(context, parser, *accelerators, &s.constraints, &s.currency, &accelerator))
        return ExitUsage;
    auto mapped = trainingRequest(s, planning);
    if (!mapped)
        return context.usage(Tr::tr("train needs --model-params N and --tokens D (or --model PRESET)"));
    const TrainingRequest &request = *mapped;
    const TrainingInput &input = request.input;
    if (input.activeParams && *input.activeParams > input.modelParams)
        return context.usage(Tr::tr("--active-params cannot exceed --model-params"));

    const TrainingPlan plan = planTraining(request, *accelerators, planning, *inputs->offers, inputs->fx);

    // The headline: the given accelerator and chip count, else the cheapest runnable option.
    TrainingProjection headline;
    if (accelerator && request.chips) {
        headline = projectTraining(input, *accelerator, *request.chips, planning);
    } else {
        const auto best = std::find_if(plan.options.cbegin(), plan.options.cend(),
                                       [](const TrainingOption &o) { return o.runnable(); });
        if (best != plan.options.cend())
            headline = best->projection;
        else if (accelerator)
            headline = projectTraining(input, *accelerator, trainingMemory(input, *accelerator).minimumChips(), planning);
    }

    if (*format == OutputFormat::Json)
        return writeJson(context, [&](QIODevice *out) {
            writeOptionsJson(out, trainingHeadJson(request, headline.accelerator.isEmpty() ? nullptr : &headline),
                             plan.options, request.currency);
        });
    QList<QStringList> rows;
    int rank = 0;
    for (const TrainingOption &o : plan.options) {
        rows.append({o.runnable() ? QString::number(++rank) : u"-"_s, o.offer.key.provider, o.offer.key.sku,
                     o.offer.key.region, pricing::toString(o.offer.key.priceModel), o.offer.accelerator,
                     QString::number(o.projection.chips),
                     o.runnable() ? QString::number(o.projection.wallHours.typical / 24.0, 'f', 1) : QString(),
                     o.runnable() ? QString::number(o.cost.typical, 'f', 0) : QString(),
                     o.runnable() ? QString::number(o.cost.low, 'f', 0) + u"–"_s + QString::number(o.cost.high, 'f', 0)
                                  : QString(),
                     o.pareto ? u"*"_s : QString(), o.cannotRun});
    }
    const QStringList headers{u"rank"_s, u"provider"_s, u"sku"_s, u"region"_s, u"price_model"_s, u"accelerator"_s,
                              u"chips"_s, u"wall_days"_s, u"cost_"_s + request.currency, u"cost_range"_s,
                              u"pareto"_s, u"reason"_s};
    if (*format == OutputFormat::Table && !headline.accelerator.isEmpty()) {
        context.out << Tr::tr("%1 FLOPs; on %2 × %3: MFU %4 (%5), %6 days wall (%7–%8), %9 chip-hours, %10 GB/chip%11\n\n")
                           .arg(trainingFlops(input), 0, 'g', 3)
                           .arg(headline.chips)
                           .arg(headline.accelerator)
                           .arg(headline.efficiency.mfu.typical, 0, 'f', 2)
                           .arg(headline.efficiency.mfuSource)
                           .arg(headline.wallHours.typical / 24, 0, 'f', 1)
                           .arg(headline.wallHours.low / 24, 0, 'f', 1)
                           .arg(headline.wallHours.high / 24, 0, 'f', 1)
                           .arg(headline.chipHours.typical, 0, 'f', 0)
                           .arg(headline.memoryPerChipGb, 0, 'f', 1)
                           .arg(headline.fitsInMemory ? QString() : Tr::tr(" — does not fit: ") + headline.cannotRun);
        if (headline.fitted)
            context.out << Tr::tr("Projection: %1; %2\nBand: %3\n\n")
                               .arg(headline.steadyState ? Tr::tr("steady state (--steady-state)")
                                                         : Tr::tr("campaign (--steady-state for a benchmark's steady state)"),
                                    headline.fitSource, headline.bandBasis.text());
    }
    context.out << render(*format, headers, rows, {}); // JSON was written above
    return ExitOk;
}


/// A service's replicas as people count them: "4 × 2 chips", or "prefill 3 × 1, decode 1 × 4".
QString servingLayout(const InferenceOption &o)
{
    if (const auto &d = o.disaggregation)
        return Tr::tr("prefill %1 × %2, decode %3 × %4")
            .arg(d->prefillReplicas)
            .arg(d->prefillChipsPerReplica)
            .arg(d->decodeReplicas)
            .arg(d->decodeChipsPerReplica);
    return Tr::tr("%1 × %2").arg(o.replicas).arg(o.projection.chipsPerReplica);
}

int serveCommand(Context &context, const QCommandLineParser &parser)
{
    const auto format = formatOption(context, parser, {OutputFormat::Table, OutputFormat::Csv, OutputFormat::Json});
    if (!format)
        return ExitUsage;
    std::optional<double> params, active, inputTokens, outputTokens, qps, perMonth, ttft, tpot, chipsPerReplica,
        utilisation, concurrency, speculativeTokens, acceptance;
    if (!countOption(context, parser, u"model-params"_s, &params) || !countOption(context, parser, u"active-params"_s, &active)
        || !countOption(context, parser, u"input-tokens"_s, &inputTokens)
        || !countOption(context, parser, u"output-tokens"_s, &outputTokens)
        || !numberOption(context, parser, u"qps"_s, 0, 1e9, &qps)
        || !countOption(context, parser, u"requests-per-month"_s, &perMonth)
        || !numberOption(context, parser, u"ttft-ms"_s, 0.001, 1e9, &ttft)
        || !numberOption(context, parser, u"tpot-ms"_s, 0.001, 1e9, &tpot)
        || !numberOption(context, parser, u"chips-per-replica"_s, 1, 4096, &chipsPerReplica, true)
        || !numberOption(context, parser, u"utilization"_s, 0.01, 1, &utilisation)
        || !numberOption(context, parser, u"concurrency"_s, 1, 1e7, &concurrency, true)
        || !numberOption(context, parser, u"speculative-tokens"_s, 1, 16, &speculativeTokens, true)
        || !numberOption(context, parser, u"acceptance"_s, 0, 0.99, &acceptance))
        return ExitUsage;
    if (qps && perMonth)
        return context.usage(Tr::tr("give --qps or --requests-per-month, not both"));
    if (!qps && !perMonth)
        return context.usage(Tr::tr("serve needs the load: --qps Q (requests per second) or --requests-per-month R"));
    if (speculativeTokens.has_value() != acceptance.has_value())
        return context.usage(Tr::tr("speculative decoding needs both --speculative-tokens K and --acceptance A (0..0.99)"));
    const auto phase = planning::servePhaseFromString(parser.value(u"phase"_s));
    if (!phase)
        return context.usage(Tr::tr("--phase must be both, prefill or decode"));
    const QString kvPrecision = parser.value(u"kv-precision"_s).trimmed().toLower();
    if (!kvPrecision.isEmpty() && kvPrecision != u"bf16"_s && kvPrecision != u"fp8"_s)
        return context.usage(Tr::tr("--kv-precision must be bf16 or fp8"));
    const QString engine = parser.value(u"engine"_s).trimmed().toLower();
    if (!engine.isEmpty() && !catalog::findServingEngine(engine))
        return context.usage(Tr::tr("unknown --engine '%1'; engines: %2")
                                 .arg(engine, catalog::servingEngineIds().join(u", "_s)));
    const catalog::AcceleratorCatalog *accelerators = context.catalog();
    const planning::PlanInputs *inputs = accelerators ? context.planInputs() : nullptr;
    if (!inputs)
        return context.failureExitCode();
    const catalog::PlanningCatalog &planning = *inputs->planning;

    // The options fill a scenario's inference section, mapped to a request as `plan` maps it.
    scenario::Scenario s;
    scenario::InferenceSection &i = s.inference.emplace();
    bool presetFailed = false;
    const catalog::ModelPreset *preset = presetOption(context, parser, planning, &presetFailed);
    if (presetFailed)
        return ExitUsage;
    if (preset)
        i.model = preset->id;
    i.modelParams = params.value_or(0);
    i.activeParams = active;
    if ((i.modelParams <= 0 && !preset) || !inputTokens || !outputTokens)
        return context.usage(Tr::tr("serve needs --model-params N (or --model PRESET), --input-tokens I and --output-tokens O"));
    i.inputTokens = *inputTokens;
    i.outputTokens = *outputTokens;
    i.requestsPerSecond = qps;
    i.requestsPerMonth = perMonth;
    i.ttftMs = ttft;
    i.tpotMs = tpot;
    if (chipsPerReplica)
        i.chipsPerReplica = int(*chipsPerReplica);
    if (utilisation)
        i.utilization = *utilisation;
    if (concurrency)
        i.concurrency = int(*concurrency);
    i.phase = planning::toString(*phase);
    i.kvPrecision = kvPrecision;
    i.engine = engine;
    i.speculativeTokens = int(speculativeTokens.value_or(0));
    i.speculativeAcceptance = acceptance.value_or(0);
    const QString mode = parser.value(u"mode"_s).toLower();
    if (mode != u"online"_s && mode != u"offline"_s)
        return context.usage(Tr::tr("--mode must be online or offline"));
    i.offline = mode == u"offline"_s;
    i.production = !parser.isSet(u"trial"_s);
    catalog::Precision precision;
    if (!precisionOption(context, parser, &precision, &i.precision))
        return ExitUsage;
    const catalog::Accelerator *accelerator = nullptr;
    if (!readConstraints(context, parser, *accelerators, &s.constraints, &s.currency, &accelerator))
        return ExitUsage;
    auto mapped = inferenceRequest(s, planning);
    if (!mapped)
        return context.report(mapped.error());
    const InferenceRequest &request = *mapped;
    const InferenceInput &input = request.input;
    if (input.modelParams <= 0)
        return context.usage(Tr::tr("serve needs --model-params N (or --model PRESET), --input-tokens I and --output-tokens O"));
    const InferencePlan plan = planInference(request, *accelerators, planning, *inputs->offers, inputs->fx);

    InferenceProjection headline;
    if (accelerator) {
        headline = projectInference(input, *accelerator, planning);
    } else {
        const auto best = std::find_if(plan.options.cbegin(), plan.options.cend(),
                                       [](const InferenceOption &o) { return o.runnable(); });
        if (best != plan.options.cend())
            headline = best->projection;
    }
    if (*format == OutputFormat::Json)
        return writeJson(context, [&](QIODevice *out) {
            writeOptionsJson(out, inferenceHeadJson(request, plan, headline.accelerator.isEmpty() ? nullptr : &headline),
                             plan.options, request.currency);
        });
    QList<QStringList> rows;
    int rank = 0;
    for (const InferenceOption &o : plan.options) {
        const bool ok = o.runnable();
        rows.append({ok ? QString::number(++rank) : u"-"_s, o.offer.key.provider, o.offer.key.sku, o.offer.key.region,
                     pricing::toString(o.offer.key.priceModel), o.offer.accelerator,
                     ok ? servingLayout(o) : QString(), ok ? QString::number(o.chips) : QString(),
                     ok ? QString::number(o.projection.tokensPerSecondPerChip, 'f', 0) : QString(),
                     ok ? QString::number(o.monthlyCost, 'f', 0) : QString(),
                     ok ? QString::number(o.costPerRequest, 'g', 3) : QString(),
                     ok ? QString::number(o.costPerMillionOutputAllIn, 'f', 3) : QString(), o.cannotRun});
    }
    if (*format == OutputFormat::Table && !headline.accelerator.isEmpty() && headline.runnable()) {
        const Range band = headline.tokensPerSecondPerChipBand;
        context.out << Tr::tr("On %1: %2 chip(s) per replica (TP %3, EP %4), concurrency %5 (memory allows %6), "
                              "%7 tokens/s per chip (%8–%9)\n")
                           .arg(headline.accelerator)
                           .arg(headline.chipsPerReplica)
                           .arg(headline.pipelineParallel > 1 ? u"%1, PP %2"_s.arg(headline.tensorParallel).arg(headline.pipelineParallel)
                                                              : QString::number(headline.tensorParallel))
                           .arg(headline.expertParallel)
                           .arg(headline.batch)
                           .arg(headline.maxBatchByMemory)
                           .arg(headline.tokensPerSecondPerChip, 0, 'f', 0)
                           .arg(band.low, 0, 'f', 0)
                           .arg(band.high, 0, 'f', 0)
                    << Tr::tr("At %1 % utilisation: TTFT p50 %2 ms, p90 %3 ms; TPOT p50 %4 ms, p90 %5 ms. KV: %6, "
                              "%7 bytes per token\n\n")
                           .arg(headline.utilisation * 100, 0, 'f', 0)
                           .arg(headline.ttftMs, 0, 'f', 0)
                           .arg(headline.ttftP90Ms, 0, 'f', 0)
                           .arg(headline.tpotMs, 0, 'f', 1)
                           .arg(headline.tpotP90Ms, 0, 'f', 1)
                           .arg(headline.attention)
                           .arg(headline.kvBytesPerToken, 0, 'f', 0);
    }
    const QStringList headers{u"rank"_s, u"provider"_s, u"sku"_s, u"region"_s, u"price_model"_s, u"accelerator"_s,
                              u"replicas"_s, u"chips"_s, u"tokens_per_s_per_chip"_s,
                              u"monthly_"_s + request.currency, u"per_request"_s, u"per_1M_output_all_in"_s, u"reason"_s};
    context.out << render(*format, headers, rows, {}); // JSON was written above
    return ExitOk;
}

QString money(double value)
{
    return QLocale::c().toString(value, 'f', 0);
}

int planCommand(Context &context, const QCommandLineParser &parser)
{
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
            u"training"_s, plan->training->options, [](const TrainingOption &o) { return o.projection.chips; },
            [&](const TrainingOption &o) { return QString::number(o.projection.wallHours.typical * runs / 24, 'f', 1); },
            [](const TrainingOption &o) { return o.projection.nodes; },
            [](const TrainingOption &o) { return o.projection.fabric; });
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

void addConstraintOptions(QCommandLineParser &p)
{
    p.addOption({u"provider"_s, Tr::tr("Only this provider (repeatable)."), u"P"_s});
    p.addOption({u"kind"_s, Tr::tr("Only this offer kind (repeatable)."), u"K"_s});
    p.addOption({u"region"_s, Tr::tr("Only this region (repeatable)."), u"R"_s});
    p.addOption({u"price-model"_s, Tr::tr("Only this price model (repeatable)."), u"M"_s});
    p.addOption({u"max-chips"_s, Tr::tr("The most chips an option may use (default 4096)."), u"N"_s});
    p.addOption({u"budget"_s, Tr::tr("Options costing more are listed as over budget."), u"X"_s});
    p.addOption({u"exclude-spot"_s, Tr::tr("Use no spot or preemptible capacity.")});
    p.addOption({u"exclude-marketplace"_s, Tr::tr("Use no marketplace hosts.")});
    p.addOption({u"whole-nodes"_s, Tr::tr("Use whole nodes only (whole TPU hosts too).")});
    p.addOption({u"min-scale-out-gbps"_s, Tr::tr("Only offers whose nodes have at least this scale-out bandwidth."), u"X"_s});
    p.addOption({u"fabric"_s, Tr::tr("Only this scale-out fabric: infiniband, efa, roce, ethernet or dcn (repeatable)."), u"F"_s});
    p.addOption({u"currency"_s, Tr::tr("Currency of costs (default USD)."), u"CUR"_s, u"USD"_s});
    p.addOption({u"format"_s, Tr::tr("Output format: table, csv or json."), u"FORMAT"_s, u"table"_s});
}

} // namespace

QList<Command> planCommands()
{
    return {
        {u"train"_s, u""_s, Tr::tr("project a training run on every offer, cheapest first"),
         [](QCommandLineParser &p) {
             p.addOption({u"model-params"_s, Tr::tr("Parameters (70e9, 70B)."), u"N"_s});
             p.addOption({u"tokens"_s, Tr::tr("Training tokens (2T)."), u"D"_s});
             p.addOption({u"active-params"_s, Tr::tr("Parameters active per token (MoE)."), u"N"_s});
             p.addOption({u"model"_s, Tr::tr("A model preset (data/catalog/models.csv) for shape and size."), u"ID"_s});
             p.addOption({u"accelerator"_s, Tr::tr("Only this accelerator."), u"ID"_s});
             p.addOption({u"chips"_s, Tr::tr("Use exactly this many chips."), u"N"_s});
             p.addOption({u"precision"_s, Tr::tr("fp32, bf16, fp16, fp8, fp4 or int8 (where the chip has that peak; "
                                                 "default bf16, as in a scenario file)."), u"P"_s});
             p.addOption({u"framework"_s, Tr::tr("pytorch, jax or tensorflow."), u"F"_s, u"pytorch"_s});
             p.addOption({u"custom-cuda-kernels"_s, Tr::tr("The code depends on hand-written CUDA kernels.")});
             p.addOption({u"mfu"_s, Tr::tr("Override the measured MFU (0..1)."), u"X"_s});
             p.addOption({u"steady-state"_s, Tr::tr("Project the steady state a timed benchmark measures, not the campaign "
                                                   "a real run is (evaluation, restarts, stalls, warm-up; the default)."),
                          });
             p.addOption({u"seq-len"_s, Tr::tr("Sequence length (adds the attention FLOPs with a preset's shape)."), u"S"_s});
             p.addOption({u"global-batch-tokens"_s,
                          Tr::tr("Tokens per optimizer step, all replicas (1024 x 8192 = 8M); sets the layout's "
                                 "per-chip batch (default: chips x sequence, 4M-16M)."),
                          u"T"_s});
             p.addOption({u"deadline-days"_s, Tr::tr("Pick the fewest chips that finish in time."), u"D"_s});
             p.addOption({u"commitment-other-use"_s, Tr::tr("Share of a commitment other work uses (0..1)."), u"X"_s});
             addConstraintOptions(p);
         },
         trainCommand},
        {u"serve"_s, u""_s, Tr::tr("size and price an inference service on every offer"),
         [](QCommandLineParser &p) {
             p.addOption({u"model-params"_s, Tr::tr("Parameters (70e9, 70B)."), u"N"_s});
             p.addOption({u"active-params"_s, Tr::tr("Parameters active per token (MoE)."), u"N"_s});
             p.addOption({u"model"_s, Tr::tr("A model preset for size and shape."), u"ID"_s});
             p.addOption({u"input-tokens"_s, Tr::tr("Prompt tokens per request."), u"I"_s});
             p.addOption({u"output-tokens"_s, Tr::tr("Generated tokens per request."), u"O"_s});
             p.addOption({u"qps"_s, Tr::tr("Requests per second."), u"Q"_s});
             p.addOption({u"requests-per-month"_s, Tr::tr("Requests per month."), u"R"_s});
             p.addOption({u"accelerator"_s, Tr::tr("Only this accelerator."), u"ID"_s});
             p.addOption({u"chips-per-replica"_s, Tr::tr("Use exactly this tensor-parallel group."), u"N"_s});
             p.addOption({u"precision"_s, Tr::tr("Weights: fp32, bf16, fp16, fp8, fp4 or int8 (default bf16, as in a "
                                                 "scenario file)."), u"P"_s});
             p.addOption({u"ttft-ms"_s, Tr::tr("Time-to-first-token target."), u"X"_s});
             p.addOption({u"tpot-ms"_s, Tr::tr("Time-per-output-token target."), u"Y"_s});
             p.addOption({u"mode"_s, Tr::tr("online (latency targets) or offline (maximum throughput)."), u"MODE"_s,
                          u"online"_s});
             p.addOption({u"utilization"_s, Tr::tr("Target utilisation of replicas (default 0.7)."), u"X"_s});
             p.addOption({u"concurrency"_s, Tr::tr("Sequences in flight per replica (default: the most that meet the "
                                                   "targets)."), u"N"_s});
             p.addOption({u"phase"_s, Tr::tr("both, or one side of a disaggregated deployment: prefill or decode."),
                          u"PHASE"_s, u"both"_s});
             p.addOption({u"kv-precision"_s, Tr::tr("KV cache: bf16 or fp8 (default fp8 with 8-bit weights)."), u"P"_s});
             p.addOption({u"engine"_s,
                          Tr::tr("The serving engine: %1 (default vllm). Without --concurrency an instance "
                                 "schedules no more sequences than the engine does by default.")
                              .arg(catalog::servingEngineIds().join(u", "_s)),
                          u"E"_s});
             p.addOption({u"speculative-tokens"_s, Tr::tr("Draft or MTP tokens proposed per step."), u"K"_s});
             p.addOption({u"acceptance"_s, Tr::tr("Acceptance rate of each proposed token (0..0.99)."), u"A"_s});
             p.addOption({u"trial"_s, Tr::tr("Not a production service: spot and marketplace capacity allowed, no "
                                             "spare replica (production, the default, runs N+1 on capacity that "
                                             "cannot be reclaimed).")});
             addConstraintOptions(p);
         },
         serveCommand},
        {u"plan"_s, u""_s, Tr::tr("plan a scenario file: options ranked by lock-in-adjusted cost, budget, sensitivity"),
         [](QCommandLineParser &p) {
             p.addPositionalArgument(u"SCENARIO"_s, Tr::tr("A scenario file (.accelplan)."));
             p.addOption({u"format"_s, Tr::tr("Output format: table, csv or json."), u"FORMAT"_s, u"table"_s});
             p.addOption({u"seed"_s, Tr::tr("Seed of the Monte Carlo (default: the scenario's)."), u"S"_s});
             p.addOption({u"samples"_s, Tr::tr("Monte Carlo samples (default: the scenario's)."), u"N"_s});
             p.addOption({u"since"_s, Tr::tr("Also plan at the prices in force on this date and show what changed."),
                          u"DATE"_s});
             p.addOption({u"top"_s, Tr::tr("List only the first N options of each side (the ranking, "
                                           "recommendation and budget are unchanged)."),
                          u"N"_s});
             p.addOption({u"steady-state"_s, Tr::tr("Project the steady state a timed benchmark measures, not the campaign "
                                                   "a real run is (evaluation, restarts, stalls, warm-up; the default)."),
                          });
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
             p.addOption({u"top"_s, Tr::tr("Options listed per side (default 10)."), u"N"_s});
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
