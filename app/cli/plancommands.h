#pragma once

#include "app/cli/cliapp.h"
#include "app/cli/planoptions.h"
#include "core/planning/plan/plan.h"
#include "core/scenario/scenario.h"

#include <QCommandLineParser>
#include <QString>

#include <memory>
#include <optional>

namespace accelplan::cli {

struct PlannedScenario
{
    scenario::Scenario scenario;
    std::shared_ptr<const planning::Plan> plan;
};

/// Reads the one scenario file given (or \a file), applies --seed and --samples, and plans it. On
/// failure the reason is printed and *exitCode says how to exit.
std::optional<PlannedScenario> planScenarioFile(Context &context, const QCommandLineParser &parser,
                                                const QString &command, int *exitCode, const QString &file = {});

/// The report command. accelplan-cli links only the core (Qt Core and Sql) so that every other
/// command starts in a third of the time; it hands a report's command line to the accelplan-report
/// helper (reportdelegate.cpp), which links the GUI libraries the charts are drawn with and writes
/// the PDF (reportcommand.cpp).
int reportCommand(Context &context, const QCommandLineParser &parser);

/// accelplan-cli's main keeps its argv for the helper (the arguments exactly as given).
void keepProgramArguments(char **argv);

} // namespace accelplan::cli
