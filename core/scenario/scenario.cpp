#include "core/scenario/scenario.h"

#include "core/catalog/hfconfig.h"

#include "core/catalog/planningcatalog.h"
#include "core/catalog/servingengine.h"
#include "core/common/csvtable.h"
#include "core/common/tr.h"
#include "core/common/units.h"
#include "core/pricing/currency.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>
#include <functional>

using namespace Qt::StringLiterals;

namespace accelplan::scenario {

Status ModelSection::setModelConfigFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error::badInput(Tr::tr("cannot read %1: %2").arg(path, file.errorString()));
    const QByteArray json = file.readAll();
    auto config = catalog::modelFromHfConfig(json, path);
    if (!config)
        return config.error();
    modelConfig = std::move(config).value();
    modelConfigJson = QJsonDocument::fromJson(json).object();
    model.clear();
    modelParams = 0;
    activeParams.reset();
    return Done{};
}


namespace {

const QStringList kTopKeys = {u"format"_s, u"version"_s, u"name"_s, u"currency"_s, u"training"_s, u"inference"_s,
                              u"constraints"_s, u"lockin"_s, u"ownership"_s, u"sensitivity"_s, u"all_in"_s};
const QStringList kTrainingKeys = {u"model"_s, u"model_config"_s, u"model_params"_s, u"active_params"_s, u"tokens"_s, u"precision"_s,
                                   u"framework"_s, u"deadline_days"_s, u"runs"_s, u"start_month"_s, u"seq_len"_s, u"global_batch_tokens"_s, u"chips"_s, u"mfu"_s, u"steady_state"_s};
const QStringList kInferenceKeys = {u"model"_s, u"model_config"_s, u"model_params"_s, u"active_params"_s, u"precision"_s,
                                    u"input_tokens"_s, u"output_tokens"_s, u"requests_per_second"_s,
                                    u"requests_per_month"_s, u"ttft_ms"_s, u"tpot_ms"_s, u"months"_s, u"mode"_s,
                                    u"chips_per_replica"_s, u"utilization"_s, u"concurrency"_s, u"phase"_s,
                                    u"kv_precision"_s, u"engine"_s, u"speculative_tokens"_s, u"speculative_acceptance"_s,
                                    u"production"_s, u"demand"_s, u"demand_shape"_s};
const QStringList kConstraintKeys = {u"providers"_s, u"offer_kinds"_s, u"regions"_s, u"price_models"_s,
                                     u"accelerators"_s, u"max_chips"_s, u"budget"_s, u"exclude_spot"_s,
                                     u"exclude_marketplace"_s, u"whole_nodes"_s, u"min_scale_out_gbps"_s,
                                     u"fabrics"_s};
const QStringList kFabrics = {u"infiniband"_s, u"efa"_s, u"roce"_s, u"ethernet"_s, u"dcn"_s};
const QStringList kLockinKeys = {u"dataset_gb"_s, u"checkpoint_gb"_s, u"engineer_week_cost"_s, u"exit_probability"_s,
                                 u"custom_cuda_kernels"_s, u"exit_at_fraction"_s, u"commitment_other_use"_s};
const QStringList kOwnershipKeys = {u"power_price_kwh"_s, u"pue"_s, u"lifetime_months"_s, u"utilization"_s,
                                    u"colo_per_server_month"_s, u"networking_per_server"_s, u"installation_per_server"_s, u"other_use"_s};
const QStringList kAllInKeys = {u"training_egress_gb"_s, u"egress_kb_per_request"_s, u"support_plan"_s, u"storage"_s};
const QStringList kSensitivityKeys = {u"samples"_s, u"seed"_s, u"volume_band"_s, u"utilization_band"_s, u"fx_band"_s};
const QStringList kPrecisions = {u"fp32"_s, u"bf16"_s, u"fp16"_s, u"fp8"_s, u"fp4"_s, u"int8"_s};
const QStringList kFrameworks = {u"pytorch"_s, u"jax"_s, u"tensorflow"_s};

int lineAt(const QByteArray &bytes, qsizetype offset)
{
    return int(bytes.left(std::max<qsizetype>(0, offset)).count('\n')) + 1;
}

/// Reads one section of the document, reporting each problem at the line of its key.
class Reader
{
public:
    Reader(const QByteArray &bytes, QString file, Diagnostics *diagnostics, QStringList *defaults)
        : m_bytes(bytes), m_file(std::move(file)), m_diagnostics(diagnostics), m_defaults(defaults)
    {
    }

