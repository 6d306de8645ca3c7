#include "core/catalog/catalogtables.h"

#include "core/common/isodate.h"
#include "core/common/tr.h"

using namespace Qt::StringLiterals;

namespace accelplan::catalog::tables {

Source readSource(const CsvRecord &r)
{
    return {r.required(u"source_url"_s), r.date(u"as_of"_s, true), r.text(u"confidence"_s).toLower(),
            r.text(u"notes"_s)};
}

std::optional<Range> readBand(const CsvRecord &r)
{
    const auto low = r.fraction(u"low"_s, true);
    const auto typical = r.fraction(u"typical"_s, true);
    const auto high = r.fraction(u"high"_s, true);
    if (!low || !typical || !high)
        return std::nullopt;
    if (!(*low <= *typical && *typical <= *high) || *low <= 0) {
        r.error(u"typical"_s, Tr::tr("the band must be 0 < low <= typical <= high <= 1"));
        return std::nullopt;
    }
    return Range{*low, *typical, *high};
}

std::optional<FrameworkFit> readFrameworkFit(const CsvRecord &r)
{
    FrameworkFit f;
    f.framework = r.required(u"framework"_s).toLower();
    f.vendor = r.required(u"accelerator_vendor"_s);
    const QString support = r.required(u"support"_s).toLower();
    if (support == u"native"_s)
        f.support = FrameworkFit::Support::Native;
    else if (support == u"translation"_s)
        f.support = FrameworkFit::Support::Translation;
    else if (support == u"unsupported"_s)
        f.support = FrameworkFit::Support::Unsupported;
    else
        r.error(u"support"_s, Tr::tr("unknown value '%1'; expected native, translation or unsupported").arg(support));
    f.efficiencyFactor = r.number(u"efficiency_factor"_s);
    f.portingWeeks = r.number(u"porting_weeks"_s);
    f.source = readSource(r);
    return f;
}

std::optional<ScaleBand> readScaleBand(const CsvRecord &r)
{
    ScaleBand s;
    const QString kind = r.required(u"kind"_s).toLower();
    if (kind == u"scaling"_s)
        s.kind = ScaleBand::Kind::Scaling;
    else if (kind == u"goodput"_s)
        s.kind = ScaleBand::Kind::Goodput;
    else
        r.error(u"kind"_s, Tr::tr("unknown value '%1'; expected scaling or goodput").arg(kind));
    s.domain = r.required(u"domain"_s).toLower();
    s.chipsFrom = int(r.number(u"chips_from"_s, true).value_or(1));
    s.chipsTo = int(r.number(u"chips_to"_s, true).value_or(1));
    const auto band = readBand(r);
    if (!band)
        return std::nullopt;
    s.band = *band;
    s.source = readSource(r);
    return s;
}

std::optional<EgressTier> readEgressTier(const CsvRecord &r)
{
    EgressTier t;
    t.provider = r.required(u"provider"_s);
    t.fromGb = r.number(u"tier_from_gb"_s, true).value_or(0);
    t.toGb = r.number(u"tier_to_gb"_s);
    if (t.toGb && *t.toGb <= t.fromGb)
        r.error(u"tier_to_gb"_s, Tr::tr("must be greater than tier_from_gb"));
    t.pricePerGb = r.number(u"price_per_gb"_s, true).value_or(0);
    t.currency = r.required(u"currency"_s).toUpper();
    t.freeGbPerMonth = r.number(u"free_gb_per_month"_s).value_or(0);
    t.source = readSource(r);
    return t;
}

std::optional<ApiPrice> readApiPrice(const CsvRecord &r)
{
    ApiPrice p;
    p.provider = r.required(u"provider"_s);
    p.apiModel = r.required(u"api_model"_s);
    p.modelPreset = r.text(u"model_preset"_s);
    auto price = [&](const QString &column, bool required) -> std::optional<double> {
        const auto value = r.number(column, required);
        if (value && *value < 0)
            r.error(column, Tr::tr("a price per 1M tokens cannot be negative"));
        return value;
    };
    p.inputPer1M = price(u"input_per_1m"_s, true).value_or(0);
    p.outputPer1M = price(u"output_per_1m"_s, true).value_or(0);
    p.cachedInputPer1M = price(u"cached_input_per_1m"_s, false);
    p.batchDiscountPct = r.number(u"batch_discount_pct"_s);
    if (p.batchDiscountPct && (*p.batchDiscountPct < 0 || *p.batchDiscountPct >= 100))
        r.error(u"batch_discount_pct"_s, Tr::tr("must be from 0 to under 100"));
    p.currency = r.required(u"currency"_s).toUpper();
    p.source = readSource(r);
    return p;
}

std::optional<StoragePrice> readStoragePrice(const CsvRecord &r)
{
    StoragePrice p;
    p.provider = r.required(u"provider"_s);
    p.storage = r.required(u"storage"_s);
    p.region = r.text(u"region"_s);
    p.pricePerGbMonth = r.number(u"price_per_gb_month"_s, true).value_or(0);
    if (p.pricePerGbMonth < 0)
        r.error(u"price_per_gb_month"_s, Tr::tr("cannot be negative"));
    p.currency = r.required(u"currency"_s).toUpper();
    p.source = readSource(r);
    return p;
}

std::optional<SupportTier> readSupportTier(const CsvRecord &r)
{
    SupportTier t;
    t.provider = r.required(u"provider"_s);
    t.plan = r.required(u"plan"_s).toLower();
    t.fromUsd = r.number(u"tier_from_usd"_s, true).value_or(0);
    t.toUsd = r.number(u"tier_to_usd"_s);
    if (t.toUsd && *t.toUsd <= t.fromUsd)
        r.error(u"tier_to_usd"_s, Tr::tr("must be greater than tier_from_usd"));
    t.percent = r.number(u"percent"_s, true).value_or(0);
    if (t.percent < 0 || t.percent > 100)
        r.error(u"percent"_s, Tr::tr("must be from 0 to 100"));
    t.minimumPerMonth = r.number(u"minimum_usd_per_month"_s).value_or(0);
    t.currency = r.required(u"currency"_s).toUpper();
    t.source = readSource(r);
    return t;
}

std::optional<FabricRule> readFabricRule(const CsvRecord &r)
{
    static const QStringList kFabrics = {u"none"_s, u"ethernet"_s, u"roce"_s, u"infiniband"_s, u"efa"_s, u"dcn"_s};
    FabricRule f;
    f.offerKind = r.required(u"offer_kind"_s).toLower();
    f.provider = r.required(u"provider"_s);
    f.skuPattern = r.required(u"sku_pattern"_s);
    f.providerMatch = WildcardPattern(f.provider);
    f.skuMatch = WildcardPattern(f.skuPattern);
    auto count = [&](const QString &column) -> std::optional<int> {
        const auto value = r.number(column);
        if (value && *value < 1)
            r.error(column, Tr::tr("must be at least 1"));
        return value ? std::optional<int>(int(*value)) : std::nullopt;
    };
    f.acceleratorsPerNode = count(u"accelerators_per_node"_s);
    f.fastDomainChips = count(u"fast_domain_chips"_s);
    f.maxNodes = count(u"max_nodes"_s);
    f.fabric = r.required(u"fabric"_s).toLower();
    if (!kFabrics.contains(f.fabric))
        r.error(u"fabric"_s, Tr::tr("unknown value '%1'; expected one of: %2").arg(f.fabric, kFabrics.join(u", "_s)));
    f.gbpsPerNode = r.number(u"gbps_per_node"_s, true).value_or(0);
    if ((f.fabric == u"none"_s) != (f.gbpsPerNode <= 0))
        r.error(u"gbps_per_node"_s, Tr::tr("must be above 0 exactly when there is a fabric"));
    // Assumed defaults need no address; a stated figure does.
    f.source = {r.text(u"source_url"_s), r.date(u"as_of"_s, true), r.required(u"confidence"_s).toLower(),
                r.text(u"notes"_s)};
    if (f.source.url.isEmpty() && f.source.confidence != u"assumed"_s)
        r.error(u"source_url"_s, Tr::tr("a figure that is not assumed needs its source"));
    return f;
}

std::optional<CapacityBlockRule> readCapacityBlockRule(const CsvRecord &r)
{
    CapacityBlockRule b;
    b.provider = r.required(u"provider"_s);
    b.fromDays = int(r.number(u"from_days"_s, true).value_or(1));
    b.toDays = int(r.number(u"to_days"_s, true).value_or(1));
    b.incrementDays = int(r.number(u"increment_days"_s, true).value_or(1));
    if (b.fromDays < 1 || b.toDays < b.fromDays || b.incrementDays < 1)
        r.error(u"to_days"_s, Tr::tr("needs 1 <= from_days <= to_days and increment_days >= 1"));
    if (const auto max = r.number(u"max_instances"_s))
        b.maxInstances = int(*max);
    b.source = readSource(r);
    return b;
}

std::optional<GridIntensity> readGridIntensity(const CsvRecord &r)
{
    GridIntensity g;
    g.provider = r.required(u"provider"_s);
    g.region = r.required(u"region"_s);
    g.gramsCo2ePerKwh = r.number(u"gco2e_per_kwh"_s, true).value_or(0);
    g.year = int(r.number(u"year"_s, true).value_or(0));
    if (g.gramsCo2ePerKwh <= 0 || g.gramsCo2ePerKwh > 2000)
        r.error(u"gco2e_per_kwh"_s, Tr::tr("must be between 0 and 2000 g per kWh"));
    g.source = {r.required(u"source_url"_s), QDate(g.year, 12, 31), u"approximate"_s, r.text(u"notes"_s)};
    return g;
}

std::optional<SpotRate> readSpotRate(const CsvRecord &r)
{
    SpotRate s;
    s.provider = r.required(u"provider"_s);
    s.instanceType = r.required(u"instance_type"_s);
    s.region = r.required(u"region"_s);
    s.band = r.required(u"band"_s);
    s.monthlyLow = r.number(u"monthly_low"_s, true).value_or(0);
    s.monthlyTypical = r.number(u"monthly_typical"_s, true).value_or(0);
    s.monthlyHigh = r.number(u"monthly_high"_s, true).value_or(0);
    // The columns spell out the one reading of the band (SpotRate::fromBand), which a fetched advisor
    // file gets too: a row that reads its band otherwise is an error, not a second reading.
    const std::optional<SpotRate> reading = SpotRate::fromBand(s.band);
    if (!reading)
        r.error(u"band"_s, Tr::tr("'%1' is not a Spot Advisor band (<5%, 5-10%, 10-15%, 15-20%, >20%)").arg(s.band));
    else if (!qFuzzyCompare(s.monthlyLow, reading->monthlyLow) || !qFuzzyCompare(s.monthlyTypical, reading->monthlyTypical)
             || !qFuzzyCompare(s.monthlyHigh, reading->monthlyHigh))
        r.error(u"monthly_low"_s, Tr::tr("band %1 reads as %2, %3, %4 a month (SpotRate::fromBand)")
                                      .arg(s.band)
                                      .arg(reading->monthlyLow)
                                      .arg(reading->monthlyTypical)
                                      .arg(reading->monthlyHigh));
    s.source = {r.required(u"source_url"_s), parseIsoDate(r.required(u"as_of"_s)),
                r.text(u"confidence"_s), r.text(u"notes"_s)};
    return s;
}

} // namespace accelplan::catalog::tables
