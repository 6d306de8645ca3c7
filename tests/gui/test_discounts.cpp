// Prices > Negotiated Discounts (issue 39, part 1): the form refuses a bad overlay with the field at
// fault, an added one reprices the plan, a removed one gives the list price back.
#include "core/pricing/pricedatabase.h"
#include "tests/gui/guisupport.h"
#include "tests/qtstringmaker.h"
#include "ui/mainwindow.h"
#include "ui/planner/plannerview.h"
#include "ui/prices/discountsdialog.h"

#include <catch2/catch.hpp>

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>

using namespace Qt::StringLiterals;
using namespace accelplan;
using accelplan::test::plannedWindow;
using accelplan::test::SeededDatabase;
using accelplan::test::waitForNewPlan;
using accelplan::ui::DiscountsDialog;

namespace {

// The effective price of the plan's on-demand AWS p5.48xlarge option in us-east-1, and its overlay.
std::pair<double, QString> p5OnDemand(const planning::Plan *plan)
{
    REQUIRE(plan != nullptr);
    REQUIRE(plan->training);
    for (const planning::TrainingOption &o : plan->training->options)
        if (o.offer.key.sku == u"p5.48xlarge"_s && o.offer.key.region == u"us-east-1"_s
            && o.offer.key.priceModel == pricing::PriceModel::OnDemand)
            return {o.offer.price.toDouble(), o.offer.discountSource};
    FAIL("no on-demand p5.48xlarge option in us-east-1");
    return {};
}

} // namespace

TEST_CASE("window: the Discounts dialog refuses a bad overlay, and an added one reprices the plan", "[gui][discounts]")
{
    SeededDatabase seeded;
    auto window = plannedWindow(*seeded.database);
    ui::PlannerView *planner = window->planner();
    CHECK(p5OnDemand(planner->plan()).first == 55.04);

    QAction *open = window->findChild<QAction *>(u"actionDiscounts"_s);
    REQUIRE(open != nullptr);
    CHECK(open->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_K));
    open->trigger();
    auto *dialog = window->findChild<DiscountsDialog *>();
    REQUIRE(dialog != nullptr);
    CHECK(dialog->isVisible());
    CHECK(dialog->table()->rowCount() == 0);
    const DiscountsDialog::Form &form = dialog->form();
    REQUIRE(form.provider->findText(u"AWS"_s) >= 0);
    form.provider->setCurrentText(u"AWS"_s);
    form.sku->setText(u"p5*"_s);
    form.priceModel->setCurrentIndex(form.priceModel->findData(u"on_demand"_s));

    // Refused, the field named, nothing stored.
    form.percent->setText(u"120"_s);
    form.source->setText(u"EDP 2026"_s);
    CHECK_FALSE(dialog->addFromForm());
    CHECK(dialog->formError()->text().startsWith(u"percent: 120 is not between 0 and 100"_s));
    form.percent->setText(u"22"_s);
    form.to->setText(u"31/12/2027"_s);
    CHECK_FALSE(dialog->addFromForm());
    CHECK(dialog->formError()->text().contains(u"'31/12/2027' is not a date"_s));
    CHECK(seeded.database->discounts()->isEmpty());

    form.to->setText(u"2099-12-31"_s);
    const planning::Plan *before = planner->plan();
    dialog->addButton()->click();
    CHECK(dialog->formError()->text().isEmpty());
    REQUIRE(waitForNewPlan(planner, before));
    const auto [price, source] = p5OnDemand(planner->plan());
    CHECK(price == Approx(42.9312));
    CHECK(source.contains(u"EDP 2026"_s));
    REQUIRE(dialog->table()->rowCount() == 1);
    CHECK(dialog->table()->item(0, DiscountsDialog::PercentColumn)->text() == u"−22 %"_s);
    if (const QByteArray dir = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !dir.isEmpty())
        dialog->grab().save(QDir(QString::fromUtf8(dir)).filePath(u"discounts-dialog.png"_s));

    // Removed: the list price again.
    const qint64 id = seeded.database->discounts()->first().id;
    before = planner->plan();
    REQUIRE(dialog->remove(id).ok());
    REQUIRE(waitForNewPlan(planner, before));
    CHECK(p5OnDemand(planner->plan()).first == 55.04);
    CHECK(dialog->table()->rowCount() == 0);
}