    void enter(const QString &section, const QJsonObject &object, const QStringList &known)
    {
        m_section = section;
        m_object = object;
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (!known.contains(it.key()))
                m_diagnostics->append(Diagnostic::warning(m_file, lineOf(it.key()), path(it.key()),
                                                          Tr::tr("unknown key; kept as it is")));
        }
    }

    QJsonValue value(const QString &key) const { return m_object.value(key); }
    const QString &file() const { return m_file; }

    void error(const QString &key, const QString &message)
    {
        m_diagnostics->append(Diagnostic::error(m_file, lineOf(key), path(key), message));
    }

    /// A number in [min, max]; nullopt when absent or null (or after an error).
    std::optional<double> number(const QString &key, double min, double max)
    {
        const QJsonValue v = m_object.value(key);
        if (v.isUndefined() || v.isNull())
            return std::nullopt;
        if (!v.isDouble() || !std::isfinite(v.toDouble())) {
            error(key, Tr::tr("must be a number"));
            return std::nullopt;
        }
        const double value = v.toDouble();
        if (value < min || value > max) {
            error(key, Tr::tr("%1 is outside %2 … %3").arg(value).arg(min).arg(max));
            return std::nullopt;
        }
        return value;
    }

    /// number() with a default that is recorded when used.
    double number(const QString &key, double min, double max, double fallback)
    {
        if (const auto value = number(key, min, max))
            return *value;
        if (!m_object.contains(key) || m_object.value(key).isNull())
            m_defaults->append(Tr::tr("%1 = %2 (default)").arg(path(key)).arg(QString::number(fallback, 'g', 15)));
        return fallback;
    }

    /// A whole number in [min, max]: a fraction is an error, never truncated.
    std::optional<qint64> whole(const QString &key, double min, double max)
    {
        const auto value = number(key, min, max);
        if (value && std::floor(*value) != *value) {
            error(key, Tr::tr("%1 is not a whole number").arg(QString::number(*value, 'g', 17)));
            return std::nullopt;
        }
        return value ? std::optional<qint64>(qint64(*value)) : std::nullopt;
    }

    std::optional<int> integer(const QString &key, double min, double max)
    {
        const auto value = whole(key, min, max);
        return value ? std::optional<int>(int(*value)) : std::nullopt;
    }

    /// whole() with a default that is recorded when used (and taken after an error, which the
    /// diagnostics carry).
    qint64 whole(const QString &key, double min, double max, qint64 fallback)
    {
        if (const auto value = whole(key, min, max))
            return *value;
        if (!m_object.contains(key) || m_object.value(key).isNull())
            m_defaults->append(Tr::tr("%1 = %2 (default)").arg(path(key)).arg(fallback));
        return fallback;
    }

    QString text(const QString &key, const QStringList &allowed, const QString &fallback)
    {
        const QJsonValue v = m_object.value(key);
        if (v.isUndefined() || v.isNull()) {
            if (!fallback.isEmpty())
                m_defaults->append(Tr::tr("%1 = %2 (default)").arg(path(key), fallback));
            return fallback;
        }
        if (!v.isString()) {
            error(key, Tr::tr("must be a string"));
            return fallback;
        }
        const QString value = v.toString().trimmed().toLower();
        if (!allowed.isEmpty() && !allowed.contains(value)) {
            error(key, Tr::tr("'%1' is not one of %2").arg(v.toString(), allowed.join(u", "_s)));
            return fallback;
        }
        return value;
    }

    bool boolean(const QString &key, bool fallback)
    {
        const QJsonValue v = m_object.value(key);
        if (v.isUndefined() || v.isNull()) {
            m_defaults->append(Tr::tr("%1 = %2 (default)").arg(path(key), fallback ? u"true"_s : u"false"_s));
            return fallback;
        }
        if (!v.isBool()) {
            error(key, Tr::tr("must be true or false"));
            return fallback;
        }
        return v.toBool();
    }

