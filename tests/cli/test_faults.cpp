// Fault and bad-input tests of the command line (issue 15): each case failed before its fix.

#include "tests/cli/clirun.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QThread>

#include <memory>
#include <vector>

#include <signal.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::test;

TEST_CASE("faults: importing a file that cannot be opened exits 2 naming it, and writes nothing", "[cli][faults]")
{
    Scratch scratch;
    const int sheetsBefore = sheetCount(scratch);
    const QString good = dataPath(u"sheets/good/all_fields.csv"_s);
    const QString missing = scratch.dir.filePath(u"does-not-exist.csv"_s);
    const QList<QStringList> runs{
        {u"prices"_s, u"import"_s, missing},
        {u"prices"_s, u"import"_s, u"--dry-run"_s, missing},
        {u"prices"_s, u"import"_s, u"--format"_s, u"auto"_s, missing},
        {u"prices"_s, u"import"_s, scratch.dir.path()},
        {u"prices"_s, u"import"_s, good, missing},
    };
    for (const QStringList &arguments : runs) {
        INFO(arguments.join(u' ').toStdString());
        const Run run = scratch.run(arguments);
        INFO(run.err.toStdString());
        CHECK(run.exitCode == 2);
        CHECK(run.err.contains(u"cannot open "_s));
        CHECK_FALSE(run.err.contains(u"rows"_s)); // no "1 errors on 1 of 0 rows"
        CHECK(sheetCount(scratch) == sheetsBefore);
    }
    CHECK(scratch.run({u"prices"_s, u"import"_s, missing}).err.contains(u"cannot open "_s + missing + u": "_s));
    CHECK(scratch.run({u"prices"_s, u"import"_s, scratch.dir.path()}).err.contains(u"it is a directory"_s));
}

TEST_CASE("faults: NaN, infinity and fractions are refused by every numeric option, by name", "[cli][faults]")
{
    Scratch scratch;
    const QString scenario = examplePath(u"llama-70b.accelplan"_s);
    const QStringList train{u"train"_s, u"--model-params"_s, u"7B"_s, u"--tokens"_s, u"1T"_s};
    const QStringList serve{u"serve"_s,           u"--model-params"_s,  u"7B"_s, u"--input-tokens"_s,
                            u"100"_s,             u"--output-tokens"_s, u"100"_s, u"--qps"_s,
                            u"1"_s};
    const QList<std::pair<QStringList, QString>> cases{
        {train + QStringList{u"--chips"_s, u"NaN"_s}, u"--chips"_s},
        {train + QStringList{u"--chips"_s, u"1.5"_s}, u"--chips"_s},
        {train + QStringList{u"--mfu"_s, u"nan"_s}, u"--mfu"_s},
        {train + QStringList{u"--deadline-days"_s, u"inf"_s}, u"--deadline-days"_s},
        {train + QStringList{u"--seq-len"_s, u"-inf"_s}, u"--seq-len"_s},
        {train + QStringList{u"--max-chips"_s, u"NaN"_s}, u"--max-chips"_s},
        {train + QStringList{u"--budget"_s, u"inf"_s}, u"--budget"_s},
        {{u"train"_s, u"--model-params"_s, u"1e308T"_s, u"--tokens"_s, u"1T"_s}, u"--model-params"_s},
        {{u"serve"_s, u"--model-params"_s, u"7B"_s, u"--input-tokens"_s, u"100"_s, u"--output-tokens"_s, u"100"_s,
          u"--qps"_s, u"NaN"_s},
         u"--qps"_s},
        {serve + QStringList{u"--utilization"_s, u"nan"_s}, u"--utilization"_s},
        {serve + QStringList{u"--chips-per-replica"_s, u"inf"_s}, u"--chips-per-replica"_s},
        {{u"plan"_s, u"--samples"_s, u"NaN"_s, scenario}, u"--samples"_s},
        {{u"plan"_s, u"--seed"_s, u"NaN"_s, scenario}, u"--seed"_s},
        {{u"report"_s, u"--top"_s, u"NaN"_s, u"-o"_s, scratch.dir.filePath(u"r.pdf"_s), scenario}, u"--top"_s},
    };
    for (const auto &[arguments, option] : cases) {
        INFO(arguments.join(u' ').toStdString());
        const Run run = scratch.run(arguments);
        INFO(run.err.toStdString());
        CHECK(run.exitCode == 1);
        CHECK(run.err.contains(option + u" '"_s));
        CHECK(run.out.isEmpty());
    }
    CHECK_FALSE(QFile::exists(scratch.dir.filePath(u"r.pdf"_s)));
}

