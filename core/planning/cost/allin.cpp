#include "core/planning/cost/allin.h"

#include "core/common/tr.h"
#include "core/planning/cost/lockin.h"

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace accelplan::planning {

namespace {

/// A named addend whose rule gives its amount and then how it is reached
/// ("storage 46.00 USD: 1000 GB for 2.00 months at …").
Term line(const char *id, const QString &label, double value, const QString &currency, const QString &how)
{
    Term t{QString::fromLatin1(id), label, value, currency, {}, u"%1 %2 %3: %4"_s.arg(label).arg(value, 0, 'f', 2).arg(currency, how),
           {}, {}};
    t.addend = true;
    return t;
}

QString sourceText(const catalog::Source &s)
{
    return u"%1, %2"_s.arg(s.url, s.asOf.toString(Qt::ISODate));
}

} // namespace

double supportCharge(const QList<catalog::SupportTier> &tiers, double spend)
{
    double charge = 0;
    double minimum = 0;
    for (const catalog::SupportTier &t : tiers) {
        const double end = t.toUsd.value_or(std::numeric_limits<double>::infinity());
        charge += std::clamp(spend - t.fromUsd, 0.0, end - t.fromUsd) * t.percent / 100.0;
        minimum = std::max(minimum, t.minimumPerMonth);
    }
    return std::max(charge, minimum);
}

Terms allInTerms(const pricing::PriceRecord &offer, const AllInInputs &inputs, double months, double spend,
                 double egressGb, const catalog::PlanningCatalog &catalog, const pricing::FxTable &fx,
                 const QString &currency, QStringList *warnings)
{
    Terms terms;
    const QString &provider = offer.key.provider;
    if (offer.offerKind == pricing::OfferKind::Owned) {
        if (inputs.storageGb > 0 || egressGb > 0 || !inputs.supportPlans.isEmpty())
            warnings->append(Tr::tr("own hardware: storage, egress and support are the site's, not priced here"));
        return terms;
    }
    // An amount in another currency in the plan's; none (and a warning) without a rate.
    auto converted = [&](double amount, const QString &from, const QString &what) -> std::optional<double> {
        const auto c = fx.convert(amount, from, currency);
        if (!c)
            warnings->append(Tr::tr("%1 not counted: no exchange rate from %2 to %3").arg(what, from, currency));
        return c ? std::optional<double>(c->amount) : std::nullopt;
    };
    if (inputs.storage && inputs.storageGb > 0 && months > 0) {
        if (const catalog::StoragePrice *s = catalog.storagePrice(provider)) {
            if (const auto amount = converted(inputs.storageGb * s->pricePerGbMonth * months, s->currency, Tr::tr("storage")))
                terms.append(line("storage", Tr::tr("storage"), *amount, currency,
                                  Tr::tr("%1 GB for %2 months at %3 %4/GB-month (%5, %6)")
                                      .arg(inputs.storageGb, 0, 'f', 0)
                                      .arg(months, 0, 'f', 2)
                                      .arg(s->pricePerGbMonth)
                                      .arg(s->currency, s->storage, sourceText(s->source))));
        } else {
            warnings->append(Tr::tr("storage of %1 GB not counted: no storage price is known for %2 (storage.csv)")
                                 .arg(inputs.storageGb, 0, 'f', 0)
                                 .arg(provider));
        }
    }
    if (egressGb > 0) {
        if (const auto egress = egressCost(catalog.egressTiers(provider), egressGb)) {
            if (const auto amount = converted(egress->amount, egress->currency, Tr::tr("egress")))
                terms.append(line("egress", Tr::tr("egress"), *amount, currency, egress->basis));
        } else {
            warnings->append(Tr::tr("egress of %1 GB not counted: no egress price is known for %2 (egress.csv)")
                                 .arg(egressGb, 0, 'f', 0)
                                 .arg(provider));
        }
    }
    if (!inputs.supportPlans.isEmpty() && months > 0) {
        QList<catalog::SupportTier> tiers; // of the first listed plan the provider sells
        for (const QString &plan : inputs.supportPlans)
            if (tiers.isEmpty())
                tiers = catalog.supportTiers(provider, plan);
        if (tiers.isEmpty()) {
            warnings->append(Tr::tr("support plan '%1' not counted: no such plan is known for %2 (support_plans.csv)")
                                 .arg(inputs.supportPlans.join(u", "_s), provider));
        } else if (const auto perMonth = fx.convert(spend / months, currency, tiers.first().currency)) {
            const double charge = supportCharge(tiers, perMonth->amount) * months;
            QStringList percents; // each tier's, lowest spend first ("10/7/5/3")
            for (const catalog::SupportTier &t : tiers)
                percents.append(QString::number(t.percent));
            if (const auto amount = converted(charge, tiers.first().currency, Tr::tr("support")))
                terms.append(line("support", Tr::tr("support"), *amount, currency,
                                  Tr::tr("%1 %2 support on %3 %4 a month for %5 months: tiered %6 %, at least %7 %4 a "
                                         "month (%8)")
                                      .arg(provider, tiers.first().plan)
                                      .arg(perMonth->amount, 0, 'f', 0)
                                      .arg(tiers.first().currency)
                                      .arg(months, 0, 'f', 2)
                                      .arg(percents.join(u'/'))
                                      .arg(tiers.first().minimumPerMonth, 0, 'f', 0)
                                      .arg(sourceText(tiers.first().source))));
        } else {
            warnings->append(Tr::tr("support not counted: no exchange rate from %1 to %2")
                                 .arg(currency, tiers.first().currency));
        }
    }
    return terms;
}

} // namespace accelplan::planning
