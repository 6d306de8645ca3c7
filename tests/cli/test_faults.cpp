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

#include <algorithm>
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
            REQUIRE(process->waitForFinished(kCliWaitMs));
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

bool system(const QString &program, const QStringList &arguments)
{
    return runCommand(program, arguments);
}

using Mount = TmpfsMount;

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

TEST_CASE("faults: report -o on a full or nearly full disk writes the whole PDF or keeps the old one and exits 3", "[cli][faults][disk]")
{
    Scratch scratch;
    const QString scenario = examplePath(u"llama-70b.accelplan"_s);
    const QString probe = scratch.dir.filePath(u"probe.pdf"_s);
    REQUIRE(scratch.run({u"report"_s, u"-o"_s, probe, scenario}).exitCode == 0);
    const qint64 size = QFileInfo(probe).size();
    REQUIRE(size > 64 * 1024);

    TmpfsMount mount(u"size="_s + QString::number(size * 2 + 1024 * 1024));
    if (!mount.mounted) {
        WARN("not root or mount refused: the disk-full case needs a small file system");
        return;
    }
    const QString pdf = mount.dir.filePath(u"report.pdf"_s);
    const QByteArray old = "%PDF-1.4 the report of last week\n";
    {
        QFile file(pdf);
        REQUIRE(file.open(QIODevice::WriteOnly));
        REQUIRE(file.write(old) == old.size());
    }
    const QString filler = mount.dir.filePath(u"filler"_s);
    // Free space from a page more than the report down to none: with a few pages short, all but
    // Qt's last buffered write reach the disk, and only the flush inside commit() fails.
    for (qint64 free = size + 4096; free >= -4096; free -= 4096) {
        mount.fill();
        const qint64 filled = QFileInfo(filler).size();
        REQUIRE(QFile::resize(filler, std::max<qint64>(0, filled - std::max<qint64>(0, free))));
        INFO("free: " << free << " bytes of " << size);
        const Run run = scratch.run({u"report"_s, u"-o"_s, pdf, scenario});
        INFO(run.err.toStdString());
        QFile file(pdf);
        REQUIRE(file.open(QIODevice::ReadOnly));
        const QByteArray written = file.readAll();
        if (run.exitCode == 0) {
            CHECK(written.size() == size);
            CHECK(written.trimmed().endsWith("%%EOF"));
        } else {
            CHECK(run.exitCode == 3);
            CHECK(run.err.contains(u"cannot write "_s + pdf + u": No space left on device"_s));
            CHECK(written == old);
        }
        if (free <= 0)
            CHECK(run.exitCode == 3);
        file.close();
        REQUIRE(QFile::remove(filler));
        // The next round starts from the old file again.
        QFile again(pdf);
        REQUIRE(again.open(QIODevice::WriteOnly | QIODevice::Truncate));
        REQUIRE(again.write(old) == old.size());
    }
}

TEST_CASE("faults: report -o /dev/full exits 3 saying the disk is full, and leaves the device a device", "[cli][faults][disk]")
{
    const QFileInfo device(u"/dev/full"_s);
    if (!device.exists() || device.isFile()) {
        WARN("no /dev/full device here");
        return;
    }
    Scratch scratch;
    const Run run = scratch.run({u"report"_s, u"-o"_s, u"/dev/full"_s, examplePath(u"llama-70b.accelplan"_s)});
    INFO(run.out.toStdString() << run.err.toStdString());
    CHECK(run.exitCode == 3);
    CHECK(run.err.contains(u"cannot write /dev/full: No space left on device"_s));
    CHECK_FALSE(QFileInfo(u"/dev/full"_s).isFile());
}

