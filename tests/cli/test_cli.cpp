#include "core/pricing/sheetreader.h"
#include "tests/cli/clirun.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QDate>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QProcess>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>

#include <csignal>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::test;

TEST_CASE("cli: --version and --help exit 0 on stdout", "[cli]")
{
    const Run version = cli({u"--version"_s});
    CHECK(version.exitCode == 0);
    CHECK(version.out.startsWith(u"accelplan-cli "_s));
    const Run help = cli({u"--help"_s});
    CHECK(help.exitCode == 0);
    CHECK(help.out.contains(u"prices import"_s));
    CHECK(help.err.isEmpty());
}

TEST_CASE("cli: every command has --help", "[cli]")
{
    const QStringList command = GENERATE(QStringList{u"prices"_s, u"import"_s}, QStringList{u"prices"_s, u"list"_s},
                                         QStringList{u"prices"_s, u"sheets"_s}, QStringList{u"prices"_s, u"history"_s},
                                         QStringList{u"prices"_s, u"export"_s},
                                         QStringList{u"catalog"_s, u"accelerators"_s},
                                         QStringList{u"fx"_s, u"list"_s}, QStringList{u"fx"_s, u"import"_s});
    CAPTURE(command);
    const Run help = cli(command + QStringList{u"--help"_s});
    CHECK(help.exitCode == 0);
    CHECK(help.out.contains(u"Usage:"_s));
}

TEST_CASE("cli: prices import --help lists every registered import format", "[cli]")
{
    const Run help = cli({u"prices"_s, u"import"_s, u"--help"_s});
    REQUIRE(help.exitCode == 0);
    const QString text = help.out.simplified();
    for (const pricing::ImportFormatInfo &info : pricing::importFormatRegistry()) {
        CAPTURE(info.name);
        CHECK(text.contains(u"%1 (%2)"_s.arg(info.name, info.title())));
    }
}

TEST_CASE("cli: usage errors exit 1 with a message on stderr", "[cli]")
{
    const QStringList arguments = GENERATE(QStringList{}, QStringList{u"frobnicate"_s},
                                           QStringList{u"prices"_s, u"nonsense"_s},
                                           QStringList{u"prices"_s, u"list"_s, u"--no-such-flag"_s},
                                           QStringList{u"prices"_s, u"list"_s, u"--format"_s, u"xml"_s},
                                           QStringList{u"prices"_s, u"list"_s, u"--kind"_s, u"mainframe"_s},
                                           QStringList{u"prices"_s, u"import"_s},
                                           QStringList{u"prices"_s, u"history"_s},
                                           QStringList{u"prices"_s, u"sheets"_s, u"stray"_s},
                                           QStringList{u"prices"_s, u"list"_s, u"--currency"_s, u"FOO"_s},
                                           QStringList{u"prices"_s, u"import"_s, u"--name"_s, u""_s, u"x.csv"_s},
                                           QStringList{u"catalog"_s},
                                           QStringList{u"--db"_s});
    CAPTURE(arguments);
    Scratch scratch;
    const Run run = arguments.isEmpty() || arguments.first() == u"--db"_s ? cli(arguments) : scratch.run(arguments);
    CHECK(run.exitCode == 1);
    CHECK(run.out.isEmpty());
    CHECK(run.err.startsWith(u"accelplan-cli: "_s));
}

TEST_CASE("cli: a bad sheet exits 2, reports every bad row and writes nothing", "[cli][import]")
{
    Scratch scratch;
    const int before = sheetCount(scratch);
    const QString bad = test::dataPath(u"sheets/bad/many_errors.csv"_s);
    const QString good = test::dataPath(u"sheets/good/offers_array.json"_s);
    const Run run = scratch.run({u"prices"_s, u"import"_s, good, bad});
    CHECK(run.exitCode == 2);
    CHECK(run.err.contains(bad + u":3: error: price: "_s));
    CHECK(run.err.contains(bad + u":4: error: accelerator: "_s));
    CHECK(run.err.contains(bad + u":5: error: currency: "_s));
    CHECK(run.err.contains(bad + u":6: error: unit: "_s));
    CHECK(run.err.contains(u"nothing was imported"_s));
    // The good file given with it is not imported either.
    CHECK(sheetCount(scratch) == before);
}

TEST_CASE("cli: import prints what it adds, changes and leaves unchanged, and --dry-run writes nothing", "[cli][import]")
{
    Scratch scratch;
    const int before = sheetCount(scratch);
    const QString first = test::dataPath(u"sheets/good/history_2025_01.csv"_s);
    const QString second = test::dataPath(u"sheets/good/history_2025_06.csv"_s);

    const Run dry = scratch.run({u"prices"_s, u"import"_s, u"--dry-run"_s, first});
    CHECK(dry.exitCode == 0);
    CHECK(dry.out.contains(u"2 rows: 2 added, 0 changed, 0 unchanged"_s));
    CHECK(dry.out.contains(u"dry run"_s));
    CHECK(sheetCount(scratch) == before);

    CHECK(scratch.run({u"prices"_s, u"import"_s, first}).exitCode == 0);
    const Run run = scratch.run({u"prices"_s, u"import"_s, second});
    CHECK(run.exitCode == 0);
    CHECK(run.out.contains(u"3 rows: 1 added, 1 changed, 1 unchanged"_s));
    CHECK(run.out.contains(u"~ TestCloud p5.48xlarge us-east-1 on_demand  98.32 USD/hour -> 55.04 USD/hour"_s));
    CHECK(run.out.contains(u"+ TestCloud p5.4xlarge us-east-1 on_demand  6.88 USD/hour"_s));
    CHECK(sheetCount(scratch) == before + 2);

    const Run again = scratch.run({u"prices"_s, u"import"_s, second});
    CHECK(again.exitCode == 0);
    CHECK(again.out.contains(u"already imported"_s));
    CHECK(sheetCount(scratch) == before + 2);
}

TEST_CASE("cli: prices list shows each price's age and marks those older than 180 days stale", "[cli][list]")
{
    Scratch scratch;
    auto list = [&](const QStringList &extra) {
        const Run run = scratch.run(QStringList{u"prices"_s, u"list"_s, u"--format"_s, u"json"_s} + extra);
        REQUIRE(run.exitCode == 0);
        return QJsonDocument::fromJson(run.out.toUtf8()).array();
    };
    const QDate on(2027, 4, 1);
    const QJsonArray all = list({u"--as-of"_s, on.toString(Qt::ISODate)});
    REQUIRE_FALSE(all.isEmpty());
    int stale = 0;
    for (const QJsonValue &v : all) {
        const QJsonObject o = v.toObject();
        const QDate read = QDate::fromString(o[u"as_of"_s].toString(), Qt::ISODate);
        REQUIRE(read.isValid());
        CHECK(o[u"age_days"_s].toInteger() == read.daysTo(on));
        CHECK(o[u"stale"_s].toBool() == (read.daysTo(on) > 180));
        stale += o[u"stale"_s].toBool() ? 1 : 0;
    }
    CHECK(stale > 0);
    const QJsonArray onlyStale = list({u"--as-of"_s, on.toString(Qt::ISODate), u"--stale"_s});
    CHECK(onlyStale.size() == stale);
    for (const QJsonValue &v : onlyStale)
        CHECK(v.toObject()[u"stale"_s].toBool());
}

TEST_CASE("cli: prices list JSON has the pinned fields and honours filters", "[cli][list]")
{
    Scratch scratch;
    const QJsonArray all = jsonArray(scratch.run({u"prices"_s, u"list"_s, u"--format"_s, u"json"_s}));
    REQUIRE(all.size() >= 70);
    for (const char *key : {"provider", "offer_kind", "sku", "accelerator", "accelerator_count", "region",
                            "price_model", "price", "currency", "unit", "effective_date", "source_url"}) {
        CAPTURE(key);
        CHECK(all.first().toObject().contains(QString::fromLatin1(key)));
    }
    CHECK(all.first().toObject().value(u"price"_s).isDouble());

    const QJsonArray filtered = jsonArray(scratch.run({u"prices"_s, u"list"_s, u"--provider"_s, u"AWS"_s,
                                                       u"--accelerator"_s, u"H100 80GB SXM"_s, u"--price-model"_s,
                                                       u"on_demand"_s, u"--format"_s, u"json"_s}));
    REQUIRE_FALSE(filtered.isEmpty());
    CHECK(filtered.size() < all.size());
    for (const QJsonValue &v : filtered) {
        CHECK(v[u"provider"_s].toString() == u"AWS"_s);
        CHECK(v[u"accelerator"_s].toString() == u"h100-sxm"_s);
        CHECK(v[u"price_model"_s].toString() == u"on_demand"_s);
    }
    const QJsonArray tpus = jsonArray(scratch.run({u"prices"_s, u"list"_s, u"--kind"_s, u"tpu"_s, u"--region"_s,
                                                   u"us-east5"_s, u"--format"_s, u"json"_s}));
    REQUIRE_FALSE(tpus.isEmpty());
    for (const QJsonValue &v : tpus) {
        CHECK(v[u"offer_kind"_s].toString() == u"tpu"_s);
        CHECK(v[u"region"_s].toString() == u"us-east5"_s);
    }
}

TEST_CASE("cli: list --accelerator with a typo suggests the id", "[cli][list]")
{
    Scratch scratch;
    const Run run = scratch.run({u"prices"_s, u"list"_s, u"--accelerator"_s, u"h100-sxn"_s});
    CHECK(run.exitCode == 1);
    CHECK(run.err.contains(u"did you mean 'h100-sxm'?"_s));
}