    QStringList strings(const QString &key)
    {
        const QJsonValue v = m_object.value(key);
        QStringList out;
        if (v.isUndefined() || v.isNull())
            return out;
        if (!v.isArray()) {
            error(key, Tr::tr("must be a list of strings"));
            return out;
        }
        for (const QJsonValue &item : v.toArray()) {
            if (!item.isString() || item.toString().trimmed().isEmpty()) {
                error(key, Tr::tr("must be a list of non-empty strings"));
                return {};
            }
            out.append(item.toString().trimmed());
        }
        return out;
    }

    int lineOf(const QString &key) const
    {
        qsizetype from = 0;
        if (!m_section.isEmpty()) {
            const qsizetype section = m_bytes.indexOf(quoted(m_section));
            if (section < 0)
                return 0;
            from = section;
        }
        const qsizetype at = m_bytes.indexOf(quoted(key), from);
        return at < 0 ? lineAt(m_bytes, from) : lineAt(m_bytes, at);
    }

private:
    static QByteArray quoted(const QString &key) { return QByteArray(QByteArray("\"") + key.toUtf8() + QByteArray("\"")); }
    QString path(const QString &key) const { return m_section.isEmpty() ? key : m_section + u'.' + key; }

    QByteArray m_bytes;
    QString m_file;
    Diagnostics *m_diagnostics;
    QStringList *m_defaults;
    QString m_section;
    QJsonObject m_object;
};

/// The object under \a key, or nullopt when absent or null; an error when it is not an object.
std::optional<QJsonObject> section(Reader &top, const QJsonObject &root, const QString &key)
{
    const QJsonValue v = root.value(key);
    if (v.isUndefined() || v.isNull())
        return std::nullopt;
    if (!v.isObject()) {
        top.error(key, Tr::tr("must be an object"));
        return std::nullopt;
    }
    return v.toObject();
}

constexpr double kMaxCount = 1e16;

using CheckModel = std::function<void(Reader &, const QString &)>;

void readModel(Reader &r, ModelSection &m, const CheckModel &checkModel)
{
    m.model = r.text(u"model"_s, {}, {});
    checkModel(r, m.model);
    // A model without a preset: its Hugging Face config.json, kept whole in the scenario.
    if (const QJsonValue config = r.value(u"model_config"_s); config.isObject()) {
        auto model = catalog::modelFromHfConfig(QJsonDocument(config.toObject()).toJson(), r.file());
        if (!model) {
            for (const Diagnostic &d : model.error().details)
                r.error(u"model_config"_s, d.field.isEmpty() ? d.message : d.field + u": "_s + d.message);
        } else if (!m.model.isEmpty()) {
            r.error(u"model_config"_s, Tr::tr("give model (a preset) or model_config, not both"));
        } else {
            m.modelConfig = std::move(model).value();
            m.modelConfigJson = config.toObject();
        }
    } else if (!config.isUndefined() && !config.isNull()) {
        r.error(u"model_config"_s, Tr::tr("must be an object: a Hugging Face config.json"));
    }
    m.modelParams = r.number(u"model_params"_s, 1, kMaxCount).value_or(0);
    m.activeParams = r.number(u"active_params"_s, 1, kMaxCount);
    m.precision = r.text(u"precision"_s, kPrecisions, u"bf16"_s);
}

TrainingSection readTraining(Reader &r, const CheckModel &checkModel)
{
    TrainingSection t;
    readModel(r, t, checkModel);
    t.tokens = r.number(u"tokens"_s, 1, kMaxCount).value_or(0);
    t.framework = r.text(u"framework"_s, kFrameworks, u"pytorch"_s);
    t.deadlineDays = r.number(u"deadline_days"_s, 0.001, 36500);
    t.runs = int(r.whole(u"runs"_s, 1, 1000, 1));
    t.startMonth = r.integer(u"start_month"_s, 1, 240).value_or(1);
    t.seqLen = r.integer(u"seq_len"_s, 1, 1e8);
    t.globalBatchTokens = r.number(u"global_batch_tokens"_s, 1, kMaxCount);
    t.chips = r.integer(u"chips"_s, 1, 1e6);
    t.mfu = r.number(u"mfu"_s, 0.01, 1);
    t.steadyState = r.boolean(u"steady_state"_s, false);
    return t;
}

