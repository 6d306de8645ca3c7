#include "core/planning/plan/planjson.h"

#include "core/catalog/servingengine.h"
#include "core/common/jsontext.h"
#include "core/common/tr.h"

#include <QIODevice>
#include <QJsonDocument>

#include <cstring>
#include <functional>
#include <vector>

using namespace Qt::StringLiterals;

namespace accelplan::planning {

namespace {

/// {id: value} of each term.
JsonFields termValuesJson(const Terms &terms)
{
    JsonFields out;
    for (const Term &t : terms)
        out.insert(t.id, t.value);
    return out;
}

JsonNode optionalNode(const QString &text);

/// A replica's layout (pinned): tensor, pipeline, expert and data-parallel-attention degrees.
JsonFields servingParallelismJson(const InferenceProjection &p)
{
    return {{u"tp"_s, p.tensorParallel}, {u"pp"_s, p.pipelineParallel}, {u"ep"_s, p.expertParallel}, {u"dp"_s, p.expertParallel},
            {u"crosses_nodes"_s, p.crossesNodes}};
}

/// The serving fields every option and the headline carry (pinned).
/// What backs a band (issue 34): the class of published measurements, how many, and how many of
/// them the band held out of sample; null when the projection is the profiles' alone.
JsonNode bandBasisJson(bool fitted, const catalog::BandBasis &b)
{
    if (!fitted)
        return {};
    return JsonFields{{u"class"_s, b.className},         {u"measurements"_s, b.measurements},
                      {u"coverage"_s, b.coverage},        {u"low_factor"_s, b.lowFactor},
                      {u"high_factor"_s, b.highFactor},   {u"widened"_s, b.widened},
                      {u"text"_s, b.text()}};
}

/// The serving engine's id, vLLM where the input names none.
QString engineId(const InferenceInput &input)
{
    const catalog::ServingEngine *engine = catalog::findServingEngine(input.engine);
    return engine ? engine->id : input.engine;
}

void insertServing(JsonFields &json, const InferenceProjection &p)
{
    json.insert(u"band_basis"_s, bandBasisJson(p.fitted, p.bandBasis));
    json.insert(u"fit_factor"_s, p.fitFactor);
    json.insert(u"fit_source"_s, optionalNode(p.fitSource));
    json.insert(u"concurrency"_s, p.batch);
    json.insert(u"engine_source"_s, p.engineSource);
    json.insert(u"tokens_per_s_per_chip_low"_s, p.tokensPerSecondPerChipBand.low);
    json.insert(u"tokens_per_s_per_chip_high"_s, p.tokensPerSecondPerChipBand.high);
    json.insert(u"kv_bytes_per_token"_s, p.kvBytesPerToken);
    json.insert(u"kv_bytes_per_request"_s, p.kvBytesPerRequest);
    json.insert(u"ttft_p90_ms"_s, p.ttftP90Ms);
    json.insert(u"tpot_p90_ms"_s, p.tpotP90Ms);
    json.insert(u"phase"_s, toString(p.phase));
    json.insert(u"parallelism"_s, servingParallelismJson(p));
}

/// The cluster an option runs on (pinned fields): nodes, fabric, layout, step-time shares.
void insertCluster(JsonFields &out, const TrainingProjection &p)
{
    out.insert(u"nodes"_s, p.nodes);
    out.insert(u"accelerators_per_node"_s, p.acceleratorsPerNode);
    out.insert(u"scale_out"_s, JsonFields{{u"fabric"_s, p.fabric}, {u"gbps_per_node"_s, p.fabricGbpsPerNode}});
    out.insert(u"max_cluster_nodes"_s, p.maxClusterNodes ? JsonNode(*p.maxClusterNodes) : JsonNode());
    out.insert(u"parallelism"_s, JsonFields{{u"tp"_s, p.tp}, {u"pp"_s, p.pp}, {u"dp"_s, p.dp}, {u"ep"_s, p.ep}});
    out.insert(u"interruption"_s, p.interruption);
    out.insert(u"step_time_breakdown"_s, termValuesJson(p.stepShares.terms()));
    out.insert(u"layout"_s, p.layoutSummary);
    out.insert(u"cluster_source"_s, p.clusterBasis);
}

/// Campaign or steady state, and what the published measurements make of the projection.
void insertMeasured(JsonFields &out, const TrainingProjection &p)
{
    out.insert(u"projection_kind"_s, p.steadyState ? u"steady_state"_s : u"campaign"_s);
    out.insert(u"band_basis"_s, bandBasisJson(p.fitted, p.bandBasis));
    out.insert(u"fit_factor"_s, p.fitFactor);
    out.insert(u"fit_source"_s, optionalNode(p.fitSource));
}

void insertProjection(JsonFields &out, const TrainingProjection &p)
{
    insertCluster(out, p);
    out.insert(u"accelerator"_s, p.accelerator);
    out.insert(u"chips"_s, p.chips);
    out.insert(u"peak_tflops_per_chip"_s, p.peakFlopsPerChip / 1e12);
    out.insert(u"mfu"_s, p.efficiency.mfu.typical);
    out.insert(u"mfu_low"_s, p.efficiency.mfu.low);
    out.insert(u"mfu_high"_s, p.efficiency.mfu.high);
    out.insert(u"mfu_source"_s, p.efficiency.mfuSource);
    out.insert(u"framework_factor"_s, p.efficiency.frameworkFactor);
    out.insert(u"framework_source"_s, p.efficiency.frameworkSource);
    out.insert(u"scaling_efficiency"_s, p.efficiency.scaling.typical);
    out.insert(u"scaling_source"_s, p.efficiency.scalingSource);
    out.insert(u"goodput"_s, p.efficiency.goodput.typical);
    out.insert(u"goodput_source"_s, p.efficiency.goodputSource);
    insertMeasured(out, p);
    out.insert(u"wall_hours"_s, p.wallHours.typical);
    out.insert(u"wall_hours_low"_s, p.wallHours.low);
    out.insert(u"wall_hours_high"_s, p.wallHours.high);
    out.insert(u"chip_hours"_s, p.chipHours.typical);
    out.insert(u"chip_hours_low"_s, p.chipHours.low);
    out.insert(u"chip_hours_high"_s, p.chipHours.high);
    out.insert(u"memory_per_chip_gb"_s, p.memoryPerChipGb);
    out.insert(u"min_chips_for_memory"_s, p.minimumChipsForMemory);
    out.insert(u"fits_in_memory"_s, p.fitsInMemory);
    out.insert(u"runnable"_s, p.runnable());
    out.insert(u"reason"_s, optionalNode(p.cannotRun));
    out.insert(u"warnings"_s, JsonItems::fromStrings(p.warnings));
}

} // namespace

namespace {


JsonFields lockinJson(const OptionLockin &l)
{
    if (!l.computed)
        return {};
    return JsonFields{
        {u"plan_cost"_s, l.planCost},
        {u"lockin_score"_s, l.score.score},
        {u"lockin_factors"_s, termValuesJson(l.score.factors())},
        {u"providers_offering_accelerator"_s, l.providers},
        {u"exit_cost"_s, l.exit.total()},
        {u"exit_cost_breakdown"_s, JsonFields{{u"egress"_s, l.exit.egress},
                                               {u"porting"_s, l.exit.porting},
                                               {u"commitment"_s, l.exit.commitment},
                                               {u"porting_weeks"_s, l.exit.portingWeeks},
                                               {u"egress_basis"_s, l.exit.egressBasis},
                                               {u"porting_basis"_s, l.exit.portingBasis},
                                               {u"commitment_basis"_s, l.exit.commitmentBasis()}}},
        {u"lockin_adjusted_cost"_s, l.adjustedCost},
    };
}


JsonNode optionalNode(const QString &text)
{
    return text.isEmpty() ? JsonNode() : JsonNode(text);
}

JsonItems fxRatesItems(const QList<pricing::FxRate> &rates)
{
    JsonItems array;
    for (const pricing::FxRate &r : rates) {
        array.append(JsonFields{{u"date"_s, r.date.toString(Qt::ISODate)},
                                 {u"base"_s, r.base},
                                 {u"quote"_s, r.quote},
                                 {u"rate"_s, r.rate.toDouble()},
                                 {u"source_url"_s, r.sourceUrl}});
    }
    return array;
}

// energy_kwh, co2e_kg and grid_gco2e_per_kwh on every option (per month for serving): null where
// not known.
void insertEnergy(JsonFields &json, const std::optional<Energy> &e)
{
    json.insert(u"energy_kwh"_s, e ? JsonNode(e->kwh) : JsonNode());
    json.insert(u"co2e_kg"_s, e && e->co2eKg ? JsonNode(*e->co2eKg) : JsonNode());
    json.insert(u"grid_gco2e_per_kwh"_s, e && e->gramsCo2ePerKwh ? JsonNode(*e->gramsCo2ePerKwh) : JsonNode());
    json.insert(u"energy_basis"_s, e ? JsonNode(e->basis()) : JsonNode());
}

// capex, break_even_utilization, break_even_months, idle_cost and used_share on every option: null
// unless it is bought.
void insertOwned(JsonFields &json, const std::optional<OwnedFigures> &owned)
{
    auto value = [](const std::optional<double> &v) { return v ? JsonNode(*v) : JsonNode(); };
    json.insert(u"capex"_s, owned ? JsonNode(owned->capex) : JsonNode());
    json.insert(u"break_even_utilization"_s, owned ? value(owned->breakEvenUtilization) : JsonNode());
    json.insert(u"break_even_months"_s, owned ? value(owned->breakEvenMonths) : JsonNode());
    json.insert(u"idle_cost"_s, owned ? JsonNode(owned->idleCost) : JsonNode());
    json.insert(u"used_share"_s, owned ? JsonNode(owned->usedShare) : JsonNode());
    json.insert(u"break_even_against"_s, owned && !owned->rentedOffer.isEmpty() ? JsonNode(owned->rentedOffer) : JsonNode());
}

JsonFields offerFields(const pricing::PriceRecord &offer)
{
    return JsonFields{
        {u"provider"_s, offer.key.provider},
        {u"sku"_s, offer.key.sku},
        {u"offer_kind"_s, pricing::toString(offer.offerKind)},
        {u"region"_s, offer.key.region},
        {u"price_model"_s, pricing::toString(offer.key.priceModel)},
        {u"accelerator"_s, offer.accelerator},
        {u"accelerator_count"_s, offer.acceleratorCount},
        {u"price"_s, offer.price.toDouble()},
        {u"price_currency"_s, offer.currency},
        {u"price_unit"_s, pricing::toString(offer.unit)},
        {u"price_effective_date"_s, offer.effectiveDate.toString(Qt::ISODate)},
        {u"price_source_url"_s, offer.sourceUrl},
        {u"price_confidence"_s, offer.confidence},
        {u"sheet_id"_s, offer.sheetId},
    };
}

JsonFields trainingOptionFields(const TrainingOption &o, const QString &currency)
{
    const TrainingProjection &p = o.projection;
    JsonFields json = offerFields(o.offer);
    const JsonFields fields{
        {u"chips"_s, p.chips},
        {u"instances"_s, o.instances},
        {u"runnable"_s, o.runnable()},
        {u"reason"_s, optionalNode(o.cannotRun)},
        {u"pareto"_s, o.pareto},
        {u"wall_hours"_s, p.wallHours.typical},
        {u"wall_hours_low"_s, p.wallHours.low},
        {u"wall_hours_high"_s, p.wallHours.high},
        {u"chip_hours"_s, p.chipHours.typical},
        {u"chip_hours_low"_s, p.chipHours.low},
        {u"chip_hours_high"_s, p.chipHours.high},
        {u"cost"_s, o.runnable() || o.cost.typical > 0 ? JsonNode(o.cost.typical) : JsonNode()},
        {u"cost_low"_s, o.cost.low},
        {u"cost_high"_s, o.cost.high},
        {u"currency"_s, currency},
        {u"cost_basis"_s, o.costBasis()},
        {u"mfu"_s, p.efficiency.mfu.typical},
        {u"memory_per_chip_gb"_s, p.memoryPerChipGb},
        {u"fx_rates"_s, fxRatesItems(o.fxRates)},
        {u"warnings"_s, JsonItems::fromStrings(o.warnings + p.warnings)},
    };
    json.insert(fields);
    insertCluster(json, p);
    insertMeasured(json, p);
    json.insert(lockinJson(o.lockin));
    insertOwned(json, o.owned);
    insertEnergy(json, o.energy);
    return json;
}

JsonFields inferenceOptionFields(const InferenceOption &o, const QString &currency)
{
    const InferenceProjection &p = o.projection;
    auto money = [&](double value) { return o.runnable() ? JsonNode(value) : JsonNode(); };
    JsonFields json = offerFields(o.offer);
    const JsonFields fields{
        {u"runnable"_s, o.runnable()},
        {u"reason"_s, optionalNode(o.cannotRun)},
        {u"chips_per_replica"_s, p.chipsPerReplica},
        {u"replicas"_s, o.replicas},
        {u"chips"_s, o.chips},
        {u"instances"_s, o.instances},
        {u"batch"_s, p.batch},
        {u"ttft_ms"_s, p.ttftMs},
        {u"tpot_ms"_s, p.tpotMs},
        {u"tokens_per_s_per_chip"_s, p.tokensPerSecondPerChip},
        {u"tokens_per_s_per_replica"_s, p.tokensPerSecondPerReplica},
        {u"cost_per_request"_s, money(o.costPerRequest)},
        // cost_per_million_tokens is all-in (the whole cost over the output tokens); the input and
        // output figures split that cost by the time each phase takes.
        {u"cost_per_million_tokens"_s, money(o.costPerMillionOutputAllIn)},
        {u"cost_per_million_output_tokens_all_in"_s, money(o.costPerMillionOutputAllIn)},
        {u"cost_per_million_input_tokens"_s, money(o.costPerMillionInput)},
        {u"cost_per_million_output_tokens"_s, money(o.costPerMillionOutput)},
        {u"cost_split_rule"_s, kCostSplitRule},
        {u"monthly_cost"_s, money(o.monthlyCost)},
        // The throughput band carried through (low: at the band's high throughput).
        {u"replicas_low"_s, money(o.replicasBand.low)},
        {u"replicas_high"_s, money(o.replicasBand.high)},
        {u"monthly_cost_low"_s, money(o.monthlyCostBand.low)},
        {u"monthly_cost_high"_s, money(o.monthlyCostBand.high)},
        {u"cost_per_request_low"_s, money(o.costPerRequestBand.low)},
        {u"cost_per_request_high"_s, money(o.costPerRequestBand.high)},
        {u"cost_per_million_output_tokens_low"_s, money(o.costPerMillionOutputBand.low)},
        {u"cost_per_million_output_tokens_high"_s, money(o.costPerMillionOutputBand.high)},
        {u"currency"_s, currency},
        {u"cost_basis"_s, o.costBasis()},
        {u"fx_rates"_s, fxRatesItems(o.fxRates)},
        {u"warnings"_s, JsonItems::fromStrings(o.warnings + p.warnings)},
    };
    json.insert(fields);
    insertServing(json, p);
    json.insert(u"disaggregation"_s,
                o.disaggregation ? JsonNode(JsonFields{{u"prefill_replicas"_s, o.disaggregation->prefillReplicas},
                                                          {u"prefill_chips_per_replica"_s,
                                                           o.disaggregation->prefillChipsPerReplica},
                                                          {u"decode_replicas"_s, o.disaggregation->decodeReplicas},
                                                          {u"decode_chips_per_replica"_s,
                                                           o.disaggregation->decodeChipsPerReplica}})
                                 : JsonNode());
    if (o.lockin.computed) // over the plan's horizon, as the scenario planner ranks it
        json.insert(u"cost"_s, o.lockin.planCost);
    json.insert(lockinJson(o.lockin));
    insertOwned(json, o.owned);
    insertEnergy(json, o.energyPerMonth);
    return json;
}


JsonNode breakEvenJson(const std::optional<BreakEven> &b, const auto &options)
{
    if (!b)
        return JsonNode();
    auto option = [&](int i) -> JsonNode {
        if (i < 0)
            return JsonNode();
        const auto &o = options[i];
        return JsonFields{{u"provider"_s, o.offer.key.provider},
                           {u"sku"_s, o.offer.key.sku},
                           {u"region"_s, o.offer.key.region},
                           {u"price_model"_s, pricing::toString(o.offer.key.priceModel)},
                           {u"plan_cost"_s, o.lockin.planCost},
                           {u"exit_cost"_s, o.lockin.exit.total()}};
    };
    return JsonFields{{u"cheapest"_s, option(b->cheapest)},
                       {u"cheapest_portable"_s, option(b->cheapestPortable)},
                       {u"savings"_s, b->savings},
                       {u"expected_exit_cost"_s, b->expectedExitCost},
                       {u"break_even_exit_probability"_s,
                        b->breakEvenExitProbability ? JsonNode(*b->breakEvenExitProbability) : JsonNode()},
                       {u"summary"_s, b->summary}};
}

} // namespace

namespace {

// Stands in for an options array in the skeleton writePlanJson() serialises first.
const QString kTrainingOptions = u"@@training options@@"_s;
const QString kInferenceOptions = u"@@inference options@@"_s;
const QString kOptions = u"@@options@@"_s;

JsonFields planSkeleton(const Plan &plan, int top, bool placeholders);

/// An options array that a placeholder string stands in for in a skeleton: \a count options
/// written by \a at, its elements \a level indents deep.
struct OptionsSlot
{
    QString placeholder;
    qsizetype count = 0;
    std::function<JsonFields(qsizetype)> at;
    int level = 2;
};

/// Writes \a skeleton as QJsonDocument's indented text with each slot's placeholder replaced by
/// its options, written one at a time straight into a buffer flushed in large pieces: at tens
/// of thousands of offers the options are most of the output.
void writeWithOptions(QIODevice *out, const QJsonObject &skeleton, const std::vector<OptionsSlot> &optionSlots)
{
    const QByteArray text = QJsonDocument(skeleton).toJson(QJsonDocument::Indented);
    auto writeOptions = [&](const OptionsSlot &slot) {
        std::string buffer("[\n");
        buffer.reserve(1 << 20);
        for (qsizetype i = 0; i < slot.count; ++i) {
            buffer.append(std::size_t(4 * slot.level), ' ');
            slot.at(i).write(buffer, slot.level);
            buffer.append(i + 1 < slot.count ? ",\n" : "\n");
            if (buffer.size() > (1 << 20) - (1 << 16)) {
                out->write(buffer.data(), qint64(buffer.size()));
                buffer.clear(); // keeps its capacity
            }
        }
        buffer.append(std::size_t(4 * (slot.level - 1)), ' ');
        buffer.append("]");
        out->write(buffer.data(), qint64(buffer.size()));
    };
    qsizetype from = 0;
    while (from < text.size()) {
        qsizetype at = -1;
        const OptionsSlot *next = nullptr;
        for (const OptionsSlot &slot : optionSlots) {
            const qsizetype found = text.indexOf(QByteArray('"' + slot.placeholder.toUtf8() + '"'), from);
            if (found >= 0 && (at < 0 || found < at)) {
                at = found;
                next = &slot;
            }
        }
        if (!next) {
            out->write(text.constData() + from, text.size() - from);
            break;
        }
        out->write(text.constData() + from, at - from);
        writeOptions(*next);
        from = at + next->placeholder.size() + 2;
    }
}

} // namespace

QJsonObject planJson(const Plan &plan, int top)
{
    return planSkeleton(plan, top, false).toQJson();
}

void writePlanJson(const Plan &plan, int top, QIODevice *out, const QJsonObject &extra)
{
    QJsonObject skeleton = planSkeleton(plan, top, true).toQJson();
    for (auto it = extra.constBegin(); it != extra.constEnd(); ++it)
        skeleton.insert(it.key(), it.value());
    auto listed = [top](qsizetype size) { return top < 0 ? size : std::min<qsizetype>(size, top); };
    std::vector<OptionsSlot> optionSlots;
    if (plan.training)
        optionSlots.push_back({kTrainingOptions, listed(plan.training->options.size()),
                         [&](qsizetype i) { return trainingOptionFields(plan.training->options.at(i), plan.currency); }, 3});
    if (plan.inference)
        optionSlots.push_back({kInferenceOptions, listed(plan.inference->options.size()),
                         [&](qsizetype i) { return inferenceOptionFields(plan.inference->options.at(i), plan.currency); },
                         3});
    writeWithOptions(out, skeleton, optionSlots);
}

void writeOptionsJson(QIODevice *out, QJsonObject head, const QList<TrainingOption> &options, const QString &currency)
{
    head.insert(u"options"_s, kOptions);
    writeWithOptions(out, head,
                     {{kOptions, options.size(), [&](qsizetype i) { return trainingOptionFields(options.at(i), currency); }, 2}});
}

void writeOptionsJson(QIODevice *out, QJsonObject head, const QList<InferenceOption> &options, const QString &currency)
{
    head.insert(u"options"_s, kOptions);
    writeWithOptions(out, head,
                     {{kOptions, options.size(), [&](qsizetype i) { return inferenceOptionFields(options.at(i), currency); }, 2}});
}

namespace {

JsonFields headlineFields(const Headline &h)
{
    auto optional = [](const std::optional<double> &v) { return v ? JsonNode(*v) : JsonNode(); };
    return JsonFields{{u"budget_p10"_s, h.p10},
                      {u"budget_p50"_s, h.p50},
                      {u"budget_p90"_s, h.p90},
                      {u"budget_point"_s, h.amortised},
                      {u"cash_total"_s, h.cashTotal},
                      {u"capex"_s, h.capex},
                      {u"idle_cost"_s, h.idleCost},
                      {u"owned_used_share"_s, optional(h.usedShare)},
                      {u"payback_months"_s, optional(h.paybackMonths)},
                      {u"horizon_months"_s, h.horizonMonths},
                      {u"owned_assumptions"_s, optionalNode(h.ownedAssumptions)},
                      {u"training_days"_s, h.trainingDays ? JsonNode(h.trainingDays->typical) : JsonNode()},
                      {u"training_days_low"_s, h.trainingDays ? JsonNode(h.trainingDays->low) : JsonNode()},
                      {u"training_days_high"_s, h.trainingDays ? JsonNode(h.trainingDays->high) : JsonNode()},
                      {u"training_runs"_s, h.trainingRuns},
                      {u"deadline_days"_s, optional(h.deadlineDays)},
                      {u"cost_per_million_output_tokens_all_in"_s, optional(h.costPerMillionOutput)},
                      {u"risks"_s, JsonItems::fromStrings(h.risks)},
                      {u"basis"_s, h.basis},
                      {u"text"_s, h.text()},
                      {u"currency"_s, h.currency}};
}

JsonFields planSkeleton(const Plan &plan, int top, bool placeholders)
{
    auto listed = [top](qsizetype size) { return top < 0 ? size : std::min<qsizetype>(size, top); };
    JsonFields json{{u"scenario"_s, plan.scenarioName},
                     {u"currency"_s, plan.currency},
                     {u"prices_as_of"_s, plan.pricesAsOf.toString(Qt::ISODate)},
                     {u"recommendation"_s, plan.recommendation},
                     {u"headline"_s, headlineFields(plan.headline)}};
    if (plan.training) {
        JsonItems options;
        for (qsizetype i = 0; !placeholders && i < listed(plan.training->options.size()); ++i)
            options.append(trainingOptionFields(plan.training->options.at(i), plan.currency));
        const TrainingInput &in = plan.trainingRequest->input;
        json.insert(u"training"_s, JsonFields{{u"model_params"_s, in.modelParams},
                                               {u"active_params"_s, in.active()},
                                               {u"tokens"_s, in.tokens},
                                               {u"precision"_s, in.precisionName},
                                               {u"framework"_s, in.framework},
                                               {u"runs"_s, plan.trainingRequest->runs},
                                               {u"total_flops"_s, trainingFlops(in)},
                                               {u"break_even"_s, breakEvenJson(plan.trainingBreakEven, plan.training->options)},
                                               {u"options"_s, placeholders ? JsonNode(kTrainingOptions) : JsonNode(options)},
                                               {u"options_total"_s, plan.training->options.size()}});
    }
    if (plan.inference) {
        JsonItems options;
        for (qsizetype i = 0; !placeholders && i < listed(plan.inference->options.size()); ++i)
            options.append(inferenceOptionFields(plan.inference->options.at(i), plan.currency));
        const InferenceInput &in = plan.inferenceRequest->input;
        json.insert(u"inference"_s,
                    JsonFields{{u"model_params"_s, in.modelParams},
                                {u"active_params"_s, in.active()},
                                {u"precision"_s, in.precisionName},
                                {u"input_tokens"_s, in.inputTokens},
                                {u"output_tokens"_s, in.outputTokens},
                                {u"requests_per_second"_s, in.requestsPerSecond ? JsonNode(*in.requestsPerSecond) : JsonNode()},
                                {u"engine"_s, engineId(in)},
                                {u"months"_s, plan.inferenceMonths},
                                {u"break_even"_s, breakEvenJson(plan.inferenceBreakEven, plan.inference->options)},
                                {u"options"_s, placeholders ? JsonNode(kInferenceOptions) : JsonNode(options)},
                                {u"options_total"_s, plan.inference->options.size()}});
    }
    JsonItems months;
    for (const BudgetMonth &m : plan.budget.months)
        months.append(JsonFields{{u"month"_s, m.month},
                                  {u"training"_s, m.training},
                                  {u"inference"_s, m.inference},
                                  {u"commitments"_s, m.commitments},
                                  {u"total"_s, m.total()},
                                  {u"cash_out"_s, m.cashOut},
                                  {u"capex"_s, m.capex}});
    json.insert(u"budget"_s, JsonFields{{u"months"_s, months},
                                         {u"total"_s, plan.budget.total},
                                         {u"cash_total"_s, plan.budget.cashTotal},
                                         {u"currency"_s, plan.currency},
                                         {u"fx_rates"_s, fxRatesItems(plan.budget.fxRates)}});
    JsonItems factors;
    for (const SensitivityFactor &f : plan.sensitivity.factors)
        factors.append(JsonFields{{u"factor"_s, f.id},
                                   {u"label"_s, f.label},
                                   {u"low_input"_s, f.lowInput},
                                   {u"high_input"_s, f.highInput},
                                   {u"total_at_low"_s, f.totalAtLow},
                                   {u"total_at_high"_s, f.totalAtHigh}});
    json.insert(u"sensitivity"_s, JsonFields{{u"base_total"_s, plan.sensitivity.base},
                                              {u"factors"_s, factors},
                                              {u"monte_carlo"_s, JsonFields{{u"samples"_s, plan.sensitivity.samples},
                                                                              {u"seed"_s, double(plan.sensitivity.seed)},
                                                                              {u"p10"_s, plan.sensitivity.p10},
                                                                              {u"p50"_s, plan.sensitivity.p50},
                                                                              {u"p90"_s, plan.sensitivity.p90}}}});
    JsonItems owned;
    for (const OwnershipAnalysis &a : plan.ownership)
        owned.append(JsonFields{{u"offer"_s, offerFields(a.offer)},
                                 {u"hourly_cost"_s, a.hourly.total()},
                                 {u"hourly_capital"_s, a.hourly.capital},
                                 {u"hourly_colocation"_s, a.hourly.colocation},
                                 {u"hourly_power"_s, a.hourly.power},
                                 {u"basis"_s, a.hourly.basis},
                                 {u"rented_hourly"_s, a.rentedHourly ? JsonNode(*a.rentedHourly) : JsonNode()},
                                 {u"rented_offer"_s, optionalNode(a.rentedOffer)},
                                 {u"break_even_utilization"_s,
                                  a.breakEvenUtilization ? JsonNode(*a.breakEvenUtilization) : JsonNode()}});
    json.insert(u"ownership"_s, owned);
    json.insert(u"lockin"_s, JsonFields{{u"data_gb"_s, plan.lockin.dataGb},
                                         {u"engineer_week_cost"_s, plan.lockin.engineerWeekCost},
                                         {u"exit_probability"_s, plan.lockin.exitProbability},
                                         {u"exit_at_fraction"_s, plan.lockin.exitAtFraction},
                                         {u"commitment_other_use"_s, plan.lockin.commitmentOtherUse},
                                         {u"framework"_s, plan.lockin.framework},
                                         {u"custom_cuda_kernels"_s, plan.lockin.customCudaKernels}});
    json.insert(u"defaults"_s, JsonItems::fromStrings(plan.defaults));
    json.insert(u"warnings"_s, JsonItems::fromStrings(plan.warnings));
    return json;
}

} // namespace

JsonFields trainingHeadFields(const TrainingRequest &request, const TrainingProjection *headline)
{
    const TrainingInput &input = request.input;
    JsonFields json;
    json.insert(u"total_flops"_s, trainingFlops(input));
    json.insert(u"attention_flops"_s, attentionFlops(input));
    json.insert(u"model_params"_s, input.modelParams);
    json.insert(u"active_params"_s, input.active());
    json.insert(u"tokens"_s, input.tokens);
    json.insert(u"precision"_s, input.precisionName);
    json.insert(u"framework"_s, input.framework);
    json.insert(u"currency"_s, request.currency);
    if (request.deadlineDays)
        json.insert(u"deadline_days"_s, *request.deadlineDays);
    if (headline)
        insertProjection(json, *headline);
    return json;
}

JsonFields inferenceHeadFields(const InferenceRequest &request, const InferencePlan &plan,
                              const InferenceProjection *headline)
{
    const InferenceInput &input = request.input;
    JsonFields json{{u"model_params"_s, input.modelParams},
                     {u"active_params"_s, input.active()},
                     {u"precision"_s, input.precisionName},
                     {u"input_tokens"_s, input.inputTokens},
                     {u"output_tokens"_s, input.outputTokens},
                     {u"mode"_s, input.offline ? u"offline"_s : u"online"_s},
                     {u"phase"_s, toString(input.phase)},
                     {u"concurrency_requested"_s, input.concurrency ? JsonNode(*input.concurrency) : JsonNode()},
                     {u"engine"_s, engineId(input)},
                     {u"speculative_tokens"_s, input.speculativeTokens},
                     {u"speculative_acceptance"_s, input.speculativeAcceptance},
                     {u"requests_per_second"_s, plan.requestsPerSecond},
                     {u"currency"_s, request.currency}};
    if (headline) {
        json.insert(u"accelerator"_s, headline->accelerator);
        json.insert(u"tokens_per_s_per_chip"_s, headline->tokensPerSecondPerChip);
        json.insert(u"ttft_ms"_s, headline->ttftMs);
        json.insert(u"tpot_ms"_s, headline->tpotMs);
        json.insert(u"chips_per_replica"_s, headline->chipsPerReplica);
        json.insert(u"batch"_s, headline->batch);
        json.insert(u"weights_gb"_s, headline->weightsGb);
        insertServing(json, *headline);
        json.insert(u"kv_precision"_s, headline->kvPrecisionName);
        json.insert(u"attention"_s, headline->attention);
        json.insert(u"max_batch_by_memory"_s, headline->maxBatchByMemory);
        json.insert(u"utilization"_s, headline->utilisation);
        json.insert(u"decode_step_breakdown"_s,
                    JsonFields{{u"memory"_s, headline->stepBreakdownMemory},
                                {u"compute"_s, headline->stepBreakdownCompute},
                                {u"communication"_s, headline->stepBreakdownComm},
                                {u"overhead"_s, headline->stepBreakdownOverhead}});
        json.insert(u"prefill_efficiency"_s, headline->prefillEfficiency.typical);
        json.insert(u"prefill_source"_s, headline->prefillSource);
        json.insert(u"decode_efficiency"_s, headline->decodeEfficiency.typical);
        json.insert(u"decode_source"_s, headline->decodeSource);
        json.insert(u"calibration"_s, headline->calibration);
        json.insert(u"calibration_source"_s, optionalNode(headline->calibrationSource));
        json.insert(u"runnable"_s, headline->runnable());
        json.insert(u"reason"_s, optionalNode(headline->cannotRun));
        json.insert(u"warnings"_s, JsonItems::fromStrings(headline->warnings));
    }
    return json;
}

QJsonValue optionalJson(const QString &text)
{
    return optionalNode(text).toQJson();
}

QJsonArray fxRatesJson(const QList<pricing::FxRate> &rates)
{
    return fxRatesItems(rates).toQJson();
}

QJsonObject offerJson(const pricing::PriceRecord &offer)
{
    return offerFields(offer).toQJson();
}

QJsonObject trainingOptionJson(const TrainingOption &option, const QString &currency)
{
    return trainingOptionFields(option, currency).toQJson();
}

QJsonObject inferenceOptionJson(const InferenceOption &option, const QString &currency)
{
    return inferenceOptionFields(option, currency).toQJson();
}

QJsonObject trainingHeadJson(const TrainingRequest &request, const TrainingProjection *headline)
{
    return trainingHeadFields(request, headline).toQJson();
}

QJsonObject inferenceHeadJson(const InferenceRequest &request, const InferencePlan &plan,
                              const InferenceProjection *headline)
{
    return inferenceHeadFields(request, plan, headline).toQJson();
}

} // namespace accelplan::planning
