#define CATCH_CONFIG_RUNNER
#include "tests/qtstringmaker.h"

#include <catch2/catch.hpp>

#include <QGuiApplication>
#include <QStandardPaths>

// The table models' tests: a QGuiApplication (fonts, the locale), no widget and no window.
int main(int argc, char *argv[])
{
    // Forced before the application, as in tests/gui_main.cpp: a machine with no display would
    // otherwise abort Catch2's discovery and register no tests.
    if (!qEnvironmentVariable("QT_QPA_PLATFORM").startsWith(u"offscreen"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QCoreApplication::setAttribute(Qt::AA_Use96Dpi);
    QGuiApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("AccelplanTests"));
    QCoreApplication::setApplicationName(QStringLiteral("accelplan-model-tests"));
    QStandardPaths::setTestModeEnabled(true);
    return Catch::Session().run(argc, argv);
}