// inference.demand: [{"month": 1, "requests_per_second": 5}, …] (validate() checks the months and loads).
QList<DemandPoint> readDemand(Reader &r)
{
    const QJsonValue value = r.value(u"demand"_s);
    QList<DemandPoint> points;
    if (value.isUndefined() || value.isNull())
        return points;
    if (!value.isArray()) {
        r.error(u"demand"_s, Tr::tr("must be a list of {\"month\": M, \"requests_per_second\": R}"));
        return {};
    }
    const QJsonArray list = value.toArray();
    for (qsizetype n = 0; n < list.size(); ++n) {
        const QJsonObject point = list.at(n).toObject();
        const QJsonValue month = point.value(u"month"_s);
        const QJsonValue load = point.value(u"requests_per_second"_s);
        const QString at = Tr::tr("point %1: ").arg(n + 1);
        if (!list.at(n).isObject() || !month.isDouble() || !load.isDouble()) {
            r.error(u"demand"_s, at + Tr::tr("needs a month and a requests_per_second, both numbers"));
            return {};
        }
        if (std::floor(month.toDouble()) != month.toDouble() || std::abs(month.toDouble()) > 1e6) {
            r.error(u"demand"_s, at + Tr::tr("month %1 is not a whole month").arg(month.toDouble()));
            return {};
        }
        points.append({month.toInt(), load.toDouble()});
    }
    return points;
}

InferenceSection readInference(Reader &r, const CheckModel &checkModel)
{
    InferenceSection i;
    readModel(r, i, checkModel);
    i.inputTokens = r.number(u"input_tokens"_s, 0, 1e8).value_or(-1);
    i.outputTokens = r.number(u"output_tokens"_s, 1, 1e8).value_or(0);
    i.requestsPerSecond = r.number(u"requests_per_second"_s, 0, 1e9);
    i.requestsPerMonth = r.number(u"requests_per_month"_s, 0, 1e15);
    i.ttftMs = r.number(u"ttft_ms"_s, 0.001, 1e9);
    i.tpotMs = r.number(u"tpot_ms"_s, 0.001, 1e9);
    i.months = r.number(u"months"_s, 1, 240, 12);
    i.offline = r.text(u"mode"_s, {u"online"_s, u"offline"_s}, u"online"_s) == u"offline"_s;
    i.chipsPerReplica = r.integer(u"chips_per_replica"_s, 1, 4096);
    i.utilization = r.number(u"utilization"_s, 0.01, 1, 0.7);
    i.concurrency = r.integer(u"concurrency"_s, 1, 10000000);
    i.phase = r.text(u"phase"_s, {u"both"_s, u"prefill"_s, u"decode"_s}, u"both"_s);
    i.kvPrecision = r.text(u"kv_precision"_s, {u"bf16"_s, u"fp8"_s}, {});
    i.engine = r.text(u"engine"_s, catalog::servingEngineIds(), {});
    i.speculativeTokens = r.integer(u"speculative_tokens"_s, 0, 16).value_or(0);
    i.speculativeAcceptance = r.number(u"speculative_acceptance"_s, 0, 0.99).value_or(0);
    i.prefixCacheHit = r.number(u"prefix_cache_hit"_s, 0, 0.99).value_or(0);
    i.production = r.boolean(u"production"_s, true);
    i.demandSteps = r.text(u"demand_shape"_s, {u"ramp"_s, u"step"_s}, {}) == u"step"_s;
    i.demand = readDemand(r);
    return i;
}

