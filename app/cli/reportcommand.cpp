#include "app/cli/plancommands.h"

#include "core/common/tr.h"
#include "core/planning/plan/compare.h"
#include "ui/report/budgetreport.h"

#include <QDate>

using namespace Qt::StringLiterals;

namespace accelplan::cli {

// The accelplan-report helper's report command: plans the scenario and draws the PDF in process.
int reportCommand(Context &context, const QCommandLineParser &parser)
{
    const QString output = parser.value(u"output"_s);
    if (output.isEmpty())
        return context.usage(Tr::tr("report needs -o FILE.pdf"));
    const QString pageSize = parser.value(u"page-size"_s);
    const std::optional<QPageSize::PageSizeId> pageId = pageSize.compare(u"A4"_s, Qt::CaseInsensitive) == 0
        ? std::optional(QPageSize::A4)
        : pageSize.compare(u"Letter"_s, Qt::CaseInsensitive) == 0 ? std::optional(QPageSize::Letter) : std::nullopt;
    if (!pageId)
        return context.usage(Tr::tr("--page-size must be A4 or Letter, not '%1'").arg(pageSize));
    std::optional<double> top;
    if (!numberOption(context, parser, u"top"_s, 1, 1000, &top, true))
        return ExitUsage;
    int exitCode = ExitOk;
    // The first scenario is the report's; others given with it are compared on a page of their own.
    const QStringList files = parser.positionalArguments();
    auto planned = planScenarioFile(context, parser, u"report"_s, &exitCode, files.isEmpty() ? QString() : files.first());
    if (!planned)
        return exitCode;
    QList<planning::ComparedScenario> comparison;
    if (files.size() > 1) {
        comparison.append(planning::summarise(*planned->plan, files.first()));
        for (const QString &file : files.mid(1)) {
            auto other = planScenarioFile(context, parser, u"report"_s, &exitCode, file);
            if (!other)
                return exitCode;
            comparison.append(planning::summarise(*other->plan, file));
        }
    }
    auto sheets = context.database()->sheets();
    if (!sheets)
        return context.report(sheets.error());
    auto actuals = context.database()->actuals();
    if (!actuals)
        return context.report(actuals.error());
    const std::optional<QDate> first = monthOption(context, parser, u"start"_s);
    if (!first)
        return ExitUsage;
    ui::report::ReportRequest request{std::move(planned->scenario), planned->plan, std::move(sheets).value(), *pageId,
                                      top ? int(*top) : 10, QDate::currentDate(), std::move(comparison),
                                      std::move(actuals).value(), *first};
    if (const Status written = ui::report::writeReport(request, output); !written)
        return context.report(written.error());
    context.err << Tr::tr("Wrote %1").arg(output) << '\n';
    return ExitOk;
}

} // namespace accelplan::cli
