#pragma once

#include "core/common/diagnostic.h"
#include "core/planning/plan/compare.h"
#include "core/planning/plan/plan.h"
#include "ui/charts/chartbuilder.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

class QChart;

namespace accelplan::ui::charts {

/// Every chart Accelplan draws, one id each. The window's tabs, the Compare view and the PDF
/// report all name a chart by this id and find how to draw it in registry().
enum ChartId : int { CostTime, Budget, CostExit, Tornado, PriceHistory, CashFlow };

/// What a chart is drawn from: the plan, the selected offer's stored prices, or compared scenarios.
struct ChartInputs
{
    std::shared_ptr<const planning::Plan> plan;
    QString historyTitle;
    QList<pricing::PriceRecord> history;
    QList<planning::ComparedScenario> comparison;
    QStringList comparisonLabels;
};

/// A chart as every view knows it: its id, the object name of its view in the window, its title,
/// how to build it, and where it is shown. The caller owns what build() returns.
struct ChartEntry
{
    ChartId id;
    QString objectName;
    QString title;
    std::function<QChart *(const ChartInputs &, const HoverFn &)> build;
    bool inWindow = false; ///< a tab of the planner's charts
    bool inReport = false; ///< drawn in the PDF report
};

/// The registered charts, in the order of the window's tabs and the report's pages.
const QList<ChartEntry> &registry();
/// The entry of \a id; an error for an id no chart is registered under.
Result<ChartEntry> chartEntry(int id);
/// The registered charts shown in the window, in tab order.
QList<ChartEntry> windowCharts();
/// The registered charts drawn in the PDF report.
QList<ChartEntry> reportCharts();

} // namespace accelplan::ui::charts