TEST_CASE("cli: list CSV and table", "[cli][list]")
{
    Scratch scratch;
    const Run csv = scratch.run({u"prices"_s, u"list"_s, u"--format"_s, u"csv"_s, u"--provider"_s, u"Hetzner"_s});
    CHECK(csv.exitCode == 0);
    const QStringList lines = csv.out.split(u'\n', Qt::SkipEmptyParts);
    REQUIRE(lines.size() >= 2);
    CHECK(lines[0].startsWith(u"provider,offer_kind,sku,accelerator,accelerator_count,region,price_model,price,currency,unit"_s));
    CHECK(lines[1].startsWith(u"Hetzner,dedicated_server,"_s));
    const Run table = scratch.run({u"prices"_s, u"list"_s, u"--provider"_s, u"Hetzner"_s});
    CHECK(table.exitCode == 0);
    CHECK(table.out.split(u'\n', Qt::SkipEmptyParts).size() == lines.size());
}

TEST_CASE("cli: display currency converts with FX, and says when it cannot", "[cli][fx]")
{
    Scratch scratch;
    const QJsonArray eur = jsonArray(scratch.run({u"prices"_s, u"list"_s, u"--provider"_s, u"Hetzner"_s,
                                                  u"--currency"_s, u"USD"_s, u"--format"_s, u"json"_s}));
    REQUIRE_FALSE(eur.isEmpty());
    const QJsonObject first = eur.first().toObject();
    CHECK(first[u"currency"_s].toString() == u"EUR"_s);
    CHECK(first[u"display_price"_s].toDouble() > first[u"price"_s].toDouble()); // 1 EUR > 1 USD in the data

    // A currency no rate reaches: reported, never shown as if it were USD.
    const Run run = scratch.run({u"prices"_s, u"list"_s, u"--provider"_s, u"AWS"_s, u"--currency"_s, u"XAF"_s,
                                 u"--format"_s, u"json"_s});
    CHECK(run.exitCode == 0);
    CHECK(run.err.contains(u"no exchange rate to XAF"_s));
    const QJsonArray rows = jsonArray(run);
    REQUIRE_FALSE(rows.isEmpty());
    CHECK(rows.first()[u"display_price"_s].isNull());
}

TEST_CASE("cli: sheets, history and export round trip", "[cli][export]")
{
    Scratch scratch;
    const QJsonArray sheets = jsonArray(scratch.run({u"prices"_s, u"sheets"_s, u"--format"_s, u"json"_s}));
    REQUIRE(sheets.size() >= 10);
    const QJsonObject sheet = sheets.first().toObject();
    for (const char *key : {"id", "name", "imported_at", "counts"})
        CHECK(sheet.contains(QString::fromLatin1(key)));
    CHECK(sheet[u"counts"_s][u"rows"_s].toInt() > 0);

    const Run history = scratch.run({u"prices"_s, u"history"_s, u"--sku"_s, u"p5.48xlarge"_s, u"--provider"_s,
                                     u"AWS"_s, u"--format"_s, u"json"_s});
    CHECK(history.exitCode == 0);
    const QJsonArray rows = jsonArray(history);
    REQUIRE_FALSE(rows.isEmpty());
    CHECK(rows.first()[u"sku"_s].toString() == u"p5.48xlarge"_s);
    CHECK(scratch.run({u"prices"_s, u"history"_s, u"--sku"_s, u"no-such-sku"_s}).exitCode == 2);

    for (const QString &name : {u"export.csv"_s, u"export.json"_s}) {
        CAPTURE(name);
        const QString file = scratch.dir.filePath(name);
        const Run exported = scratch.run({u"prices"_s, u"export"_s, u"-o"_s, file});
        CHECK(exported.exitCode == 0);
        REQUIRE(QFile::exists(file));
        const Run imported = scratch.run({u"prices"_s, u"import"_s, u"--dry-run"_s, file});
        CHECK(imported.exitCode == 0);
        CHECK(imported.out.contains(u" 0 added, 0 changed, "_s));
        CHECK(imported.out.contains(u" unchanged, 0 history only"_s));
    }
}

TEST_CASE("cli: catalog accelerators lists the required ids", "[cli][catalog]")
{
    const QJsonArray accelerators = jsonArray(cli({u"catalog"_s, u"accelerators"_s, u"--format"_s, u"json"_s}));
    QStringList ids;
    for (const QJsonValue &v : accelerators)
        ids.append(v[u"id"_s].toString());
    for (const char *id : {"a100-40gb", "h100-sxm", "h200", "b200", "b300", "gb200", "gb300", "mi300x", "mi355x", "mi350x",
                           "tpu-v5p", "tpu-v6e"})
        CHECK(ids.contains(QString::fromLatin1(id)));
    // fp4 training on Blackwell needs a dense fp4 peak.
    for (const char *id : {"b200", "b300", "gb200"}) {
        INFO(id);
        CHECK(accelerators.at(ids.indexOf(QString::fromLatin1(id)))[u"peak_tflops"_s][u"fp4"_s].toDouble() > 5000);
    }
    const QJsonObject h100 = accelerators.at(ids.indexOf(u"h100-sxm"_s)).toObject();
    CHECK(h100[u"peak_tflops"_s][u"bf16"_s].toDouble() > 900);
    CHECK(h100[u"source_url"_s].toString().startsWith(u"http"_s));
}

TEST_CASE("cli: a database it cannot use exits 2 and is left alone", "[cli][database]")
{
    QTemporaryDir dir;
    const QString notDb = dir.filePath(u"notes.txt"_s);
    QFile file(notDb);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write("not a database");
    file.close();
    const Run run = cli({u"--db"_s, notDb, u"prices"_s, u"list"_s});
    CHECK(run.exitCode == 2);
    CHECK(run.err.contains(notDb));
    REQUIRE(file.open(QIODevice::ReadOnly));
    CHECK(file.readAll() == "not a database");

    CHECK(cli({u"--db"_s, dir.path(), u"prices"_s, u"list"_s}).exitCode == 2); // a folder
}

TEST_CASE("cli: fx import validates and adds rates", "[cli][fx]")
{
    Scratch scratch;
    const Run bad = scratch.run({u"fx"_s, u"import"_s, test::dataPath(u"sheets/bad/fx_rates.csv"_s)});
    CHECK(bad.exitCode == 2);
    CHECK(bad.err.contains(u"fx_rates.csv:2: error: rate"_s));
    const Run good = scratch.run({u"fx"_s, u"import"_s, test::dataPath(u"sheets/good/fx_rates.csv"_s)});
    CHECK(good.exitCode == 0);
    CHECK(good.out.contains(u"rates added"_s));
    const QJsonArray rates = jsonArray(scratch.run({u"fx"_s, u"list"_s, u"--format"_s, u"json"_s}));
    bool found = false;
    for (const QJsonValue &v : rates)
        found = found || (v[u"date"_s].toString() == u"2026-01-02"_s && v[u"quote"_s].toString() == u"USD"_s);
    CHECK(found);
}

TEST_CASE("cli: warnings go to stderr and a clean import leaves stderr empty", "[cli][import]")
{
    Scratch scratch;
    const Run clean = scratch.run({u"prices"_s, u"import"_s, test::dataPath(u"sheets/good/history_2025_01.csv"_s)});
    CHECK(clean.exitCode == 0);
    CHECK(clean.err.isEmpty());
    const Run warned = scratch.run({u"prices"_s, u"import"_s, test::dataPath(u"sheets/good/bom_crlf_quoted.csv"_s)});
    CHECK(warned.exitCode == 0);
    CHECK(warned.err.contains(u":1: warning: favourite_colour: unknown column, ignored"_s));
    CHECK_FALSE(warned.out.contains(u"warning"_s));
    const Run failed = scratch.run({u"prices"_s, u"import"_s, test::dataPath(u"sheets/bad/zero_price.csv"_s)});
    CHECK(failed.exitCode == 2);
    CHECK(failed.out.isEmpty());
}

TEST_CASE("cli: import detects the format from the content when the name does not say", "[cli][import]")
{
    Scratch scratch;
    for (const QString &fixture : {u"sheets/good/offers_array.json"_s, u"sheets/good/history_2025_01.csv"_s}) {
        CAPTURE(fixture);
        const QString copy = scratch.dir.filePath(u"sheet-without-extension-"_s + QString::number(fixture.size()));
        REQUIRE(QFile::copy(test::dataPath(fixture), copy));
        const Run run = scratch.run({u"prices"_s, u"import"_s, copy});
        CHECK(run.exitCode == 0);
        CHECK(run.out.contains(u" added"_s));
    }
    // An explicit --format wins over the name: a CSV read as JSON is invalid JSON.
    const Run forced = scratch.run({u"prices"_s, u"import"_s, u"--format"_s, u"json"_s,
                                    test::dataPath(u"sheets/good/history_2025_06.csv"_s)});
    CHECK(forced.exitCode == 2);
    CHECK(forced.err.contains(u"invalid JSON"_s));
}

TEST_CASE("cli: list --sheet names a sheet that exists", "[cli][list]")
{
    Scratch scratch;
    const Run missing = scratch.run({u"prices"_s, u"list"_s, u"--sheet"_s, u"999"_s});
    CHECK(missing.exitCode == 2);
    CHECK(missing.err.contains(u"no sheet 999"_s));
    const QJsonArray first = jsonArray(scratch.run({u"prices"_s, u"list"_s, u"--sheet"_s, u"1"_s, u"--format"_s, u"json"_s}));
    REQUIRE_FALSE(first.isEmpty());
    for (const QJsonValue &v : first)
        CHECK(v[u"sheet_id"_s].toInt() == 1);
}

