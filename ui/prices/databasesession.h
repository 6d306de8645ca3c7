#pragma once

#include "core/common/diagnostic.h"
#include "core/planning/plan/planinputs.h"
#include "core/pricing/pricedatabase.h"

#include <QDate>
#include <QList>
#include <QString>

#include <functional>

namespace accelplan::catalog {
class AcceleratorCatalog;
}

namespace accelplan::ui {

/// What the window shows of its database, read at one moment: the planner's inputs (as the
/// command line loads them, user profiles included) and, for the prices browser, the offers,
/// exchange rates and sheets. When the planner's inputs cannot be loaded, the offers and rates
/// are what can still be read and loadError says why.
struct DatabaseSnapshot
{
    Result<planning::PlanInputs> inputs = Error::internal(QString());
    QList<pricing::PriceRecord> offers;
    pricing::FxTable fx;
    QList<pricing::SheetInfo> sheets;
    QDate pricesAsOf;
    QString loadError;
};

/// The window's price database: reads its snapshots, connects to another (a team database or an
/// SQLite file) and knows when what it holds is the read-only local snapshot of a team database
/// that could not be reached. The views keep their reference to the database: a connection
/// swaps the new one into it.
class DatabaseSession
{
public:
    DatabaseSession(pricing::PriceDatabase &database, const catalog::AcceleratorCatalog &catalog);

    pricing::PriceDatabase &database() const { return m_database; }
    /// The team database's URL when the database is its read-only local snapshot; else empty.
    QString snapshotOf() const { return m_snapshotOf; }
    void setSnapshotOf(const QString &url) { m_snapshotOf = url; }
    bool isReadOnly() const { return m_database.isReadOnly(); }

    /// Reads a fresh snapshot of the database.
    DatabaseSnapshot snapshot() const;
    /// Opens \a location (a postgresql:// URL or an SQLite path) and, on success, makes it the
    /// session's database (remembered among the recent ones when live); on failure the session
    /// keeps its database. When a team database cannot be reached, \a offerSnapshot is asked
    /// whether to open its local snapshot read-only.
    Status connectTo(const QString &location, const std::function<bool(const QString &question)> &offerSnapshot);

private:
    pricing::PriceDatabase &m_database;
    const catalog::AcceleratorCatalog &m_catalog;
    QString m_snapshotOf;
};

} // namespace accelplan::ui
