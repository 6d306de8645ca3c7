#include "core/planning/plan/planjson.h"

#include "core/planning/plan/optionjson.h"

#include "core/catalog/servingengine.h"
#include "core/common/jsontext.h"
#include "core/common/tr.h"

#include <QIODevice>
#include <QJsonDocument>
#include <QSet>

#include <cstring>
#include <functional>
#include <vector>

using namespace Qt::StringLiterals;

namespace accelplan::planning {

using namespace jsonparts;

namespace {

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

/// The hosted APIs priced for the load, cheapest per request first (issue 39).
JsonItems apiOptionItems(const QList<ApiOption> &apis)
{
    JsonItems items;
    for (const ApiOption &a : apis) {
        const catalog::ApiPrice &p = a.price;
        items.append(JsonFields{
            {u"provider"_s, p.provider},
            {u"api_model"_s, p.apiModel},
            {u"model_preset"_s, p.modelPreset},
            {u"input_per_1m"_s, p.inputPer1M},
            {u"output_per_1m"_s, p.outputPer1M},
            {u"cached_input_per_1m"_s, p.cachedInputPer1M ? JsonNode(*p.cachedInputPer1M) : JsonNode()},
            {u"batch_discount_pct"_s, p.batchDiscountPct ? JsonNode(*p.batchDiscountPct) : JsonNode()},
            {u"price_currency"_s, p.currency},
            {u"cost_per_request"_s, a.runnable() ? JsonNode(a.costPerRequest) : JsonNode()},
            {u"cost_per_million_output_tokens_all_in"_s, a.runnable() ? JsonNode(a.costPerMillionOutputAllIn) : JsonNode()},
            {u"monthly_cost"_s, a.runnable() ? JsonNode(a.monthlyCost) : JsonNode()},
            {u"break_even_qps"_s, a.breakEvenQps ? JsonNode(*a.breakEvenQps) : JsonNode()},
            {u"cost_basis"_s, a.basis},
            {u"runnable"_s, a.runnable()},
            {u"reason"_s, optionalNode(a.cannotRun)},
            {u"source_url"_s, p.source.url},
            {u"as_of"_s, p.source.asOf.toString(Qt::ISODate)},
        });
    }
    return items;
}

/// The cheapest API's break-even load against self-hosting; null without an API or a break-even.
JsonNode breakEvenQpsNode(const QList<ApiOption> &apis)
{
    return !apis.isEmpty() && apis.first().breakEvenQps ? JsonNode(*apis.first().breakEvenQps) : JsonNode();
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
        // A demand curve: the recommended option's fleet and cost month by month (demand.h).
        JsonNode byMonth;
        if (const InferenceOption *best = plan.recommendedInference(); best && !best->byMonth.isEmpty()) {
            JsonItems items;
            for (const DemandMonth &d : best->byMonth)
                items.append(JsonFields{{u"month"_s, d.month},
                                        {u"requests_per_second"_s, d.requestsPerSecond},
                                        {u"replicas"_s, d.replicas},
                                        {u"instances"_s, d.instances},
                                        {u"committed_instances"_s, d.committed},
                                        {u"cost"_s, d.cost}});
            byMonth = JsonNode(std::move(items));
        }
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
                                {u"prefix_cache_hit"_s, in.prefixCacheHit},
                                {u"break_even_qps"_s, breakEvenQpsNode(plan.inference->apis)},
                                {u"api_options"_s, apiOptionItems(plan.inference->apis)},
                                {u"options"_s, placeholders ? JsonNode(kInferenceOptions) : JsonNode(options)},
                                {u"options_total"_s, plan.inference->options.size()},
                                {u"by_month"_s, byMonth},
                                {u"demand_shape"_s, plan.demand.isEmpty() ? JsonNode() : JsonNode(plan.demandSteps ? u"step"_s : u"ramp"_s)}});
    }
    JsonItems months;
    for (const BudgetMonth &m : plan.budget.months)
        months.append(JsonFields{{u"month"_s, m.month},
                                  {u"training"_s, m.training},
                                  {u"inference"_s, m.inference},
                                  {u"commitments"_s, m.commitments},
                                  {u"total"_s, m.total()},
                                  {u"cash_out"_s, m.cashOut},
                                  {u"capex"_s, m.capex},
                                  {u"all_in"_s, m.allIn}});
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
    // With a top N, the ownership analyses of the listed options' offers only: the rest would
    // describe offers the output does not show (one per purchase offer in the database).
    QSet<pricing::OfferKey> shown;
    if (top >= 0) {
        for (qsizetype i = 0; plan.training && i < listed(plan.training->options.size()); ++i)
            shown.insert(plan.training->options.at(i).offer.key);
        for (qsizetype i = 0; plan.inference && i < listed(plan.inference->options.size()); ++i)
            shown.insert(plan.inference->options.at(i).offer.key);
    }
    JsonItems owned;
    for (const OwnershipAnalysis &a : plan.ownership)
        if (top < 0 || shown.contains(a.offer.key))
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
                     {u"prefix_cache_hit"_s, input.prefixCacheHit},
                     {u"requests_per_second"_s, plan.requestsPerSecond},
                     {u"currency"_s, request.currency},
                     {u"break_even_qps"_s, breakEvenQpsNode(plan.apis)},
                     {u"api_options"_s, apiOptionItems(plan.apis)}};
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
        json.insert(u"decode_step_breakdown"_s, termValuesJson(headline->decodeStep.terms()));
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
