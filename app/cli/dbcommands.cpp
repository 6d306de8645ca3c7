#include "app/cli/cliapp.h"

#include "core/common/tr.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace accelplan::cli {

using namespace accelplan::pricing;

namespace {

/// The digest as rows for a table, and as the object JSON output carries.
QList<QStringList> digestRows(const ContentDigest &digest)
{
    QList<QStringList> rows;
    for (const auto &[table, count] : digest.rows)
        rows.append({table, QString::number(count)});
    return rows;
}

QJsonObject digestJson(const ContentDigest &digest)
{
    QJsonObject counts;
    for (const auto &[table, count] : digest.rows)
        counts.insert(table, count);
    return QJsonObject{{u"rows"_s, counts}, {u"sha256"_s, QString::fromLatin1(digest.sha256)}};
}

Result<std::unique_ptr<PriceDatabase>> openExisting(Context &context, const QString &location, bool mayCreate)
{
    const catalog::AcceleratorCatalog *catalog = context.catalog();
    if (!catalog)
        return Error::internal(Tr::tr("the catalog could not be loaded"));
    auto parsed = DbLocation::parse(location);
    if (!parsed)
        return parsed.error();
    if (!mayCreate && !parsed->isPostgres() && !QFileInfo::exists(parsed->path))
        return Error::badInput(Tr::tr("there is no database %1 to copy from").arg(location));
    // A database created here is the copy's target: it gets the schema, not the shipped sheets.
    return PriceDatabase::open(location, *catalog, OpenOptions{.seed = false});
}

int copyCommand(Context &context, const QCommandLineParser &parser)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 2)
        return context.usage(Tr::tr("db copy needs SRC and DST (SQLite paths or postgresql:// URLs)"));
    const auto format = formatOption(context, parser, {OutputFormat::Table, OutputFormat::Json});
    if (!format)
        return ExitUsage;
    auto source = openExisting(context, args[0], false);
    if (!source)
        return context.report(source.error());
    // A new SQLite file that the copy does not fill is removed again: no empty schema, no WAL.
    const auto targetLocation = DbLocation::parse(args[1]);
    const bool newFile = targetLocation && !targetLocation->isPostgres() && !QFileInfo::exists(targetLocation->path);
    auto target = openExisting(context, args[1], true);
    if (!target)
        return context.report(target.error());
    if ((*source)->path() == (*target)->path())
        return context.usage(Tr::tr("db copy: SRC and DST are the same database"));
    (*target)->setWriteWait({[&](const QString &message) {
                                 context.err << "accelplan-cli: " << message << '\n';
                                 context.err.flush();
                             },
                             {}});
    const auto copied = (*target)->copyFrom(**source, parser.isSet(u"replace"_s));
    if (!copied) {
        if (newFile) {
            target.value().reset();
            for (const QString &suffix : {QString(), u"-wal"_s, u"-shm"_s, u"-journal"_s})
                QFile::remove(targetLocation->path + suffix);
        }
        return context.report(copied.error());
    }
    if (*format == OutputFormat::Json) {
        QJsonObject object = digestJson(*copied);
        object.insert(u"source"_s, (*source)->path());
        object.insert(u"target"_s, (*target)->path());
        object.insert(u"verified"_s, true);
        context.out << QJsonDocument(object).toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    context.out << renderTable({Tr::tr("table"), Tr::tr("rows")}, digestRows(*copied));
    context.out << Tr::tr("Copied %1 to %2; counts and checksum verified (sha256 %3).\n")
                       .arg((*source)->path(), (*target)->path(), QString::fromLatin1(copied->sha256));
    return ExitOk;
}

int infoCommand(Context &context, const QCommandLineParser &parser)
{
    const auto format = formatOption(context, parser, {OutputFormat::Table, OutputFormat::Json});
    if (!format)
        return ExitUsage;
    PriceDatabase *database = context.database();
    if (!database)
        return context.failureExitCode();
    const auto digest = database->contentDigest();
    if (!digest)
        return context.report(digest.error());
    const QString engine = database->location().isPostgres() ? u"postgresql"_s : u"sqlite"_s;
    if (*format == OutputFormat::Json) {
        QJsonObject object = digestJson(*digest);
        object.insert(u"database"_s, database->path());
        object.insert(u"engine"_s, engine);
        object.insert(u"schema_version"_s, database->schemaVersion());
        context.out << QJsonDocument(object).toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    context.out << Tr::tr("%1 (%2, schema version %3)\n").arg(database->path(), engine).arg(database->schemaVersion());
    context.out << renderTable({Tr::tr("table"), Tr::tr("rows")}, digestRows(*digest));
    context.out << Tr::tr("sha256 %1\n").arg(QString::fromLatin1(digest->sha256));
    return ExitOk;
}

} // namespace

QList<Command> dbCommands()
{
    return {
        {u"db"_s, u"copy"_s, Tr::tr("copy every sheet, price, history and FX rate between SQLite and PostgreSQL"),
         [](QCommandLineParser &p) {
             p.addPositionalArgument(u"SRC"_s, Tr::tr("The database to copy: a path or postgresql://USER@HOST:PORT/DBNAME."));
             p.addPositionalArgument(u"DST"_s, Tr::tr("The database to fill (created when it is a new SQLite path)."));
             p.addOption({u"replace"_s, Tr::tr("Empty DST first when it already holds sheets.")});
             p.addOption({u"format"_s, Tr::tr("Output format: table or json."), u"FORMAT"_s, u"table"_s});
         },
         copyCommand, true},
        {u"db"_s, u"info"_s, Tr::tr("the database's engine, schema version, rows per table and checksum"),
         [](QCommandLineParser &p) {
             p.addOption({u"format"_s, Tr::tr("Output format: table or json."), u"FORMAT"_s, u"table"_s});
         },
         infoCommand},
    };
}

} // namespace accelplan::cli
