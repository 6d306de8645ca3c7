#include "core/catalog/planningcatalog.h"

#include "core/catalog/catalogtables.h"

#include "core/common/csvtable.h"
#include "core/common/isodate.h"
#include "core/common/jsonlocator.h"
#include "core/common/tr.h"

#include <QBuffer>
#include <QFile>
#include <QRegularExpression>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QMap>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace accelplan::catalog {

using tables::readBand;
using tables::readSource;

namespace {

const QStringList kWorkloads = {u"dense_training"_s, u"moe_training"_s, u"inference_prefill"_s, u"inference_decode"_s};
const QStringList kFrameworks = {u"pytorch"_s, u"jax"_s, u"tensorflow"_s, u"custom_cuda"_s, u"any"_s};

template<typename T>
Result<QList<T>> readShipped(const QString &name, const QStringList &required,
                             const std::function<std::optional<T>(const CsvRecord &)> &read)
{
    QFile file(u":/data/catalog/"_s + name);
    if (!file.open(QIODevice::ReadOnly))
        return Error::internal(Tr::tr("the shipped data/catalog/%1 is missing from the build").arg(name));
    QList<T> items;
    const Diagnostics problems = readCsvTable(&file, u"data/catalog/"_s + name, required, [&](const CsvRecord &r) {
        if (auto item = read(r))
            items.append(std::move(*item));
    });
    if (hasErrors(problems))
        return Error::badInput(Tr::tr("data/catalog/%1 has errors").arg(name), problems);
    return items;
}

std::optional<Profile> readProfile(const CsvRecord &r, bool userSupplied)
{
    Profile p;
    p.accelerator = r.required(u"accelerator"_s).toLower();
    const auto workload = workloadFromString(r.required(u"workload"_s));
    if (!workload)
        r.error(u"workload"_s, Tr::tr("unknown value '%1'; expected one of: %2")
                                   .arg(r.text(u"workload"_s), kWorkloads.join(u", "_s)));
    p.precisionName = r.required(u"precision"_s).toLower();
    const auto precision = precisionFromString(p.precisionName);
    if (!precision && !p.precisionName.isEmpty())
        r.error(u"precision"_s, Tr::tr("unknown value '%1'; expected fp32, bf16, fp16, fp8, fp4 or int8").arg(p.precisionName));
    p.framework = r.text(u"framework"_s).toLower();
    if (p.framework.isEmpty())
        p.framework = u"any"_s;
    if (!kFrameworks.contains(p.framework))
        r.error(u"framework"_s, Tr::tr("unknown value '%1'; expected one of: %2").arg(p.framework, kFrameworks.join(u", "_s)));
    p.measuredTokensPerSecondPerChip = r.number(u"measured_tokens_per_s_per_chip"_s);
    p.measuredModelParams = r.number(u"measured_model_params"_s);
    p.measuredInputTokens = r.number(u"measured_input_tokens"_s);
    p.measuredOutputTokens = r.number(u"measured_output_tokens"_s);
    p.measuredBatch = r.number(u"measured_batch"_s);
    if (const auto chips = r.number(u"measured_chips"_s))
        p.measuredChips = int(*chips);
    p.decodeLayerOverheadUs = r.number(u"decode_layer_overhead_us"_s);
    if (p.decodeLayerOverheadUs && (*p.decodeLayerOverheadUs <= 0 || *p.decodeLayerOverheadUs > 10'000))
        r.error(u"decode_layer_overhead_us"_s, Tr::tr("must be between 0 and 10,000 microseconds"));
    p.source = readSource(r);
    p.userSupplied = userSupplied;
    if (userSupplied && p.source.confidence.isEmpty())
        p.source.confidence = u"user"_s;
    // A user may give only measured tokens/s for inference; the band is then derived later.
    const bool hasBand = !r.text(u"typical"_s).isEmpty();
    std::optional<Range> band;
    if (hasBand || !userSupplied)
        band = readBand(r);
    if (!workload || !precision || (!band && (hasBand || !userSupplied)))
        return std::nullopt;
    if (!band && !p.measuredTokensPerSecondPerChip) {
        r.error(u"typical"_s, Tr::tr("give an efficiency band (low, typical, high) or measured_tokens_per_s_per_chip"));
        return std::nullopt;
    }
    p.workload = *workload;
    p.precision = *precision;
    if (band)
        p.efficiency = *band;
    return p;
}

std::optional<ModelPreset> readModel(const CsvRecord &r)
{
    ModelPreset m;
    m.id = r.required(u"id"_s).toLower();
    m.name = r.required(u"name"_s);
    for (const QString &alias : r.text(u"aliases"_s).split(u';', Qt::SkipEmptyParts)) {
        const QString trimmed = alias.trimmed();
        if (trimmed.contains(u'='))
            r.error(u"aliases"_s, Tr::tr("'%1': a model name may not contain '='").arg(trimmed));
        else if (!trimmed.isEmpty())
            m.aliases.append(trimmed);
    }
    m.totalParams = r.number(u"total_params"_s, true).value_or(0);
    m.activeParams = r.number(u"active_params"_s).value_or(m.totalParams);
    auto integer = [&](const QString &column) -> std::optional<int> {
        const auto value = r.number(column);
        return value ? std::optional<int>(int(*value)) : std::nullopt;
    };
    m.layers = integer(u"layers"_s);
    m.hidden = integer(u"hidden"_s);
    m.heads = integer(u"heads"_s);
    m.kvHeads = integer(u"kv_heads"_s);
    m.ffnHidden = integer(u"ffn_hidden"_s);
    m.vocab = integer(u"vocab"_s);
    m.context = integer(u"context"_s);
    m.experts = integer(u"experts"_s);
    m.activeExperts = integer(u"active_experts"_s);
    m.sharedExperts = integer(u"shared_experts"_s);
    m.headDim = integer(u"head_dim"_s);
    m.kvLoraRank = integer(u"kv_lora_rank"_s);
    m.qkRopeHeadDim = integer(u"qk_rope_head_dim"_s);
    m.slidingWindow = integer(u"sliding_window"_s);
    m.slidingLayers = integer(u"sliding_layers"_s);
    if (m.slidingLayers && m.layers && *m.slidingLayers > *m.layers)
        r.error(u"sliding_layers"_s, Tr::tr("%1 sliding-window layers of %2").arg(*m.slidingLayers).arg(*m.layers));
    if (m.slidingLayers.has_value() != m.slidingWindow.has_value())
        r.error(u"sliding_layers"_s, Tr::tr("sliding_window and sliding_layers go together"));
    if (const QString scope = r.text(u"fp4_scope"_s).trimmed().toLower(); scope == u"experts"_s)
        m.fp4ExpertsOnly = true;
    else if (!scope.isEmpty() && scope != u"all"_s)
        r.error(u"fp4_scope"_s, Tr::tr("fp4_scope is all or experts, not %1").arg(scope));
    if (m.fp4ExpertsOnly && !(m.experts && m.activeExperts))
        r.error(u"fp4_scope"_s, Tr::tr("fp4_scope experts needs experts and active_experts"));
    m.trainingTokens = r.number(u"training_tokens"_s);
    m.source = readSource(r);
    return m;
}

/// Turns a JSON array of objects (or {"profiles": [...]}) into a CSV table in memory, so JSON
/// and CSV share one reader and one set of messages (lines point at each object).
Result<QByteArray> jsonToCsv(const QByteArray &json, const QString &fileName, QList<int> *lines)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return Error::badInput(Tr::tr("%1: invalid JSON: %2").arg(fileName, parseError.errorString()));
    const QJsonArray array = document.isArray() ? document.array() : document.object().value(u"profiles"_s).toArray();
    *lines = jsonRecordLines(json, "profiles");
    QStringList header;
    for (const QJsonValue &value : array) {
        for (const QString &key : value.toObject().keys()) {
            if (!header.contains(key.toLower()))
                header.append(key.toLower());
        }
    }
    QString csv;
    auto field = [](QString text) -> QString {
        text.replace(u"\""_s, u"\"\""_s);
        return u'"' + text + u'"';
    };
    QStringList quotedHeader;
    for (const QString &h : std::as_const(header))
        quotedHeader.append(field(h));
    csv += quotedHeader.join(u',') + u'\n';
    for (const QJsonValue &value : array) {
        const QJsonObject object = value.toObject();
        QStringList row;
        for (const QString &h : std::as_const(header)) {
            QJsonValue v;
            for (auto it = object.begin(); it != object.end(); ++it) {
                if (it.key().toLower() == h)
                    v = it.value();
            }
            row.append(field(v.isDouble() ? QString::number(v.toDouble(), 'g', QLocale::FloatingPointShortest)
                                          : v.toString()));
        }
        csv += row.join(u',') + u'\n';
    }
    return csv.toUtf8();
}

} // namespace

QString toString(Workload workload) { return kWorkloads.at(int(workload)); }

std::optional<Workload> workloadFromString(const QString &text)
{
    const qsizetype i = kWorkloads.indexOf(text.trimmed().toLower());
    return i < 0 ? std::nullopt : std::optional<Workload>(Workload(i));
}

std::optional<Precision> precisionFromString(const QString &text)
{
    const QString t = text.trimmed().toLower();
    if (t == u"fp32"_s)
        return Precision::Fp32;
    if (t == u"bf16"_s || t == u"fp16"_s)
        return Precision::Bf16;
    if (t == u"fp8"_s)
        return Precision::Fp8;
    if (t == u"fp4"_s)
        return Precision::Fp4;
    if (t == u"int8"_s)
        return Precision::Int8;
    return std::nullopt;
}

QString toString(Precision precision)
{
    switch (precision) {
    case Precision::Fp32: return u"fp32"_s;
    case Precision::Bf16: return u"bf16"_s;
    case Precision::Fp8: return u"fp8"_s;
    case Precision::Fp4: return u"fp4"_s;
    case Precision::Int8: return u"int8"_s;
    }
    return {};
}

Result<QList<Profile>> PlanningCatalog::parseProfiles(QIODevice *device, const QString &fileName, bool userSupplied)
{
    QByteArray data = device->readAll();
    if (data.startsWith("\xEF\xBB\xBF"))
        data.remove(0, 3);
    QList<int> jsonLines;
    const bool json = data.trimmed().startsWith('[') || data.trimmed().startsWith('{');
    if (json) {
        auto csv = jsonToCsv(data, fileName, &jsonLines);
        if (!csv)
            return csv.error();
        data = *csv;
    }
    QBuffer buffer(&data);
    buffer.open(QIODevice::ReadOnly);
    QList<Profile> profiles;
    Diagnostics problems = readCsvTable(&buffer, fileName,
                                        {u"accelerator"_s, u"workload"_s, u"precision"_s, u"source_url"_s, u"as_of"_s},
                                        [&](const CsvRecord &r) {
                                            if (auto p = readProfile(r, userSupplied))
                                                profiles.append(std::move(*p));
                                        });
    if (json) {
        // CSV line n+1 is JSON object n.
        for (Diagnostic &d : problems)
            d.line = d.line >= 2 && d.line - 2 < jsonLines.size() ? jsonLines[d.line - 2] : d.line;
    }
    if (hasErrors(problems))
        return Error::badInput(Tr::tr("%1: bad profile rows; nothing was added").arg(fileName), problems);
    return profiles;
}

Result<QList<ModelPreset>> PlanningCatalog::parseModels(QIODevice *device, const QString &fileName)
{
    QList<ModelPreset> models;
    QHash<QString, QString> idByKey; // modelKey() of each id and alias read so far: its preset
    const Diagnostics problems = readCsvTable(
        device, fileName, {u"id"_s, u"name"_s, u"total_params"_s, u"source_url"_s, u"as_of"_s}, [&](const CsvRecord &r) {
            auto m = readModel(r);
            if (!m)
                return;
            QStringList names = m->aliases;
            names.prepend(m->id);
            for (qsizetype i = 0; i < names.size(); ++i) {
                const QString key = modelKey(names[i]);
                const auto existing = idByKey.constFind(key);
                if (existing != idByKey.cend() && *existing != m->id)
                    r.error(i == 0 ? u"id"_s : u"aliases"_s, Tr::tr("'%1' already names '%2'").arg(names[i], *existing));
                else
                    idByKey.insert(key, m->id);
            }
            models.append(std::move(*m));
        });
    if (hasErrors(problems))
        return Error::badInput(Tr::tr("%1 has errors").arg(fileName), problems);
    return models;
}

QString PlanningCatalog::modelKey(const QString &name)
{
    QString text = name.trimmed().toLower();
    if (const qsizetype slash = text.lastIndexOf(u'/'); slash >= 0)
        text = text.mid(slash + 1);
    auto separator = [](QChar c) { return c == u'-' || c == u'_' || c == u'.' || c == u' '; };
    QString key;
    key.reserve(text.size());
    for (qsizetype i = 0; i < text.size();) {
        if (!separator(text[i])) {
            key.append(text[i++]);
            continue;
        }
        bool dot = false;
        const qsizetype runStart = i;
        for (; i < text.size() && separator(text[i]); ++i)
            dot = dot || text[i] == u'.';
        // Between two digits a separator keeps numbers apart (2.5-7 is not 2-57); elsewhere it goes.
        if (runStart > 0 && i < text.size() && text[runStart - 1].isDigit() && text[i].isDigit())
            key.append(dot ? u'.' : u'-');
    }
    return key;
}

bool PlanningCatalog::namesModel(const QStringList &modelNames, const QString &name)
{
    const QString key = modelKey(name);
    return std::any_of(modelNames.cbegin(), modelNames.cend(),
                       [&](const QString &entry) { return modelKey(entry.section(u'=', 0, 0)) == key; });
}

QStringList PlanningCatalog::presetIds(const QStringList &modelNames)
{
    QStringList ids;
    for (const QString &entry : modelNames)
        if (!entry.contains(u'='))
            ids.append(entry);
    return ids;
}

Result<PlanningCatalog> PlanningCatalog::loadShipped()
{
    PlanningCatalog catalog;
    {
        QFile file(u":/data/catalog/profiles.csv"_s);
        if (!file.open(QIODevice::ReadOnly))
            return Error::internal(Tr::tr("the shipped data/catalog/profiles.csv is missing from the build"));
        auto profiles = parseProfiles(&file, u"data/catalog/profiles.csv"_s, false);
        if (!profiles)
            return profiles.error();
        catalog.m_profiles = *profiles;
    }
    auto frameworks = readShipped<FrameworkFit>(
        u"frameworks.csv"_s, {u"framework"_s, u"accelerator_vendor"_s, u"support"_s, u"source_url"_s, u"as_of"_s},
        tables::readFrameworkFit);
    if (!frameworks)
        return frameworks.error();
    catalog.m_frameworks = *frameworks;

    {
        QFile file(u":/data/catalog/models.csv"_s);
        if (!file.open(QIODevice::ReadOnly))
            return Error::internal(Tr::tr("the shipped data/catalog/models.csv is missing from the build"));
        auto models = parseModels(&file, u"data/catalog/models.csv"_s);
        if (!models)
            return models.error();
        catalog.m_models = *models;
        for (qsizetype i = 0; i < catalog.m_models.size(); ++i) {
            const ModelPreset &m = catalog.m_models[i];
            catalog.m_modelByKey.insert(modelKey(m.id), i);
            for (const QString &alias : m.aliases)
                catalog.m_modelByKey.insert(modelKey(alias), i);
        }
    }

    auto bands = readShipped<ScaleBand>(
        u"scaling.csv"_s, {u"kind"_s, u"domain"_s, u"chips_from"_s, u"chips_to"_s, u"low"_s, u"typical"_s, u"high"_s},
        tables::readScaleBand);
    if (!bands)
        return bands.error();
    catalog.m_scaleBands = *bands;

    auto egress = readShipped<EgressTier>(
        u"egress.csv"_s,
        {u"provider"_s, u"tier_from_gb"_s, u"price_per_gb"_s, u"currency"_s, u"source_url"_s, u"as_of"_s},
        tables::readEgressTier);
    if (!egress)
        return egress.error();
    catalog.m_egress = *egress;
    auto apis = readShipped<ApiPrice>(u"api_prices.csv"_s,
                                      {u"provider"_s, u"api_model"_s, u"model_preset"_s, u"input_per_1m"_s,
                                       u"output_per_1m"_s, u"currency"_s, u"source_url"_s, u"as_of"_s},
                                      tables::readApiPrice);
    if (!apis)
        return apis.error();
    for (const ApiPrice &p : std::as_const(*apis))
        if (!p.modelPreset.isEmpty() && !catalog.findModel(p.modelPreset))
            return Error::internal(Tr::tr("data/catalog/api_prices.csv: %1 %2 names no model preset '%3'")
                                       .arg(p.provider, p.apiModel, p.modelPreset));
    catalog.m_apiPrices = *apis;
    auto storage = readShipped<StoragePrice>(u"storage.csv"_s,
                                             {u"provider"_s, u"storage"_s, u"price_per_gb_month"_s, u"currency"_s,
                                              u"source_url"_s, u"as_of"_s},
                                             tables::readStoragePrice);
    if (!storage)
        return storage.error();
    catalog.m_storage = *storage;
    auto support = readShipped<SupportTier>(u"support_plans.csv"_s,
                                            {u"provider"_s, u"plan"_s, u"tier_from_usd"_s, u"percent"_s, u"currency"_s,
                                             u"source_url"_s, u"as_of"_s},
                                            tables::readSupportTier);
    if (!support)
        return support.error();
    catalog.m_support = *support;
    std::stable_sort(catalog.m_support.begin(), catalog.m_support.end(),
                     [](const SupportTier &a, const SupportTier &b) { return a.fromUsd < b.fromUsd; });
    auto fabrics = readShipped<FabricRule>(
        u"fabrics.csv"_s,
        {u"offer_kind"_s, u"provider"_s, u"sku_pattern"_s, u"fabric"_s, u"gbps_per_node"_s, u"as_of"_s,
         u"confidence"_s},
        tables::readFabricRule);
    if (!fabrics)
        return fabrics.error();
    auto blocks = readShipped<CapacityBlockRule>(
        u"capacity_blocks.csv"_s,
        {u"provider"_s, u"from_days"_s, u"to_days"_s, u"increment_days"_s, u"source_url"_s, u"as_of"_s, u"confidence"_s},
        tables::readCapacityBlockRule);
    if (!blocks)
        return blocks.error();
    auto grid = readShipped<GridIntensity>(
        u"grid_intensity.csv"_s, {u"provider"_s, u"region"_s, u"gco2e_per_kwh"_s, u"year"_s, u"source_url"_s},
        tables::readGridIntensity);
    if (!grid)
        return grid.error();
    catalog.m_grid = *grid;
    auto spot = readShipped<SpotRate>(
        u"spot_interruption.csv"_s,
        {u"provider"_s, u"instance_type"_s, u"region"_s, u"band"_s, u"monthly_low"_s, u"monthly_typical"_s,
         u"monthly_high"_s, u"source_url"_s, u"as_of"_s},
        tables::readSpotRate);
    if (!spot)
        return spot.error();
    catalog.addSpotRates(*spot);
    // No rate per GPU family is published elsewhere: 5-30 % of nodes reclaimed a month, wide.
    catalog.m_defaultSpotRate.source = {QString(), QDate(), u"assumed"_s,
                                        Tr::tr("default: no published interruption rate for this offer")};
    catalog.m_capacityBlocks = *blocks;
    catalog.m_fabrics = *fabrics;
    std::stable_sort(catalog.m_egress.begin(), catalog.m_egress.end(),
                     [](const EgressTier &a, const EgressTier &b) { return a.fromGb < b.fromGb; });
    return catalog;
}

const StoragePrice *PlanningCatalog::storagePrice(const QString &provider) const
{
    for (const StoragePrice &p : m_storage)
        if (p.provider.compare(provider, Qt::CaseInsensitive) == 0)
            return &p;
    return nullptr;
}

QList<SupportTier> PlanningCatalog::supportTiers(const QString &provider, const QString &plan) const
{
    QList<SupportTier> tiers;
    for (const SupportTier &t : m_support)
        if (t.provider.compare(provider, Qt::CaseInsensitive) == 0 && t.plan.compare(plan, Qt::CaseInsensitive) == 0)
            tiers.append(t);
    return tiers;
}

QList<std::pair<QString, QStringList>> PlanningCatalog::supportPlans() const
{
    QMap<QString, QStringList> plans;
    for (const SupportTier &t : m_support)
        if (QStringList &providers = plans[t.plan]; !providers.contains(t.provider))
            providers.append(t.provider);
    QList<std::pair<QString, QStringList>> list;
    for (auto it = plans.cbegin(); it != plans.cend(); ++it)
        list.append({it.key(), it.value()});
    return list;
}

QList<const ApiPrice *> PlanningCatalog::apiPricesFor(const ModelPreset &model) const
{
    auto sameModel = [&](const ModelPreset &other) {
        return other.id == model.id
               || (other.totalParams == model.totalParams && other.activeParams == model.activeParams
                   && other.layers == model.layers && other.hidden == model.hidden && other.experts == model.experts);
    };
    QList<const ApiPrice *> prices;
    for (const ApiPrice &p : m_apiPrices)
        if (const ModelPreset *preset = p.modelPreset.isEmpty() ? nullptr : findModel(p.modelPreset); preset && sameModel(*preset))
            prices.append(&p);
    return prices;
}

QList<EgressTier> PlanningCatalog::egressTiers(const QString &provider) const
{
    QList<EgressTier> tiers;
    for (const EgressTier &t : m_egress) {
        if (t.provider.compare(provider, Qt::CaseInsensitive) == 0)
            tiers.append(t);
    }
    return tiers;
}

const SpotRate &PlanningCatalog::spotRate(const QString &provider, const QString &instanceType,
                                          const QString &region) const
{
    const auto found = m_spotRates.constFind(TextKey{SpotRate::key(provider, instanceType, region)});
    return found == m_spotRates.constEnd() ? m_defaultSpotRate : *found;
}

const GridIntensity *PlanningCatalog::findGridIntensity(const QString &provider, const QString &region) const
{
    for (const GridIntensity &g : m_grid)
        if (g.provider.compare(provider, Qt::CaseInsensitive) == 0 && g.region.compare(region, Qt::CaseInsensitive) == 0)
            return &g;
    return nullptr;
}

QList<CapacityBlockRule> PlanningCatalog::capacityBlockRules(const QString &provider) const
{
    QList<CapacityBlockRule> rules;
    for (const CapacityBlockRule &b : m_capacityBlocks) {
        if (b.provider.compare(provider, Qt::CaseInsensitive) == 0)
            rules.append(b);
    }
    std::sort(rules.begin(), rules.end(), [](const auto &a, const auto &b) { return a.toDays < b.toDays; });
    return rules;
}

std::optional<SpotRate> SpotRate::fromBand(const QString &band)
{
    struct Reading
    {
        const char16_t *band;
        double low, typical, high;
    };
    static constexpr Reading kBands[] = {{u"<5%", 0.01, 0.03, 0.05},
                                         {u"5-10%", 0.05, 0.075, 0.10},
                                         {u"10-15%", 0.10, 0.125, 0.15},
                                         {u"15-20%", 0.15, 0.175, 0.20},
                                         {u">20%", 0.20, 0.30, 0.50}};
    for (const Reading &r : kBands) {
        if (band == QStringView(r.band)) {
            SpotRate rate;
            rate.band = band;
            rate.monthlyLow = r.low;
            rate.monthlyTypical = r.typical;
            rate.monthlyHigh = r.high;
            return rate;
        }
    }
    return std::nullopt;
}

void PlanningCatalog::addSpotRates(const QList<SpotRate> &rates)
{
    for (const SpotRate &s : rates)
        m_spotRates.insert(TextKey{s.key()}, s);
}

void PlanningCatalog::addUserProfiles(const QList<Profile> &profiles)
{
    m_profiles = profiles + m_profiles;
}

const Profile *PlanningCatalog::findProfile(const QString &accelerator, Workload workload, Precision precision,
                                            const QString &framework) const
{
    // Score each candidate; the first of equal score wins, and user profiles come first.
    const Profile *best = nullptr;
    int bestScore = -1;
    for (const Profile &p : m_profiles) {
        if (p.accelerator != accelerator || p.workload != workload || p.efficiency.typical <= 0)
            continue;
        int score = 0;
        if (p.precision == precision)
            score += 4;
        if (p.framework == framework)
            score += 2;
        else if (p.framework != u"any"_s)
            continue; // another framework's measurement says nothing about this one
        if (p.userSupplied)
            score += 8;
        if (score > bestScore) {
            best = &p;
            bestScore = score;
        }
    }
    return best;
}

QList<const Profile *> PlanningCatalog::findStandIns(const Accelerator &accelerator, Workload workload, Precision precision,
                                                    const QString &framework) const
{
    QList<const Profile *> standIns;
    for (const QString &id : accelerator.profileStandIns)
        if (const Profile *standIn = findProfile(id, workload, precision, framework))
            standIns.append(standIn);
    return standIns;
}

const FrameworkFit *PlanningCatalog::findFramework(const QString &framework, const QString &vendor) const
{
    const auto it = std::find_if(m_frameworks.cbegin(), m_frameworks.cend(), [&](const FrameworkFit &f) {
        return f.framework == framework && f.vendor.compare(vendor, Qt::CaseInsensitive) == 0;
    });
    return it == m_frameworks.cend() ? nullptr : &*it;
}

const ModelPreset *PlanningCatalog::findModel(const QString &idOrAlias) const
{
    for (const ModelPreset &m : m_models)
        if (m.id == idOrAlias)
            return &m;
    const auto it = m_modelByKey.constFind(modelKey(idOrAlias));
    return it == m_modelByKey.cend() ? nullptr : &m_models[*it];
}

const ScaleBand *PlanningCatalog::findScaleBand(ScaleBand::Kind kind, const QString &domain, int chips) const
{
    const ScaleBand *fallback = nullptr;
    for (const ScaleBand &s : m_scaleBands) {
        if (s.kind != kind || chips < s.chipsFrom || chips > s.chipsTo)
            continue;
        if (s.domain == domain)
            return &s;
        if (s.domain == u"any"_s)
            fallback = &s;
    }
    return fallback;
}

WildcardPattern::WildcardPattern(const QString &pattern)
{
    if (pattern == u"*"_s) {
        m_kind = Kind::Any;
    } else if (!pattern.contains(u'*') && !pattern.contains(u'?') && !pattern.contains(u'[')) {
        m_kind = Kind::Literal;
        m_literal = pattern;
    } else {
        m_kind = Kind::Expression;
        m_expression = QRegularExpression(QRegularExpression::wildcardToRegularExpression(pattern),
                                          QRegularExpression::CaseInsensitiveOption);
    }
}

bool WildcardPattern::matches(const QString &text) const
{
    switch (m_kind) {
    case Kind::Any: return true;
    case Kind::Literal: return text.compare(m_literal, Qt::CaseInsensitive) == 0;
    case Kind::Expression: return m_expression.match(text).hasMatch();
    }
    return false;
}

const FabricRule *PlanningCatalog::findFabric(const QString &offerKind, const QString &provider,
                                              const QString &sku) const
{
    for (const FabricRule &f : m_fabrics) {
        if ((f.offerKind == u"*"_s || f.offerKind == offerKind) && f.providerMatch.matches(provider) && f.skuMatch.matches(sku))
            return &f;
    }
    return nullptr;
}

QStringList PlanningCatalog::modelIds() const
{
    QStringList names;
    for (const ModelPreset &m : m_models)
        names.append(m.id);
    for (const ModelPreset &m : m_models)
        for (const QString &alias : m.aliases)
            names.append(alias + u'=' + m.id);
    return names;
}

} // namespace accelplan::catalog
