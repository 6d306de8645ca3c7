#include "app/cli/cliapp.h"

#include "core/pricing/dbcopy.h"
#include "core/pricing/shippedprices.h"

#include "core/common/isodate.h"
#include "core/common/tr.h"
#include "core/pricing/currency.h"

#include <QCoreApplication>

#include <atomic>
#include <csignal>
#include <cstdio>

using namespace Qt::StringLiterals;

namespace accelplan::cli {

namespace {

QList<Command> allCommands()
{
    return pricesCommands() + pricesUpdateCommands() + discountCommands() + quoteCommands() + actualsCommands() + catalogCommands() + fxCommands() + workloadCommands() + planCommands() + dbCommands();
}

QString overview()
{
    QString text = Tr::tr("Usage: accelplan-cli [--db PATH|URL] COMMAND [OPTIONS]\n\n"
                          "Plans the cost and capacity of AI hardware from a price database.\n\n"
                          "Commands:\n");
    const QList<Command> commands = allCommands();
    qsizetype width = 0;
    for (const Command &c : commands)
        width = std::max(width, c.group.size() + 1 + c.name.size());
    for (const Command &c : commands)
        text += u"  "_s + QString(c.group + u' ' + c.name).leftJustified(width + 2) + c.summary + u'\n';
    text += Tr::tr("\nGlobal options:\n"
                   "  --db PATH      the price database (default: %1)\n"
                   "  --db postgresql://USER@HOST:PORT/DBNAME[?host=/socket/dir]\n"
                   "                 a team database on PostgreSQL; the password comes from\n"
                   "                 PGPASSWORD or ~/.pgpass, never from the command line\n"
                   "  --version      print the version and exit\n"
                   "  -h, --help     this help; COMMAND --help for a command's options\n\n"
                   "Exit status: 0 ok, 1 usage error, 2 bad input, 3 internal error, 130 interrupted.\n")
                .arg(pricing::PriceDatabase::defaultPath());
    return text;
}

// A plain flag, set from the signal handler and polled by the command.
std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void onInterrupt(int)
{
    g_interrupted.store(true);
}

} // namespace

InterruptGuard::InterruptGuard()
{
    g_interrupted = false;
    m_int = std::signal(SIGINT, onInterrupt);
    m_term = std::signal(SIGTERM, onInterrupt);
}

InterruptGuard::~InterruptGuard()
{
    std::signal(SIGINT, m_int);
    std::signal(SIGTERM, m_term);
}

bool interruptRequested()
{
    return g_interrupted.load();
}

Context::Context() : out(stdout), err(stderr) {}

const catalog::AcceleratorCatalog *Context::catalog()
{
    if (!m_catalog) {
        auto loaded = catalog::AcceleratorCatalog::loadShipped();
        if (!loaded) {
            m_failureExit = report(loaded.error());
            return nullptr;
        }
        m_catalog = std::move(loaded).value();
    }
    return &*m_catalog;
}

pricing::PriceDatabase *Context::database()
{
    if (!m_database) {
        const catalog::AcceleratorCatalog *shipped = catalog();
        if (!shipped)
            return nullptr;
        auto opened = pricing::PriceDatabase::open(dbPath.isEmpty() ? pricing::PriceDatabase::defaultPath() : dbPath,
                                                   *shipped);
        if (!opened) {
            Error error = opened.error();
            // A team database out of reach: the window's last local snapshot can still be read.
            if (const auto team = pricing::DbLocation::parse(dbPath); team && team->isPostgres()) {
                if (const QDateTime taken = pricing::snapshotTime(*team); taken.isValid())
                    error.message += Tr::tr("\nThe last local snapshot of it (%1) is %2; --db %2 reads it.")
                                         .arg(taken.toString(Qt::ISODate), pricing::snapshotPath(*team));
            }
            m_failureExit = report(error);
            return nullptr;
        }
        m_database = std::move(opened).value();
        // A write that waits for another's lock says so, and an interrupt ends the wait.
        m_database->setWriteWait({[this](const QString &message) {
                                      err << "accelplan-cli: " << message << '\n';
                                      err.flush();
                                  },
                                  [] { return interruptRequested(); }});
    }
    return m_database.get();
}

const catalog::PlanningCatalog *Context::planningCatalog()
{
    if (!m_planningCatalog) {
        const catalog::AcceleratorCatalog *accelerators = catalog();
        pricing::PriceDatabase *db = accelerators ? database() : nullptr;
        if (!db)
            return nullptr;
        auto loaded = planning::loadPlanningCatalog(*db, *accelerators);
        if (!loaded) {
            m_failureExit = report(loaded.error());
            return nullptr;
        }
        m_planningCatalog = std::move(loaded).value();
    }
    return &*m_planningCatalog;
}

const planning::PlanInputs *Context::planInputs()
{
    if (!m_planInputs) {
        const catalog::AcceleratorCatalog *accelerators = catalog();
        pricing::PriceDatabase *db = accelerators ? database() : nullptr;
        if (!db)
            return nullptr;
        // The commands that plan show no price notes: not read.
        auto loaded = planning::loadPlanInputs(*db, *accelerators, {}, false);
        if (!loaded) {
            m_failureExit = report(loaded.error());
            return nullptr;
        }
        m_planInputs = std::move(loaded).value();
        for (const QString &note : std::as_const(m_planInputs->notes)) // quotes that expired
            err << "accelplan-cli: note: " << note << '\n';
        err.flush();
    }
    return &*m_planInputs;
}

int Context::report(const Error &error)
{
    for (const Diagnostic &d : error.details)
        err << d.toString() << '\n';
    err << "accelplan-cli: " << error.message << '\n';
    err.flush();
    switch (error.kind) {
    case ErrorKind::BadInput: return ExitBadInput;
    case ErrorKind::Interrupted: return ExitInterrupted;
    case ErrorKind::Internal: break;
    }
    return ExitInternal;
}

int Context::usage(const QString &message)
{
    err << "accelplan-cli: " << message << '\n'
        << Tr::tr("Try 'accelplan-cli --help'.") << '\n';
    err.flush();
    return ExitUsage;
}

int removeFromBook(Context &context, const QCommandLineParser &parser, const QString &book, const QString &noun,
                   Result<bool> (pricing::PriceDatabase::*remove)(qint64))
{
    const QStringList ids = parser.positionalArguments();
    bool ok = false;
    const qint64 id = ids.size() == 1 ? ids.first().toLongLong(&ok) : 0;
    if (!ok)
        return context.usage(Tr::tr("%1 remove needs one ID (%1 list shows them)").arg(book));
    pricing::PriceDatabase *database = context.database();
    if (!database)
        return context.failureExitCode();
    const auto removed = (database->*remove)(id);
    if (!removed)
        return context.report(removed.error());
    if (!*removed)
        return context.report(Error::badInput(Tr::tr("no %1 %2 (%3 list shows them)").arg(noun).arg(id).arg(book)));
    context.out << Tr::tr("removed %1 %2").arg(noun).arg(id) << '\n';
    return ExitOk;
}

std::optional<OutputFormat> formatOption(Context &context, const QCommandLineParser &parser,
                                         const QList<OutputFormat> &allowed)
{
    const QString text = parser.value(u"format"_s);
    const auto format = outputFormatFromString(text);
    if (!format || !allowed.contains(*format)) {
        context.usage(Tr::tr("unknown --format '%1'").arg(text));
        return std::nullopt;
    }
    return format;
}

std::optional<QString> currencyOption(Context &context, const QCommandLineParser &parser, const QString &name,
                                      const QString &fallback)
{
    if (!parser.isSet(name))
        return fallback;
    const QString given = parser.value(name);
    const QString code = given.trimmed().toUpper();
    if (const QString problem = pricing::currencyProblem(code); !problem.isEmpty()) {
        context.usage(Tr::tr("--%1 '%2' is not an ISO 4217 currency code").arg(name, given));
        return std::nullopt;
    }
    return code;
}

std::optional<QDate> dateOption(Context &context, const QCommandLineParser &parser, const QString &name)
{
    if (!parser.isSet(name))
        return QDate();
    const QString given = parser.value(name);
    const QDate date = parseIsoDate(given.trimmed());
    if (!date.isValid()) {
        context.usage(Tr::tr("--%1 needs a date as YYYY-MM-DD, not '%2'").arg(name, given));
        return std::nullopt;
    }
    return date;
}

std::optional<QDate> monthOption(Context &context, const QCommandLineParser &parser, const QString &name)
{
    const QDate today = QDate::currentDate();
    if (!parser.isSet(name))
        return QDate(today.year(), today.month(), 1);
    const QString given = parser.value(name);
    const QString day = given.trimmed() + u"-01"_s;
    const QDate first = parseIsoDate(day);
    if (!first.isValid()) {
        context.usage(Tr::tr("--%1 '%2' is not a month (YYYY-MM)").arg(name, given));
        return std::nullopt;
    }
    return first;
}

int runCommand(Context &context, const Command &command, const QStringList &rest);

int runCli(const QStringList &arguments)
{
    Context context;
    QStringList rest = arguments.mid(1);

    // Global options come before the command words.
    while (!rest.isEmpty() && rest.first().startsWith(u'-')) {
        const QString option = rest.takeFirst();
        if (option == u"--version"_s) {
            // The version and the date of the shipped prices, as the window's --version and About say.
            context.out << pricing::versionText(u"accelplan-cli"_s);
            return ExitOk;
        }
        if (option == u"--help"_s || option == u"-h"_s) {
            context.out << overview();
            return ExitOk;
        }
        if (option == u"--db"_s) {
            if (rest.isEmpty())
                return context.usage(Tr::tr("--db needs a path"));
            context.dbPath = rest.takeFirst();
        } else if (option.startsWith(u"--db="_s)) {
            context.dbPath = option.mid(5);
        } else {
            return context.usage(Tr::tr("unknown option '%1'").arg(option));
        }
    }
    if (rest.isEmpty())
        return context.usage(Tr::tr("no command given"));

    const QString group = rest.takeFirst();
    const QList<Command> commands = allCommands();
    // One-word commands ("train", "serve") have an empty name.
    const auto single = std::find_if(commands.cbegin(), commands.cend(),
                                     [&](const Command &c) { return c.group == group && c.name.isEmpty(); });
    if (single != commands.cend())
        return runCommand(context, *single, rest);
    QStringList names;
    for (const Command &c : commands) {
        if (c.group == group)
            names.append(c.name);
    }
    if (names.isEmpty())
        return context.usage(Tr::tr("unknown command '%1'").arg(group));
    if (rest.isEmpty() || rest.first() == u"--help"_s || rest.first() == u"-h"_s) {
        // Asked for: help on stdout. Forgotten: a usage error on stderr.
        QTextStream &stream = rest.isEmpty() ? context.err : context.out;
        if (rest.isEmpty())
            stream << "accelplan-cli: " << Tr::tr("'%1' needs a command").arg(group) << '\n';
        stream << Tr::tr("Usage: accelplan-cli %1 COMMAND\n\nCommands:\n").arg(group);
        for (const Command &c : commands) {
            if (c.group == group)
                stream << "  " << c.name.leftJustified(14) << c.summary << '\n';
        }
        return rest.isEmpty() ? ExitUsage : ExitOk;
    }
    const QString name = rest.takeFirst();
    const auto command = std::find_if(commands.cbegin(), commands.cend(),
                                      [&](const Command &c) { return c.group == group && c.name == name; });
    if (command == commands.cend())
        return context.usage(Tr::tr("unknown command '%1 %2'; %1 has: %3").arg(group, name, names.join(u", "_s)));
    return runCommand(context, *command, rest);
}

int runCommand(Context &context, const Command &command, const QStringList &rest)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(command.summary);
    parser.addHelpOption();
    parser.addOption({u"db"_s, Tr::tr("The price database: an SQLite path or a postgresql:// URL."), u"PATH"_s});
    command.addOptions(parser);
    QStringList commandArguments{QString(u"accelplan-cli "_s + command.group + u' ' + command.name).trimmed()};
    commandArguments += rest;
    if (!parser.parse(commandArguments))
        return context.usage(parser.errorText());
    if (parser.isSet(u"help"_s)) {
        // Qt names the program by its path ("Usage: build/bin/accelplan-cli [options]"): name the
        // command as it is typed instead.
        QString help = parser.helpText();
        const QString qtUsage = u"Usage: "_s + QCoreApplication::arguments().value(0);
        if (help.startsWith(qtUsage))
            help.replace(0, qtUsage.size(), u"Usage: "_s + commandArguments.first());
        context.out << help;
        return ExitOk;
    }
    if (!command.takesFiles && !parser.positionalArguments().isEmpty())
        return context.usage(Tr::tr("unexpected argument '%1'").arg(parser.positionalArguments().first()));
    if (parser.isSet(u"db"_s))
        context.dbPath = parser.value(u"db"_s);
    const int status = command.run(context, parser);
    context.out.flush();
    context.err.flush();
    return status;
}

} // namespace accelplan::cli