TEST_CASE("cli: conversion uses the rate in force on the listed date, and says which", "[cli][fx]")
{
    Scratch scratch;
    REQUIRE(scratch.run({u"fx"_s, u"import"_s, test::dataPath(u"sheets/good/fx_rates.csv"_s)}).exitCode == 0);
    // OVHcloud's Public Cloud flavours are priced in EUR from 2025.
    const QJsonArray rows = jsonArray(scratch.run({u"prices"_s, u"list"_s, u"--provider"_s, u"OVHcloud"_s, u"--kind"_s,
                                                   u"cloud_vm"_s, u"--as-of"_s, u"2026-03-01"_s, u"--currency"_s,
                                                   u"USD"_s, u"--format"_s, u"json"_s}));
    REQUIRE_FALSE(rows.isEmpty());
    for (const QJsonValue &v : rows) {
        CHECK(v[u"display_price"_s].toDouble() == Approx(v[u"price"_s].toDouble() * 1.05));
        CHECK(v[u"fx_rates"_s][0][u"date"_s].toString() == u"2026-01-02"_s);
        CHECK(v[u"fx_rates"_s][0][u"source_url"_s].toString() == u"https://example.test/ecb"_s);
    }
    const Run same = scratch.run({u"fx"_s, u"import"_s, test::dataPath(u"sheets/bad/fx_same_currency.csv"_s)});
    CHECK(same.exitCode == 2);
    CHECK(same.err.contains(u":2: error: quote: is the same currency as base"_s));
}

TEST_CASE("cli: a database locked by another program exits 2 after the lock timeout and loses nothing", "[cli][database]")
{
    // Issue 35: the wait for the write lock ends after ACCELPLAN_LOCK_TIMEOUT with exit 2 (it was
    // SQLite's busy timeout and exit 3).
    qputenv("ACCELPLAN_LOCK_TIMEOUT", "1");
    Scratch scratch;
    const int before = sheetCount(scratch);
    {
        QSqlDatabase holder = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"holder"_s);
        holder.setDatabaseName(scratch.db);
        REQUIRE(holder.open());
        QSqlQuery lock(holder);
        REQUIRE(lock.exec(u"BEGIN EXCLUSIVE"_s));
        const Run run = scratch.run({u"prices"_s, u"import"_s, test::dataPath(u"sheets/good/history_2025_01.csv"_s)});
        CHECK(run.exitCode == 2);
        CHECK(run.err.contains(u"locked"_s));
        CHECK(run.err.contains(u"nothing was written"_s));
        REQUIRE(lock.exec(u"ROLLBACK"_s));
        lock.finish();
        holder.close();
    }
    QSqlDatabase::removeDatabase(u"holder"_s);
    qunsetenv("ACCELPLAN_LOCK_TIMEOUT");
    CHECK(sheetCount(scratch) == before);
}

TEST_CASE("cli: export warns about scheduled prices it leaves out", "[cli][export]")
{
    Scratch scratch;
    REQUIRE(scratch.run({u"prices"_s, u"import"_s, test::dataPath(u"sheets/good/future_price.csv"_s)}).exitCode == 0);
    const QString file = scratch.dir.filePath(u"now.csv"_s);
    const Run now = scratch.run({u"prices"_s, u"export"_s, u"-o"_s, file});
    CHECK(now.exitCode == 0);
    CHECK(now.err.contains(u"1 stored prices take effect after"_s));
    const Run later = scratch.run({u"prices"_s, u"export"_s, u"-o"_s, file, u"--as-of"_s, u"2099-01-01"_s});
    CHECK(later.exitCode == 0);
    CHECK(later.err.isEmpty());
    QFile exported(file);
    REQUIRE(exported.open(QIODevice::ReadOnly));
    CHECK(exported.readAll().contains("future-1"));
}

