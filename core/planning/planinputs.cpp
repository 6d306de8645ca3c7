#include "core/planning/planinputs.h"

#include "core/planning/measurements.h"
#include "core/pricing/pricedatabase.h"

#include <QBuffer>

namespace accelplan::planning {

Result<catalog::PlanningCatalog> loadPlanningCatalog(const pricing::PriceDatabase &database,
                                                     const catalog::AcceleratorCatalog &accelerators)
{
    auto loaded = catalog::PlanningCatalog::loadShipped();
    if (!loaded)
        return loaded.error();
    const auto files = database.profileFiles();
    if (!files)
        return files.error();
    for (const pricing::PriceDatabase::ProfileFile &file : *files) {
        if (!file.enabled)
            continue;
        QByteArray content = file.content;
        QBuffer buffer(&content);
        buffer.open(QIODevice::ReadOnly);
        auto profiles = catalog::PlanningCatalog::parseProfiles(&buffer, file.name, true);
        if (!profiles)
            return profiles.error();
        QList<catalog::Profile> fromFile = profiles.value();
        for (catalog::Profile &profile : fromFile)
            profile.userFileId = file.id;
        loaded->addUserProfiles(fromFile);
    }
    // The published measurements correct the profiles, the user's among them.
    catalog::PlanningCatalog planning = std::move(loaded).value();
    const auto measurements = loadShippedMeasurements(planning);
    if (!measurements)
        return measurements.error();
    fitMeasurements(planning, accelerators, *measurements);
    return planning;
}

Result<PlanInputs> loadPlanInputs(const pricing::PriceDatabase &database,
                                  const catalog::AcceleratorCatalog &accelerators, QDate asOf, bool withNotes)
{
    auto planning = loadPlanningCatalog(database, accelerators);
    if (!planning)
        return planning.error();
    pricing::OfferFilter filter;
    filter.asOf = asOf;
    filter.withNotes = withNotes;
    auto offers = database.prices(filter);
    if (!offers)
        return offers.error();
    auto fx = database.fxTable();
    if (!fx)
        return fx.error();
    PlanInputs inputs;
    inputs.accelerators = &accelerators;
    inputs.planning = std::make_shared<const catalog::PlanningCatalog>(std::move(planning).value());
    inputs.offers = std::make_shared<const QList<pricing::PriceRecord>>(std::move(offers).value());
    inputs.fx = std::move(fx).value();
    inputs.pricesAsOf = asOf.isValid() ? asOf : database.pricesAsOf();
    return inputs;
}

Result<Plan> planScenario(const scenario::Scenario &scenario, const PlanInputs &inputs, PlanMemo *memo)
{
    Q_ASSERT(inputs.complete());
    return planScenario(scenario, *inputs.accelerators, *inputs.planning, *inputs.offers, inputs.fx,
                        inputs.pricesAsOf, memo);
}

} // namespace accelplan::planning
