// Issue 38: fillOwnedFigures finds each accelerator's cheapest rented option once; it must give
// what scanning every option for each purchase gives, the first of equals included.
#include "core/catalog/acceleratorcatalog.h"
#include "core/planning/cost/ownership.h"
#include "core/planning/options/trainingplanner.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <random>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::planning;
using pricing::PriceModel;

namespace {

pricing::PriceRecord offerOf(const QString &accelerator, PriceModel model, const QString &sku, int count = 8)
{
    pricing::PriceRecord r;
    r.key = {u"Test"_s, sku, u"r1"_s, model};
    r.accelerator = accelerator;
    r.acceleratorCount = count;
    r.price = *Decimal::parse(model == PriceModel::Purchase ? u"250000"_s : u"20"_s);
    r.currency = u"USD"_s;
    r.unit = pricing::unitFor(model);
    r.offerKind = model == PriceModel::Purchase ? pricing::OfferKind::Owned : pricing::OfferKind::CloudVm;
    return r;
}

} // namespace

TEST_CASE("fillOwnedFigures compares each purchase with the first cheapest rented option of its accelerator",
          "[planning][ownership]")
{
    const catalog::AcceleratorCatalog &accelerators = test::shippedCatalog();
    const Ownership ownership;
    std::mt19937 random(3838);
    const QStringList ids{u"h100-sxm"_s, u"l4"_s, u"no-such-chip"_s};
    const QList<PriceModel> models{PriceModel::OnDemand, PriceModel::Spot, PriceModel::Purchase};
    for (int round = 0; round < 100; ++round) {
        const int n = std::uniform_int_distribution<int>(0, 30)(random);
        QList<TrainingOption> options;
        QHash<QString, double> perHour; // by sku: the rented option's cost per accelerator-hour, absent for none
        for (int i = 0; i < n; ++i) {
            const QString sku = u"sku-%1"_s.arg(i);
            TrainingOption o;
            o.offer = offerOf(ids[std::uniform_int_distribution<int>(0, 2)(random)],
                              models[std::uniform_int_distribution<int>(0, 2)(random)], sku);
            o.instances = std::uniform_int_distribution<int>(1, 4)(random);
            if (std::uniform_int_distribution<int>(0, 6)(random) == 0)
                o.cannotRun = u"no"_s;
            if (std::uniform_int_distribution<int>(0, 5)(random) != 0)
                perHour.insert(sku, 1.0 + std::uniform_int_distribution<int>(0, 4)(random)); // ties
            options.append(o);
        }
        const auto rented = [&](const TrainingOption &r) -> std::optional<double> {
            const auto it = perHour.constFind(r.offer.key.sku);
            return it == perHour.cend() ? std::nullopt : std::optional<double>(*it);
        };
        fillOwnedFigures(
            options, accelerators, ownership, rented, [](const pricing::PriceRecord &) { return std::optional<double>(1.0); },
            [](const TrainingOption &) { return 1000.0; });
        for (const TrainingOption &o : options) {
            INFO("round " << round << ", " << o.offer.key.sku.toStdString() << " " << o.offer.accelerator.toStdString());
            const catalog::Accelerator *accelerator = accelerators.find(o.offer.accelerator);
            if (o.offer.key.priceModel != PriceModel::Purchase || !o.runnable() || !accelerator) {
                CHECK_FALSE(o.owned);
                continue;
            }
            // The definition: the first runnable rented option of the same accelerator that no
            // earlier one undercuts.
            std::optional<double> cheapest;
            QString name;
            for (const TrainingOption &r : options) {
                if (r.offer.key.priceModel == PriceModel::Purchase || !r.runnable()
                    || r.offer.accelerator != o.offer.accelerator)
                    continue;
                if (const auto h = rented(r); h && (!cheapest || *h < *cheapest)) {
                    cheapest = h;
                    name = u"Test %1 (%2)"_s.arg(r.offer.key.sku, pricing::toString(r.offer.key.priceModel));
                }
            }
            const OwnedFigures expected = ownedFigures(250000, 8, o.instances, *accelerator, ownership,
                                                       cheapest ? std::optional<double>(*cheapest * 8) : std::nullopt,
                                                       name);
            REQUIRE(o.owned);
            CHECK(o.owned->rentedOffer == expected.rentedOffer);
            CHECK(o.owned->breakEvenUtilization == expected.breakEvenUtilization);
            CHECK(o.owned->breakEvenMonths == expected.breakEvenMonths);
            CHECK(o.owned->capex == expected.capex);
        }
    }
}