TEST_CASE("faults: prices export to a nearly full disk names the reason and keeps the old file", "[cli][faults][disk]")
{
    Scratch scratch;
    const QString probe = scratch.dir.filePath(u"probe.csv"_s);
    REQUIRE(scratch.run({u"prices"_s, u"export"_s, u"-o"_s, probe}).exitCode == 0);
    QFile probeFile(probe);
    REQUIRE(probeFile.open(QIODevice::ReadOnly));
    const QByteArray whole = probeFile.readAll();
    const qint64 size = whole.size();

    TmpfsMount mount(u"size="_s + QString::number(size * 2 + 1024 * 1024));
    if (!mount.mounted) {
        WARN("not root or mount refused: the disk-full case needs a small file system");
        return;
    }
    const QString csv = mount.dir.filePath(u"prices.csv"_s);
    const QString filler = mount.dir.filePath(u"filler"_s);
    const QByteArray old = "provider,sku\nold,export\n";
    // A page more than the export down to none: the write fails part way, or only commit's flush.
    for (qint64 free = size + 4096; free >= -4096; free -= 4096) {
        {
            QFile file(csv);
            REQUIRE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            REQUIRE(file.write(old) == old.size());
        }
        mount.fill();
        REQUIRE(QFile::resize(filler, std::max<qint64>(0, QFileInfo(filler).size() - std::max<qint64>(0, free))));
        INFO("free: " << free << " bytes of " << size);
        const Run run = scratch.run({u"prices"_s, u"export"_s, u"-o"_s, csv});
        INFO(run.err.toStdString());
        QFile file(csv);
        REQUIRE(file.open(QIODevice::ReadOnly));
        if (run.exitCode == 0) {
            CHECK(file.readAll() == whole);
        } else {
            CHECK(run.exitCode == 2);
            CHECK(run.err.contains(u"cannot write "_s + csv + u": No space left on device"_s));
            CHECK_FALSE(run.err.contains(u"Unknown error"_s));
            CHECK(file.readAll() == old);
        }
        if (free < size)
            CHECK(run.exitCode == 2);
        file.close();
        REQUIRE(QFile::remove(filler));
    }
}

TEST_CASE("faults: a scenario file over 4 MiB is refused by every command before it is read, exit 2", "[cli][faults]")
{
    Scratch scratch;
    QFile example(examplePath(u"llama-70b.accelplan"_s));
    REQUIRE(example.open(QIODevice::ReadOnly));
    // Valid JSON, only padded with spaces: the size alone is the fault.
    const QString big = scratch.write(u"big.accelplan"_s, QByteArray(5 << 20, ' ') + example.readAll());
    const QString small = examplePath(u"llama-70b.accelplan"_s);
    const QString pdf = scratch.dir.filePath(u"big.pdf"_s);
    const QList<QStringList> runs{
        {u"plan"_s, big},
        {u"report"_s, u"-o"_s, pdf, big},
        {u"compare"_s, small, big},
    };
    for (const QStringList &arguments : runs) {
        INFO(arguments.join(u' ').toStdString());
        const Run run = scratch.run(arguments);
        INFO(run.err.toStdString());
        CHECK(run.exitCode == 2);
        CHECK(run.err.contains(big + u": the file is larger than 4 MiB"_s));
        CHECK(run.out.isEmpty());
    }
    CHECK_FALSE(QFile::exists(pdf));
}

TEST_CASE("faults: a scenario path that is a device or a FIFO is refused at once, exit 2", "[cli][faults]")
{
    Scratch scratch;
    const QString fifo = scratch.dir.filePath(u"pipe.accelplan"_s);
    REQUIRE(runCommand(u"mkfifo"_s, {fifo}));
    for (const QString &path : {u"/dev/zero"_s, u"/dev/urandom"_s, fifo}) {
        for (const QStringList &arguments :
             {QStringList{u"plan"_s, path}, {u"compare"_s, examplePath(u"llama-70b.accelplan"_s), path}}) {
            INFO(arguments.join(u' ').toStdString());
            const Run run = scratch.run(arguments);
            INFO(run.err.toStdString());
            CHECK(run.exitCode == 2);
            CHECK(run.err.contains(path + u": not a regular file"_s));
        }
    }
}

