#include "ui/prices/databasesession.h"

#include "ui/prices/teamdatabase.h"

#include <QCoreApplication>

namespace accelplan::ui {

DatabaseSession::DatabaseSession(pricing::PriceDatabase &database, const catalog::AcceleratorCatalog &catalog)
    : m_database(database), m_catalog(catalog)
{}

DatabaseSnapshot DatabaseSession::snapshot() const
{
    DatabaseSnapshot snapshot;
    snapshot.inputs = planning::loadPlanInputs(m_database, m_catalog);
    if (snapshot.inputs) {
        snapshot.offers = *snapshot.inputs->offers;
        snapshot.fx = snapshot.inputs->fx;
    } else {
        // The browser still shows what can be read; the planner has nothing to plan on.
        snapshot.loadError = QCoreApplication::translate(
                                 "accelplan::ui::MainWindow",
                                 "Could not load the prices, exchange rates and profiles to plan on: %1")
                                 .arg(snapshot.inputs.error().message);
        if (auto prices = m_database.prices(); prices.ok())
            snapshot.offers = std::move(prices).value();
        if (auto fx = m_database.fxTable(); fx.ok())
            snapshot.fx = std::move(fx).value();
    }
    snapshot.pricesAsOf = m_database.pricesAsOf();
    if (auto sheets = m_database.sheets(); sheets.ok())
        snapshot.sheets = std::move(sheets).value();
    return snapshot;
}

Status DatabaseSession::connectTo(const QString &location,
                                  const std::function<bool(const QString &question)> &offerSnapshot)
{
    auto opened = openDatabase(location, m_catalog, offerSnapshot);
    if (!opened)
        return opened.error();
    if (opened->snapshotOf.isEmpty())
        rememberDatabase(location);
    // The views keep their reference to m_database: it takes the new connection, and the old one
    // closes with the object that now holds it.
    m_database.swap(*opened->database);
    opened->database.reset();
    m_snapshotOf = opened->snapshotOf;
    return Done{};
}

} // namespace accelplan::ui
