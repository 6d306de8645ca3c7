// The PDF report as a reader sees it.

#include "tests/cli/clirun.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QProcess>

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
                               u"inference.ttft_ms"_s, u"ownership.power_price_kwh"_s})
        CHECK_FALSE(assumptions.contains(raw));
    CHECK(assumptions.contains(u"Training: tokens"_s));
    CHECK(assumptions.contains(u"2,000,000,000,000"_s));
    CHECK(assumptions.contains(u"Inference: time to first token target"_s));
    CHECK(assumptions.contains(u"2,000 ms"_s));
    CHECK(assumptions.contains(u"Training: deadline"_s));
    CHECK(assumptions.contains(u"60 days"_s));
    CHECK(assumptions.contains(u"Owned hardware: electricity"_s));
    CHECK(assumptions.contains(u"20261122"_s)); // the seed is an identifier: no separators
    CHECK_FALSE(assumptions.contains(u"20,261,122"_s));
}

