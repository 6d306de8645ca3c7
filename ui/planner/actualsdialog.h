#pragma once

#include "core/common/diagnostic.h"

#include <QDate>
#include <QDialog>

class QDateEdit;
class QLabel;
class QPushButton;
class QTableWidget;

namespace accelplan::pricing {
class PriceDatabase;
}

namespace accelplan::ui {

class PlannerView;

/// Planner > Plan vs Actual (issue 40): the bill's charges stored in the database (imported here
/// from a FOCUS export, or with `actuals import`) against the planner's current plan, month by
/// month and SKU by SKU, each difference split into price, volume and throughput as `actuals
/// compare` splits it; a total row last. Follows the plan as it is replanned.
class ActualsDialog : public QDialog
{
    Q_OBJECT

public:
    enum Column { MonthColumn, SkuColumn, PlannedColumn, ActualColumn, PriceColumn, VolumeColumn, ThroughputColumn,
                  NoteColumn, ColumnCount };

    ActualsDialog(pricing::PriceDatabase &database, PlannerView *planner, QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }
    QDateEdit *startMonth() const { return m_start; }
    /// Imports the accelerator charges of the FOCUS export at \a path (those of SKUs with prices),
    /// then refreshes; the error names the file, line and column.
    Status importFile(const QString &path);

public Q_SLOTS:
    /// Sets the plan against the stored charges again.
    void refresh();

Q_SIGNALS:
    void actualsChanged();

private:
    void importDialog();

    pricing::PriceDatabase &m_database;
    PlannerView *m_planner;
    QTableWidget *m_table = nullptr;
    QLabel *m_summary = nullptr;
    QDateEdit *m_start = nullptr;
    QPushButton *m_import = nullptr;
};

} // namespace accelplan::ui
