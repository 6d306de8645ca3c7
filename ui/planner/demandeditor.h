#pragma once

#include "core/scenario/scenario.h"

#include <QWidget>

class QComboBox;
class QLineSeries;
class QChartView;
class QTableWidget;
class QToolButton;

namespace accelplan::ui {

/// A service's demand curve in the scenario editor (issue 39): a small table of points (month,
/// requests/s), ramp or step between them, drawn month by month over the horizon beside it; rows
/// added, removed or imported from a CSV (month,requests). Empty: the constant load.
class DemandEditor : public QWidget
{
    Q_OBJECT

public:
    explicit DemandEditor(QWidget *parent = nullptr);

    /// Shows \a points (no edit recorded).
    void setCurve(const QList<scenario::DemandPoint> &points, bool steps, int months);
    /// The rows as points, in the table's order (a row not yet a number is left out).
    QList<scenario::DemandPoint> points() const;
    bool steps() const;
    /// Redraws the curve over \a months (the horizon changed).
    void setMonths(int months);
    /// Replaces the rows with a CSV's (scenario::readDemandCsv); a bad file changes nothing.
    Status importCsv(const QString &path);
    QTableWidget *table() const { return m_table; }
    /// The curve drawn: the load of each month of the horizon.
    QList<double> drawn() const;

Q_SIGNALS:
    /// A row, the shape or an import changed the curve.
    void edited();

private:
    void redraw();
    void addRow(int month, double requestsPerSecond);

    QTableWidget *m_table = nullptr;
    QComboBox *m_shape = nullptr;
    QToolButton *m_add = nullptr;
    QToolButton *m_remove = nullptr;
    QToolButton *m_import = nullptr;
    QChartView *m_view = nullptr;
    QLineSeries *m_line = nullptr;
    int m_months = 12;
    bool m_filling = false;
};

} // namespace accelplan::ui
