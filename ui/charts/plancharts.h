#pragma once

#include "core/planning/plan/plan.h"
#include "ui/charts/chartregistry.h"

#include <QWidget>

#include <memory>

class QChart;
class QChartView;
class QLabel;
class QTabWidget;

namespace accelplan::ui {

/// The plan's charts (Qt Charts), one tab each: training cost against time with the Pareto
/// front; the monthly budget stacked by training, inference and commitments; cost against exit
/// cost; the sensitivity tornado; the price history of the selected offer. Hovering a point or
/// bar shows its values; the charts follow the light or dark palette. Draws what the plan holds:
/// a new plan (or offer) redraws the tab in view, the others when they are shown or asked for.
class PlanCharts : public QWidget
{
    Q_OBJECT

public:
    explicit PlanCharts(QWidget *parent = nullptr);

    void setPlan(std::shared_ptr<const planning::Plan> plan);
    /// The stored prices of one offer, oldest first, titled \a title.
    void setPriceHistory(const QString &title, const QList<pricing::PriceRecord> &history);

    /// The chart as drawn from the current plan (drawn now if it was not yet); null for a chart
    /// the window does not show.
    QChart *chart(charts::ChartId which);
    /// The tab of \a which; -1 for a chart the window does not show.
    int tabIndex(charts::ChartId which) const;
    QTabWidget *tabs() const { return m_tabs; }
    /// What the pointer is over, as the hover line shows it; empty when nothing, and after a new
    /// plan until a mark of it is pointed at.
    QString hoverText() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    /// Shows \a text in the hover line (and as a tool tip); empty: the hint to point at a mark.
    void showHover(const QString &text);
    void applyTheme();

    void setChart(int tab, QChart *chart);
    /// Draws the chart of \a tab from the current plan when the plan changed since it was drawn.
    void draw(int tab);

    charts::ChartInputs m_inputs;
    QList<charts::ChartEntry> m_charts = charts::windowCharts(); ///< one per tab
    QList<bool> m_stale = QList<bool>(m_charts.size(), true); ///< per tab: drawn from an older plan or offer
    QTabWidget *m_tabs = nullptr;
    QList<QChartView *> m_views;
    QLabel *m_hover = nullptr;
    QString m_hoverText; ///< what m_hover shows of a mark; empty when it shows the hint
};

} // namespace accelplan::ui