Constraints readConstraints(Reader &r)
{
    Constraints c;
    c.providers = r.strings(u"providers"_s);
    c.regions = r.strings(u"regions"_s);
    c.accelerators = r.strings(u"accelerators"_s);
    for (const QString &kind : r.strings(u"offer_kinds"_s)) {
        if (const auto k = pricing::offerKindFromString(kind))
            c.offerKinds.append(*k);
        else
            r.error(u"offer_kinds"_s, Tr::tr("unknown offer kind '%1'").arg(kind));
    }
    for (const QString &model : r.strings(u"price_models"_s)) {
        if (const auto m = pricing::priceModelFromString(model))
            c.priceModels.append(*m);
        else
            r.error(u"price_models"_s, Tr::tr("unknown price model '%1'").arg(model));
    }
    c.maxChips = int(r.whole(u"max_chips"_s, 1, 1e6, 4096));
    c.budget = r.number(u"budget"_s, 0, 1e15);
    c.excludeSpot = r.boolean(u"exclude_spot"_s, false);
    c.excludeMarketplace = r.boolean(u"exclude_marketplace"_s, false);
    c.wholeNodes = r.boolean(u"whole_nodes"_s, false);
    c.minScaleOutGbps = r.number(u"min_scale_out_gbps"_s, 0, 1e6);
    for (const QString &fabric : r.strings(u"fabrics"_s))
        c.fabrics.append(fabric.toLower()); // checked by validate()
    return c;
}

/// The lock-in section, with the defaults it lists (which depend on whether the scenario trains).
void readLockin(Reader &r, Scenario &s)
{
    LockinSection &l = s.lockin;
    l.datasetGb = r.number(u"dataset_gb"_s, 0, 1e12);
    if (!l.datasetGb)
        s.defaults.append(Tr::tr("lockin.dataset_gb = 0 (not given: no dataset egress counted)"));
    l.checkpointGb = r.number(u"checkpoint_gb"_s, 0, 1e12);
    if (!l.checkpointGb)
        s.defaults.append(s.training ? Tr::tr("lockin.checkpoint_gb = 16 bytes per parameter (weights and Adam states; "
                                              "default)")
                                     : Tr::tr("lockin.checkpoint_gb = the served weights at their precision (default)"));
    l.engineerWeekCost = r.number(u"engineer_week_cost"_s, 0, 1e9, l.engineerWeekCost);
    l.exitProbability = r.number(u"exit_probability"_s, 0, 1, l.exitProbability);
    l.customCudaKernels = r.boolean(u"custom_cuda_kernels"_s, false);
    l.exitAtFraction = r.number(u"exit_at_fraction"_s, 0, 1, l.exitAtFraction);
    l.commitmentOtherUse = r.number(u"commitment_other_use"_s, 0, 1, l.commitmentOtherUse);
}

void readOwnership(Reader &r, OwnershipSection &o)
{
    o.powerPriceKwh = r.number(u"power_price_kwh"_s, 0, 100, o.powerPriceKwh);
    o.pue = r.number(u"pue"_s, 1, 5, o.pue);
    o.lifetimeMonths = r.number(u"lifetime_months"_s, 1, 240, o.lifetimeMonths);
    o.utilization = r.number(u"utilization"_s, 0.01, 1, o.utilization);
    o.coloPerServerMonth = r.number(u"colo_per_server_month"_s, 0, 1e9, o.coloPerServerMonth);
    o.networkingPerServer = r.number(u"networking_per_server"_s, 0, 1e9, o.networkingPerServer);
    o.installationPerServer = r.number(u"installation_per_server"_s, 0, 1e9, o.installationPerServer);
    o.otherUse = r.number(u"other_use"_s, 0, 1, o.otherUse);
}

void readSensitivity(Reader &r, SensitivitySection &x)
{
    x.samples = int(r.whole(u"samples"_s, 10, 1e6, x.samples));
    x.seed = quint64(r.whole(u"seed"_s, 0, 9007199254740991.0, qint64(x.seed)));
    x.volumeBand = r.number(u"volume_band"_s, 0, 0.99, x.volumeBand);
    x.utilizationBand = r.number(u"utilization_band"_s, 0, 0.9, x.utilizationBand);
    x.fxBand = r.number(u"fx_band"_s, 0, 0.9, x.fxBand);
}

} // namespace

QString Problem::path() const
{
    return section.isEmpty() ? key : section + u'.' + key;
}

