#include "core/planning/options/option.h"

#include "core/common/tr.h"
#include "core/planning/model/cluster.h"

#include <algorithm>

namespace accelplan::planning {

bool fabricAllowed(const Constraints &c, const ClusterShape &shape)
{
    if (c.minScaleOutGbps && shape.gbpsPerNode < *c.minScaleOutGbps)
        return false;
    return c.fabrics.isEmpty() || c.fabrics.contains(shape.fabric);
}

bool allows(const Constraints &c, const pricing::PriceRecord &offer)
{
    auto containsText = [](const QStringList &list, const QString &value) {
        return list.isEmpty() || std::any_of(list.cbegin(), list.cend(), [&](const QString &item) {
                   return item.compare(value, Qt::CaseInsensitive) == 0;
               });
    };
    return containsText(c.providers, offer.key.provider) && containsText(c.regions, offer.key.region)
           && containsText(c.accelerators, offer.accelerator)
           && (c.offerKinds.isEmpty() || c.offerKinds.contains(offer.offerKind))
           && (c.priceModels.isEmpty() || c.priceModels.contains(offer.key.priceModel))
           && !(c.excludeSpot && offer.key.priceModel == pricing::PriceModel::Spot)
           && !(c.excludeMarketplace && offer.offerKind == pricing::OfferKind::Marketplace);
}

void OptionBase::payQuotedMinimum()
{
    if (!offer.quote || instances >= offer.quote->minimumInstances)
        return;
    warnings.append(Tr::tr("the quote sells at least %1 instance(s); the %2 this needs are priced as %1")
                        .arg(offer.quote->minimumInstances)
                        .arg(instances));
    instances = offer.quote->minimumInstances;
}

} // namespace accelplan::planning
