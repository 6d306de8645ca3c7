// Prices > Vendor Quotes (issue 39, part 1): the form refuses a bad quote with the field at fault;
// an added one is ranked in the plan with its comparison shown; a removed one is ranked no more.
#include "core/pricing/pricedatabase.h"
#include "tests/gui/guisupport.h"
#include "tests/qtstringmaker.h"
#include "ui/mainwindow.h"
#include "ui/planner/plannerview.h"
#include "ui/prices/quotesdialog.h"

#include <catch2/catch.hpp>

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>

using namespace Qt::StringLiterals;
using namespace accelplan;
using accelplan::test::plannedWindow;
using accelplan::test::SeededDatabase;
using accelplan::test::waitForNewPlan;
using accelplan::ui::QuotesDialog;

namespace {

// The plan's training options priced from a quote.
int quotedOptions(const planning::Plan *plan)
{
    REQUIRE(plan != nullptr);
    REQUIRE(plan->training);
    int quoted = 0;
    for (const planning::TrainingOption &o : plan->training->options)
        quoted += o.offer.quote != nullptr;
    return quoted;
}

} // namespace

TEST_CASE("window: the Quotes dialog refuses a bad quote, and an added one is ranked in the plan", "[gui][quotes]")
{
    SeededDatabase seeded;
    auto window = plannedWindow(*seeded.database);
    ui::PlannerView *planner = window->planner();
    CHECK(quotedOptions(planner->plan()) == 0);

    QAction *open = window->findChild<QAction *>(u"actionQuotes"_s);
    REQUIRE(open != nullptr);
    CHECK(open->shortcut() == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
    open->trigger();
    auto *dialog = window->findChild<QuotesDialog *>();
    REQUIRE(dialog != nullptr);
    CHECK(dialog->isVisible());
    CHECK(dialog->table()->rowCount() == 0);
    const QuotesDialog::Form &form = dialog->form();
    form.vendor->setText(u"Lambda"_s);
    form.sku->setText(u"gpu_8x_h100_sxm5"_s);
    REQUIRE(form.accelerator->findData(u"h100-sxm"_s) >= 0);
    form.accelerator->setCurrentIndex(form.accelerator->findData(u"h100-sxm"_s));
    form.count->setValue(8);
    form.price->setText(u"17.92"_s);
    form.source->setText(u"Q-2026-118"_s);

    // Refused, the field named, nothing stored: no expiry, then one already past.
    CHECK_FALSE(dialog->addFromForm());
    CHECK(dialog->formError()->text().startsWith(u"valid_until: needed"_s));
    form.validUntil->setText(u"2020-01-31"_s);
    CHECK_FALSE(dialog->addFromForm());
    CHECK(dialog->formError()->text().contains(u"the quote expired on 2020-01-31"_s));
    CHECK(seeded.database->quotes()->isEmpty());

    form.validUntil->setText(u"2099-03-31"_s);
    form.minimumMonths->setValue(3);
    const planning::Plan *before = planner->plan();
    dialog->addButton()->click();
    CHECK(dialog->formError()->text().isEmpty());
    REQUIRE(waitForNewPlan(planner, before));
    CHECK(quotedOptions(planner->plan()) == 1);
    REQUIRE(dialog->table()->rowCount() == 1);
    CHECK(dialog->table()->item(0, QuotesDialog::ComparisonColumn)->text().startsWith(u"quote 2.24 USD/chip-h"_s));
    CHECK(dialog->table()->item(0, QuotesDialog::MinimumsColumn)->text() == u"3 months"_s);
    if (const QByteArray dir = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !dir.isEmpty())
        dialog->grab().save(QDir(QString::fromUtf8(dir)).filePath(u"quotes-dialog.png"_s));

    // Removed: ranked no more.
    const qint64 id = seeded.database->quotes()->first().id;
    before = planner->plan();
    REQUIRE(dialog->remove(id).ok());
    REQUIRE(waitForNewPlan(planner, before));
    CHECK(quotedOptions(planner->plan()) == 0);
    CHECK(dialog->table()->rowCount() == 0);
}
