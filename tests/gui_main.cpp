#define CATCH_CONFIG_RUNNER
#include "tests/qtstringmaker.h"

#include <catch2/catch.hpp>

#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

int main(int argc, char *argv[])
{
    // Forced here, before QApplication: without it Catch2 discovery on a machine with no
    // display aborts and silently registers no GUI tests.
    // An offscreen platform given with options (a screen of another size) is kept.
    if (!qEnvironmentVariable("QT_QPA_PLATFORM").startsWith(u"offscreen"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QCoreApplication::setAttribute(Qt::AA_Use96Dpi);
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("AccelplanTests"));
    QCoreApplication::setApplicationName(QStringLiteral("accelplan-gui-tests"));
    QStandardPaths::setTestModeEnabled(true);
    // Settings of their own: ctest runs test cases in parallel processes, and one clearing a
    // shared settings file (recent files, recent databases) under another made it fail.
    QTemporaryDir settings;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settings.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settings.path());
    return Catch::Session().run(argc, argv);
}