TEST_CASE("cli: the window's --version and --help need no display", "[cli][gui]")
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(u"DISPLAY"_s);
    environment.remove(u"WAYLAND_DISPLAY"_s);
    environment.remove(u"QT_QPA_PLATFORM"_s);
    process.setProcessEnvironment(environment);
    for (const QString &option : {u"--version"_s, u"--help"_s}) {
        CAPTURE(option);
        process.start(QStringLiteral(ACCELPLAN_GUI), {option});
        REQUIRE(process.waitForFinished(30'000));
        CHECK(process.exitStatus() == QProcess::NormalExit);
        CHECK(process.exitCode() == 0);
        const QString out = QString::fromUtf8(process.readAllStandardOutput());
        CHECK((option == u"--version"_s ? out.startsWith(u"accelplan "_s) : out.contains(u"--db"_s)));
    }
}

TEST_CASE("cli: train JSON has the pinned fields, options cheapest first", "[cli][train]")
{
    Scratch scratch;
    const Run run = scratch.run({u"train"_s, u"--model-params"_s, u"70B"_s, u"--tokens"_s, u"2T"_s, u"--accelerator"_s,
                                 u"h100-sxm"_s, u"--chips"_s, u"512"_s, u"--format"_s, u"json"_s});
    CHECK(run.exitCode == 0);
    const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
    for (const char *key : {"total_flops", "mfu", "mfu_source", "chips", "wall_hours", "chip_hours", "chip_hours_low",
                            "chip_hours_high", "memory_per_chip_gb", "fits_in_memory", "options"}) {
        CAPTURE(key);
        CHECK(json.contains(QString::fromLatin1(key)));
    }
    CHECK(json[u"total_flops"_s].toDouble() == Approx(6 * 70e9 * 2e12));
    CHECK(json[u"chips"_s].toInt() == 512); // the given accelerator and count
    CHECK(json[u"chip_hours_low"_s].toDouble() < json[u"chip_hours"_s].toDouble());
    CHECK(json[u"chip_hours"_s].toDouble() < json[u"chip_hours_high"_s].toDouble());
    // The efficiency chain, the flat fields' factors with their sources, in the formula's order.
    const QJsonArray chain = json[u"efficiency_chain"_s].toArray();
    REQUIRE(chain.size() == 5);
    CHECK(chain[0][u"id"_s].toString() == u"mfu"_s);
    CHECK(chain[0][u"value"_s].toDouble() == json[u"mfu"_s].toDouble());
    CHECK(chain[0][u"low"_s].toDouble() == json[u"mfu_low"_s].toDouble());
    CHECK(chain[0][u"source"_s].toString() == json[u"mfu_source"_s].toString());
    CHECK(chain[3][u"id"_s].toString() == u"goodput"_s);
    CHECK(chain[3][u"value"_s].toDouble() == json[u"goodput"_s].toDouble());
    CHECK(chain[4][u"id"_s].toString() == u"measured"_s);
    CHECK(chain[4][u"value"_s].toDouble() == json[u"fit_factor"_s].toDouble());
    // The table's header renders the same chain, a line per factor with its source.
    const Run table = scratch.run({u"train"_s, u"--model-params"_s, u"70B"_s, u"--tokens"_s, u"2T"_s, u"--accelerator"_s,
                                   u"h100-sxm"_s, u"--chips"_s, u"512"_s});
    CHECK(table.exitCode == 0);
    for (const QJsonValue &t : chain) {
        CAPTURE(t[u"label"_s].toString());
        CHECK(table.out.contains(u"  "_s + t[u"label"_s].toString() + u' ' + t[u"unit"_s].toString()));
        CHECK(table.out.contains(t[u"source"_s].toString()));
    }
    const QJsonArray options = json[u"options"_s].toArray();
    REQUIRE_FALSE(options.isEmpty());
    CHECK(options[0][u"efficiency_chain"_s].toArray().size() == 5);
    double previous = 0;
    for (const QJsonValue &o : options) {
        for (const char *key : {"provider", "sku", "offer_kind", "region", "price_model", "accelerator",
                                "accelerator_count", "chips", "wall_hours", "cost", "currency"})
            CHECK(o.toObject().contains(QString::fromLatin1(key)));
        CHECK(o[u"accelerator"_s].toString() == u"h100-sxm"_s);
        if (o[u"runnable"_s].toBool()) {
            CHECK(o[u"cost"_s].toDouble() >= previous);
            previous = o[u"cost"_s].toDouble();
        }
    }
}

TEST_CASE("cli: serve JSON has the pinned fields", "[cli][serve]")
{
    Scratch scratch;
    const Run run = scratch.run({u"serve"_s, u"--model-params"_s, u"8B"_s, u"--input-tokens"_s, u"1000"_s,
                                 u"--output-tokens"_s, u"300"_s, u"--qps"_s, u"5"_s, u"--tpot-ms"_s, u"50"_s,
                                 u"--format"_s, u"json"_s});
    CHECK(run.exitCode == 0);
    const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
    for (const char *key : {"tokens_per_s_per_chip", "ttft_ms", "tpot_ms", "chips_per_replica", "options"})
        CHECK(json.contains(QString::fromLatin1(key)));
    CHECK(json[u"tpot_ms"_s].toDouble() <= 50);
    const QJsonArray options = json[u"options"_s].toArray();
    REQUIRE_FALSE(options.isEmpty());
    const QJsonObject first = options.first().toObject();
    for (const char *key : {"provider", "sku", "accelerator", "chips_per_replica", "replicas", "tokens_per_s_per_chip",
                            "cost_per_request", "cost_per_million_tokens", "monthly_cost", "currency"}) {
        CAPTURE(key);
        CHECK(first.contains(QString::fromLatin1(key)));
    }
    CHECK(first[u"runnable"_s].toBool());
    // The monthly cost pays for the requests it serves.
    CHECK(first[u"cost_per_request"_s].toDouble() * 5 * 730 * 3600 == Approx(first[u"monthly_cost"_s].toDouble()));
}

TEST_CASE("cli: serve --model takes the name people use for a preset", "[cli][serve]")
{
    Scratch scratch;
    const QStringList load = {u"--qps"_s, u"5"_s, u"--input-tokens"_s, u"1000"_s, u"--output-tokens"_s, u"200"_s,
                              u"--format"_s, u"json"_s};
    const Run byAlias = scratch.run(QStringList{u"serve"_s, u"--model"_s, u"Llama-3.1-70B-Instruct"_s} + load);
    REQUIRE(byAlias.exitCode == 0);
    const Run byId = scratch.run(QStringList{u"serve"_s, u"--model"_s, u"llama3.1-70b"_s} + load);
    REQUIRE(byId.exitCode == 0);
    CHECK_FALSE(jsonObject(byAlias)[u"options"_s].toArray().isEmpty());
    CHECK(byAlias.out == byId.out);
    const Run unknown = scratch.run(QStringList{u"serve"_s, u"--model"_s, u"Llama-9000"_s} + load);
    CHECK(unknown.exitCode != 0);
    CHECK(unknown.err.contains(u"unknown --model 'Llama-9000'; presets: llama3-8b, "_s));
}

TEST_CASE("cli: serve prints a disaggregated split and its real chip count, and --trial allows spot", "[cli][serve]")
{
    Scratch scratch;
    const QStringList load = {u"serve"_s, u"--model"_s, u"llama3-70b"_s, u"--qps"_s, u"20"_s, u"--input-tokens"_s,
                              u"8000"_s, u"--output-tokens"_s, u"200"_s, u"--ttft-ms"_s, u"2000"_s, u"--tpot-ms"_s, u"50"_s};
    const QJsonArray options = jsonObject(scratch.run(load + QStringList{u"--format"_s, u"json"_s}))[u"options"_s].toArray();
    QJsonObject split;
    int spot = 0;
    for (const QJsonValue &o : options) {
        if (split.isEmpty() && o[u"runnable"_s].toBool() && o[u"disaggregation"_s].isObject())
            split = o.toObject();
        spot += o[u"runnable"_s].toBool() && o[u"price_model"_s].toString() == u"spot"_s;
    }
    CHECK(spot == 0); // a production service by default
    // Without --precision, the scenario format's default, as the window's new scenario has it.
    CHECK(jsonObject(scratch.run(load + QStringList{u"--format"_s, u"json"_s}))[u"precision"_s].toString() == u"bf16"_s);
    REQUIRE_FALSE(split.isEmpty());
    const QJsonObject d = split[u"disaggregation"_s].toObject();
    const int chips = d[u"prefill_replicas"_s].toInt() * d[u"prefill_chips_per_replica"_s].toInt()
                      + d[u"decode_replicas"_s].toInt() * d[u"decode_chips_per_replica"_s].toInt();
    CHECK(split[u"chips"_s].toInt() == chips);
    const Run table = scratch.run(load);
    REQUIRE(table.exitCode == 0);
    const QString layout = u"prefill %1 × %2, decode %3 × %4"_s.arg(d[u"prefill_replicas"_s].toInt())
                               .arg(d[u"prefill_chips_per_replica"_s].toInt())
                               .arg(d[u"decode_replicas"_s].toInt())
                               .arg(d[u"decode_chips_per_replica"_s].toInt());
    const QString row = table.out.split(u'\n').filter(split[u"sku"_s].toString()).filter(layout).value(0);
    INFO(table.out.left(3000).toStdString());
    REQUIRE_FALSE(row.isEmpty());
    CHECK(row.contains(QRegularExpression(u"%1\\s+%2\\s"_s.arg(QRegularExpression::escape(layout)).arg(chips))));
    CHECK(table.out.contains(u" per_1M_output_all_in"_s));

    const QJsonArray trial =
        jsonObject(scratch.run(load + QStringList{u"--trial"_s, u"--format"_s, u"json"_s}))[u"options"_s].toArray();
    int trialSpot = 0;
    for (const QJsonValue &o : trial)
        trialSpot += o[u"runnable"_s].toBool() && o[u"price_model"_s].toString() == u"spot"_s;
    CHECK(trialSpot > 0);
}

TEST_CASE("cli: serve takes the concurrency, the phase and the KV precision, and needs a load", "[cli][serve]")
{
    Scratch scratch;
    const QStringList base{u"serve"_s, u"--model"_s, u"deepseek-v3"_s, u"--precision"_s, u"fp8"_s,
                           u"--input-tokens"_s, u"2000"_s, u"--output-tokens"_s, u"500"_s, u"--accelerator"_s,
                           u"h200"_s, u"--format"_s, u"json"_s};
    // No load: a usage error that names both ways to give one, not a plan for zero requests.
    const Run none = scratch.run(base);
    CHECK(none.exitCode == 1);
    CHECK(none.err.contains(u"--qps"_s));
    CHECK(none.err.contains(u"--requests-per-month"_s));
    CHECK(scratch.run(base + QStringList{u"--qps"_s, u"1"_s, u"--phase"_s, u"sideways"_s}).exitCode == 1);
    CHECK(scratch.run(base + QStringList{u"--qps"_s, u"1"_s, u"--kv-precision"_s, u"fp6"_s}).exitCode == 1);
    CHECK(scratch.run(base + QStringList{u"--qps"_s, u"1"_s, u"--speculative-tokens"_s, u"1"_s}).exitCode == 1);

    auto serve = [&](const QStringList &extra) {
        const Run run = scratch.run(base + QStringList{u"--qps"_s, u"20"_s} + extra);
        INFO(run.err.toStdString());
        REQUIRE(run.exitCode == 0);
        return QJsonDocument::fromJson(run.out.toUtf8()).object();
    };
    const QJsonObject at32 = serve({u"--concurrency"_s, u"32"_s, u"--phase"_s, u"decode"_s});
    CHECK(at32[u"batch"_s].toInt() == 32);
    CHECK(at32[u"concurrency"_s].toInt() == 32);
    CHECK(at32[u"phase"_s].toString() == u"decode"_s);
    CHECK(at32[u"attention"_s].toString().contains(u"MLA"_s));
    // fp8 weights bring an fp8 KV cache: 61 layers · (512 + 64) bytes.
    CHECK(at32[u"kv_precision"_s].toString() == u"fp8"_s);
    CHECK(at32[u"kv_bytes_per_token"_s].toDouble() == Approx(61.0 * 576));
    for (const char *key : {"ttft_ms", "ttft_p90_ms", "tpot_p90_ms", "tokens_per_s_per_chip_low",
                            "tokens_per_s_per_chip_high", "parallelism", "decode_step_breakdown", "max_batch_by_memory",
                            "utilization"}) {
        CAPTURE(key);
        CHECK(at32.contains(QString::fromLatin1(key)));
    }
    CHECK(at32[u"tokens_per_s_per_chip_low"_s].toDouble() <= at32[u"tokens_per_s_per_chip"_s].toDouble());
    CHECK(at32[u"tokens_per_s_per_chip_high"_s].toDouble() >= at32[u"tokens_per_s_per_chip"_s].toDouble());
    const QJsonObject layout = at32[u"parallelism"_s].toObject();
    for (const char *key : {"tp", "pp", "ep", "dp"})
        CHECK(layout.contains(QString::fromLatin1(key)));
    // A replica's chips: tp · pp · dp (data-parallel attention ranks under expert parallelism).
    CHECK(layout[u"tp"_s].toInt() * layout[u"pp"_s].toInt() * layout[u"dp"_s].toInt()
          == at32[u"chips_per_replica"_s].toInt());
    const QJsonObject bf16Kv = serve({u"--concurrency"_s, u"32"_s, u"--kv-precision"_s, u"bf16"_s});
    CHECK(bf16Kv[u"kv_bytes_per_token"_s].toDouble() == Approx(61.0 * 576 * 2));
    // A larger concurrency serves more per chip.
    const QJsonObject at256 = serve({u"--concurrency"_s, u"256"_s, u"--phase"_s, u"decode"_s});
    CHECK(at256[u"tokens_per_s_per_chip"_s].toDouble() > 2 * at32[u"tokens_per_s_per_chip"_s].toDouble());
    const QJsonArray options = at256[u"options"_s].toArray();
    REQUIRE_FALSE(options.isEmpty());
    const QJsonObject first = options.first().toObject();
    CHECK(first[u"phase"_s].toString() == u"decode"_s);
    for (const char *key : {"concurrency", "kv_bytes_per_token", "ttft_ms", "ttft_p90_ms", "tokens_per_s_per_chip_low",
                            "tokens_per_s_per_chip_high", "parallelism", "phase", "disaggregation"}) {
        CAPTURE(key);
        CHECK(first.contains(QString::fromLatin1(key)));
    }
    CHECK(first[u"concurrency"_s].toInt() == 256);
}

TEST_CASE("cli: train and serve refuse bad counts and options", "[cli][train]")
{
    Scratch scratch;
    CHECK(scratch.run({u"train"_s, u"--model-params"_s, u"seventy"_s, u"--tokens"_s, u"2T"_s}).exitCode == 1);
    CHECK(scratch.run({u"train"_s, u"--tokens"_s, u"2T"_s}).exitCode == 1);
    CHECK(scratch.run({u"train"_s, u"--model-params"_s, u"7B"_s, u"--tokens"_s, u"1T"_s, u"--precision"_s, u"fp6"_s})
              .exitCode == 1);
    CHECK(scratch.run({u"serve"_s, u"--model-params"_s, u"7B"_s, u"--input-tokens"_s, u"10"_s, u"--output-tokens"_s,
                       u"10"_s, u"--qps"_s, u"1"_s, u"--requests-per-month"_s, u"1M"_s})
              .exitCode == 1);
}

TEST_CASE("cli: a user profile is listed with its origin and takes precedence", "[cli][profiles]")
{
    Scratch scratch;
    auto mfuOf = [&]() {
        const Run run = scratch.run({u"train"_s, u"--model-params"_s, u"7B"_s, u"--tokens"_s, u"1T"_s, u"--accelerator"_s,
                                     u"h100-sxm"_s, u"--chips"_s, u"64"_s, u"--format"_s, u"json"_s});
        REQUIRE(run.exitCode == 0);
        return QJsonDocument::fromJson(run.out.toUtf8()).object();
    };
    const QJsonObject before = mfuOf();
    CHECK(before[u"mfu_source"_s].toString().contains(u"github.com"_s));
    const Run added = scratch.run({u"catalog"_s, u"add-profile"_s, test::dataPath(u"profiles/user_h100.csv"_s)});
    CHECK(added.exitCode == 0);
    const QJsonObject after = mfuOf();
    CHECK(after[u"mfu"_s].toDouble() == Approx(0.55));
    CHECK(after[u"mfu_source"_s].toString().contains(u"example.test/our-run"_s));
    const QJsonArray listed = jsonArray(scratch.run({u"catalog"_s, u"profiles"_s, u"--accelerator"_s, u"h100-sxm"_s,
                                                     u"--format"_s, u"json"_s}));
    REQUIRE_FALSE(listed.isEmpty());
    CHECK(listed.first()[u"origin"_s].toString() == u"user"_s);
    for (const QJsonValue &v : listed)
        CHECK(v[u"accelerator"_s].toString() == u"h100-sxm"_s);

    const Run bad = scratch.run({u"catalog"_s, u"add-profile"_s, test::dataPath(u"profiles/bad_profile.json"_s)});
    CHECK(bad.exitCode == 2);
    CHECK(bad.err.contains(u"bad_profile.json:4: error: workload: unknown value 'pretraining'"_s));
    CHECK(bad.err.contains(u"bad_profile.json:4: error: typical: the band must be"_s));
}

TEST_CASE("cli: plan prints the pinned JSON of a scenario, ranked by lock-in-adjusted cost", "[cli][plan]")
{
    Scratch scratch;
    const Run run = scratch.run({u"plan"_s, test::examplePath(u"llama-70b.accelplan"_s), u"--format"_s, u"json"_s});
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    const QJsonObject plan = QJsonDocument::fromJson(run.out.toUtf8()).object();
    CHECK(plan.value(u"scenario"_s).toString() == u"Llama-class 70B"_s);
    CHECK(plan.value(u"currency"_s).toString() == u"USD"_s);
    CHECK(QDate::fromString(plan.value(u"prices_as_of"_s).toString(), Qt::ISODate).isValid());
    CHECK_FALSE(plan.value(u"recommendation"_s).toString().isEmpty());
    CHECK(plan.value(u"warnings"_s).isArray());
    for (const QString &section : {u"training"_s, u"inference"_s}) {
        INFO(section.toStdString());
        const QJsonArray options = plan.value(section).toObject().value(u"options"_s).toArray();
        REQUIRE(options.size() > 5);
        double previous = -1;
        for (const QJsonValue &value : options) {
            const QJsonObject o = value.toObject();
            if (!o.value(u"runnable"_s).toBool())
                continue;
            for (const QString &key : {u"provider"_s, u"sku"_s, u"accelerator"_s, u"cost"_s, u"lockin_score"_s,
                                       u"exit_cost"_s, u"lockin_adjusted_cost"_s, u"currency"_s})
                CHECK(o.contains(key));
            const QJsonObject breakdown = o.value(u"exit_cost_breakdown"_s).toObject();
            CHECK(o.value(u"exit_cost"_s).toDouble()
                  == Approx(breakdown.value(u"egress"_s).toDouble() + breakdown.value(u"porting"_s).toDouble()
                            + breakdown.value(u"commitment"_s).toDouble()));
            const double adjusted = o.value(u"lockin_adjusted_cost"_s).toDouble();
            CHECK(adjusted >= previous);
            previous = adjusted;
        }
    }
    const QJsonObject budget = plan.value(u"budget"_s).toObject();
    double sum = 0;
    for (const QJsonValue &m : budget.value(u"months"_s).toArray()) {
        const QJsonObject month = m.toObject();
        CHECK(month.contains(u"month"_s));
        CHECK(month.value(u"total"_s).toDouble()
              == Approx(month.value(u"training"_s).toDouble() + month.value(u"inference"_s).toDouble()
                        + month.value(u"commitments"_s).toDouble() + month.value(u"all_in"_s).toDouble()));
        sum += month.value(u"total"_s).toDouble();
    }
    CHECK(sum == Approx(budget.value(u"total"_s).toDouble()));
    const QJsonObject monteCarlo = plan.value(u"sensitivity"_s).toObject().value(u"monte_carlo"_s).toObject();
    CHECK(monteCarlo.value(u"p10"_s).toDouble() < monteCarlo.value(u"p90"_s).toDouble());
    // Same scenario, same seed: the same output, byte for byte.
    const Run again = scratch.run({u"plan"_s, test::examplePath(u"llama-70b.accelplan"_s), u"--format"_s, u"json"_s});
    CHECK(again.out == run.out);
    // The table and CSV forms list the same options.
    const Run table = scratch.run({u"plan"_s, test::examplePath(u"llama-70b.accelplan"_s)});
    CHECK(table.exitCode == 0);
    // The headline leads: the budget at P50 with P90 beside it, the cash out, the figures of the JSON.
    const QJsonObject headline = plan.value(u"headline"_s).toObject();
    QLocale c = QLocale::c();
    c.setNumberOptions(QLocale::DefaultNumberOptions); // grouped thousands, as the headline writes them
    CHECK(table.out.section(u'\n', 1, 1)
              .startsWith(u"Budget %1 USD at P50 (P90 %2"_s.arg(c.toString(headline[u"budget_p50"_s].toDouble(), 'f', 0),
                                                                c.toString(headline[u"budget_p90"_s].toDouble(), 'f', 0))));
    CHECK(table.out.contains(u"cash out %1 USD"_s.arg(c.toString(headline[u"cash_total"_s].toDouble(), 'f', 0))));
    CHECK(headline[u"text"_s].toString() == table.out.section(u'\n', 1, 1));
    for (const QJsonValue &risk : headline[u"risks"_s].toArray())
        CHECK(table.out.contains(u"Risk: "_s + risk.toString()));
    // Key figures first, and where each option runs.
    const Run csv = scratch.run({u"plan"_s, test::examplePath(u"jax-8b-tpu-or-gpu.accelplan"_s), u"--format"_s, u"csv"_s});
    CHECK(csv.exitCode == 0);
    CHECK(csv.out.startsWith(u"section,rank,cost_USD,days,chips,region,provider,sku,price_model,accelerator,nodes,fabric,"_s));
    const QStringList firstTraining = csv.out.section(u'\n', 1, 1).split(u',');
    REQUIRE(firstTraining.size() >= 12);
    CHECK(firstTraining.at(0) == u"training"_s);
    CHECK_FALSE(firstTraining.at(5).isEmpty()); // region
    CHECK(firstTraining.at(3).toDouble() > 0);   // days
    CHECK(firstTraining.at(10).toInt() > 0);     // nodes
}

TEST_CASE("cli: plan refuses a newer or broken scenario with file and line, exit 2", "[cli][plan]")
{
    Scratch scratch;
    QTemporaryDir dir;
    const QString newer = dir.filePath(u"newer.accelplan"_s);
    {
        QFile file(newer);
        REQUIRE(file.open(QIODevice::WriteOnly));
        file.write(R"({"format": "accelplan-scenario",
"version": 3, "name": "x", "training": {"model_params": 1e9, "tokens": 1e9}})");
    }
    const Run run = scratch.run({u"plan"_s, newer});
    CHECK(run.exitCode == 2);
    CHECK(run.err.contains(newer + u":2: error: version: version 3 is newer"_s));
    const Run missing = scratch.run({u"plan"_s, dir.filePath(u"nope.accelplan"_s)});
    CHECK(missing.exitCode == 2);
    CHECK(missing.err.contains(u"nope.accelplan: no such file"_s));
    const Run none = scratch.run({u"plan"_s});
    CHECK(none.exitCode == 1);
}