TEST_CASE("faults: plan, train, serve and report on a database whose prices cannot be read exit 3", "[cli][faults]")
{
    Scratch scratch;
    REQUIRE(scratch.run({u"prices"_s, u"sheets"_s}).exitCode == 0); // creates and seeds it
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"damage"_s);
        db.setDatabaseName(scratch.db);
        REQUIRE(db.open());
        REQUIRE(QSqlQuery(db).exec(u"DROP TABLE prices"_s));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"damage"_s);
    const QString scenario = examplePath(u"llama-70b.accelplan"_s);
    const QString pdf = scratch.dir.filePath(u"r.pdf"_s);
    const QList<QStringList> runs{
        {u"plan"_s, scenario},
        {u"plan"_s, u"--format"_s, u"json"_s, scenario},
        {u"report"_s, u"-o"_s, pdf, scenario},
        {u"train"_s, u"--model-params"_s, u"7B"_s, u"--tokens"_s, u"1T"_s},
        {u"serve"_s, u"--model-params"_s, u"7B"_s, u"--input-tokens"_s, u"100"_s, u"--output-tokens"_s, u"100"_s,
         u"--qps"_s, u"1"_s},
    };
    for (const QStringList &arguments : runs) {
        INFO(arguments.join(u' ').toStdString());
        const Run run = scratch.run(arguments);
        CHECK(run.exitCode == 3);
        CHECK(run.out.isEmpty());
        CHECK(run.err.contains(u"reading prices from "_s + scratch.db));
        CHECK(run.err.contains(u"no such table: prices"_s));
    }
    CHECK_FALSE(QFile::exists(pdf));
}

