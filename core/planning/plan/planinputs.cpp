#include "core/planning/plan/planinputs.h"

#include "core/planning/model/measurements.h"
#include "core/pricing/pricedatabase.h"

#include <QBuffer>

namespace accelplan::planning {

Result<catalog::PlanningCatalog> loadPlanningCatalog(const pricing::PriceDatabase &database,
                                                     const catalog::AcceleratorCatalog &accelerators, Accuracy *accuracy)
{
    auto loaded = catalog::PlanningCatalog::loadShipped();
    if (!loaded)
        return loaded.error();
    catalog::PlanningCatalog planning = std::move(loaded).value();
    const auto files = database.profileFiles();
    if (!files)
        return files.error();
    QList<catalog::Profile> user;
    for (const pricing::PriceDatabase::ProfileFile &file : *files) {
        if (!file.enabled)
            continue;
        QByteArray content = file.content;
        QBuffer buffer(&content);
        buffer.open(QIODevice::ReadOnly);
        auto profiles = catalog::PlanningCatalog::parseProfiles(&buffer, file.name, true);
        if (!profiles)
            return profiles.error();
        for (catalog::Profile profile : *profiles) {
            profile.userFileId = file.id;
            user.append(profile);
        }
    }
    // The published measurements and the user's own measured points join one fit, each projected
    // by the shipped profiles (a user profile would reproduce its own measurement); the user's
    // profiles then take precedence for their chips, which the fit does not correct again.
    auto measurements = loadShippedMeasurements(planning);
    if (!measurements)
        return measurements.error();
    const Measurements mine = measurementsFromProfiles(user, planning);
    measurements->training += mine.training;
    measurements->serving += mine.serving;
    Accuracy scored = fitMeasurements(planning, accelerators, *measurements);
    if (accuracy)
        *accuracy = std::move(scored);
    planning.addUserProfiles(user);
    const auto spot = database.spotRates(); // fetched Spot Advisor bands replace the shipped ones
    if (!spot)
        return spot.error();
    planning.addSpotRates(*spot);
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
    const auto discounts = database.discounts(); // the team's own prices over the list prices
    if (!discounts)
        return discounts.error();
    const auto quotes = database.quotes(); // vendors' quotes, ranked as offers while valid
    if (!quotes)
        return quotes.error();
    auto fx = database.fxTable();
    if (!fx)
        return fx.error();
    const QDate on = asOf.isValid() ? asOf : QDate::currentDate();
    QList<pricing::PriceRecord> priced = std::move(offers).value();
    QStringList notes;
    // Compared with the list prices, before the team's discounts.
    const QList<pricing::PriceRecord> quoted = pricing::quotedOffers(*quotes, priced, *fx, on, &notes);
    pricing::applyDiscounts(priced, *discounts, on);
    priced += quoted;
    PlanInputs inputs;
    inputs.notes = std::move(notes);
    inputs.accelerators = &accelerators;
    inputs.planning = std::make_shared<const catalog::PlanningCatalog>(std::move(planning).value());
    inputs.offers = std::make_shared<const QList<pricing::PriceRecord>>(std::move(priced));
    inputs.fx = std::move(fx).value();
    inputs.pricesAsOf = asOf.isValid() ? asOf : database.pricesAsOf();
    return inputs;
}

Result<Plan> planScenario(const scenario::Scenario &scenario, const PlanInputs &inputs, PlanMemo *memo)
{
    Q_ASSERT(inputs.complete());
    auto plan = planScenario(scenario, *inputs.accelerators, *inputs.planning, *inputs.offers, inputs.fx,
                             inputs.pricesAsOf, memo);
    if (plan)
        plan->warnings += inputs.notes;
    return plan;
}

} // namespace accelplan::planning