QList<Problem> validate(const Scenario &s)
{
    QList<Problem> problems;
    auto problem = [&](const QString &section, const QString &key, const QString &message) {
        problems.append({section, key, message});
    };
    auto checkActive = [&](const QString &section, const ModelSection &m) {
        if (m.activeParams && m.modelParams > 0 && *m.activeParams > m.modelParams)
            problem(section, u"active_params"_s, Tr::tr("cannot exceed model_params"));
    };
    if (s.name.trimmed().isEmpty())
        problem({}, u"name"_s, Tr::tr("must be a non-empty string"));
    else if (s.name.size() > kMaxNameLength)
        problem({}, u"name"_s,
                Tr::tr("is %1 characters long; a scenario name has at most %2 (it heads every report page and window "
                       "title)")
                    .arg(s.name.size())
                    .arg(kMaxNameLength));
    if (!s.training && !s.inference)
        problem({}, u"training"_s, Tr::tr("a scenario needs a training or an inference section"));
    for (const QString &fabric : s.constraints.fabrics) {
        if (!kFabrics.contains(fabric))
            problem(u"constraints"_s, u"fabrics"_s,
                    Tr::tr("unknown fabric '%1'; expected one of: %2").arg(fabric, kFabrics.join(u", "_s)));
    }
    if (const auto &t = s.training) {
        if (t->modelConfig && t->tokens <= 0)
            problem(u"training"_s, u"tokens"_s, Tr::tr("training needs tokens (a model_config gives the model, not its data)"));
        else if (!t->modelConfig && t->model.isEmpty() && (t->modelParams <= 0 || t->tokens <= 0))
            problem(u"training"_s, u"model_params"_s, Tr::tr("training needs model_params and tokens (or a model preset)"));
        checkActive(u"training"_s, *t);
    }
    if (const auto &i = s.inference) {
        if (i->model.isEmpty() && !i->modelConfig && i->modelParams <= 0)
            problem(u"inference"_s, u"model_params"_s, Tr::tr("inference needs model_params (or a model preset)"));
        checkActive(u"inference"_s, *i);
        if (i->inputTokens < 0)
            problem(u"inference"_s, u"input_tokens"_s, Tr::tr("missing: tokens in each request's prompt"));
        if (i->outputTokens <= 0)
            problem(u"inference"_s, u"output_tokens"_s, Tr::tr("missing: tokens generated for each request"));
        if (i->requestsPerSecond && i->requestsPerMonth)
            problem(u"inference"_s, u"requests_per_month"_s,
                    Tr::tr("give requests_per_second or requests_per_month, not both"));
        for (qsizetype n = 0; n < i->demand.size(); ++n) {
            const DemandPoint &p = i->demand[n];
            const QString at = Tr::tr("point %1: ").arg(n + 1);
            if (p.month < 1 || p.month > i->months)
                problem(u"inference"_s, u"demand"_s,
                        at + Tr::tr("month %1 is not from 1 to %2 (the horizon, inference.months)").arg(p.month).arg(i->months));
            else if (n > 0 && p.month <= i->demand[n - 1].month)
                problem(u"inference"_s, u"demand"_s,
                        at + Tr::tr("month %1 does not come after month %2").arg(p.month).arg(i->demand[n - 1].month));
            if (!std::isfinite(p.requestsPerSecond) || p.requestsPerSecond < 0 || p.requestsPerSecond > 1e9)
                problem(u"inference"_s, u"demand"_s,
                        at + Tr::tr("requests_per_second %1 is outside 0 … 1e+09").arg(p.requestsPerSecond));
        }
        if (!i->demand.isEmpty()
            && std::none_of(i->demand.cbegin(), i->demand.cend(), [](const DemandPoint &p) { return p.requestsPerSecond > 0; }))
            problem(u"inference"_s, u"demand"_s, Tr::tr("every point's load is 0: no month has requests"));
        if (!i->requestsPerSecond && !i->requestsPerMonth && !i->offline && i->demand.isEmpty())
            problem(u"inference"_s, u"requests_per_second"_s,
                    Tr::tr("missing: the load (requests_per_second or requests_per_month)"));
    }
    return problems;
}

