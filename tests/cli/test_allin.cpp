// All-in lines (issue 39, part 4): storage of the dataset and checkpoints while training, data
// moved out during the run and in a service's responses, and a provider's paid support plan —
// each a named addend of an option's cost with its source, counted in the ranking and the budget,
// said (never a silent zero) where it cannot be priced.
#include "tests/cli/clirun.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;
using namespace accelplan::test;

namespace {

// The 70B example on AWS only, with \a allIn as its all_in section (none when empty).
QString scenario(const Scratch &scratch, const QString &name, const QJsonObject &allIn, const QString &provider = u"AWS"_s)
{
    QFile example(examplePath(u"llama-70b.accelplan"_s));
    REQUIRE(example.open(QIODevice::ReadOnly));
    QJsonObject root = QJsonDocument::fromJson(example.readAll()).object();
    QJsonObject constraints = root[u"constraints"_s].toObject();
    constraints[u"providers"_s] = QJsonArray{provider};
    root[u"constraints"_s] = constraints;
    if (!allIn.isEmpty())
        root[u"all_in"_s] = allIn;
    return scratch.write(name, QJsonDocument(root).toJson());
}

QJsonObject plan(const Scratch &scratch, const QString &path)
{
    const Run run = scratch.run({u"plan"_s, path, u"--format"_s, u"json"_s});
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    return jsonObject(run);
}

QString optionKey(const QJsonObject &o)
{
    return o[u"provider"_s].toString() + u'|' + o[u"sku"_s].toString() + u'|' + o[u"region"_s].toString() + u'|'
           + o[u"price_model"_s].toString() + u'|' + QString::number(o[u"chips"_s].toInt());
}

// The plan's first runnable training option.
QJsonObject firstRunnable(const QJsonObject &plan)
{
    for (const QJsonValue &o : plan[u"training"_s][u"options"_s].toArray())
        if (o[u"runnable"_s].toBool())
            return o.toObject();
    FAIL("no runnable training option");
    return {};
}

// The option's all-in addends by id.
QHash<QString, QJsonObject> allInTerms(const QJsonObject &option)
{
    QHash<QString, QJsonObject> terms;
    for (const QJsonValue &t : option[u"cost_terms"_s].toArray())
        if (QStringList{u"storage"_s, u"egress"_s, u"support"_s}.contains(t[u"id"_s].toString()))
            terms.insert(t[u"id"_s].toString(), t.toObject());
    return terms;
}

double termsSum(const QHash<QString, QJsonObject> &terms)
{
    double sum = 0;
    for (const QJsonObject &t : terms)
        sum += t[u"value"_s].toDouble();
    return sum;
}

// AWS Business support (support_plans.csv, the page's own worked example: 85,000 USD → 6,150 USD):
// 10 % to 10,000, 7 % to 80,000, 5 % to 250,000, 3 % above; 100 USD a month at least.
double awsBusiness(double spend)
{
    const double tiers[][3] = {{0, 10'000, 10}, {10'000, 80'000, 7}, {80'000, 250'000, 5}, {250'000, 1e300, 3}};
    double charge = 0;
    for (const auto &t : tiers)
        charge += std::clamp(spend - t[0], 0.0, t[1] - t[0]) * t[2] / 100;
    return std::max(charge, 100.0);
}

} // namespace

