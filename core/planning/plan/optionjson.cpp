#include "core/planning/plan/optionjson.h"

#include "core/catalog/servingengine.h"
#include "core/common/tr.h"

using namespace Qt::StringLiterals;

namespace accelplan::planning::jsonparts {

/// {id: value} of each term.
JsonFields termValuesJson(const Terms &terms)
{
    JsonFields out;
    for (const Term &t : terms)
        out.insert(t.id, t.value);
    return out;
}

/// Each term whole: id, label, value, unit, band edges, whether it is added, and its rule under
/// \a ruleKey ("source" for an efficiency, "text" for a cost term), in the list's order.
JsonItems termItems(const Terms &terms, const QString &ruleKey = u"source"_s)
{
    JsonItems items;
    for (const Term &t : terms) {
        JsonFields item{{u"id"_s, t.id}, {u"label"_s, t.label}, {u"value"_s, t.value}};
        if (!t.unit.isEmpty())
            item.insert(u"unit"_s, t.unit);
        if (t.low && t.high) {
            item.insert(u"low"_s, *t.low);
            item.insert(u"high"_s, *t.high);
        }
        if (t.addend)
            item.insert(u"addend"_s, true);
        item.insert(ruleKey, optionalNode(t.rule));
        items.append(std::move(item));
    }
    return items;
}

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
    json.insert(u"efficiency_chain"_s, termItems(p.efficiencyTerms()));
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
    out.insert(u"efficiency_chain"_s, termItems(p.efficiencyTerms()));
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

JsonNode quoteFields(const pricing::QuoteTerms &q)
{
    return JsonFields{
        {u"id"_s, q.id},
        {u"valid_until"_s, q.validUntil.toString(Qt::ISODate)},
        {u"min_term_months"_s, q.minimumTermMonths},
        {u"min_instances"_s, q.minimumInstances},
        {u"price_per_chip"_s, q.comparison.perChip},
        {u"price_per_chip_unit"_s, q.comparison.unit},
        {u"list_per_chip"_s, q.comparison.list ? JsonNode(*q.comparison.list) : JsonNode()},
        {u"market_low"_s, q.comparison.marketLow ? JsonNode(*q.comparison.marketLow) : JsonNode()},
        {u"market_high"_s, q.comparison.marketHigh ? JsonNode(*q.comparison.marketHigh) : JsonNode()},
        {u"market_offers"_s, q.comparison.marketOffers},
        {u"comparison"_s, q.comparison.text()},
        {u"description"_s, q.description},
    };
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
        // The team's discount (issue 39): price and effective_price are what it pays, list_price
        // the provider's; discount_source the overlay, null without one.
        {u"list_price"_s, offer.listPrice.value_or(offer.price).toDouble()},
        {u"effective_price"_s, offer.price.toDouble()},
        {u"discount_source"_s, offer.discountSource.isEmpty() ? JsonNode() : JsonNode(offer.discountSource)},
        // A vendor's quote (issue 39): its terms and how it compares; null for a list price.
        {u"quote"_s, offer.quote ? quoteFields(*offer.quote) : JsonNode()},
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
    const TrainingProjection &p = *o.projection;
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
        {u"cost_terms"_s, termItems(o.costTermList(), u"text"_s)},
        {u"mfu"_s, p.efficiency.mfu.typical},
        {u"efficiency_chain"_s, termItems(p.efficiencyTerms())},
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
    const InferenceProjection &p = *o.projection;
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
        {u"cost_terms"_s, termItems(o.costTermList(), u"text"_s)},
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

} // namespace accelplan::planning::jsonparts
