#pragma once

#include "core/common/diagnostic.h"
#include "core/planning/plan/compare.h"
#include "core/planning/plan/plan.h"
#include "core/pricing/pricedatabase.h"
#include "core/scenario/scenario.h"

#include <QDate>
#include <QPageSize>

#include <memory>

namespace accelplan::ui::report {

/// What a budget report is made from: the scenario, the plan core computed for it (the same plan
/// `accelplan-cli plan` prints) and the database's sheet versions for the Sources section.
struct ReportRequest
{
    scenario::Scenario scenario;
    std::shared_ptr<const planning::Plan> plan;
    QList<pricing::SheetInfo> sheets;
    QPageSize::PageSizeId pageSize = QPageSize::A4;
    int top = 10;     ///< options listed per side
    QDate reportDate; ///< in the page header; today when null
    /// Other scenarios to compare with this one (the first entry is this one, the baseline): with
    /// two or more, a Comparison section follows the Summary.
    QList<planning::ComparedScenario> comparison;
    /// The bill's charges stored in the database (issue 40): with any, a Plan against actual
    /// section follows the Budget, the plan's month 1 being \a firstMonth (this month when null).
    QList<pricing::ActualCharge> actuals{};
    QDate firstMonth{};
};

/// The report's body as HTML, with a `%%CHART:N%%` paragraph where chart N (ui::charts::ChartId,
/// one of charts::reportCharts()) goes.
QString reportHtml(const ReportRequest &request);

/// Writes the PDF budget report (Summary, Options, Budget, Lock-in, Sensitivity, then an
/// engineering appendix on a page of its own: Assumptions, Sources; vector charts; a header with
/// the scenario name, date and currency on every page; page numbers; table headers repeated across
/// pages; no paragraph split across pages, no heading left at the foot of one) atomically to \a path. Needs a
/// QApplication (Qt Charts draws the charts); a display is not needed.
Status writeReport(const ReportRequest &request, const QString &path);

/// Amounts as the report prints them: whole units with thousands separators ("1,234,567").
QString reportAmount(double value);

} // namespace accelplan::ui::report
