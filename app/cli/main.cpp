#include "app/cli/cliapp.h"

#include <QApplication>
#include <QCoreApplication>

#include <cstring>
#include <memory>

namespace {

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

} // namespace

int main(int argc, char *argv[])
{
    // The report draws its charts with Qt Charts, which needs a QApplication; without a display
    // it renders offscreen. Every other command needs only the core.
    std::unique_ptr<QCoreApplication> app;
    if (isReportCommand(argc, argv)) {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        QCoreApplication::setAttribute(Qt::AA_Use96Dpi);
        app = std::make_unique<QApplication>(argc, argv);
    } else {
        app = std::make_unique<QCoreApplication>(argc, argv);
    }
    QCoreApplication::setOrganizationName(QStringLiteral("Accelplan"));
    QCoreApplication::setApplicationName(QStringLiteral("accelplan"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ACCELPLAN_VERSION));
    return accelplan::cli::runCli(QCoreApplication::arguments());
}