Result<Scenario> parseScenario(const QByteArray &json, const QString &fileName, const QStringList *knownModels)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        return Error::badInput(Tr::tr("%1 is not valid JSON").arg(fileName),
                               {Diagnostic::error(fileName, lineAt(json, parseError.offset), {}, parseError.errorString())});
    }
    if (!doc.isObject())
        return Error::badInput(Tr::tr("%1 is not an Accelplan scenario").arg(fileName),
                               {Diagnostic::error(fileName, 1, {}, Tr::tr("the top level must be a JSON object"))});
    Scenario s;
    s.document = doc.object();
    Diagnostics diagnostics;
    Reader top(json, fileName, &diagnostics, &s.defaults);
    const auto checkModel = [&](Reader &r, const QString &model) {
        // The file keeps the name it was given; the planner resolves it to the preset's id.
        if (knownModels && !model.isEmpty() && !catalog::PlanningCatalog::namesModel(*knownModels, model))
            r.error(u"model"_s, Tr::tr("unknown model preset '%1'; presets: %2")
                                    .arg(model, catalog::PlanningCatalog::presetIds(*knownModels).join(u", "_s)));
    };
    top.enter({}, s.document, kTopKeys);
    const QJsonObject &root = s.document;

    if (root.value(u"format"_s).toString() != kFormatName) {
        top.error(u"format"_s, Tr::tr("must be \"%1\"").arg(kFormatName));
        return Error::badInput(Tr::tr("%1 is not an Accelplan scenario").arg(fileName), diagnostics);
    }
    const QJsonValue version = root.value(u"version"_s);
    if (!version.isDouble() || version.toDouble() < 1 || std::floor(version.toDouble()) != version.toDouble()) {
        top.error(u"version"_s, Tr::tr("must be a whole number from 1"));
        return Error::badInput(Tr::tr("%1 has no valid version").arg(fileName), diagnostics);
    }
    if (version.toInt() > kFormatVersion) {
        top.error(u"version"_s, Tr::tr("version %1 is newer than this Accelplan reads (%2); open it with a newer "
                                       "Accelplan. The file was not changed.")
                                    .arg(version.toInt())
                                    .arg(kFormatVersion));
        return Error::badInput(Tr::tr("%1 was written by a newer Accelplan").arg(fileName), diagnostics);
    }
    s.name = root.value(u"name"_s).toString().trimmed(); // validate(): a non-empty string
    s.currency = top.text(u"currency"_s, {}, u"usd"_s).toUpper();
    if (const QString problem = pricing::currencyProblem(s.currency); !problem.isEmpty())
        top.error(u"currency"_s, problem);

    if (const auto object = section(top, root, u"training"_s)) {
        Reader r(json, fileName, &diagnostics, &s.defaults);
        r.enter(u"training"_s, *object, kTrainingKeys);
        s.training = readTraining(r, checkModel);
    }
    if (const auto object = section(top, root, u"inference"_s)) {
        Reader r(json, fileName, &diagnostics, &s.defaults);
        r.enter(u"inference"_s, *object, kInferenceKeys);
        s.inference = readInference(r, checkModel);
    }

    if (const auto object = section(top, root, u"constraints"_s)) {
        Reader r(json, fileName, &diagnostics, &s.defaults);
        r.enter(u"constraints"_s, *object, kConstraintKeys);
        s.constraints = readConstraints(r);
    } else {
        s.defaults.append(Tr::tr("constraints: none (every offer, at most 4096 chips)"));
    }

    {
        Reader r(json, fileName, &diagnostics, &s.defaults);
        const QJsonObject object = section(top, root, u"lockin"_s).value_or(QJsonObject());
        r.enter(u"lockin"_s, object, kLockinKeys);
        readLockin(r, s);
    }
    {
        Reader r(json, fileName, &diagnostics, &s.defaults);
        const QJsonObject object = section(top, root, u"ownership"_s).value_or(QJsonObject());
        r.enter(u"ownership"_s, object, kOwnershipKeys);
        readOwnership(r, s.ownership);
    }
    {
        Reader r(json, fileName, &diagnostics, &s.defaults);
        const QJsonObject object = section(top, root, u"all_in"_s).value_or(QJsonObject());
        r.enter(u"all_in"_s, object, kAllInKeys);
        AllInSection &a = s.allIn;
        a.trainingEgressGb = r.number(u"training_egress_gb"_s, 0, 1e12).value_or(0);
        a.egressKbPerRequest = r.number(u"egress_kb_per_request"_s, 0, 1e9).value_or(0);
        const QJsonValue plans = object.value(u"support_plan"_s);
        const QStringList listed = plans.isString() ? plans.toString().split(u',', Qt::SkipEmptyParts) : r.strings(u"support_plan"_s);
        for (const QString &plan : listed)
            if (const QString name = plan.trimmed().toLower(); !name.isEmpty() && !a.supportPlans.contains(name))
                a.supportPlans.append(name);
        a.storage = r.boolean(u"storage"_s, true);
    }
    {
        Reader r(json, fileName, &diagnostics, &s.defaults);
        const QJsonObject object = section(top, root, u"sensitivity"_s).value_or(QJsonObject());
        r.enter(u"sensitivity"_s, object, kSensitivityKeys);
        readSensitivity(r, s.sensitivity);
    }

    for (const Problem &problem : validate(s)) {
        Reader at(json, fileName, &diagnostics, &s.defaults);
        at.enter(problem.section, {}, {});
        at.error(problem.key, problem.message);
    }
    if (hasErrors(diagnostics))
        return Error::badInput(Tr::tr("%1 is not a valid scenario").arg(fileName), diagnostics);
    s.warnings = diagnostics;
    return s;
}

