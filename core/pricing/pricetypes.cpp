#include "core/pricing/pricetypes.h"

#include <QHashFunctions>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

namespace {

const QStringList kOfferKinds = {u"cloud_vm"_s, u"dedicated_server"_s, u"tpu"_s, u"marketplace"_s, u"owned"_s};
const QStringList kPriceModels = {u"on_demand"_s, u"spot"_s, u"commit_1y"_s, u"commit_3y"_s, u"monthly"_s, u"purchase"_s,
                                  u"capacity_block"_s};
const QStringList kPriceUnits = {u"hour"_s, u"month"_s, u"one_time"_s};

template<typename Enum>
std::optional<Enum> fromName(const QStringList &names, const QString &text)
{
    const qsizetype index = names.indexOf(text.trimmed().toLower());
    if (index < 0)
        return std::nullopt;
    return static_cast<Enum>(index);
}

} // namespace

QString toString(OfferKind kind) { return kOfferKinds.at(int(kind)); }
QString toString(PriceModel model) { return kPriceModels.at(int(model)); }
QString toString(PriceUnit unit) { return kPriceUnits.at(int(unit)); }

std::optional<OfferKind> offerKindFromString(const QString &text) { return fromName<OfferKind>(kOfferKinds, text); }
std::optional<PriceModel> priceModelFromString(const QString &text) { return fromName<PriceModel>(kPriceModels, text); }
std::optional<PriceUnit> priceUnitFromString(const QString &text) { return fromName<PriceUnit>(kPriceUnits, text); }

QStringList offerKindNames() { return kOfferKinds; }
QStringList priceModelNames() { return kPriceModels; }
QStringList priceUnitNames() { return kPriceUnits; }

PriceUnit unitFor(PriceModel model)
{
    switch (model) {
    case PriceModel::Monthly: return PriceUnit::Month;
    case PriceModel::Purchase: return PriceUnit::OneTime;
    case PriceModel::OnDemand:
    case PriceModel::Spot:
    case PriceModel::Commit1y:
    case PriceModel::Commit3y:
    case PriceModel::CapacityBlock: return PriceUnit::Hour;
    }
    return PriceUnit::Hour;
}

QStringList approximateConfidences()
{
    return {u"approximate"_s, u"remembered"_s};
}

bool isApproximate(const QString &confidence)
{
    return approximateConfidences().contains(confidence); // stored lower case, as the SQL compares
}

size_t qHash(const OfferKey &key, size_t seed) noexcept
{
    return qHashMulti(seed, key.provider.toCaseFolded(), key.sku.toCaseFolded(), key.region.toCaseFolded(),
                      int(key.priceModel));
}

QStringList nativeColumns()
{
    return {u"provider"_s, u"offer_kind"_s, u"sku"_s, u"accelerator"_s, u"accelerator_count"_s,
            u"region"_s, u"price_model"_s, u"price"_s, u"currency"_s, u"unit"_s,
            u"effective_date"_s, u"as_of"_s, u"vcpus"_s, u"ram_gb"_s, u"setup_fee"_s,
            u"source_url"_s, u"confidence"_s, u"notes"_s};
}

QStringList requiredNativeColumns()
{
    return {u"provider"_s, u"offer_kind"_s, u"sku"_s, u"accelerator"_s, u"accelerator_count"_s,
            u"region"_s, u"price_model"_s, u"price"_s, u"currency"_s, u"unit"_s};
}

} // namespace accelplan::pricing
