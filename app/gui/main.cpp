#include "core/catalog/acceleratorcatalog.h"
#include "core/common/diagnostic.h"
#include "core/common/tr.h"
#include "core/pricing/pricedatabase.h"
#include "core/pricing/shippedprices.h"
#include "ui/mainwindow.h"
#include "ui/prices/teamdatabase.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QMessageBox>
#include <QStringList>

#include <cstdio>

using namespace Qt::StringLiterals;
using namespace accelplan;

namespace {

// The error for a dialog and for stderr: the message, then one line per diagnostic.
QString describe(const Error &error)
{
    QStringList lines{error.message};
    for (const Diagnostic &detail : error.details)
        lines.append(detail.toString());
    return lines.join(u'\n');
}

int fail(const QString &title, const Error &error)
{
    const QString text = describe(error);
    std::fprintf(stderr, "accelplan: %s\n", qPrintable(text));
    QMessageBox::critical(nullptr, title, text);
    return 2;
}

void setIdentity()
{
    QCoreApplication::setOrganizationName(u"Accelplan"_s);
    QCoreApplication::setApplicationName(u"accelplan"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(ACCELPLAN_VERSION));
}

void describeOptions(QCommandLineParser &parser, const QCommandLineOption &databaseOption)
{
    parser.setApplicationDescription(Tr::tr("Plan the cost of AI hardware: compare cloud, dedicated, "
                                            "TPU, marketplace and owned accelerators."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption(databaseOption);
    parser.addPositionalArgument(u"FILE"_s, Tr::tr("A scenario file (.accelplan) to open."), Tr::tr("[FILE]"));
}

QCommandLineOption databaseOption()
{
    return {u"db"_s, Tr::tr("Use the price database at PATH (default: %1), or a team database at "
                            "postgresql://USER@HOST:PORT/DBNAME (password from PGPASSWORD or ~/.pgpass).")
                         .arg(pricing::PriceDatabase::defaultPath()),
            Tr::tr("PATH")};
}

} // namespace

int main(int argc, char *argv[])
{
    // --help and --version need no display: answer them before a GUI application exists.
    for (int i = 1; i < argc; ++i) {
        const QByteArray argument(argv[i]);
        if (argument == "--version" || argument == "-v") {
            const QCoreApplication app(argc, argv);
            std::fputs(qPrintable(pricing::versionText(u"accelplan"_s)), stdout);
            return 0;
        }
        if (argument == "--help" || argument == "-h" || argument == "--help-all") {
            QCoreApplication app(argc, argv);
            setIdentity();
            QCommandLineParser parser;
            describeOptions(parser, databaseOption());
            parser.process(app); // prints and exits
        }
    }

    QApplication app(argc, argv);
    setIdentity();
    QApplication::setApplicationDisplayName(u"Accelplan"_s);
    // Lets the desktop match the window to the installed .desktop entry and its icon.
    QGuiApplication::setDesktopFileName(QStringLiteral(ACCELPLAN_APP_ID));
    QIcon icon;
    for (const int size : {16, 32, 48, 64, 128, 256})
        icon.addFile(u":/icons/%1x%1/apps/"_s.arg(size) + QStringLiteral(ACCELPLAN_APP_ID ".png"));
    QApplication::setWindowIcon(icon);

    QCommandLineParser parser;
    const QCommandLineOption database = databaseOption();
    describeOptions(parser, database);
    parser.process(app);

    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        std::fprintf(stderr, "%s\n",
                     qPrintable(Tr::tr("accelplan: warning: opening %1 only; ignoring %2")
                                    .arg(positional.first(), positional.mid(1).join(u", "_s))));
    }

    auto catalog = catalog::AcceleratorCatalog::loadShipped();
    if (!catalog.ok())
        return fail(Tr::tr("Accelplan: catalog"), catalog.error());

    const QString path = parser.isSet(database) ? parser.value(database) : pricing::PriceDatabase::defaultPath();
    // A team database that cannot be reached: say so, and offer its last local snapshot.
    auto opened = ui::openDatabase(path, catalog.value(), [](const QString &question) {
        return QMessageBox::question(nullptr, Tr::tr("Accelplan: team database unreachable"), question,
                                     QMessageBox::Open | QMessageBox::Cancel, QMessageBox::Open)
               == QMessageBox::Open;
    });
    if (!opened.ok())
        return fail(Tr::tr("Accelplan: price database"), opened.error());

    ui::MainWindow window(*opened->database, catalog.value());
    window.setSnapshotOf(opened->snapshotOf);
    window.show();
    if (!positional.isEmpty()) {
        if (const Status scenario = window.openScenario(positional.first()); !scenario.ok()) {
            const QString text = describe(scenario.error());
            std::fprintf(stderr, "accelplan: %s\n", qPrintable(text));
            QMessageBox::warning(&window, Tr::tr("Accelplan: scenario"), text);
        }
    }
    return app.exec();
}
