#include "app/cli/cliapp.h"
#include "app/cli/planoptions.h"
#include "core/catalog/servingengine.h"
#include "core/common/tr.h"
#include "core/planning/options/inferenceplanner.h"
#include "core/planning/plan/planinputs.h"
#include "core/planning/plan/planjson.h"
#include "core/planning/options/requests.h"
#include "core/planning/options/trainingplanner.h"
#include "core/scenario/scenario.h"

using namespace Qt::StringLiterals;

// train and serve: one workload from the command line, ranked on every offer.
namespace accelplan::cli {

using namespace accelplan::planning;

namespace {

/// A projection's efficiency chain, a line per factor with its band and source.
void writeChain(QTextStream &out, const Terms &terms)
{
    for (const Term &t : terms) {
        const QString band = t.low && t.high ? Tr::tr(" (%1–%2)").arg(*t.low, 0, 'f', 2).arg(*t.high, 0, 'f', 2) : QString();
        out << Tr::tr("  %1 %2%3%4: %5\n").arg(t.label, t.unit).arg(t.value, 0, 'f', 2).arg(band, t.rule);
    }
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
    if (const int exit = modelOption(context, parser, planning, t); exit != ExitOk)
        return exit;
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

    const std::optional<TrainingProjection> headline = trainingHeadline(request, plan, accelerator, planning);

    if (*format == OutputFormat::Json)
        return writeJson(context, [&](QIODevice *out) {
            writeOptionsJson(out, trainingHeadJson(request, headline ? &*headline : nullptr),
                             plan.options, request.currency);
        });
    QList<QStringList> rows;
    int rank = 0;
    for (const TrainingOption &o : plan.options) {
        rows.append({o.runnable() ? QString::number(++rank) : u"-"_s, o.offer.key.provider, o.offer.key.sku,
                     o.offer.key.region, pricing::toString(o.offer.key.priceModel), o.offer.accelerator,
                     QString::number(o.projection->chips),
                     o.runnable() ? QString::number(o.projection->wallHours.typical / 24.0, 'f', 1) : QString(),
                     o.runnable() ? QString::number(o.cost.typical, 'f', 0) : QString(),
                     o.runnable() ? QString::number(o.cost.low, 'f', 0) + u"–"_s + QString::number(o.cost.high, 'f', 0)
                                  : QString(),
                     o.pareto ? u"*"_s : QString(), o.cannotRun});
    }
    const QStringList headers{u"rank"_s, u"provider"_s, u"sku"_s, u"region"_s, u"price_model"_s, u"accelerator"_s,
                              u"chips"_s, u"wall_days"_s, u"cost_"_s + request.currency, u"cost_range"_s,
                              u"pareto"_s, u"reason"_s};
    if (*format == OutputFormat::Table && headline) {
        context.out << Tr::tr("%1 FLOPs; on %2 × %3: %4 days wall (%5–%6), %7 chip-hours, %8 GB/chip%9\n")
                           .arg(trainingFlops(input), 0, 'g', 3)
                           .arg(headline->chips)
                           .arg(headline->accelerator)
                           .arg(headline->wallHours.typical / 24, 0, 'f', 1)
                           .arg(headline->wallHours.low / 24, 0, 'f', 1)
                           .arg(headline->wallHours.high / 24, 0, 'f', 1)
                           .arg(headline->chipHours.typical, 0, 'f', 0)
                           .arg(headline->memoryPerChipGb, 0, 'f', 1)
                           .arg(headline->fitsInMemory ? QString() : Tr::tr(" — does not fit: ") + headline->cannotRun);
        // Time = FLOPs ÷ (chips × peak × each factor below) × the measured factor.
        writeChain(context.out, headline->efficiencyTerms());
        if (headline->fitted)
            context.out << Tr::tr("Projection: %1\nBand: %2\n")
                               .arg(headline->steadyState ? Tr::tr("steady state (--steady-state)")
                                                         : Tr::tr("campaign (--steady-state for a benchmark's steady state)"),
                                    headline->bandBasis.text());
        context.out << u'\n';
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
    return Tr::tr("%1 × %2").arg(o.replicas).arg(o.projection->chipsPerReplica);
}

int serveCommand(Context &context, const QCommandLineParser &parser)
{
    const auto format = formatOption(context, parser, {OutputFormat::Table, OutputFormat::Csv, OutputFormat::Json});
    if (!format)
        return ExitUsage;
    std::optional<double> params, active, inputTokens, outputTokens, qps, perMonth, ttft, tpot, chipsPerReplica,
        utilisation, concurrency, speculativeTokens, acceptance, prefixHit;
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
        || !numberOption(context, parser, u"acceptance"_s, 0, 0.99, &acceptance)
        || !numberOption(context, parser, u"prefix-cache-hit"_s, 0, 0.99, &prefixHit))
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
    if (const int exit = modelOption(context, parser, planning, i); exit != ExitOk)
        return exit;
    const bool preset = !i.model.isEmpty() || i.modelConfig;
    i.modelParams = params.value_or(0);
    i.activeParams = active;
    if ((i.modelParams <= 0 && !preset) || !inputTokens || !outputTokens)
        return context.usage(Tr::tr("serve needs --model-params N (or --model PRESET, or --model-config FILE), --input-tokens I and --output-tokens O"));
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
    i.prefixCacheHit = prefixHit.value_or(0);
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
        return context.usage(Tr::tr("serve needs --model-params N (or --model PRESET, or --model-config FILE), --input-tokens I and --output-tokens O"));
    const InferencePlan plan = planInference(request, *accelerators, planning, *inputs->offers, inputs->fx);

    const std::optional<InferenceProjection> headline = inferenceHeadline(request, plan, accelerator, planning);
    if (*format == OutputFormat::Json)
        return writeJson(context, [&](QIODevice *out) {
            writeOptionsJson(out, inferenceHeadJson(request, plan, headline ? &*headline : nullptr),
                             plan.options, request.currency);
        });
    QList<QStringList> rows;
    int rank = 0;
    for (const InferenceOption &o : plan.options) {
        const bool ok = o.runnable();
        rows.append({ok ? QString::number(++rank) : u"-"_s, o.offer.key.provider, o.offer.key.sku, o.offer.key.region,
                     pricing::toString(o.offer.key.priceModel), o.offer.accelerator,
                     ok ? servingLayout(o) : QString(), ok ? QString::number(o.chips) : QString(),
                     ok ? QString::number(o.projection->tokensPerSecondPerChip, 'f', 0) : QString(),
                     ok ? QString::number(o.monthlyCost, 'f', 0) : QString(),
                     ok ? QString::number(o.costPerRequest, 'g', 3) : QString(),
                     ok ? QString::number(o.costPerMillionOutputAllIn, 'f', 3) : QString(), o.cannotRun});
    }
    if (*format == OutputFormat::Table && headline && headline->runnable()) {
        const Range band = headline->tokensPerSecondPerChipBand;
        context.out << Tr::tr("On %1: %2 chip(s) per replica (TP %3, EP %4), concurrency %5 (memory allows %6), "
                              "%7 tokens/s per chip (%8–%9)\n")
                           .arg(headline->accelerator)
                           .arg(headline->chipsPerReplica)
                           .arg(headline->pipelineParallel > 1 ? u"%1, PP %2"_s.arg(headline->tensorParallel).arg(headline->pipelineParallel)
                                                              : QString::number(headline->tensorParallel))
                           .arg(headline->expertParallel)
                           .arg(headline->batch)
                           .arg(headline->maxBatchByMemory)
                           .arg(headline->tokensPerSecondPerChip, 0, 'f', 0)
                           .arg(band.low, 0, 'f', 0)
                           .arg(band.high, 0, 'f', 0);
        writeChain(context.out, headline->efficiencyTerms());
        context.out << Tr::tr("At %1 % utilisation: TTFT p50 %2 ms, p90 %3 ms; TPOT p50 %4 ms, p90 %5 ms. KV: %6, "
                              "%7 bytes per token\n\n")
                           .arg(headline->utilisation * 100, 0, 'f', 0)
                           .arg(headline->ttftMs, 0, 'f', 0)
                           .arg(headline->ttftP90Ms, 0, 'f', 0)
                           .arg(headline->tpotMs, 0, 'f', 1)
                           .arg(headline->tpotP90Ms, 0, 'f', 1)
                           .arg(headline->attention)
                           .arg(headline->kvBytesPerToken, 0, 'f', 0);
    }
    const QStringList headers{u"rank"_s, u"provider"_s, u"sku"_s, u"region"_s, u"price_model"_s, u"accelerator"_s,
                              u"replicas"_s, u"chips"_s, u"tokens_per_s_per_chip"_s,
                              u"monthly_"_s + request.currency, u"per_request"_s, u"per_1M_output_all_in"_s, u"reason"_s};
    context.out << render(*format, headers, rows, {}); // JSON was written above
    if (*format == OutputFormat::Table && !plan.apis.isEmpty()) {
        context.out << '\n' << apiSummary(plan) << '\n';
        QList<QStringList> apiRows;
        for (const ApiOption &a : plan.apis)
            apiRows.append({a.price.provider, a.price.apiModel,
                            a.runnable() ? QString::number(a.costPerRequest, 'g', 3) : QString(),
                            a.runnable() ? QString::number(a.costPerMillionOutputAllIn, 'f', 3) : QString(),
                            a.runnable() && plan.requestsPerSecond > 0 ? QString::number(a.monthlyCost, 'f', 0) : QString(),
                            a.breakEvenQps ? QString::number(*a.breakEvenQps, 'g', 3) : QString(),
                            a.price.source.asOf.toString(Qt::ISODate), a.cannotRun});
        context.out << render(OutputFormat::Table,
                              {u"api"_s, u"model"_s, u"per_request"_s, u"per_1M_output_all_in"_s,
                               u"monthly_"_s + request.currency, u"break_even_qps"_s, u"as_of"_s, u"reason"_s},
                              apiRows, {});
    }
    return ExitOk;
}

} // namespace

QList<Command> workloadCommands()
{
    return {
        {u"train"_s, u""_s, Tr::tr("project a training run on every offer, cheapest first"),
         [](QCommandLineParser &p) {
             p.addOption({u"model-params"_s, Tr::tr("Parameters (70e9, 70B)."), u"N"_s});
             p.addOption({u"tokens"_s, Tr::tr("Training tokens (2T)."), u"D"_s});
             p.addOption({u"active-params"_s, Tr::tr("Parameters active per token (MoE)."), u"N"_s});
             addModelOptions(p);
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
             addModelOptions(p);
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
             p.addOption({u"prefix-cache-hit"_s,
                          Tr::tr("Share of each prompt found in the prefix cache (0..0.99): not computed again when "
                                 "self-hosted, billed at the cached-input price by an API."),
                          u"R"_s});
             p.addOption({u"trial"_s, Tr::tr("Not a production service: spot and marketplace capacity allowed, no "
                                             "spare replica (production, the default, runs N+1 on capacity that "
                                             "cannot be reclaimed).")});
             addConstraintOptions(p);
         },
         serveCommand},
    };
}

} // namespace accelplan::cli
