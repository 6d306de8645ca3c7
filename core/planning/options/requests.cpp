#include "core/planning/options/requests.h"

#include "core/common/tr.h"

using namespace Qt::StringLiterals;

namespace accelplan::planning {

namespace {

/// Applies a model preset's sizes; an unknown id is an error naming the presets.
Status applyPreset(const catalog::PlanningCatalog &catalog, const QString &id, const catalog::ModelPreset **out)
{
    *out = nullptr;
    if (id.isEmpty())
        return Done{};
    *out = catalog.findModel(id);
    if (*out)
        return Done{};
    QStringList ids;
    for (const catalog::ModelPreset &m : catalog.models())
        ids.append(m.id);
    return Error::badInput(Tr::tr("unknown model preset '%1'; presets: %2").arg(id, ids.join(u", "_s)));
}

} // namespace

Result<TrainingRequest> trainingRequest(const scenario::Scenario &s, const catalog::PlanningCatalog &catalog)
{
    const scenario::TrainingSection &t = *s.training;
    TrainingRequest r;
    TrainingInput &in = r.input;
    const catalog::ModelPreset *preset = t.modelConfig ? &*t.modelConfig : nullptr;
    if (const Status st = preset ? Status(Done{}) : applyPreset(catalog, t.model, &preset); !st)
        return st.error();
    if (preset)
        applyPreset(*preset, in);
    if (t.modelParams > 0)
        in.modelParams = t.modelParams;
    if (t.activeParams)
        in.activeParams = t.activeParams;
    if (t.tokens > 0)
        in.tokens = t.tokens;
    if (t.seqLen) {
        in.seqLen = t.seqLen;
        in.presetContext.reset();
    }
    in.globalBatchTokens = t.globalBatchTokens;
    if (in.modelParams <= 0 || in.tokens <= 0)
        return Error::badInput(Tr::tr("training: model_params and tokens are needed (the preset '%1' has no token count)")
                                   .arg(t.model));
    in.precisionName = t.precision == u"fp16"_s ? u"bf16"_s : t.precision;
    in.precision = catalog::precisionFromString(in.precisionName).value_or(catalog::Precision::Bf16);
    in.framework = s.lockin.customCudaKernels ? u"custom_cuda"_s : t.framework;
    in.mfuOverride = t.mfu;
    in.steadyState = t.steadyState;
    r.constraints = s.constraints;
    r.chips = t.chips;
    r.deadlineDays = t.deadlineDays;
    r.currency = s.currency;
    r.commitmentOtherUse = s.lockin.commitmentOtherUse;
    r.runs = t.runs;
    return r;
}

Result<InferenceRequest> inferenceRequest(const scenario::Scenario &s, const catalog::PlanningCatalog &catalog)
{
    const scenario::InferenceSection &i = *s.inference;
    InferenceRequest r;
    InferenceInput &in = r.input;
    const catalog::ModelPreset *preset = i.modelConfig ? &*i.modelConfig : nullptr;
    if (const Status st = preset ? Status(Done{}) : applyPreset(catalog, i.model, &preset); !st)
        return st.error();
    if (preset)
        applyPreset(*preset, in);
    if (i.modelParams > 0)
        in.modelParams = i.modelParams;
    if (i.activeParams)
        in.activeParams = i.activeParams;
    in.precisionName = i.precision == u"fp16"_s ? u"bf16"_s : i.precision;
    in.precision = catalog::precisionFromString(in.precisionName).value_or(catalog::Precision::Bf16);
    in.inputTokens = i.inputTokens;
    in.outputTokens = i.outputTokens;
    in.requestsPerSecond = i.requestsPerSecond ? i.requestsPerSecond
                           : i.requestsPerMonth ? std::optional<double>(*i.requestsPerMonth / (kHoursPerMonth * 3600.0))
                                                : std::nullopt;
    // A demand curve: every option is planned for its peak, then sized month by month (demand.h).
    if (!i.demand.isEmpty())
        in.requestsPerSecond = std::max_element(i.demand.cbegin(), i.demand.cend(), [](const auto &a, const auto &b) {
                                   return a.requestsPerSecond < b.requestsPerSecond;
                               })->requestsPerSecond;
    in.ttftMs = i.ttftMs;
    in.tpotMs = i.tpotMs;
    in.offline = i.offline;
    in.chipsPerReplica = i.chipsPerReplica;
    in.targetUtilisation = i.utilization;
    in.concurrency = i.concurrency;
    in.engine = i.engine;
    in.phase = servePhaseFromString(i.phase).value_or(ServePhase::Both);
    if (!i.kvPrecision.isEmpty())
        in.kvPrecision = catalog::precisionFromString(i.kvPrecision);
    in.speculativeTokens = i.speculativeTokens;
    in.speculativeAcceptance = i.speculativeAcceptance;
    in.prefixCacheHit = i.prefixCacheHit;
    r.constraints = s.constraints;
    r.currency = s.currency;
    r.months = i.months;
    r.production = i.production && !i.offline;
    if (preset)
        for (const catalog::ApiPrice *api : catalog.apiPricesFor(*preset))
            r.apis.append(*api);
    return r;
}

} // namespace accelplan::planning
