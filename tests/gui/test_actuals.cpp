// Prices > Plan vs Actual (issue 40): a bill's FOCUS export imported in the window and set against
// the planner's plan, the difference split as `actuals compare` splits it.
#include "core/planning/plan/focus.h"
#include "core/pricing/pricedatabase.h"
#include "tests/gui/guisupport.h"
#include "tests/qtstringmaker.h"
#include "ui/mainwindow.h"
#include "ui/planner/actualsdialog.h"
#include "ui/planner/plannerview.h"

#include <catch2/catch.hpp>

#include <algorithm>

#include <QAction>
#include <QDateEdit>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QTableWidget>

using namespace Qt::StringLiterals;
using namespace accelplan;
using accelplan::test::plannedWindow;
using accelplan::test::SeededDatabase;
using accelplan::ui::ActualsDialog;

TEST_CASE("window: Plan vs Actual imports a bill's FOCUS export and splits the difference by month", "[gui][actuals]")
{
    SeededDatabase seeded;
    auto window = plannedWindow(*seeded.database);
    const planning::Plan *plan = window->planner()->plan();
    REQUIRE(plan != nullptr);
    QAction *open = window->findChild<QAction *>(u"actionActuals"_s);
    REQUIRE(open != nullptr);
    CHECK(open->shortcut() == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    open->trigger();
    auto *dialog = window->findChild<ActualsDialog *>();
    REQUIRE(dialog != nullptr);
    dialog->startMonth()->setDate(QDate(2027, 1, 1));
    CHECK(dialog->findChild<QLabel *>(u"actualsSummary"_s)->text().startsWith(u"No actual spend yet"_s));

    // The bill of the plan's own hours, each charged 10 % above the planned rate.
    QByteArray bill = "ProviderName,SkuId,ChargePeriodStart,BillingCurrency,BilledCost,EffectiveCost,PricingQuantity,PricingUnit\n";
    double planned = 0;
    for (const planning::ForecastLine &line : planning::forecastLines(*plan)) {
        if (!line.charge.isEmpty())
            continue; // storage, egress, support: not an accelerator's charge, not compared
        REQUIRE(line.quantity());
        planned += line.effective;
        const QByteArray cost = QByteArray::number(line.effective * 1.1, 'f', 6);
        bill += line.offer->key.provider.toUtf8() + ',' + line.offer->key.sku.toUtf8() + ','
                + QDate(2027, 1, 1).addMonths(line.month).toString(Qt::ISODate).toUtf8() + "T00:00:00Z," + plan->currency.toUtf8()
                + ',' + cost + ',' + cost + ',' + QByteArray::number(*line.quantity(), 'f', 6) + ",Hours\n";
    }
    QTemporaryDir dir;
    QFile file(dir.filePath(u"bill.csv"_s));
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(bill);
    file.close();

    // A row that is not FOCUS: named by line and column, nothing stored.
    QFile bad(dir.filePath(u"bad.csv"_s));
    REQUIRE(bad.open(QIODevice::WriteOnly));
    bad.write(bill.left(bill.indexOf('\n') + 1) + bill.mid(bill.indexOf('\n') + 1).replace("T00:00:00Z", "next month"));
    bad.close();
    const Status refused = dialog->importFile(bad.fileName());
    REQUIRE_FALSE(refused.ok());
    REQUIRE_FALSE(refused.error().details.isEmpty());
    CHECK(refused.error().details.first().toString().contains(u"bad.csv:2: error: ChargePeriodStart"_s));
    CHECK(seeded.database->actuals()->isEmpty());

    REQUIRE(dialog->importFile(file.fileName()).ok());
    QTableWidget *table = dialog->table();
    const auto lines = planning::forecastLines(*plan);
    const auto accelerators = std::count_if(lines.cbegin(), lines.cend(), [](const planning::ForecastLine &l) { return l.charge.isEmpty(); });
    REQUIRE(table->rowCount() == int(accelerators) + 1);
    const int all = table->rowCount() - 1;
    CHECK(table->item(all, ActualsDialog::MonthColumn)->text() == u"All"_s);
    auto number = [](const QTableWidgetItem *item) {
        QString text = item->text();
        text.remove(QRegularExpression(u"[^0-9.\\-]"_s));
        return text.toDouble();
    };
    CHECK(number(table->item(all, ActualsDialog::PriceColumn)) == Approx(0.1 * planned).epsilon(1e-3));
    CHECK(number(table->item(all, ActualsDialog::VolumeColumn)) == Approx(0).margin(1));
    CHECK(dialog->findChild<QLabel *>(u"actualsSummary"_s)->text().contains(u"price"_s));
    if (const QByteArray shots = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !shots.isEmpty())
        dialog->grab().save(QDir(QString::fromUtf8(shots)).filePath(u"plan-vs-actual.png"_s));
    // The same bill again is refused.
    CHECK_FALSE(dialog->importFile(file.fileName()).ok());
}
