#include "ui/report/assumptions.h"

#include "ui/format.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <iterator>

using namespace Qt::StringLiterals;

namespace accelplan::ui::report {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("accelplan::ui::report", text);
}

struct InputLabel
{
    const char *path;
    const char *words;
    const char *unit; ///< after the value; empty for none
    bool grouped = true; ///< whole numbers with thousands separators (not an identifier such as a seed)
};
constexpr InputLabel kInputLabels[] = {
    {"name", "Scenario name", ""},
    {"currency", "Currency of the plan", ""},
    {"training.model", "Training: model preset", ""},
    {"training.model_params", "Training: model parameters", ""},
    {"training.active_params", "Training: parameters active per token (MoE)", ""},
    {"training.tokens", "Training: tokens", ""},
    {"training.precision", "Training: precision", ""},
    {"training.framework", "Training: framework", ""},
    {"training.deadline_days", "Training: deadline", "days"},
    {"training.runs", "Training: runs back to back", ""},
    {"training.start_month", "Training: starts in month", ""},
    {"training.seq_len", "Training: sequence length", "tokens"},
    {"training.global_batch_tokens", "Training: tokens per optimizer step", "tokens"},
    {"training.chips", "Training: chips", ""},
    {"training.mfu", "Training: model FLOPs utilisation (given)", ""},
    {"training.steady_state", "Training: steady state only (not a campaign)", ""},
    {"inference.model", "Inference: model preset", ""},
    {"inference.model_params", "Inference: model parameters", ""},
    {"inference.active_params", "Inference: parameters active per token (MoE)", ""},
    {"inference.precision", "Inference: precision", ""},
    {"inference.input_tokens", "Inference: prompt per request", "tokens"},
    {"inference.output_tokens", "Inference: output per request", "tokens"},
    {"inference.requests_per_second", "Inference: load", "requests/s"},
    {"inference.requests_per_month", "Inference: load a month", "requests"},
    {"inference.ttft_ms", "Inference: time to first token target", "ms"},
    {"inference.tpot_ms", "Inference: time per output token target", "ms"},
    {"inference.months", "Inference: horizon", "months"},
    {"inference.mode", "Inference: mode", ""},
    {"inference.chips_per_replica", "Inference: chips per replica", ""},
    {"inference.utilization", "Inference: target utilisation of replicas", ""},
    {"inference.concurrency", "Inference: sequences in flight per replica", ""},
    {"inference.phase", "Inference: phase served", ""},
    {"inference.kv_precision", "Inference: KV cache precision", ""},
    {"inference.speculative_tokens", "Inference: speculative tokens per step", ""},
    {"inference.speculative_acceptance", "Inference: speculative acceptance rate", ""},
    {"inference.prefix_cache_hit", "Inference: share of each prompt in the prefix cache", ""},
    {"inference.production", "Inference: production service (N+1, no spot or marketplace)", ""},
    {"constraints.providers", "Constraint: providers", ""},
    {"constraints.offer_kinds", "Constraint: offer kinds", ""},
    {"constraints.regions", "Constraint: regions", ""},
    {"constraints.price_models", "Constraint: price models", ""},
    {"constraints.accelerators", "Constraint: accelerators", ""},
    {"constraints.max_chips", "Constraint: most chips", ""},
    {"constraints.budget", "Constraint: training budget", "(plan currency)"},
    {"constraints.exclude_spot", "Constraint: no spot capacity", ""},
    {"constraints.exclude_marketplace", "Constraint: no marketplace hosts", ""},
    {"constraints.whole_nodes", "Constraint: whole nodes only", ""},
    {"constraints.min_scale_out_gbps", "Constraint: least scale-out per node", "Gb/s"},
    {"constraints.fabrics", "Constraint: required fabric", ""},
    {"lockin.dataset_gb", "Lock-in: dataset to move out", "GB"},
    {"lockin.checkpoint_gb", "Lock-in: checkpoints to move out", "GB"},
    {"lockin.engineer_week_cost", "Lock-in: cost of an engineer-week", "(plan currency)"},
    {"lockin.exit_probability", "Lock-in: chance of leaving the provider", ""},
    {"lockin.custom_cuda_kernels", "Lock-in: custom CUDA kernels", ""},
    {"lockin.exit_at_fraction", "Lock-in: exit this far into a commitment", ""},
    {"lockin.commitment_other_use", "Lock-in: share of a commitment other work uses", ""},
    {"ownership.power_price_kwh", "Owned hardware: electricity", "per kWh"},
    {"ownership.pue", "Owned hardware: PUE", ""},
    {"ownership.lifetime_months", "Owned hardware: lifetime", "months"},
    {"ownership.utilization", "Owned hardware: utilisation", ""},
    {"ownership.colo_per_server_month", "Owned hardware: colocation per server", "a month"},
    {"ownership.networking_per_server", "Owned hardware: cluster network per server", "once"},
    {"ownership.installation_per_server", "Owned hardware: installation per server", "once"},
    {"ownership.other_use", "Owned hardware: share of its life other work fills", ""},
    {"all_in.storage", "All-in: store the dataset and checkpoints while training", ""},
    {"all_in.training_egress_gb", "All-in: data moved out during the run", "GB"},
    {"all_in.egress_kb_per_request", "All-in: bytes out in each response", "KB"},
    {"all_in.support_plan", "All-in: the provider's support plan", ""},
    {"sensitivity.samples", "Sensitivity: Monte Carlo samples", ""},
    {"sensitivity.seed", "Sensitivity: random seed", "", false},
    {"sensitivity.volume_band", "Sensitivity: token volume band", "±"},
    {"sensitivity.utilization_band", "Sensitivity: utilisation band", "±"},
    {"sensitivity.fx_band", "Sensitivity: exchange-rate band", "±"},
};