TEST_CASE("faults: a CSV field longer than 1 MiB stops the reader at its line, exit 2", "[cli][faults]")
{
    Scratch scratch;
    const QByteArray header =
        "provider,offer_kind,sku,accelerator,accelerator_count,region,price_model,price,currency,unit,effective_date,"
        "as_of,vcpus,ram_gb,setup_fee,source_url,confidence,notes\n";
    const QByteArray longField(2 << 20, 'x'); // no line break anywhere
    const QString sheet = scratch.write(u"long.csv"_s, header + "Hetzner,dedicated_server," + longField);
    const Run imported = scratch.run({u"prices"_s, u"import"_s, u"--format"_s, u"csv"_s, sheet});
    INFO(imported.err.left(400).toStdString());
    CHECK(imported.exitCode == 2);
    CHECK(imported.err.contains(sheet + u":2: error: field longer than 1 MiB"_s));
    CHECK(imported.err.size() < 4096); // the field is not echoed back

    const QString rates = scratch.write(u"long-fx.csv"_s, "date,base,quote,rate,source_url\n2026-05-08," + longField);
    const Run fx = scratch.run({u"fx"_s, u"import"_s, rates});
    INFO(fx.err.left(400).toStdString());
    CHECK(fx.exitCode == 2);
    CHECK(fx.err.contains(rates + u":2: error: field longer than 1 MiB"_s));
}

TEST_CASE("faults: a native JSON sheet over 256 MiB is refused unread, exit 2", "[cli][faults]")
{
    Scratch scratch;
    // Sparse: 300 MiB on the file system's books, nothing on its disk or in memory.
    const QString sheet = scratch.dir.filePath(u"huge.json"_s);
    QFile file(sheet);
    REQUIRE(file.open(QIODevice::WriteOnly));
    REQUIRE(file.write("[") == 1);
    REQUIRE(file.resize(qint64(300) << 20));
    file.close();
    const Run imported = scratch.run({u"prices"_s, u"import"_s, sheet});
    CHECK(imported.exitCode == 2);
    CHECK(imported.err.contains(u"larger than 256 MiB"_s));
    CHECK(imported.err.contains(sheet));
}

TEST_CASE("faults: --currency that is not an ISO 4217 code is a usage error naming the option and value", "[cli][faults]")
{
    Scratch scratch;
    const QString scenario = examplePath(u"llama-70b.accelplan"_s);
    const QString other = examplePath(u"chat-service-8b-eur.accelplan"_s);
    const QStringList train{u"train"_s, u"--model-params"_s, u"7B"_s, u"--tokens"_s, u"1T"_s};
    const QStringList serve{u"serve"_s,  u"--model-params"_s,  u"7B"_s, u"--input-tokens"_s, u"100"_s,
                            u"--output-tokens"_s, u"100"_s,           u"--qps"_s, u"1"_s};
    for (const QString &code : {u"ZZZ"_s, u"abc"_s, QString(), u"€"_s}) {
        for (const QStringList &command : {QStringList{u"compare"_s, scenario, other}, train, serve}) {
            const QStringList arguments = command + QStringList{u"--currency"_s, code};
            INFO(arguments.join(u' ').toStdString());
            const Run run = scratch.run(arguments);
            INFO(run.err.toStdString());
            CHECK(run.exitCode == 1);
            CHECK(run.err.contains(u"--currency '"_s + code + u"' is not an ISO 4217 currency code"_s));
            CHECK(run.out.isEmpty());
        }
    }
    CHECK(scratch.run({u"compare"_s, scenario, other, u"--currency"_s, u"eur"_s}).exitCode == 0);
}

