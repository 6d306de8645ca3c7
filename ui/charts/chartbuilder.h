#pragma once

#include "core/planning/plan/compare.h"
#include "core/planning/plan/plan.h"

#include <functional>
#include <memory>

class QChart;

namespace accelplan::ui::charts {

/// Called with the values of the mark under the pointer.
using HoverFn = std::function<void(const QString &)>;

/// The plan's charts as Qt Charts, drawn from what the plan holds and nothing else. Shared by
/// the window (with hover) and the PDF report (without). The caller owns the chart.
/// Amount axes count in thousands, millions or billions of the currency, so that their labels
/// stay short and readable ("2.5" on an axis titled "M USD", not "2500000"); hover texts
/// give the full amount. The series hold amount ÷ divisor. The unit is written short, and an
/// amount axis whose quantity the chart's title or legend names is titled by its unit alone: at
/// 1024×700 a plot is 90 px tall, and Qt Charts cuts a longer title to "…".
struct AmountScale
{
    double divisor = 1;
    QString unit; ///< "USD", "k USD", "M USD", "bn USD"
};
/// The scale for amounts up to \a extent (in absolute value).
AmountScale amountScale(double extent, const QString &currency);

QChart *costTimeChart(const std::shared_ptr<const planning::Plan> &plan, const HoverFn &show = {});
/// Puts the plan's options into \a chart, drawn by costTimeChart() for an earlier plan, in place:
/// the same series and axes with new points, ranges and labels, so that the chart in view is not
/// built and laid out anew on every edit. False, with \a chart as it was, where the new plan
/// needs another chart (no options to draw, or an axis that turns logarithmic or linear).
bool refillCostTimeChart(QChart *chart, const std::shared_ptr<const planning::Plan> &plan, const HoverFn &show = {});
QChart *budgetChart(const std::shared_ptr<const planning::Plan> &plan, const HoverFn &show = {});
QChart *costExitChart(const std::shared_ptr<const planning::Plan> &plan, const HoverFn &show = {});
QChart *tornadoChart(const std::shared_ptr<const planning::Plan> &plan, const HoverFn &show = {});
/// Compared scenarios' cash out added up month by month, one line each: owned hardware paid up
/// front against cloud paid as it is used, and where the lines cross.
/// \a labels name the lines (the scenarios' names where empty).
QChart *cashFlowChart(const QList<planning::ComparedScenario> &scenarios, const QStringList &labels = {},
                      const HoverFn &show = {});
/// Strokes a chart on screen the cheap way, which looks the same at one device pixel per pixel:
/// scatter markers as plain disks (the builders draw them so) and the axes' lines and grid as
/// one-pixel cosmetic lines. A marker or grid line stroked with a pen of width 1 is a stroked
/// path, whose bounds Qt Charts works out for every mark each time a chart is laid out and which
/// is filled as a polygon when painted: most of the cost of a new plan's chart. Not for the PDF,
/// where a cosmetic line is the thinnest the viewer can draw. QChart::setTheme restyles every
/// series and axis, so a chart whose theme changed needs this again.
void screenStrokes(QChart *chart);
/// The stored prices of one offer, oldest first, as a step line held until today.
QChart *priceHistoryChart(const QString &title, const QList<pricing::PriceRecord> &history,
                          const HoverFn &show = {});

} // namespace accelplan::ui::charts