TEST_CASE("faults: a scenario name longer than 200 characters is refused at its line, before any report work", "[cli][faults]")
{
    Scratch scratch;
    QFile example(examplePath(u"llama-70b.accelplan"_s));
    REQUIRE(example.open(QIODevice::ReadOnly));
    QString text = QString::fromUtf8(example.readAll());
    const qsizetype at = text.indexOf(u"\"name\""_s);
    REQUIRE(at >= 0);
    const int line = int(text.left(at).count(u'\n')) + 1;
    const qsizetype open = text.indexOf(u'"', text.indexOf(u':', at)) + 1;
    const qsizetype close = text.indexOf(u'"', open);
    text.replace(open, close - open, QString(100'000, u'x'));
    const QString path = scratch.write(u"long.accelplan"_s, text.toUtf8());

    const QString pdf = scratch.dir.filePath(u"long.pdf"_s);
    const Run run = scratch.run({u"report"_s, u"-o"_s, pdf, path});
    INFO(run.err.left(400).toStdString());
    CHECK(run.exitCode == 2);
    CHECK(run.err.contains(path + u':' + QString::number(line) + u": error: name: is 100000 characters long"_s));
    CHECK_FALSE(QFile::exists(pdf));

    text.replace(open, 100'000, QString(200, u'x')); // the longest name allowed still reports
    scratch.write(u"long.accelplan"_s, text.toUtf8());
    CHECK(scratch.run({u"report"_s, u"-o"_s, pdf, path}).exitCode == 0);
    CHECK(QFile::exists(pdf));
}

TEST_CASE("faults: processes that open a new database at once all see it set up and seeded once", "[cli][faults][database]")
{
    constexpr int kRounds = 5;
    constexpr int kProcesses = 6;
    for (int round = 0; round < kRounds; ++round) {
        QTemporaryDir dir;
        const QString db = dir.filePath(u"new.sqlite"_s);
        std::vector<std::unique_ptr<QProcess>> processes;
        for (int i = 0; i < kProcesses; ++i) {
            auto &process = processes.emplace_back(std::make_unique<QProcess>());
            process->start(QStringLiteral(ACCELPLAN_CLI),
                           {u"--db"_s, db, u"prices"_s, u"sheets"_s, u"--format"_s, u"json"_s});
        }
        QSet<qsizetype> sheetCounts;
        for (auto &process : processes) {
            REQUIRE(process->waitForFinished(60'000));
            const QString err = QString::fromUtf8(process->readAllStandardError());
            INFO("round " << round << ": " << err.toStdString());
            CHECK(process->exitStatus() == QProcess::NormalExit);
            CHECK(process->exitCode() == 0);
            const QJsonDocument sheets = QJsonDocument::fromJson(process->readAllStandardOutput());
            CHECK(sheets.isArray());
            sheetCounts.insert(sheets.array().size());
        }
        CHECK(sheetCounts.size() == 1); // every process saw the same, whole seeding
        CHECK_FALSE(sheetCounts.contains(0));
        CHECK(QFileInfo(db).size() > 0);
        Scratch check;
        check.db = db;
        CHECK(sheetCount(check) == *sheetCounts.begin());
    }
}

namespace {

// Runs a system command; true when it exited 0.
bool system(const QString &program, const QStringList &arguments)
{
    QProcess process;
    process.start(program, arguments);
    return process.waitForFinished(30'000) && process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
}

// A tmpfs mounted on a scratch folder for the test's lifetime (needs root: CI runs as root).
struct Mount
{
    QTemporaryDir dir;
    bool mounted = false;

    explicit Mount(const QString &options)
    {
        mounted = ::geteuid() == 0 && system(u"mount"_s, {u"-t"_s, u"tmpfs"_s, u"-o"_s, options, u"accelplan-test"_s, dir.path()});
    }
    ~Mount()
    {
        if (mounted)
            system(u"umount"_s, {dir.path()});
    }
};

} // namespace

TEST_CASE("faults: a database in a read-only folder is refused saying so, exit 2", "[cli][faults][database]")
{
    Mount mount(u"size=4m"_s);
    if (!mount.mounted) {
        WARN("not root or mount refused: the read-only case needs a read-only file system");
        return;
    }
    const QString db = mount.dir.filePath(u"prices.sqlite"_s);
    REQUIRE(cli({u"--db"_s, db, u"prices"_s, u"sheets"_s}).exitCode == 0);
    REQUIRE(system(u"mount"_s, {u"-o"_s, u"remount,ro"_s, mount.dir.path()}));
    for (const QString &path : {db, mount.dir.filePath(u"new.sqlite"_s)}) {
        const Run run = cli({u"--db"_s, path, u"prices"_s, u"list"_s});
        INFO(run.err.toStdString());
        CHECK(run.exitCode == 2);
        CHECK(run.err.contains(u"the folder "_s + mount.dir.path() + u" is not writable"_s));
        CHECK_FALSE(run.err.contains(u"not an SQLite database"_s));
    }
    CHECK_FALSE(QFile::exists(mount.dir.filePath(u"new.sqlite"_s)));
}

TEST_CASE("faults: a new database on a full disk is refused saying so, and leaves nothing behind", "[cli][faults][database]")
{
    Mount mount(u"size=256k"_s);
    if (!mount.mounted) {
        WARN("not root or mount refused: the disk-full case needs a small file system");
        return;
    }
    // Fill it: dd stops with "No space left on device".
    system(u"dd"_s, {u"if=/dev/zero"_s, u"of="_s + mount.dir.filePath(u"filler"_s), u"bs=4096"_s});
    const QString db = mount.dir.filePath(u"prices.sqlite"_s);
    const Run run = cli({u"--db"_s, db, u"prices"_s, u"sheets"_s});
    INFO(run.err.toStdString());
    CHECK(run.exitCode == 2);
    CHECK(run.err.contains(u"the disk is full"_s));
    CHECK_FALSE(run.err.contains(u"not an SQLite database"_s));
    for (const QString &suffix : {QString(), u"-wal"_s, u"-shm"_s, u"-journal"_s})
        CHECK_FALSE(QFile::exists(db + suffix));
}

TEST_CASE("faults: an unknown model preset in a scenario is named at its line", "[cli][faults]")
{
    Scratch scratch;
    const QString path = scratch.write(u"preset.accelplan"_s,
                                       "{\"format\": \"accelplan-scenario\", \"version\": 1, \"name\": \"x\",\n"
                                       " \"training\": {\n"
                                       "   \"model\": \"llama-9000\",\n"
                                       "   \"tokens\": 1e12}}\n");
    const Run run = scratch.run({u"plan"_s, path});
    CHECK(run.exitCode == 2);
    CHECK(run.err.contains(path + u":3: error: training.model: unknown model preset 'llama-9000'; presets: "_s));
}

TEST_CASE("faults: a command's help names the command, not the program's path", "[cli][faults]")
{
    for (const QStringList &command : {QStringList{u"train"_s}, {u"prices"_s, u"import"_s}, {u"plan"_s}}) {
        const Run run = cli(command + QStringList{u"--help"_s});
        CHECK(run.exitCode == 0);
        CHECK(run.out.startsWith(u"Usage: accelplan-cli "_s + command.join(u' ') + u" [options]"_s));
    }
}

TEST_CASE("faults: an empty file says it is empty, not '1 errors on 1 of 0 rows'", "[cli][faults]")
{
    Scratch scratch;
    const QString empty = scratch.write(u"empty.csv"_s, {});
    const Run run = scratch.run({u"prices"_s, u"import"_s, empty});
    CHECK(run.exitCode == 2);
    CHECK(run.err.contains(u"the file is empty"_s));
    CHECK_FALSE(run.err.contains(u"of 0 rows"_s));
}

TEST_CASE("faults: SQL quotes and markup in a sheet are stored and printed literally", "[cli][faults]")
{
    Scratch scratch;
    const QString sheet = scratch.write(
        u"quotes.csv"_s,
        "provider,sku,region,price_model,offer_kind,accelerator,accelerator_count,price,currency,unit,as_of,"
        "source_url,confidence,notes\n"
        "Quote Cloud,\"x'); DROP TABLE prices;--\",us-east-1,on_demand,cloud_vm,h100-sxm,8,98.32,USD,hour,"
        "2026-11-01,https://example.test/q?a=1&b=2,exact,\"<b>bold</b> & \"\"quoted\"\"\"\n");
    REQUIRE(scratch.run({u"prices"_s, u"import"_s, sheet}).exitCode == 0);
    const Run list = scratch.run({u"prices"_s, u"list"_s, u"--provider"_s, u"Quote Cloud"_s, u"--format"_s, u"json"_s});
    REQUIRE(list.exitCode == 0);
    const QJsonArray offers = jsonArray(list);
    REQUIRE(offers.size() == 1);
    const QJsonObject offer = offers.first().toObject();
    CHECK(offer.value(u"sku"_s).toString() == u"x'); DROP TABLE prices;--"_s);
    CHECK(offer.value(u"notes"_s).toString() == u"<b>bold</b> & \"quoted\""_s);
    CHECK(offer.value(u"source_url"_s).toString() == u"https://example.test/q?a=1&b=2"_s);
    CHECK(sheetCount(scratch) > 1); // the prices table and the rest are still there
}

// Issue 35: nothing lost, nothing hangs.

namespace {

/// A native price sheet of \a rows offers of one provider.
QByteArray bulkSheet(const QString &provider, int rows)
{
    QByteArray text = "provider,offer_kind,sku,accelerator,accelerator_count,region,price_model,price,currency,unit,"
                      "effective_date,as_of,source_url,confidence\n";
    for (int i = 0; i < rows; ++i) {
        text += QStringLiteral("%1,cloud_vm,bulk-%2,h100-sxm,8,region-%3,on_demand,%4,USD,hour,2026-11-01,2026-11-01,"
                               "https://example.com/%1,exact\n")
                    .arg(provider)
                    .arg(i)
                    .arg(i % 7)
                    .arg(20.0 + (i % 100) / 10.0, 0, 'f', 2)
                    .toUtf8();
    }
    return text;
}

/// accelplan-cli started with \a settings added to its environment (the timeouts a test shortens).
std::unique_ptr<QProcess> startCli(const QStringList &arguments, const QList<std::pair<QString, QString>> &settings)
{
    auto process = std::make_unique<QProcess>();
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const auto &[name, value] : settings)
        environment.insert(name, value);
    process->setProcessEnvironment(environment);
    process->start(QStringLiteral(ACCELPLAN_CLI), arguments);
    REQUIRE(process->waitForStarted());
    return process;
}

/// Waits up to \a seconds for \a process, killing it when it does not end (exit code -1 then).
Run finish(QProcess &process, int seconds)
{
    Run run;
    if (process.waitForFinished(seconds * 1000)) {
        run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    } else {
        process.kill();
        process.waitForFinished(10'000);
    }
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

/// A second SQLite connection holding the write lock of \a path (BEGIN IMMEDIATE) until released.
struct WriteLockHolder
{
    QString name = u"holder"_s;
    QSqlDatabase db;

    explicit WriteLockHolder(const QString &path)
    {
        db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
        db.setDatabaseName(path);
        REQUIRE(db.open());
        REQUIRE(QSqlQuery(db).exec(u"BEGIN IMMEDIATE"_s));
    }
    void release() { QSqlQuery(db).exec(u"ROLLBACK"_s); }
    ~WriteLockHolder()
    {
        release();
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(name);
    }
};

} // namespace

TEST_CASE("faults: an SQLite import waiting for another's write lock says so and gives up after the lock timeout, exit 2", "[cli][faults][database]")
{
    Scratch scratch;
    const int sheetsBefore = sheetCount(scratch);
    const QString sheet = scratch.write(u"wait.csv"_s, bulkSheet(u"WaitCo"_s, 3));
    WriteLockHolder holder(scratch.db);
    auto import = startCli({u"--db"_s, scratch.db, u"prices"_s, u"import"_s, sheet}, {{u"ACCELPLAN_LOCK_TIMEOUT"_s, u"1"_s}});
    const Run run = finish(*import, 30);
    holder.release();
    INFO(run.err.toStdString());
    CHECK(run.exitCode == 2);
    CHECK(run.err.contains(u"waiting for another import to finish on "_s + scratch.db));
    CHECK(run.err.contains(u"gave up after 1 s"_s));
    CHECK(run.err.contains(u"nothing was written"_s));
    CHECK(sheetCount(scratch) == sheetsBefore);
}

TEST_CASE("faults: SIGTERM while an SQLite import waits for the write lock exits 130 and writes nothing", "[cli][faults][database]")
{
    Scratch scratch;
    const int sheetsBefore = sheetCount(scratch);
    const QString sheet = scratch.write(u"term.csv"_s, bulkSheet(u"TermCo"_s, 3));
    WriteLockHolder holder(scratch.db);
    auto import = startCli({u"--db"_s, scratch.db, u"prices"_s, u"import"_s, sheet}, {{u"ACCELPLAN_LOCK_TIMEOUT"_s, u"60"_s}});
    QString err;
    QElapsedTimer waited;
    waited.start();
    // Without the message (before issue 35) the import is stopped after a while all the same.
    while (!err.contains(u"waiting for another import"_s) && waited.elapsed() < 5'000) {
        import->waitForReadyRead(100);
        err += QString::fromUtf8(import->readAllStandardError());
    }
    ::kill(pid_t(import->processId()), SIGTERM);
    QThread::msleep(500);
    holder.release(); // the lock frees: an import that ignored the signal would now write
    Run run = finish(*import, 30);
    run.err.prepend(err);
    INFO(run.err.toStdString());
    CHECK(run.exitCode == 130);
    CHECK(run.err.contains(u"nothing was imported"_s));
    CHECK(sheetCount(scratch) == sheetsBefore);
}

TEST_CASE("faults: an import onto a full disk exits 2 saying the disk holding the database is full, and writes nothing", "[cli][faults][database]")
{
    Mount mount(u"size=12m"_s);
    if (!mount.mounted) {
        WARN("not root or mount refused: the disk-full case needs a small file system");
        return;
    }
    Scratch scratch;
    scratch.db = mount.dir.filePath(u"prices.sqlite"_s);
    const int sheetsBefore = sheetCount(scratch);
    const QString sheet = scratch.write(u"big.csv"_s, bulkSheet(u"FullCo"_s, 20000));
    const QString filler = mount.dir.filePath(u"filler"_s);
    system(u"dd"_s, {u"if=/dev/zero"_s, u"of="_s + filler, u"bs=4096"_s});
    // Room to open the database (its -shm), not to write 20,000 offers.
    REQUIRE(system(u"truncate"_s, {u"-s"_s, u"-256K"_s, filler}));
    const Run run = scratch.run({u"prices"_s, u"import"_s, sheet});
    INFO(run.err.toStdString());
    CHECK(run.exitCode == 2);
    CHECK(run.err.contains(u"the disk holding "_s + scratch.db + u" is full; nothing was written"_s));
    CHECK_FALSE(run.err.contains(u"Unable to fetch row"_s));
    QFile::remove(filler);
    CHECK(sheetCount(scratch) == sheetsBefore);
}

TEST_CASE("faults: db copy to a new file on a full disk exits 2 and leaves no file behind", "[cli][faults][database]")
{
    Mount mount(u"size=1m"_s);
    if (!mount.mounted) {
        WARN("not root or mount refused: the disk-full case needs a small file system");
        return;
    }
    Scratch scratch;
    // A source of several MB: the shipped prices and 20,000 more offers.
    REQUIRE(scratch.run({u"prices"_s, u"import"_s, scratch.write(u"big.csv"_s, bulkSheet(u"CopyCo"_s, 20000))}).exitCode == 0);
    const QString target = mount.dir.filePath(u"copy.sqlite"_s);
    const Run run = cli({u"db"_s, u"copy"_s, scratch.db, target});
    INFO(run.err.toStdString());
    CHECK(run.exitCode == 2);
    CHECK(run.err.contains(u"the disk holding "_s + target + u" is full; nothing was written"_s));
    for (const QString &suffix : {QString(), u"-wal"_s, u"-shm"_s, u"-journal"_s})
        CHECK_FALSE(QFile::exists(target + suffix));
}

TEST_CASE("faults: prices import, fx import and catalog add-profile on a read-only database file exit 2 saying so", "[cli][faults][database]")
{
    Scratch scratch;
    const int sheetsBefore = sheetCount(scratch);
    // Root writes a file whatever its mode: a read-only bind mount of the file itself, in a
    // writable folder, stands for a read-only file then.
    bool mounted = false;
    if (::geteuid() == 0) {
        mounted = system(u"mount"_s, {u"--bind"_s, scratch.db, scratch.db})
                  && system(u"mount"_s, {u"-o"_s, u"remount,bind,ro"_s, scratch.db});
        if (!mounted) {
            system(u"umount"_s, {scratch.db});
            WARN("mount refused: the read-only file case needs a read-only bind mount as root");
            return;
        }
    } else {
        REQUIRE(QFile::setPermissions(scratch.db, QFileDevice::ReadOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther));
    }
    const QList<QStringList> runs{
        {u"prices"_s, u"import"_s, scratch.write(u"ro.csv"_s, bulkSheet(u"ReadOnlyCo"_s, 3))},
        {u"fx"_s, u"import"_s, dataPath(u"sheets/good/fx_rates.csv"_s)},
        {u"catalog"_s, u"add-profile"_s, dataPath(u"profiles/user_h100.csv"_s)},
    };
    for (const QStringList &arguments : runs) {
        INFO(arguments.join(u' ').toStdString());
        const Run run = scratch.run(arguments);
        INFO(run.err.toStdString());
        CHECK(run.exitCode == 2);
        CHECK(run.err.contains(u"the database "_s + scratch.db + u" is read-only"_s));
        CHECK_FALSE(run.err.contains(u"Unable to fetch row"_s));
    }
    CHECK(sheetCount(scratch) == sheetsBefore);
    if (mounted)
        system(u"umount"_s, {scratch.db});
}
