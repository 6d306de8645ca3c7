// The PDF report as a reader sees it.

#include "tests/cli/clirun.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QProcess>
#include <QRegularExpression>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::test;

TEST_CASE("report: the Assumptions page names every input in words with its unit", "[cli][report]")
{
    Scratch scratch;
    const QString pdf = scratch.dir.filePath(u"report.pdf"_s);
    const Run run = scratch.run({u"report"_s, u"-o"_s, pdf, examplePath(u"llama-70b.accelplan"_s)});
    REQUIRE(run.exitCode == 0);
    QProcess text;
    text.start(u"pdftotext"_s, {u"-layout"_s, pdf, u"-"_s});
    REQUIRE(text.waitForFinished(30'000));
    const QString page = QString::fromUtf8(text.readAllStandardOutput()).normalized(QString::NormalizationForm_KC);
    const QString assumptions = page.mid(page.indexOf(u"Assumptions"_s));
    for (const QString &raw : {u"training.tokens"_s, u"constraints.max_chips"_s, u"lockin.exit_probability"_s,
                               u"inference.ttft_ms"_s, u"ownership.power_price_kwh"_s, u"inference.concurrency"_s,
                               u"inference.phase"_s, u"inference.kv_precision"_s, u"inference.speculative_tokens"_s,
                               u"inference.speculative_acceptance"_s, u"ownership.networking_per_server"_s})
        CHECK_FALSE(assumptions.contains(raw));
    CHECK(assumptions.contains(u"Training: tokens"_s));
    CHECK(assumptions.contains(u"2,000,000,000,000"_s));
    CHECK(assumptions.contains(u"Inference: time to first token target"_s));
    CHECK(assumptions.contains(u"2,000 ms"_s));
    CHECK(assumptions.contains(u"Training: deadline"_s));
    CHECK(assumptions.contains(u"60 days"_s));
    CHECK(assumptions.contains(u"Owned hardware: electricity"_s));
    CHECK(assumptions.contains(u"20261122"_s)); // the seed is an identifier: no separators
    // The defaults the plan used are named in words too.
    CHECK_FALSE(assumptions.contains(u"inference.mode ="_s));
    CHECK(assumptions.contains(u"Inference: mode = online (default)"_s));
    CHECK_FALSE(assumptions.contains(u"20,261,122"_s));
    CHECK_FALSE(assumptions.contains(u"inference.production"_s));
    CHECK_FALSE(assumptions.contains(u"ownership.other_use"_s));
    CHECK_FALSE(assumptions.contains(u"training.steady_state"_s));
    CHECK(assumptions.contains(u"Training: steady state only (not a campaign)"_s));
    // Grouped by topic, not by the alphabet of the keys: the scenario, training, inference,
    // constraints, lock-in, owned hardware, sensitivity.
    qsizetype at = 0;
    for (const QString &first : {u"Scenario name"_s, u"Training: "_s, u"Inference: "_s, u"Constraint: "_s, u"Lock-in: "_s,
                                 u"Owned hardware: "_s, u"Sensitivity: "_s}) {
        INFO(first.toStdString());
        const qsizetype found = assumptions.indexOf(first);
        REQUIRE(found >= 0);
        CHECK(found >= at);
        at = found;
    }
}


TEST_CASE("report: an option row never runs across a page break", "[cli][report]")
{
    Scratch scratch;
    const QString pdf = scratch.dir.filePath(u"long.pdf"_s);
    // 80 options a side: the Options tables run over several pages.
    const Run run = scratch.run({u"report"_s, u"-o"_s, pdf, u"--top"_s, u"80"_s, examplePath(u"llama-70b.accelplan"_s)});
    REQUIRE(run.exitCode == 0);
    QProcess info;
    info.start(u"pdfinfo"_s, {pdf});
    REQUIRE(info.waitForFinished(30'000));
    const int pages = QString::fromUtf8(info.readAllStandardOutput()).section(u"Pages:"_s, 1).section(u'\n', 0, 0).trimmed().toInt();
    REQUIRE(pages >= 4);
    const QRegularExpression rowStart(u"^\\s*\\d+\\s+\\S"_s);
    const QRegularExpression headerWord(u"^[\\sA-Za-z-]+$"_s); // "in   cost" under "Lock-   Adjusted"
    int continuedTables = 0;
    for (int page = 2; page <= pages; ++page) {
        QProcess text;
        text.start(u"pdftotext"_s, {u"-layout"_s, u"-f"_s, QString::number(page), u"-l"_s, QString::number(page), pdf, u"-"_s});
        REQUIRE(text.waitForFinished(30'000));
        const QStringList lines = QString::fromUtf8(text.readAllStandardOutput()).split(u'\n');
        for (qsizetype i = 0; i < lines.size() && i < 6; ++i) {
            if (!lines.at(i).trimmed().startsWith(u"# Provider"_s))
                continue;
            // A page that continues a table opens with a whole row, not the rest of one.
            qsizetype next = i + 1;
            while (next < lines.size() && headerWord.match(lines.at(next)).hasMatch())
                ++next;
            REQUIRE(next < lines.size());
            INFO("page " << page << ": " << lines.at(next).toStdString());
            CHECK(rowStart.match(lines.at(next)).hasMatch());
            ++continuedTables;
            break;
        }
        // One line per row: no table line holds only a wrapped remainder such as "(on_demand)".
        bool inTable = false;
        for (const QString &line : lines) {
            if (line.trimmed().startsWith(u"# Provider"_s))
                inTable = true;
            else if (line.trimmed().isEmpty())
                inTable = false;
            else if (inTable)
                CHECK_FALSE(line.trimmed().startsWith(u'('));
        }
    }
    CHECK(continuedTables >= 2);
}

TEST_CASE("report: the summary gives the recommended option's cluster and step breakdown", "[cli][report]")
{
    Scratch scratch;
    const QString pdf = scratch.dir.filePath(u"report.pdf"_s);
    const Run plan = scratch.run({u"plan"_s, examplePath(u"llama-70b.accelplan"_s), u"--format"_s, u"json"_s});
    REQUIRE(plan.exitCode == 0);
    const QJsonObject top = QJsonDocument::fromJson(plan.out.toUtf8()).object()[u"training"_s][u"options"_s][0].toObject();
    const Run run = scratch.run({u"report"_s, u"-o"_s, pdf, examplePath(u"llama-70b.accelplan"_s)});
    REQUIRE(run.exitCode == 0);
    const QString flat = pdfFlatText(pdf);
    const QJsonObject p = top[u"parallelism"_s].toObject();
    CHECK(flat.contains(u"Cluster: %1 node(s) of %2, %3"_s.arg(top[u"nodes"_s].toInt())
                            .arg(top[u"accelerators_per_node"_s].toInt())
                            .arg(top[u"scale_out"_s][u"fabric"_s].toString())));
    CHECK(flat.contains(u"TP %1 × PP %2 × DP %3"_s.arg(p[u"tp"_s].toInt()).arg(p[u"pp"_s].toInt()).arg(p[u"dp"_s].toInt())));
    CHECK(flat.contains(u"Of each step: compute"_s));
}

TEST_CASE("report: accelplan-cli links no GUI library and hands the report to its helper", "[cli][report]")
{
    // What every other command saves: the dynamic linking of Qt's GUI libraries.
    QProcess ldd;
    ldd.start(u"ldd"_s, {QStringLiteral(ACCELPLAN_CLI)});
    REQUIRE(ldd.waitForFinished(30'000));
    const QString linked = QString::fromUtf8(ldd.readAllStandardOutput());
    REQUIRE(linked.contains(u"libQt6Core"_s));
    for (const QString &gui : {u"libQt6Gui"_s, u"libQt6Widgets"_s, u"libQt6Charts"_s, u"libQt6PrintSupport"_s})
        CHECK_FALSE(linked.contains(gui));

    // A copy of accelplan-cli without its helper beside it says which file is missing and writes nothing.
    Scratch scratch;
    const QString lonely = scratch.dir.filePath(u"bin/accelplan-cli"_s);
    REQUIRE(QDir().mkpath(scratch.dir.filePath(u"bin"_s)));
    REQUIRE(QFile::copy(QStringLiteral(ACCELPLAN_CLI), lonely));
    const QString pdf = scratch.dir.filePath(u"report.pdf"_s);
    QProcess run;
    run.start(lonely, {u"--db"_s, scratch.db, u"report"_s, examplePath(u"llama-70b.accelplan"_s), u"-o"_s, pdf});
    REQUIRE(run.waitForFinished(60'000));
    const QString err = QString::fromUtf8(run.readAllStandardError());
    INFO(err.toStdString());
    CHECK(run.exitCode() == 3);
    CHECK(err.contains(u"libexec/accelplan/accelplan-report"_s));
    CHECK(err.contains(u"missing"_s));
    CHECK_FALSE(QFile::exists(pdf));
}

TEST_CASE("report: the first page leads with the plan's headline, risks and all-in cost per token", "[cli][report]")
{
    Scratch scratch;
    const QString scenario = examplePath(u"llama-70b.accelplan"_s);
    const QString pdf = scratch.dir.filePath(u"report.pdf"_s);
    const Run plan = scratch.run({u"plan"_s, scenario, u"--format"_s, u"json"_s});
    REQUIRE(plan.exitCode == 0);
    const QJsonObject headline = QJsonDocument::fromJson(plan.out.toUtf8()).object()[u"headline"_s].toObject();
    REQUIRE_FALSE(headline[u"text"_s].toString().isEmpty());
    REQUIRE(scratch.run({u"report"_s, u"-o"_s, pdf, scenario}).exitCode == 0);
    QProcess text;
    text.start(u"pdftotext"_s, {u"-f"_s, u"1"_s, u"-l"_s, u"1"_s, pdf, u"-"_s});
    REQUIRE(text.waitForFinished(30'000));
    // Ligatures as pdftotext writes them ("ﬀ", "ﬁ") back to letters.
    const QString first = QString::fromUtf8(text.readAllStandardOutput())
                              .replace(u"\uFB00"_s, u"ff"_s)
                              .replace(u"\uFB01"_s, u"fi"_s)
                              .replace(u"\uFB02"_s, u"fl"_s)
                              .simplified();
    CHECK(first.contains(u"Headline: "_s + headline[u"text"_s].toString()));
    QLocale c = QLocale::c();
    c.setNumberOptions(QLocale::DefaultNumberOptions); // grouped thousands, as the headline writes them
    CHECK(first.contains(u"%1 USD at P50, %2 USD at P90"_s.arg(c.toString(headline[u"budget_p50"_s].toDouble(), 'f', 0),
                                                            c.toString(headline[u"budget_p90"_s].toDouble(), 'f', 0))));
    CHECK(first.contains(u"cash out %1 USD"_s.arg(c.toString(headline[u"cash_total"_s].toDouble(), 'f', 0))));
    REQUIRE_FALSE(headline[u"risks"_s].toArray().isEmpty());
    for (const QJsonValue &risk : headline[u"risks"_s].toArray())
        CHECK(first.contains(risk.toString()));
    // Cash by quarter, capex apart from the running cost, adding up to the cash out.
    CHECK(first.contains(u"Cash by quarter (USD):"_s));
    CHECK(first.contains(u"Total"_s));
    CHECK(first.contains(u"%1 %2 %3"_s.arg(c.toString(headline[u"cash_total"_s].toDouble(), 'f', 0),
                                                 c.toString(headline[u"capex"_s].toDouble(), 'f', 0),
                                                 c.toString(headline[u"cash_total"_s].toDouble()
                                                                - headline[u"capex"_s].toDouble(), 'f', 0))));
    CHECK(first.contains(u"%1 USD per 1M output tokens all-in"_s.arg(
        c.toString(headline[u"cost_per_million_output_tokens_all_in"_s].toDouble(), 'f', 3))));
}

TEST_CASE("report: the team's discounts are named in the sources with the list price beside the price paid", "[cli][report][discounts]")
{
    Scratch scratch;
    const QString pdf = scratch.dir.filePath(u"report.pdf"_s);
    const Run plan = scratch.run({u"plan"_s, examplePath(u"llama-70b.accelplan"_s), u"--format"_s, u"json"_s});
    REQUIRE(plan.exitCode == 0);
    const QJsonObject top = QJsonDocument::fromJson(plan.out.toUtf8()).object()[u"training"_s][u"options"_s][0].toObject();
    const Run added = scratch.run({u"discounts"_s, u"add"_s, u"--provider"_s, top[u"provider"_s].toString(), u"--sku"_s,
                                   top[u"sku"_s].toString(), u"--price-model"_s, top[u"price_model"_s].toString(),
                                   u"--percent"_s, u"10"_s, u"--source"_s, u"Quote Q-17"_s});
    REQUIRE(added.exitCode == 0);
    const Run run = scratch.run({u"report"_s, u"-o"_s, pdf, examplePath(u"llama-70b.accelplan"_s)});
    REQUIRE(run.exitCode == 0);
    const QString flat = pdfFlatText(pdf);
    CHECK(flat.contains(u"The team's negotiated discounts applied"_s));
    CHECK(flat.contains(u"Quote Q-17"_s));
    CHECK(flat.contains(u"(list %1, the team's discount)"_s.arg(top[u"list_price"_s].toDouble())));
}

TEST_CASE("report: a vendor's quote ranked in the plan is named in the sources against list and market", "[cli][report][quotes]")
{
    Scratch scratch;
    const QString pdf = scratch.dir.filePath(u"report.pdf"_s);
    // Eight H100s at 1 USD an hour, far below any market price: ranked first, so the report shows it.
    const Run added = scratch.run({u"quotes"_s, u"add"_s, u"--vendor"_s, u"Neo Cloud"_s, u"--sku"_s, u"neo-8x"_s,
                                   u"--accelerator"_s, u"h100-sxm"_s, u"--count"_s, u"8"_s, u"--price"_s, u"1"_s,
                                   u"--valid-until"_s, u"2099-12-31"_s, u"--source"_s, u"Neo quote N-7"_s});
    REQUIRE(added.exitCode == 0);
    const Run plan = scratch.run({u"plan"_s, examplePath(u"llama-70b.accelplan"_s), u"--format"_s, u"json"_s});
    REQUIRE(plan.exitCode == 0);
    const QJsonObject top = QJsonDocument::fromJson(plan.out.toUtf8()).object()[u"training"_s][u"options"_s][0].toObject();
    CHECK(top[u"provider"_s].toString() == u"Neo Cloud"_s);
    const Run run = scratch.run({u"report"_s, u"-o"_s, pdf, examplePath(u"llama-70b.accelplan"_s)});
    REQUIRE(run.exitCode == 0);
    const QString flat = pdfFlatText(pdf);
    CHECK(flat.contains(u"Vendors' quotes ranked"_s));
    CHECK(flat.contains(u"the team's quote 1, valid until 2099-12-31"_s)); // its price row: no sheet 0 line 0
    CHECK_FALSE(flat.contains(u"sheet 0 line 0"_s));
    CHECK(flat.contains(u"Neo quote N-7"_s));
    CHECK(flat.contains(u"USD/chip-h"_s));
    CHECK(flat.contains(u"across"_s));
}

TEST_CASE("report: the serving section says what buying the tokens from a hosted API would cost", "[cli][report][apis]")
{
    Scratch scratch;
    const QString pdf = scratch.dir.filePath(u"report.pdf"_s);
    const Run plan = scratch.run({u"plan"_s, examplePath(u"chat-service-8b-eur.accelplan"_s), u"--format"_s, u"json"_s});
    REQUIRE(plan.exitCode == 0);
    const QJsonObject inference = QJsonDocument::fromJson(plan.out.toUtf8()).object()[u"inference"_s].toObject();
    const QJsonArray apis = inference[u"api_options"_s].toArray();
    REQUIRE_FALSE(apis.isEmpty());
    const Run run = scratch.run({u"report"_s, u"-o"_s, pdf, examplePath(u"chat-service-8b-eur.accelplan"_s)});
    REQUIRE(run.exitCode == 0);
    const QString flat = pdfFlatText(pdf);
    CHECK(flat.contains(u"Buying tokens: the cheapest of %1 hosted API price(s) for this model is %2"_s
                            .arg(apis.size())
                            .arg(apis[0][u"provider"_s].toString())));
    CHECK(flat.contains(u"EUR per 1M output tokens all-in"_s));
    CHECK(flat.contains(u"self-hosting is"_s));
    CHECK_FALSE(flat.contains(u"e+0"_s)); // a load in figures, not exponent form
}

TEST_CASE("report: the all-in lines are named in the cost basis with their sources and have their budget column", "[cli][report][allin]")
{
    Scratch scratch;
    QFile example(examplePath(u"llama-70b.accelplan"_s));
    REQUIRE(example.open(QIODevice::ReadOnly));
    QJsonObject root = QJsonDocument::fromJson(example.readAll()).object();
    QJsonObject constraints = root[u"constraints"_s].toObject();
    constraints[u"providers"_s] = QJsonArray{u"AWS"_s};
    root[u"constraints"_s] = constraints;
    root[u"all_in"_s] = QJsonObject{{u"training_egress_gb"_s, 20000}, {u"egress_kb_per_request"_s, 8}, {u"support_plan"_s, u"business"_s}};
    const QString scenario = scratch.write(u"allin.accelplan"_s, QJsonDocument(root).toJson());
    const QString pdf = scratch.dir.filePath(u"report.pdf"_s);
    const Run run = scratch.run({u"report"_s, u"-o"_s, pdf, scenario});
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    const QString flat = pdfFlatText(pdf);
    CHECK(flat.contains(u"All-in lines"_s)); // the budget's column
    // Each line in the cost basis with its amount and source.
    CHECK(flat.contains(u"+ storage "_s));
    CHECK(flat.contains(u"GB-month"_s));
    CHECK(flat.contains(u"+ egress "_s));
    CHECK(flat.contains(u"AWS business support on"_s));
    CHECK(flat.contains(u"premiumsupport/pricing"_s));
    // The scenario's inputs as the Assumptions table words them.
    CHECK(flat.contains(u"All-in: the provider's support plan"_s));
    if (const QByteArray dir = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !dir.isEmpty())
        QFile::copy(pdf, QDir(QString::fromUtf8(dir)).filePath(u"allin-report.pdf"_s));
}