TEST_CASE("faults: a date with trailing text or a future --since is refused by name", "[cli][faults]")
{
    Scratch scratch;
    const QString scenario = examplePath(u"llama-70b.accelplan"_s);
    const QList<std::pair<QStringList, QString>> cases{
        {{u"plan"_s, u"--since"_s, u"2026-11-01; DROP TABLE prices"_s, scenario}, u"--since"_s},
        {{u"plan"_s, u"--since"_s, u"2026-11-01xyz"_s, scenario}, u"--since"_s},
        {{u"prices"_s, u"list"_s, u"--as-of"_s, u"2026-11-01xyz"_s}, u"--as-of"_s},
        {{u"prices"_s, u"export"_s, u"--as-of"_s, u"2026-11-01xyz"_s, u"-o"_s, scratch.dir.filePath(u"e.csv"_s)}, u"--as-of"_s},
    };
    for (const auto &[arguments, option] : cases) {
        INFO(arguments.join(u' ').toStdString());
        const Run run = scratch.run(arguments);
        INFO(run.err.toStdString());
        CHECK(run.exitCode == 1);
        CHECK(run.err.contains(option));
        CHECK(run.out.isEmpty());
    }
    CHECK_FALSE(QFile::exists(scratch.dir.filePath(u"e.csv"_s)));

    const Run future = scratch.run({u"plan"_s, u"--since"_s, u"2099-01-01"_s, scenario});
    CHECK(future.exitCode == 1);
    CHECK(future.err.contains(u"--since 2099-01-01 is in the future"_s));
    CHECK(future.out.isEmpty());

    const QString rates = scratch.write(u"fx.csv"_s, "date,base,quote,rate,source_url\n"
                                                     "2026-05-08zzz,EUR,USD,1.1,https://example.test/fx\n");
    const Run fx = scratch.run({u"fx"_s, u"import"_s, rates});
    INFO(fx.err.toStdString());
    CHECK(fx.exitCode == 2);
    CHECK(fx.err.contains(rates + u":2: error: date: '2026-05-08zzz' is not an ISO date (YYYY-MM-DD)"_s));
}

TEST_CASE("faults: a fractional count in a scenario is refused naming the field, exit 2", "[cli][faults]")
{
    Scratch scratch;
    const QList<std::pair<QByteArray, QString>> cases{
        {"\"training\": {\"model_params\": 8e9, \"tokens\": 1e12,\n \"runs\": 2.5}", u":3: error: training.runs: 2.5 is not a whole number"_s},
        {"\"training\": {\"model_params\": 8e9, \"tokens\": 1e12},\n \"constraints\": {\"max_chips\": 1.5}",
         u":3: error: constraints.max_chips: 1.5 is not a whole number"_s},
    };
    for (const auto &[section, expected] : cases) {
        const QString path = scratch.write(u"fraction.accelplan"_s,
                                           "{\"format\": \"accelplan-scenario\", \"version\": 1, \"name\": \"x\",\n"
                                           + section + "}\n");
        const Run run = scratch.run({u"plan"_s, path});
        INFO(run.err.toStdString());
        CHECK(run.exitCode == 2);
        CHECK(run.err.contains(path + expected));
    }
}

TEST_CASE("faults: catalog add-profile refuses a file over 64 MiB or a device unread, exit 2", "[cli][faults]")
{
    Scratch scratch;
    const QString big = scratch.dir.filePath(u"training-log.csv"_s);
    {
        QFile file(big);
        REQUIRE(file.open(QIODevice::WriteOnly));
        REQUIRE(file.write("step,tokens_per_s\n1,") > 0);
        REQUIRE(file.resize((qint64(64) << 20) + 1)); // sparse: one line without a break
    }
    const QList<QStringList> runs{
        {u"catalog"_s, u"add-profile"_s, big},
        {u"catalog"_s, u"add-profile"_s, u"--from"_s, u"training-log"_s, u"--accelerator"_s, u"h100-sxm"_s,
         u"--chips"_s, u"8"_s, u"--model-params"_s, u"8B"_s, u"--precision"_s, u"bf16"_s, big},
    };
    for (const QStringList &arguments : runs) {
        INFO(arguments.join(u' ').toStdString());
        const Run run = scratch.run(arguments);
        INFO(run.err.left(400).toStdString());
        CHECK(run.exitCode == 2);
        CHECK(run.err.contains(big + u": the file is larger than 64 MiB"_s));
    }
    const Run device = scratch.run({u"catalog"_s, u"add-profile"_s, u"/dev/zero"_s});
    CHECK(device.exitCode == 2);
    CHECK(device.err.contains(u"/dev/zero: not a regular file"_s));
}

// Issue 35, the database side: locks, interrupts, full disks and read-only files.


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
