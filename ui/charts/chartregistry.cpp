#include "ui/charts/chartregistry.h"

#include <QChart>
#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace accelplan::ui::charts {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(accelplan::ui::PlanCharts)
};

QList<ChartEntry> makeRegistry()
{
    return {
        {CostTime, u"costTimeChart"_s, Tr::tr("Cost vs time"),
         [](const ChartInputs &in, const HoverFn &show) { return costTimeChart(in.plan, show); }, true, true},
        {Budget, u"budgetChart"_s, Tr::tr("Budget"),
         [](const ChartInputs &in, const HoverFn &show) { return budgetChart(in.plan, show); }, true, true},
        {CostExit, u"costExitChart"_s, Tr::tr("Cost vs exit"),
         [](const ChartInputs &in, const HoverFn &show) { return costExitChart(in.plan, show); }, true, true},
        {Tornado, u"tornadoChart"_s, Tr::tr("Sensitivity"),
         [](const ChartInputs &in, const HoverFn &show) { return tornadoChart(in.plan, show); }, true, true},
        {PriceHistory, u"priceHistoryChart"_s, Tr::tr("Price history"),
         [](const ChartInputs &in, const HoverFn &show) {
             return priceHistoryChart(in.historyTitle, in.history, show);
         },
         true, false},
        {CashFlow, u"compareCashFlow"_s, Tr::tr("Cash flow"),
         [](const ChartInputs &in, const HoverFn &show) {
             return cashFlowChart(in.comparison, in.comparisonLabels, show);
         },
         false, true},
    };
}

QList<ChartEntry> filtered(bool ChartEntry::*shown)
{
    QList<ChartEntry> entries;
    for (const ChartEntry &entry : registry())
        if (entry.*shown)
            entries.append(entry);
    return entries;
}

} // namespace

const QList<ChartEntry> &registry()
{
    static const QList<ChartEntry> entries = makeRegistry();
    return entries;
}

Result<ChartEntry> chartEntry(int id)
{
    for (const ChartEntry &entry : registry())
        if (entry.id == id)
            return entry;
    return Error::internal(QCoreApplication::translate("accelplan::ui::PlanCharts", "No chart is registered as %1.")
                               .arg(id));
}

QList<ChartEntry> windowCharts()
{
    return filtered(&ChartEntry::inWindow);
}

QList<ChartEntry> reportCharts()
{
    return filtered(&ChartEntry::inReport);
}

} // namespace accelplan::ui::charts
