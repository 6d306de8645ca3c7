#pragma once

#include "ui/report/budgetreport.h"

#include <QList>
#include <QString>

namespace accelplan::ui::report {

/// The report's engineering appendix as HTML: its heading and the Assumptions (scenario inputs,
/// defaults used, warnings).
QString assumptionsSection(const ReportRequest &request);
/// The Sources section: sheets, the price rows of the listed options (\a trainingShown,
/// \a inferenceShown), the profiles and factors they used, and the exchange rates.
QString sourcesSection(const ReportRequest &request, const QList<const planning::TrainingOption *> &trainingShown,
                       const QList<const planning::InferenceOption *> &inferenceShown);

} // namespace accelplan::ui::report
