#pragma once

#include "core/planning/plan.h"

#include <functional>
#include <memory>

class QChart;

namespace accelplan::ui::charts {

/// Called with the values of the mark under the pointer.
using HoverFn = std::function<void(const QString &)>;

/// The plan's charts as Qt Charts, drawn from what the plan holds and nothing else. Shared by
/// the window (with hover) and the PDF report (without). The caller owns the chart.
QChart *costTimeChart(const std::shared_ptr<const planning::Plan> &plan, const HoverFn &show = {});
QChart *budgetChart(const std::shared_ptr<const planning::Plan> &plan, const HoverFn &show = {});
QChart *costExitChart(const std::shared_ptr<const planning::Plan> &plan, const HoverFn &show = {});
QChart *tornadoChart(const std::shared_ptr<const planning::Plan> &plan, const HoverFn &show = {});
/// The stored prices of one offer, oldest first, as a step line held until today.
QChart *priceHistoryChart(const QString &title, const QList<pricing::PriceRecord> &history,
                          const HoverFn &show = {});

} // namespace accelplan::ui::charts