// One scenario input as the Assumptions table shows it: "Training: tokens" and
// "2,000,000,000,000" for training.tokens = 2e12, with its unit. An unknown key keeps its path.
std::pair<QString, QString> describeInput(const QString &path, const QJsonValue &value)
{
    const InputLabel *label = nullptr;
    for (const InputLabel &candidate : kInputLabels) {
        if (path == QLatin1StringView(candidate.path))
            label = &candidate;
    }
    const QString words = label ? tr(label->words) : path;
    auto plain = [](const QJsonValue &v) { return v.isString() ? v.toString() : QString::number(v.toDouble(), 'g', 12); };
    QString text;
    if (value.isNull() || value.isUndefined())
        return {words, tr("not set")};
    if (value.isArray()) {
        QStringList items;
        for (const QJsonValue &item : value.toArray())
            items.append(plain(item));
        return {words, items.isEmpty() ? tr("any") : items.join(u", "_s)};
    }
    if (value.isBool())
        return {words, value.toBool() ? u"true"_s : u"false"_s};
    if (value.isDouble()) {
        const double number = value.toDouble();
        const bool whole = std::floor(number) == number && std::abs(number) < 1e18;
        text = whole && (!label || label->grouped) ? format::report().number(number) : plain(value);
    } else {
        text = value.toString();
    }
    const QString unit = label ? QString::fromUtf8(label->unit) : QString();
    if (unit.isEmpty())
        return {words, text};
    return {words, unit == u"±"_s ? QString(unit + text) : QString(text + u' ' + unit)};
}

} // namespace

QString defaultInWords(const QString &line)
{
    // "inference.mode = online (default)" → "Inference: mode = online (default)".
    const qsizetype equals = line.indexOf(u" = "_s);
    if (equals <= 0)
        return line;
    const QString path = line.left(equals);
    for (const InputLabel &label : kInputLabels) {
        if (path == QLatin1StringView(label.path))
            return tr(label.words) + line.mid(equals);
    }
    return line;
}

namespace {

void collect(const QJsonValue &value, const QString &path, QList<std::pair<QString, QJsonValue>> &out)
{
    if (!value.isObject()) {
        out.append({path, value});
        return;
    }
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it)
        collect(it.value(), path.isEmpty() ? it.key() : path + u'.' + it.key(), out);
}

/// Where an input stands in the table: by topic (the order of kInputLabels), unknown keys last.
qsizetype topicOrder(const QString &path)
{
    const qsizetype count = qsizetype(std::size(kInputLabels));
    for (qsizetype i = 0; i < count; ++i)
        if (path == QLatin1String(kInputLabels[i].path))
            return i;
    return count;
}

} // namespace

void flatten(const QJsonValue &value, const QString &path, QList<std::pair<QString, QString>> &out)
{
    QList<std::pair<QString, QJsonValue>> inputs;
    collect(value, path, inputs);
    std::stable_sort(inputs.begin(), inputs.end(),
                     [](const auto &a, const auto &b) { return topicOrder(a.first) < topicOrder(b.first); });
    for (const auto &[inputPath, inputValue] : std::as_const(inputs))
        out.append(describeInput(inputPath, inputValue));
}


} // namespace accelplan::ui::report