namespace {

// Runs a poppler tool on a PDF and returns its standard output.
QString poppler(const QString &tool, const QStringList &arguments)
{
    QProcess process;
    process.start(tool, arguments);
    REQUIRE(process.waitForFinished(60'000));
    INFO(QString::fromUtf8(process.readAllStandardError()).toStdString());
    REQUIRE(process.exitCode() == 0);
    return QString::fromUtf8(process.readAllStandardOutput());
}

// The PDF's text; NFKC turns the font's ligatures ("ﬁ") back into letters.
QString pdfText(const QString &pdf)
{
    return poppler(u"pdftotext"_s, {pdf, u"-"_s}).normalized(QString::NormalizationForm_KC);
}

// Text without white space or hyphens: pdftotext drops the hyphen where a URL wraps at one.
QString squashed(QString text)
{
    text.remove(QRegularExpression(u"[\\s-]+"_s));
    return text;
}

QString amount(double value)
{
    return QLocale(QLocale::English, QLocale::UnitedStates).toString(value, 'f', 0);
}

} // namespace

TEST_CASE("cli: report writes every section with the plan's numbers, headers and sources", "[cli][report]")
{
    Scratch scratch;
    QTemporaryDir dir;
    const QString name = GENERATE(u"llama-70b.accelplan"_s, u"jax-8b-tpu-or-gpu.accelplan"_s,
                                  u"chat-service-8b-eur.accelplan"_s);
    INFO(name.toStdString());
    const QString scenario = test::examplePath(name);
    const Run plan = scratch.run({u"plan"_s, scenario, u"--format"_s, u"json"_s});
    REQUIRE(plan.exitCode == 0);
    const QJsonObject json = QJsonDocument::fromJson(plan.out.toUtf8()).object();
    const QString pdf = dir.filePath(u"report.pdf"_s);
    const Run report = scratch.run({u"report"_s, scenario, u"-o"_s, pdf});
    INFO(report.err.toStdString());
    REQUIRE(report.exitCode == 0);
    const QString text = pdfText(pdf);
    const QString flat = squashed(text);

    // The sections, in order, each as a heading line.
    qsizetype at = 0;
    // Finance first; the engineering appendix (assumptions, sources) after.
    for (const QString &heading : {u"Summary"_s, u"Options"_s, u"Budget"_s, u"Lock-in"_s, u"Sensitivity"_s,
                                   u"Engineering appendix"_s, u"Assumptions"_s, u"Sources"_s}) {
        INFO(heading.toStdString());
        const qsizetype found = text.indexOf(QRegularExpression(u"(^|\\n)"_s + heading + u"\\n"_s), at);
        REQUIRE(found >= 0);
        at = found + 1;
    }

    // The page header (scenario, date, currency) and the page number on every page.
    const int pages = poppler(u"pdfinfo"_s, {pdf}).section(u"Pages:"_s, 1).section(u'\n', 0, 0).trimmed().toInt();
    REQUIRE(pages >= 2);
    const QString currency = json.value(u"currency"_s).toString();
    CHECK(text.count(u"Amounts in "_s + currency) == pages);
    CHECK(text.count(json.value(u"scenario"_s).toString() + u'\n') >= pages);
    CHECK(text.count(u"Report of %1"_s.arg(QDate::currentDate().toString(Qt::ISODate))) == pages);
    for (int page = 1; page <= pages; ++page)
        CHECK(text.contains(u"Page %1 of %2"_s.arg(page).arg(pages)));

    // The numbers are the plan's: budget total, months, P10/P50/P90, the ranked options.
    const QJsonObject budget = json.value(u"budget"_s).toObject();
    CHECK(text.contains(amount(budget.value(u"total"_s).toDouble()) + u' ' + currency));
    for (const QJsonValue &month : budget.value(u"months"_s).toArray())
        CHECK(text.contains(amount(month.toObject().value(u"total"_s).toDouble())));
    const QJsonObject monteCarlo = json.value(u"sensitivity"_s).toObject().value(u"monte_carlo"_s).toObject();
    for (const QString &key : {u"p10"_s, u"p50"_s, u"p90"_s})
        CHECK(text.contains(amount(monteCarlo.value(key).toDouble()) + u' ' + currency));
    CHECK(flat.contains(squashed(json.value(u"recommendation"_s).toString())));
    QStringList sources;
    for (const QString &side : {u"training"_s, u"inference"_s}) {
        const QJsonArray options = json.value(side).toObject().value(u"options"_s).toArray();
        int listed = 0;
        for (const QJsonValue &value : options) {
            const QJsonObject o = value.toObject();
            if (!o.value(u"runnable"_s).toBool() || listed == 10)
                continue;
            ++listed;
            // rank, provider … cost, lock-in score, adjusted cost: one row of the Options table
            CHECK(text.contains(amount(o.value(u"plan_cost"_s).toDouble())));
            CHECK(text.contains(amount(o.value(u"lockin_adjusted_cost"_s).toDouble())));
            sources.append(o.value(u"price_source_url"_s).toString());
        }
    }
    REQUIRE_FALSE(sources.isEmpty());
    // Sources: every price row used with its URL (wrapped in the table, so compared without spaces),
    // every sheet by name.
    for (const QString &url : std::as_const(sources))
        CHECK(flat.contains(squashed(url)));
    const QJsonArray sheets = jsonArray(scratch.run({u"prices"_s, u"sheets"_s, u"--format"_s, u"json"_s}));
    REQUIRE_FALSE(sheets.isEmpty());
    for (const QJsonValue &sheet : sheets)
        CHECK(flat.contains(squashed(sheet.toObject().value(u"name"_s).toString())));
    // Every default the plan used is listed under Assumptions (its key in words: the value part).
    for (const QJsonValue &line : json.value(u"defaults"_s).toArray()) {
        INFO(line.toString().toStdString());
        const QString text = line.toString();
        const qsizetype equals = text.indexOf(u" = "_s);
        CHECK(flat.contains(squashed(equals > 0 ? text.mid(equals) : text)));
    }

    // The same scenario and database give the same report.
    const QString again = dir.filePath(u"again.pdf"_s);
    REQUIRE(scratch.run({u"report"_s, scenario, u"-o"_s, again}).exitCode == 0);
    CHECK(pdfText(again) == text);
}

TEST_CASE("cli: report embeds its fonts and honours --page-size and --top", "[cli][report]")
{
    Scratch scratch;
    QTemporaryDir dir;
    const QString scenario = test::examplePath(u"llama-70b.accelplan"_s);
    const QString pdf = dir.filePath(u"letter.pdf"_s);
    const Run report = scratch.run({u"report"_s, scenario, u"-o"_s, pdf, u"--page-size"_s, u"Letter"_s, u"--top"_s, u"3"_s});
    INFO(report.err.toStdString());
    REQUIRE(report.exitCode == 0);

    const QStringList fonts = poppler(u"pdffonts"_s, {pdf}).split(u'\n', Qt::SkipEmptyParts).mid(2);
    REQUIRE_FALSE(fonts.isEmpty());
    for (const QString &font : fonts) {
        INFO(font.toStdString());
        // name type encoding emb sub uni object ID: "emb" is the fourth column from the right.
        const QStringList columns = font.split(u' ', Qt::SkipEmptyParts);
        REQUIRE(columns.size() >= 7);
        CHECK(columns.at(columns.size() - 5) == u"yes"_s);
    }
    CHECK(poppler(u"pdfinfo"_s, {pdf}).contains(u"612 x 792 pts (letter)"_s));
    const QString text = pdfText(pdf);
    CHECK(text.contains(u"Training: the 3 cheapest of"_s));
    CHECK(text.contains(u"the 3 cheapest of"_s));

    const QString a4 = dir.filePath(u"a4.pdf"_s);
    REQUIRE(scratch.run({u"report"_s, scenario, u"-o"_s, a4}).exitCode == 0);
    CHECK(poppler(u"pdfinfo"_s, {a4}).contains(u"595 x 842 pts (A4)"_s));
}

TEST_CASE("cli: report refuses bad arguments and leaves an existing file alone on failure", "[cli][report]")
{
    Scratch scratch;
    QTemporaryDir dir;
    const QString scenario = test::examplePath(u"llama-70b.accelplan"_s);
    const QString pdf = dir.filePath(u"kept.pdf"_s);
    {
        QFile file(pdf);
        REQUIRE(file.open(QIODevice::WriteOnly));
        file.write("previous report");
    }
    CHECK(scratch.run({u"report"_s, scenario}).exitCode == 1);
    CHECK(scratch.run({u"report"_s, scenario, u"-o"_s, pdf, u"--page-size"_s, u"A5"_s}).exitCode == 1);
    CHECK(scratch.run({u"report"_s, scenario, u"-o"_s, pdf, u"--top"_s, u"0"_s}).exitCode == 1);
    const Run broken = scratch.run({u"report"_s, dir.filePath(u"missing.accelplan"_s), u"-o"_s, pdf});
    CHECK(broken.exitCode == 2);
    const Run unwritable = scratch.run({u"report"_s, scenario, u"-o"_s, dir.filePath(u"no/such/folder/r.pdf"_s)});
    CHECK(unwritable.exitCode == 3);
    CHECK(unwritable.err.contains(u"cannot write"_s));
    QFile file(pdf);
    REQUIRE(file.open(QIODevice::ReadOnly));
    CHECK(file.readAll() == "previous report");
}

TEST_CASE("cli: prices import --format aws reads the EC2 offer file, counts what it skips, refuses a bad one", "[cli][aws]")
{
    Scratch scratch;
    const int before = sheetCount(scratch);
    const Run good = scratch.run({u"prices"_s, u"import"_s, u"--format"_s, u"aws"_s, test::dataPath(u"aws/ec2_traps.csv"_s)});
    INFO(good.err.toStdString());
    REQUIRE(good.exitCode == 0);
    CHECK(good.out.contains(u"4 rows"_s));
    CHECK(good.err.contains(u"skipped 1 rows: not Linux"_s));
    CHECK(good.err.contains(u"not in the mapping table: p3.2xlarge"_s));
    CHECK(sheetCount(scratch) == before + 1);

    const Run bad = scratch.run({u"prices"_s, u"import"_s, u"--format"_s, u"aws"_s,
                                 test::dataPath(u"aws/ec2_negative_price.csv"_s)});
    CHECK(bad.exitCode == 2);
    CHECK(bad.err.contains(u"ec2_negative_price.csv:8: error: PricePerUnit"_s));
    CHECK(sheetCount(scratch) == before + 1); // nothing written
}

TEST_CASE("cli: an Azure price file read today supersedes the shipped approximate row and is not stale",
          "[cli][import][supersede]")
{
    Scratch scratch;
    auto a100 = [&]() -> QJsonObject {
        const QJsonArray rows = jsonArray(scratch.run({u"prices"_s, u"list"_s, u"--provider"_s, u"Azure"_s, u"--region"_s,
                                                       u"eastus"_s, u"--price-model"_s, u"on_demand"_s, u"--format"_s,
                                                       u"json"_s}));
        for (const QJsonValue &v : rows)
            if (v[u"sku"_s].toString() == u"Standard_NC24ads_A100_v4"_s)
                return v.toObject();
        return {};
    };
    // The premise: the shipped sheet holds this offer as an approximate third-party price, dated
    // after the file's effectiveStartDate (2024-06-01), so by date alone the file would be history.
    const QJsonObject shipped = a100();
    REQUIRE(shipped[u"confidence"_s].toString() == u"approximate"_s);
    REQUIRE(QDate::fromString(shipped[u"effective_date"_s].toString(), Qt::ISODate) > QDate(2024, 6, 1));

    const QString file = test::dataPath(u"azure/retail_traps.json"_s);
    const Run dry = scratch.run({u"prices"_s, u"import"_s, u"--dry-run"_s, file});
    INFO(dry.out.toStdString() << dry.err.toStdString());
    REQUIRE(dry.exitCode == 0);
    CHECK(dry.out.contains(u"; supersedes 1 approximate third-party row"_s));
    // Listed (changed, or unchanged as the shipped price is today) saying what it supersedes.
    QString line;
    for (const QString &l : dry.out.split(u'\n'))
        if (l.contains(u" Azure Standard_NC24ads_A100_v4 eastus on_demand "_s))
            line = l;
    CHECK(line.endsWith(u" 3.673 USD/hour (supersedes an approximate price from "_s
                        + shipped[u"effective_date"_s].toString() + u')'));

    const QDate readFrom = QDate::currentDate();
    const Run run = scratch.run({u"prices"_s, u"import"_s, file});
    REQUIRE(run.exitCode == 0);
    CHECK(run.out.contains(u"; supersedes 1 approximate third-party row"_s));
    const QJsonObject now = a100();
    CHECK(now[u"confidence"_s].toString() == u"exact"_s);
    CHECK(now[u"price"_s].toDouble() == 3.673);
    CHECK(now[u"effective_date"_s].toString() == u"2024-06-01"_s);
    const QDate read = QDate::fromString(now[u"as_of"_s].toString(), Qt::ISODate);
    CHECK(read >= readFrom);
    CHECK(read <= QDate::currentDate());
    CHECK_FALSE(now[u"stale"_s].toBool());
}

TEST_CASE("cli: prices import --format auto recognises each provider format and says which", "[cli][import]")
{
    Scratch scratch;
    struct Case
    {
        QString file;
        QString format;
    };
    const QList<Case> cases = {{u"aws/ec2_traps.csv"_s, u"aws"_s},
                               {u"aws/ec2_traps.json"_s, u"aws-json"_s},
                               {u"azure/retail_two_pages.json"_s, u"azure"_s},
                               {u"gcp/gcp_traps.json"_s, u"gcp"_s},
                               {u"sheets/good/all_fields.csv"_s, u"csv"_s}};
    // A native sheet needs no word on its format: its import says nothing on stderr.
    for (const Case &c : cases) {
        const Run run = scratch.run({u"prices"_s, u"import"_s, u"--dry-run"_s, test::dataPath(c.file)});
        INFO(c.file.toStdString() << "\n" << run.err.toStdString());
        CHECK(run.exitCode == 0);
        if (c.format == u"csv"_s)
            CHECK(run.err.isEmpty());
        else
            CHECK(run.err.contains(u": read as "_s + c.format + u" ("_s));
        // Named explicitly, the same file gives the same summary.
        const Run named = scratch.run({u"prices"_s, u"import"_s, u"--dry-run"_s, u"--format"_s, c.format, test::dataPath(c.file)});
        CHECK(named.out == run.out);
    }
    const Run unknown = scratch.run({u"prices"_s, u"import"_s, u"--format"_s, u"oracle"_s, test::dataPath(u"aws/ec2_traps.csv"_s)});
    CHECK(unknown.exitCode == 1);
    CHECK(unknown.err.contains(u"aws-json"_s));
}

namespace {

/// Opens the write end of a FIFO once the reader has opened it (up to 20 s); -1 on timeout.
int openFifoForWriting(const QString &path)
{
    for (int i = 0; i < 400; ++i) {
        const int fd = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_NONBLOCK);
        if (fd >= 0)
            return fd;
        QThread::msleep(50);
    }
    return -1;
}

/// Waits until the process's stderr (accumulated in \a err) contains \a text.
bool waitForStderr(QProcess &process, QByteArray &err, const QByteArray &text)
{
    process.setReadChannel(QProcess::StandardError); // waitForReadyRead waits for the read channel
    while (!err.contains(text)) {
        if (process.state() == QProcess::NotRunning || !process.waitForReadyRead(20'000))
            return false;
        err += process.readAllStandardError();
    }
    return true;
}

/// Current prices and sheets of a database, as the CLI lists them: equal before and after means unchanged.
QString databaseContents(const Scratch &scratch)
{
    return scratch.run({u"prices"_s, u"list"_s, u"--format"_s, u"csv"_s}).out
           + scratch.run({u"prices"_s, u"sheets"_s, u"--format"_s, u"json"_s}).out;
}

QString integrityCheck(const QString &db)
{
    QString result;
    {
        QSqlDatabase connection = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"integrity"_s);
        connection.setDatabaseName(db);
        REQUIRE(connection.open());
        QSqlQuery query(u"PRAGMA integrity_check"_s, connection);
        REQUIRE(query.next());
        result = query.value(0).toString();
    }
    QSqlDatabase::removeDatabase(u"integrity"_s);
    return result;
}

} // namespace

TEST_CASE("cli: Ctrl-C during an import stops it, says so and leaves the database untouched", "[cli][import]")
{
    Scratch scratch;
    const QString before = databaseContents(scratch);
    const QString fifo = scratch.dir.filePath(u"index.csv"_s);
    REQUIRE(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);

    // The AWS file arrives through a pipe: the import is certainly still reading when Ctrl-C comes.
    QProcess process;
    process.start(QStringLiteral(ACCELPLAN_CLI),
                  {u"--db"_s, scratch.db, u"prices"_s, u"import"_s, u"--format"_s, u"aws"_s, u"--progress"_s, fifo});
    const int fd = openFifoForWriting(fifo);
    REQUIRE(fd >= 0);
    QFile traps(test::dataPath(u"aws/ec2_traps.csv"_s));
    REQUIRE(traps.open(QIODevice::ReadOnly));
    const QByteArray half = traps.readAll().left(3000);
    REQUIRE(::write(fd, half.constData(), half.size()) == half.size());
    QByteArray err;
    REQUIRE(waitForStderr(process, err, "reading"));

    ::kill(pid_t(process.processId()), SIGINT);
    QThread::msleep(300);
    ::close(fd); // the reader's blocked read returns; it sees the interrupt
    REQUIRE(process.waitForFinished(20'000));
    err += process.readAllStandardError();
    INFO(err.toStdString());
    CHECK(process.exitStatus() == QProcess::NormalExit);
    CHECK(process.exitCode() == 130);
    CHECK(err.contains("interrupted; nothing was imported"));
    CHECK(databaseContents(scratch) == before);
    CHECK(integrityCheck(scratch.db) == u"ok"_s);
}

TEST_CASE("cli: an import killed half-way leaves the database intact and unchanged", "[cli][import]")
{
    Scratch scratch;
    const QString before = databaseContents(scratch);
    const int sheetsBefore = sheetCount(scratch);

    // 100,000 offers: writing them takes long enough to be killed in the middle of it.
    const QString sheet = scratch.dir.filePath(u"big.csv"_s);
    {
        QFile file(sheet);
        REQUIRE(file.open(QIODevice::WriteOnly));
        QTextStream out(&file);
        out << "provider,offer_kind,sku,accelerator,accelerator_count,region,price_model,price,currency,unit,"
               "effective_date,source_url\n";
        const char *models[] = {"on_demand", "spot", "commit_1y", "commit_3y"};
        for (int i = 0; i < 100'000; ++i)
            out << "CrashCloud,cloud_vm,crash-" << i / 4 << ".xlarge,h100-sxm,8,region-" << (i / 4) % 30 << ','
                << models[i % 4] << ',' << (i / 4) % 1000 + 1 << ".5,USD,hour,2026-10-01,https://example.test/crash\n";
    }

    for (const int delayMs : {0, 150, 400}) {
        QProcess process;
        process.start(QStringLiteral(ACCELPLAN_CLI), {u"--db"_s, scratch.db, u"prices"_s, u"import"_s, u"--progress"_s, sheet});
        QByteArray err;
        REQUIRE(waitForStderr(process, err, "writing 100000 offers"));
        QThread::msleep(delayMs);
        ::kill(pid_t(process.processId()), SIGKILL);
        REQUIRE(process.waitForFinished(20'000));
        INFO("killed " << delayMs << " ms into the write");
        CHECK(process.exitStatus() == QProcess::CrashExit); // killed, not finished
        CHECK(integrityCheck(scratch.db) == u"ok"_s);
        CHECK(databaseContents(scratch) == before);
    }

    // The database still works: the same import now runs to its end.
    const Run done = scratch.run({u"prices"_s, u"import"_s, sheet});
    CHECK(done.exitCode == 0);
    CHECK(done.out.contains(u"100000 added"_s));
    CHECK(sheetCount(scratch) == sheetsBefore + 1);
}

TEST_CASE("cli: a long-context preset trains at a pre-training sequence length unless told otherwise, and says so",
          "[cli][training]")
{
    Scratch scratch;
    // Llama 3.1 8B's preset has a 131,072-token context; attention at that length is 12·L·h·s =
    // 2.1e11 FLOPs a token against 4.8e10 for the weights: projected at it, a 15T-token run cost
    // 5.7x what it does at the 8,192 tokens Llama 3 pre-trained at.
    const QStringList base{u"train"_s, u"--model"_s, u"llama3.1-8b"_s, u"--tokens"_s, u"15T"_s, u"--accelerator"_s,
                           u"h100-sxm"_s, u"--chips"_s, u"256"_s, u"--format"_s, u"json"_s};
    const QJsonObject assumed = jsonObject(scratch.run(base));
    const double attention8k = 12.0 * 32 * 4096 * 8192 * 15e12;
    CHECK(assumed[u"attention_flops"_s].toDouble() == Approx(attention8k));
    bool said = false;
    for (const QJsonValue &w : assumed[u"warnings"_s].toArray())
        said = said || (w.toString().contains(u"sequence length 8192 assumed"_s) && w.toString().contains(u"131072"_s));
    CHECK(said);
    // Stated, the length is the user's, with no warning.
    const QJsonObject stated = jsonObject(scratch.run(base + QStringList{u"--seq-len"_s, u"131072"_s}));
    CHECK(stated[u"attention_flops"_s].toDouble() == Approx(attention8k * 16));
    for (const QJsonValue &w : stated[u"warnings"_s].toArray())
        CHECK_FALSE(w.toString().contains(u"sequence length"_s));
    // A preset whose context is a pre-training length keeps it (Llama 2 7B: 4,096).
    const QJsonObject llama2 = jsonObject(scratch.run({u"train"_s, u"--model"_s, u"llama2-7b"_s, u"--tokens"_s, u"2T"_s,
                                                      u"--accelerator"_s, u"h100-sxm"_s, u"--chips"_s, u"64"_s,
                                                      u"--format"_s, u"json"_s}));
    CHECK(llama2[u"attention_flops"_s].toDouble() == Approx(12.0 * 32 * 4096 * 4096 * 2e12));
}

TEST_CASE("cli: serve --engine and a scenario's inference.engine set the sequences an instance schedules by default",
          "[cli][serving]")
{
    Scratch scratch;
    const QStringList base{u"serve"_s, u"--model"_s, u"llama3-8b"_s, u"--input-tokens"_s, u"200"_s,
                           u"--output-tokens"_s, u"100"_s, u"--qps"_s, u"50"_s, u"--mode"_s, u"offline"_s,
                           u"--accelerator"_s, u"h200"_s, u"--chips-per-replica"_s, u"1"_s, u"--format"_s, u"json"_s};
    auto firstConcurrency = [](const QJsonObject &json) {
        for (const QJsonValue &o : json[u"options"_s].toArray())
            if (o[u"runnable"_s].toBool())
                return o[u"concurrency"_s].toInt();
        return 0;
    };
    const QJsonObject vllm = jsonObject(scratch.run(base));
    CHECK(vllm[u"engine"_s].toString() == u"vllm"_s);
    CHECK(firstConcurrency(vllm) == 1024);
    const QJsonObject sglang = jsonObject(scratch.run(base + QStringList{u"--engine"_s, u"SGLang"_s}));
    CHECK(sglang[u"engine"_s].toString() == u"sglang"_s);
    CHECK(firstConcurrency(sglang) > 1024);
    CHECK(sglang[u"options"_s].toArray().first()[u"engine_source"_s].toString().contains(u"SGLang"_s));
    // An unknown engine is a usage error that lists the known ones.
    const Run unknown = scratch.run(base + QStringList{u"--engine"_s, u"tgi-2"_s});
    CHECK(unknown.exitCode == 1);
    CHECK(unknown.err.contains(u"tgi-2"_s));
    CHECK(unknown.err.contains(u"trtllm"_s));
    // The scenario format: read, planned and refused at its line when unknown.
    const QString good = scratch.write(u"engine.accelplan"_s, R"({"format": "accelplan-scenario", "version": 1, "name": "E",
        "inference": {"model": "llama3-8b", "input_tokens": 200, "output_tokens": 100, "requests_per_second": 50,
                      "mode": "offline", "chips_per_replica": 1, "engine": "trtllm"},
        "constraints": {"accelerators": ["h200"]}})");
    const QJsonObject planned = jsonObject(scratch.run({u"plan"_s, good, u"--format"_s, u"json"_s}));
    CHECK(planned[u"inference"_s][u"engine"_s].toString() == u"trtllm"_s);
    const QString bad = scratch.write(u"bad.accelplan"_s, R"({"format": "accelplan-scenario", "version": 1, "name": "E",
        "inference": {"model": "llama3-8b", "input_tokens": 200, "output_tokens": 100, "requests_per_second": 50,
                      "engine": "triton"}})");
    const Run refused = scratch.run({u"plan"_s, bad});
    CHECK(refused.exitCode == 2);
    CHECK(refused.err.contains(u"inference.engine"_s));
    CHECK(refused.err.contains(u"triton"_s));
}

TEST_CASE("train and serve read a model from its Hugging Face config.json", "[cli][model-config]")
{
    const QString llama = test::dataPath(u"hf/llama-3.1-70b.json"_s);
    const QString v3 = test::dataPath(u"hf/deepseek-v3.json"_s);
    // The same plan as the preset's: parameters within the norms' weights, the same KV cache.
    const QJsonObject fromConfig = jsonObject(cli({u"train"_s, u"--model-config"_s, llama, u"--tokens"_s, u"1e12"_s, u"--format"_s, u"json"_s}));
    const QJsonObject fromPreset = jsonObject(cli({u"train"_s, u"--model"_s, u"llama-3.1-70b"_s, u"--tokens"_s, u"1e12"_s, u"--format"_s, u"json"_s}));
    CHECK(fromConfig[u"model_params"_s].toDouble() == Approx(fromPreset[u"model_params"_s].toDouble()).epsilon(0.0001));
    CHECK(fromConfig[u"total_flops"_s].toDouble() == Approx(fromPreset[u"total_flops"_s].toDouble()).epsilon(0.0001));
    const QStringList serve{u"serve"_s, u"--input-tokens"_s, u"1000"_s, u"--output-tokens"_s, u"1000"_s, u"--qps"_s, u"5"_s,
                            u"--format"_s, u"json"_s};
    const QJsonObject served = jsonObject(cli(serve + QStringList{u"--model-config"_s, v3}));
    CHECK(served[u"model_params"_s].toDouble() == Approx(671e9).epsilon(0.005));
    CHECK(served[u"active_params"_s].toDouble() == Approx(37e9).epsilon(0.02));
    CHECK(served[u"kv_bytes_per_token"_s].toDouble()
          == jsonObject(cli(serve + QStringList{u"--model"_s, u"deepseek-v3"_s}))[u"kv_bytes_per_token"_s].toDouble());

    // A config without its layers: file, line and field, exit 2; both options: a usage error.
    const Run missing = cli(serve + QStringList{u"--model-config"_s, test::dataPath(u"hf/no_layers.json"_s)});
    CHECK(missing.exitCode == 2);
    CHECK(missing.err.contains(u"no_layers.json:1: error: num_hidden_layers"_s));
    const Run both = cli(serve + QStringList{u"--model-config"_s, v3, u"--model"_s, u"deepseek-v3"_s});
    CHECK(both.exitCode == 1);
    CHECK(both.err.contains(u"not both"_s));
    const Run unreadable = cli(serve + QStringList{u"--model-config"_s, test::dataPath(u"hf/absent.json"_s)});
    CHECK(unreadable.exitCode == 2);
    CHECK(unreadable.err.contains(u"absent.json"_s));
}

TEST_CASE("A scenario keeps a model's config.json under model_config and plans with it", "[cli][model-config]")
{
    Scratch scratch;
    QFile config(test::dataPath(u"hf/llama-3.1-70b.json"_s));
    REQUIRE(config.open(QIODevice::ReadOnly));
    const QJsonObject llama = QJsonDocument::fromJson(config.readAll()).object();
    auto scenarioWith = [&](const QJsonObject &modelConfig) {
        QJsonObject training{{u"model_config"_s, modelConfig}, {u"tokens"_s, 2e12}, {u"precision"_s, u"bf16"_s}};
        const QJsonObject root{{u"format"_s, u"accelplan-scenario"_s}, {u"version"_s, 1}, {u"name"_s, u"from a config"_s},
                               {u"training"_s, training}};
        return scratch.write(u"config.accelplan"_s, QJsonDocument(root).toJson());
    };
    const Run planned = cli({u"plan"_s, scenarioWith(llama), u"--format"_s, u"json"_s, u"--top"_s, u"1"_s});
    INFO(planned.err.toStdString());
    REQUIRE(planned.exitCode == 0);
    CHECK(jsonObject(planned)[u"training"_s][u"model_params"_s].toDouble() == Approx(70.55e9).epsilon(0.001));

    // A config without its layers: the scenario's file, the line of model_config and the field.
    QJsonObject broken = llama;
    broken.remove(u"num_hidden_layers"_s);
    const Run refused = cli({u"plan"_s, scenarioWith(broken)});
    CHECK(refused.exitCode == 2);
    CHECK(refused.err.contains(QRegularExpression(u"config\\.accelplan:\\d+: error: training\\.model_config: num_hidden_layers"_s)));
}