Result<Scenario> readScenario(const QString &path, const QStringList *knownModels)
{
    const QFileInfo info(path);
    if (!info.exists())
        return Error::badInput(Tr::tr("%1: no such file").arg(path));
    // A device or a FIFO never ends or never answers: refused before it is opened.
    if (!info.isFile())
        return Error::badInput(info.isDir() ? Tr::tr("%1: not a regular file: it is a directory").arg(path)
                                            : Tr::tr("%1: not a regular file").arg(path));
    if (info.size() > kMaxScenarioBytes)
        return Error::badInput(Tr::tr("%1: the file is larger than %2 MiB")
                                   .arg(path)
                                   .arg(kMaxScenarioBytes >> 20));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error::badInput(Tr::tr("%1: cannot read: %2").arg(path, file.errorString()));
    // Read at most one byte more than allowed: a file that grew since it was measured is refused too.
    const QByteArray bytes = file.read(kMaxScenarioBytes + 1);
    if (bytes.size() > kMaxScenarioBytes)
        return Error::badInput(Tr::tr("%1: the file is larger than %2 MiB")
                                   .arg(path)
                                   .arg(kMaxScenarioBytes >> 20));
    return parseScenario(bytes, path, knownModels);
}

Result<QList<DemandPoint>> readDemandCsv(const QString &path, double months)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error::badInput(Tr::tr("%1: cannot open: %2").arg(path, file.errorString()));
    QList<DemandPoint> points;
    const Diagnostics problems = readCsvTable(&file, path, {u"month"_s}, [&](const CsvRecord &r) {
        const std::optional<double> month = r.number(u"month"_s, true);
        const std::optional<double> perSecond = r.number(u"requests_per_second"_s);
        const std::optional<double> perMonth = r.number(u"requests"_s);
        if (!month)
            return;
        if (std::floor(*month) != *month || *month < 1 || *month > months) {
            r.error(u"month"_s, Tr::tr("%1 is not a whole month from 1 to %2 (the horizon, inference.months)").arg(*month).arg(months));
            return;
        }
        if (perSecond.has_value() == perMonth.has_value()) {
            r.error(perSecond ? u"requests"_s : u"requests_per_second"_s,
                    Tr::tr("give the month's requests or requests_per_second, one of them"));
            return;
        }
        const double load = perSecond ? *perSecond : *perMonth / (kHoursPerMonth * 3600.0);
        if (load < 0) {
            r.error(perSecond ? u"requests_per_second"_s : u"requests"_s, Tr::tr("cannot be negative"));
            return;
        }
        if (!points.isEmpty() && int(*month) <= points.last().month) {
            r.error(u"month"_s, Tr::tr("month %1 does not come after month %2").arg(*month).arg(points.last().month));
            return;
        }
        points.append({int(*month), load});
    });
    if (hasErrors(problems))
        return Error::badInput(Tr::tr("%1 is not a demand curve").arg(path), problems);
    if (points.isEmpty())
        return Error::badInput(Tr::tr("%1: no rows: a demand curve needs a row per point (month,requests)").arg(path));
    return points;
}

} // namespace accelplan::scenario