TEST_CASE("all-in: storage, egress and support are named lines of each option's cost, with their sources", "[cli][allin]")
{
    Scratch scratch;
    const QJsonObject plain = plan(scratch, scenario(scratch, u"plain.accelplan"_s, QJsonObject{{u"storage"_s, false}}));
    const QJsonObject all = plan(scratch, scenario(scratch, u"all.accelplan"_s,
                                                   QJsonObject{{u"training_egress_gb"_s, 20000},
                                                               {u"egress_kb_per_request"_s, 8},
                                                               {u"support_plan"_s, u"Business"_s}}));
    // Each option without the lines, by offer and size.
    QHash<QString, QJsonObject> before;
    for (const QJsonValue &o : plain[u"training"_s][u"options"_s].toArray())
        before.insert(optionKey(o.toObject()), o.toObject());
    for (const QJsonValue &o : plain[u"inference"_s][u"options"_s].toArray())
        before.insert(u"serve|"_s + optionKey(o.toObject()), o.toObject());
    CHECK(allInTerms(plain[u"training"_s][u"options"_s][0].toObject()).isEmpty());

    int checked = 0;
    for (const QJsonValue &value : all[u"training"_s][u"options"_s].toArray()) {
        const QJsonObject o = value.toObject();
        if (!o[u"runnable"_s].toBool())
            continue;
        INFO(optionKey(o).toStdString());
        const auto terms = allInTerms(o);
        REQUIRE(terms.size() == 3);
        for (const QJsonObject &t : terms) {
            CHECK(t[u"addend"_s].toBool());
            CHECK(t[u"unit"_s].toString() == u"USD"_s);
            CHECK(t[u"text"_s].toString().contains(u"https://"_s)); // its source
            CHECK(t[u"text"_s].toString().startsWith(t[u"label"_s].toString()));
        }
        CHECK(o[u"cost_basis"_s].toString().contains(terms[u"storage"_s][u"text"_s].toString()));
        // Storage: the dataset and checkpoints (50,000 + 2,000 GB) at S3 Standard's 0.023 USD/GB-month
        // for the run's months.
        const double months = o[u"wall_hours"_s].toDouble() / 730.0;
        CHECK(terms[u"storage"_s][u"value"_s].toDouble() == Approx(52'000 * 0.023 * months));
        // Egress: 20,000 GB out, 100 GB free, the first 10,240 GB at 0.09 then 0.085 USD/GB (egress.csv).
        CHECK(terms[u"egress"_s][u"value"_s].toDouble() == Approx(10240 * 0.09 + 9660 * 0.085));
        // Support: the tiers of each month's spend on the accelerators.
        const double accelerators = o[u"cost"_s].toDouble() - termsSum(terms);
        CHECK(terms[u"support"_s][u"value"_s].toDouble() == Approx(awsBusiness(accelerators / months) * months));
        // The same option without the lines costs that much less: the lines are counted, not only shown.
        const auto plainOption = before.constFind(optionKey(o));
        REQUIRE(plainOption != before.cend());
        CHECK(accelerators == Approx(plainOption->value(u"cost"_s).toDouble()));
        ++checked;
    }
    CHECK(checked > 0);

    // Serving: 20 requests/s of 8 KB each, 420.48 GB a month out, and support on the monthly spend.
    const QJsonObject serve = all[u"inference"_s][u"options"_s][0].toObject();
    const auto terms = allInTerms(serve);
    CHECK_FALSE(terms.contains(u"storage"_s)); // the dataset and checkpoints are training's
    REQUIRE(terms.contains(u"egress"_s));
    CHECK(terms[u"egress"_s][u"text"_s].toString().contains(u"420 GB out of AWS"_s));
    CHECK(terms[u"egress"_s][u"value"_s].toDouble() == Approx((420.48 - 100) * 0.09));
    const auto plainServe = before.constFind(u"serve|"_s + optionKey(serve));
    REQUIRE(plainServe != before.cend());
    const double serveAccelerators = plainServe->value(u"monthly_cost"_s).toDouble();
    CHECK(terms[u"support"_s][u"value"_s].toDouble() == Approx(awsBusiness(serveAccelerators)));
    CHECK(serve[u"monthly_cost"_s].toDouble() == Approx(serveAccelerators + termsSum(terms)));

    // The budget keeps them apart, and its total has them: the recommended run's lines once, the
    // service's every month.
    double budgetAllIn = 0, budgetTotal = 0;
    for (const QJsonValue &m : all[u"budget"_s][u"months"_s].toArray()) {
        budgetAllIn += m[u"all_in"_s].toDouble();
        budgetTotal += m[u"total"_s].toDouble();
        CHECK(m[u"total"_s].toDouble()
              == Approx(m[u"training"_s].toDouble() + m[u"inference"_s].toDouble() + m[u"commitments"_s].toDouble()
                        + m[u"all_in"_s].toDouble()));
    }
    CHECK(budgetTotal == Approx(all[u"budget"_s][u"total"_s].toDouble()));
    const QJsonObject recommended = all[u"training"_s][u"options"_s][0].toObject();
    const double months = all[u"inference"_s][u"months"_s].toDouble(12);
    CHECK(budgetAllIn == Approx(termsSum(allInTerms(recommended)) + termsSum(terms) * months));
    for (const QJsonValue &m : plain[u"budget"_s][u"months"_s].toArray())
        CHECK(m[u"all_in"_s].toDouble() == 0);
}

TEST_CASE("all-in: a line that cannot be priced is said, never a silent zero", "[cli][allin]")
{
    Scratch scratch;
    SECTION("a support plan the provider does not sell")
    {
        const QJsonObject p = plan(scratch, scenario(scratch, u"s.accelplan"_s, QJsonObject{{u"support_plan"_s, u"platinum"_s}}));
        const QJsonObject o = firstRunnable(p);
        CHECK_FALSE(allInTerms(o).contains(u"support"_s));
        bool said = false;
        for (const QJsonValue &w : o[u"warnings"_s].toArray())
            said = said || w.toString().contains(u"support plan 'platinum' not counted: no such plan is known for AWS"_s);
        CHECK(said);
    }
    SECTION("a list of plans: each provider pays the first it sells")
    {
        const QJsonObject p = plan(scratch, scenario(scratch, u"l.accelplan"_s,
                                                     QJsonObject{{u"support_plan"_s, QJsonArray{u"enhanced"_s, u"Business"_s}}}));
        const QJsonObject o = firstRunnable(p);
        REQUIRE(allInTerms(o).contains(u"support"_s));
        CHECK(allInTerms(o)[u"support"_s][u"text"_s].toString().contains(u"AWS business support"_s));
        // Written back as it reads: the same plan from "enhanced, business".
        const QJsonObject same = plan(scratch, scenario(scratch, u"m.accelplan"_s,
                                                        QJsonObject{{u"support_plan"_s, u"enhanced, business"_s}}));
        CHECK(allInTerms(firstRunnable(same))[u"support"_s] == allInTerms(o)[u"support"_s]);
    }
    SECTION("a provider without a storage price")
    {
        const QJsonObject p = plan(scratch, scenario(scratch, u"v.accelplan"_s, QJsonObject{}, u"OVHcloud"_s));
        const QJsonObject o = firstRunnable(p);
        REQUIRE(o[u"provider"_s].toString() == u"OVHcloud"_s);
        CHECK_FALSE(allInTerms(o).contains(u"storage"_s));
        bool said = false;
        for (const QJsonValue &w : o[u"warnings"_s].toArray())
            said = said || w.toString().contains(u"storage of 52000 GB not counted: no storage price is known for OVHcloud"_s);
        CHECK(said);
    }
}

TEST_CASE("all-in: a bad all_in field is refused with its file, line and field", "[cli][allin]")
{
    Scratch scratch;
    const QString path = scratch.write(u"bad.accelplan"_s, R"({"format": "accelplan-scenario", "version": 1,
  "training": {"model_params": 7e9, "tokens": 1e11},
  "all_in": {
    "training_egress_gb": -5
  }
})");
    const Run run = scratch.run({u"plan"_s, path});
    CHECK(run.exitCode == 2);
    CHECK(run.err.contains(u"bad.accelplan:4: error: all_in.training_egress_gb: -5 is outside"_s));
    const Run text = scratch.run({u"plan"_s, scratch.write(u"text.accelplan"_s, R"({"format": "accelplan-scenario",
  "version": 1, "training": {"model_params": 7e9, "tokens": 1e11}, "all_in": {"support_plan": 3}})")});
    CHECK(text.exitCode == 2);
    CHECK(text.err.contains(u"all_in.support_plan"_s));
}
