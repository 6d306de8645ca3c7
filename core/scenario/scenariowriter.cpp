#include "core/scenario/scenario.h"

#include "core/common/savefile.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

// Writing a scenario: the document it was read from, with every field the program knows set anew.
namespace accelplan::scenario {

namespace {

QJsonValue optionalNumber(const std::optional<double> &value)
{
    return value ? QJsonValue(*value) : QJsonValue();
}

QJsonValue optionalInt(const std::optional<int> &value)
{
    return value ? QJsonValue(*value) : QJsonValue();
}

QJsonValue optionalText(const QString &value)
{
    return value.isEmpty() ? QJsonValue() : QJsonValue(value);
}

/// Writes \a fields into the document's object at \a key, keeping its other keys.
void merge(QJsonObject &root, const QString &key, const QJsonObject &fields)
{
    QJsonObject object = root.value(key).toObject();
    for (auto it = fields.begin(); it != fields.end(); ++it)
        object.insert(it.key(), it.value());
    root.insert(key, object);
}

// A section's model members, as both sections write them.
QJsonObject modelJson(const ModelSection &m)
{
    return {{u"model"_s, optionalText(m.model)},
            {u"model_config"_s, m.modelConfigJson.isEmpty() ? QJsonValue() : QJsonValue(m.modelConfigJson)},
            {u"model_params"_s, m.modelParams > 0 ? QJsonValue(m.modelParams) : QJsonValue()},
            {u"active_params"_s, optionalNumber(m.activeParams)},
            {u"precision"_s, m.precision}};
}

template<typename T, typename F>
QJsonArray stringArray(const QList<T> &items, F toText)
{
    QJsonArray array;
    for (const T &item : items)
        array.append(toText(item));
    return array;
}

} // namespace

QJsonObject toJson(const Scenario &s)
{
    QJsonObject root = s.document;
    root.insert(u"format"_s, kFormatName);
    root.insert(u"version"_s, kFormatVersion);
    root.insert(u"name"_s, s.name);
    root.insert(u"currency"_s, s.currency);
    if (s.training) {
        const TrainingSection &t = *s.training;
        merge(root, u"training"_s, modelJson(t));
        merge(root, u"training"_s,
              {{u"tokens"_s, t.tokens > 0 ? QJsonValue(t.tokens) : QJsonValue()},
               {u"framework"_s, t.framework},
               {u"deadline_days"_s, optionalNumber(t.deadlineDays)},
               {u"runs"_s, t.runs},
               {u"start_month"_s, t.startMonth},
               {u"seq_len"_s, optionalInt(t.seqLen)},
               {u"global_batch_tokens"_s, optionalNumber(t.globalBatchTokens)},
               {u"chips"_s, optionalInt(t.chips)},
               {u"mfu"_s, optionalNumber(t.mfu)},
               {u"steady_state"_s, t.steadyState}});
    } else {
        root.remove(u"training"_s);
    }
    if (s.inference) {
        const InferenceSection &i = *s.inference;
        merge(root, u"inference"_s, modelJson(i));
        merge(root, u"inference"_s,
              {{u"input_tokens"_s, i.inputTokens},
               {u"output_tokens"_s, i.outputTokens},
               {u"requests_per_second"_s, optionalNumber(i.requestsPerSecond)},
               {u"requests_per_month"_s, optionalNumber(i.requestsPerMonth)},
               {u"ttft_ms"_s, optionalNumber(i.ttftMs)},
               {u"tpot_ms"_s, optionalNumber(i.tpotMs)},
               {u"months"_s, i.months},
               {u"mode"_s, i.offline ? u"offline"_s : u"online"_s},
               {u"chips_per_replica"_s, optionalInt(i.chipsPerReplica)},
               {u"utilization"_s, i.utilization},
               {u"concurrency"_s, optionalInt(i.concurrency)},
               {u"phase"_s, i.phase},
               {u"kv_precision"_s, optionalText(i.kvPrecision)},
               {u"engine"_s, optionalText(i.engine)},
               {u"speculative_tokens"_s, i.speculativeTokens > 0 ? QJsonValue(i.speculativeTokens) : QJsonValue()},
               {u"speculative_acceptance"_s,
                i.speculativeTokens > 0 ? QJsonValue(i.speculativeAcceptance) : QJsonValue()},
               {u"prefix_cache_hit"_s, i.prefixCacheHit > 0 ? QJsonValue(i.prefixCacheHit) : QJsonValue()},
               {u"production"_s, i.production}});
        QJsonArray demand;
        for (const DemandPoint &p : i.demand)
            demand.append(QJsonObject{{u"month"_s, p.month}, {u"requests_per_second"_s, p.requestsPerSecond}});
        merge(root, u"inference"_s,
              {{u"demand"_s, demand.isEmpty() ? QJsonValue() : QJsonValue(demand)},
               {u"demand_shape"_s, demand.isEmpty() ? QJsonValue() : QJsonValue(i.demandSteps ? u"step"_s : u"ramp"_s)}});
    } else {
        root.remove(u"inference"_s);
    }
    const Constraints &c = s.constraints;
    merge(root, u"constraints"_s,
          {{u"providers"_s, QJsonArray::fromStringList(c.providers)},
           {u"offer_kinds"_s, stringArray(c.offerKinds, [](pricing::OfferKind k) { return pricing::toString(k); })},
           {u"regions"_s, QJsonArray::fromStringList(c.regions)},
           {u"price_models"_s, stringArray(c.priceModels, [](pricing::PriceModel m) { return pricing::toString(m); })},
           {u"accelerators"_s, QJsonArray::fromStringList(c.accelerators)},
           {u"max_chips"_s, c.maxChips},
           {u"budget"_s, optionalNumber(c.budget)},
           {u"exclude_spot"_s, c.excludeSpot},
           {u"exclude_marketplace"_s, c.excludeMarketplace},
           {u"whole_nodes"_s, c.wholeNodes},
           {u"min_scale_out_gbps"_s, optionalNumber(c.minScaleOutGbps)},
           {u"fabrics"_s, QJsonArray::fromStringList(c.fabrics)}});
    const LockinSection &l = s.lockin;
    merge(root, u"lockin"_s,
          {{u"dataset_gb"_s, optionalNumber(l.datasetGb)},
           {u"checkpoint_gb"_s, optionalNumber(l.checkpointGb)},
           {u"engineer_week_cost"_s, l.engineerWeekCost},
           {u"exit_probability"_s, l.exitProbability},
           {u"custom_cuda_kernels"_s, l.customCudaKernels},
           {u"exit_at_fraction"_s, l.exitAtFraction},
           {u"commitment_other_use"_s, l.commitmentOtherUse}});
    const AllInSection &a = s.allIn;
    if (a != AllInSection{} || root.contains(u"all_in"_s)) // a scenario without the section keeps none
        merge(root, u"all_in"_s,
          {{u"training_egress_gb"_s, a.trainingEgressGb},
           {u"egress_kb_per_request"_s, a.egressKbPerRequest},
           {u"support_plan"_s, a.supportPlans.isEmpty() ? QJsonValue() : QJsonValue(a.supportPlans.join(u", "_s))},
           {u"storage"_s, a.storage}});
    const OwnershipSection &o = s.ownership;
    merge(root, u"ownership"_s,
          {{u"power_price_kwh"_s, o.powerPriceKwh},
           {u"pue"_s, o.pue},
           {u"lifetime_months"_s, o.lifetimeMonths},
           {u"utilization"_s, o.utilization},
           {u"colo_per_server_month"_s, o.coloPerServerMonth},
           {u"networking_per_server"_s, o.networkingPerServer},
           {u"installation_per_server"_s, o.installationPerServer},
           {u"other_use"_s, o.otherUse}});
    const SensitivitySection &x = s.sensitivity;
    merge(root, u"sensitivity"_s,
          {{u"samples"_s, x.samples},
           {u"seed"_s, double(x.seed)},
           {u"volume_band"_s, x.volumeBand},
           {u"utilization_band"_s, x.utilizationBand},
           {u"fx_band"_s, x.fxBand}});
    return root;
}

Status saveScenario(const Scenario &scenario, const QString &path)
{
    return writeFileAtomically(path, QJsonDocument(toJson(scenario)).toJson(QJsonDocument::Indented));
}

} // namespace accelplan::scenario
