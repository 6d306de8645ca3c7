#include "app/cli/cliapp.h"

#include <QCoreApplication>
#include <memory>

#ifdef ACCELPLAN_REPORT_HELPER_BUILD
#include <QApplication>
#include <cstring>
#else
#include "app/cli/plancommands.h"
#endif

namespace {

#ifdef ACCELPLAN_REPORT_HELPER_BUILD
// The command word: the first argument that is neither an option nor the value of --db.
bool isReportCommand(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--db") == 0) {
            ++i;
            continue;
        }
        if (argv[i][0] == '-')
            continue;
        return std::strcmp(argv[i], "report") == 0;
    }
    return false;
}
#endif

} // namespace

// Built twice: accelplan-cli, which links only Qt Core and Sql and hands `report` to the helper,
// and accelplan-report (ACCELPLAN_REPORT_HELPER_BUILD), the same commands with the report drawn in
// process by Qt Charts, which needs a QApplication (offscreen without a display).
int main(int argc, char *argv[])
{
    std::unique_ptr<QCoreApplication> app;
#ifdef ACCELPLAN_REPORT_HELPER_BUILD
    if (isReportCommand(argc, argv)) {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        QCoreApplication::setAttribute(Qt::AA_Use96Dpi);
        app = std::make_unique<QApplication>(argc, argv);
    }
#else
    accelplan::cli::keepProgramArguments(argv);
#endif
    if (!app)
        app = std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("Accelplan"));
    QCoreApplication::setApplicationName(QStringLiteral("accelplan"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ACCELPLAN_VERSION));
    return accelplan::cli::runCli(QCoreApplication::arguments());
}
