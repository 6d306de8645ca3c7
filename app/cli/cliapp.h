#pragma once

#include "app/cli/output.h"
#include "core/catalog/acceleratorcatalog.h"
#include "core/catalog/planningcatalog.h"
#include "core/planning/plan/planinputs.h"
#include "core/pricing/pricedatabase.h"

#include <QCommandLineParser>
#include <QStringList>
#include <QTextStream>

#include <functional>
#include <memory>
#include <optional>

namespace accelplan::cli {

/// What a command needs: streams, the --db path, and the catalog and database opened on demand.
class Context
{
public:
    Context();

    QTextStream out;
    QTextStream err;
    QString dbPath;

    /// Null after printing why it could not be loaded; exitCode() then says how to exit.
    const catalog::AcceleratorCatalog *catalog();
    pricing::PriceDatabase *database();
    /// Profiles, framework fit, presets and scale bands (shipped, plus the user's profiles).
    const catalog::PlanningCatalog *planningCatalog();
    /// What plans are computed from (planning::loadPlanInputs, as the window loads it).
    const planning::PlanInputs *planInputs();
    int failureExitCode() const { return m_failureExit; }

    /// Prints an error (and its details) to stderr and returns its exit code.
    int report(const Error &error);
    /// Prints a usage error to stderr and returns ExitUsage.
    int usage(const QString &message);

private:
    std::optional<catalog::AcceleratorCatalog> m_catalog;
    std::unique_ptr<pricing::PriceDatabase> m_database;
    std::optional<catalog::PlanningCatalog> m_planningCatalog;
    std::optional<planning::PlanInputs> m_planInputs;
    int m_failureExit = ExitOk;
};

struct Command
{
    QString group;   ///< "prices"
    QString name;    ///< "import"
    QString summary; ///< one line for the command list
    std::function<void(QCommandLineParser &)> addOptions;
    std::function<int(Context &, const QCommandLineParser &)> run;
    bool takesFiles = false; ///< positional FILE arguments; other commands refuse stray words
};

QList<Command> pricesCommands();
QList<Command> pricesUpdateCommands(); ///< prices update (updatecommand.cpp)
QList<Command> discountCommands();     ///< discounts (discountcommands.cpp)
QList<Command> quoteCommands();        ///< quotes (quotecommands.cpp)
QList<Command> actualsCommands();      ///< actuals (actualscommands.cpp)
QList<Command> catalogCommands();
QList<Command> fxCommands();
QList<Command> workloadCommands(); ///< train, serve
QList<Command> planCommands();     ///< plan, report, compare
QList<Command> dbCommands();

/// While it lives, Ctrl-C (SIGINT) and SIGTERM only set a flag, which the command polls (reading
/// a sheet, waiting for the write lock) to stop with nothing written; the old handlers come back after.
class InterruptGuard
{
public:
    InterruptGuard();
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard &) = delete;
    InterruptGuard &operator=(const InterruptGuard &) = delete;

private:
    void (*m_int)(int);
    void (*m_term)(int);
};

/// Whether Ctrl-C or SIGTERM came since the current InterruptGuard was installed.
bool interruptRequested();

/// Runs the command line and returns the process exit status.
int runCli(const QStringList &arguments);

/// Reads the currency option \a name, upper-cased (\a fallback when not given); prints a usage
/// error naming the option and its value and returns nullopt when it is not an ISO 4217 code.
std::optional<QString> currencyOption(Context &context, const QCommandLineParser &parser, const QString &name,
                                      const QString &fallback = {});
/// Reads the date option \a name, exactly YYYY-MM-DD (an invalid QDate when not given); prints a
/// usage error naming the option and its value and returns nullopt otherwise.
std::optional<QDate> dateOption(Context &context, const QCommandLineParser &parser, const QString &name);
/// Reads the month option \a name (YYYY-MM) as its first day, the first day of this month when not
/// given; prints a usage error and returns nullopt otherwise (the plan's month 1: --start).
std::optional<QDate> monthOption(Context &context, const QCommandLineParser &parser, const QString &name);

/// `<book> remove ID` for one of the team's price books (discounts, quotes): the one ID argument,
/// \a remove called on the database, "removed <noun> ID", or an error when there is none.
int removeFromBook(Context &context, const QCommandLineParser &parser, const QString &book, const QString &noun,
                   Result<bool> (pricing::PriceDatabase::*remove)(qint64));

/// Reads --format for a command; prints a usage error and returns nullopt if it is not allowed.
std::optional<OutputFormat> formatOption(Context &context, const QCommandLineParser &parser,
                                         const QList<OutputFormat> &allowed);

} // namespace accelplan::cli
