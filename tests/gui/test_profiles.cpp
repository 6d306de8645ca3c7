// Catalog > Throughput Profiles and F5: the user's profiles listed, disabled, enabled and removed
// from the window, and the plan following each change without a restart.
#include "core/pricing/pricedatabase.h"
#include "tests/gui/guisupport.h"
#include "tests/qtstringmaker.h"
#include "ui/catalog/profilesdialog.h"
#include "ui/mainwindow.h"
#include "ui/planner/plannerview.h"

#include <catch2/catch.hpp>

#include <QAction>
#include <QApplication>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace accelplan;
using accelplan::test::plannedWindow;
using accelplan::test::SeededDatabase;
using accelplan::test::waitForNewPlan;
using accelplan::ui::ProfilesDialog;

namespace {

const QString kSource = u"https://example.test/our-h100-vllm-run"_s;

// A measured bf16 decode profile for H100 SXM at the new scenario's 70B model and lengths.
QByteArray measuredH100()
{
    return "accelerator,workload,precision,framework,low,typical,high,measured_tokens_per_s_per_chip,"
           "measured_model_params,measured_input_tokens,measured_output_tokens,measured_batch,measured_chips,"
           "source_url,as_of,confidence,notes\n"
           "h100-sxm,inference_decode,bf16,any,0.737,0.82,0.902,300,70000000000,1000,300,32,8,"
           + kSource.toUtf8() + ",2026-11-01,measured,our own run\n";
}

// Whether an H100 SXM serving option of the window's plan is calibrated by our measurement.
bool calibratedByOurRun(const planning::Plan *plan)
{
    REQUIRE(plan != nullptr);
    REQUIRE(plan->inference.has_value());
    bool anyH100 = false;
    for (const planning::InferenceOption &o : plan->inference->options) {
        if (o.offer.accelerator != u"h100-sxm"_s)
            continue;
        anyH100 = true;
        if (o.projection->calibrated && o.projection->calibrationSource.contains(kSource))
            return true;
    }
    REQUIRE(anyH100);
    return false;
}

qint64 onlyProfileId(pricing::PriceDatabase &database)
{
    const auto files = database.profileFiles();
    REQUIRE(files.ok());
    REQUIRE(files->size() == 1);
    return files->first().id;
}

// Presses Yes in the next message box that opens.
void acceptNextQuestion()
{
    QTimer::singleShot(0, [] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        REQUIRE(box != nullptr);
        box->button(QMessageBox::Yes)->click();
    });
}

} // namespace

TEST_CASE("window: F5 reloads the user's profiles into the plan", "[gui][profiles]")
{
    SeededDatabase seeded;
    auto window = plannedWindow(*seeded.database);
    ui::PlannerView *planner = window->planner();
    CHECK_FALSE(calibratedByOurRun(planner->plan()));

    // Added from outside (as `catalog add-profile` does) while the window is open.
    REQUIRE(seeded.database->addProfileFile({u"our-run.csv"_s, measuredH100()}).ok());
    QAction *reload = window->findChild<QAction *>(u"actionReload"_s);
    REQUIRE(reload != nullptr);
    CHECK(reload->shortcut() == QKeySequence(Qt::Key_F5));
    const planning::Plan *before = planner->plan();
    reload->trigger();
    REQUIRE(waitForNewPlan(planner, before));
    CHECK(calibratedByOurRun(planner->plan()));

    // Removed from outside: F5 drops it again.
    REQUIRE(seeded.database->removeProfileFile(onlyProfileId(*seeded.database)).ok());
    before = planner->plan();
    reload->trigger();
    REQUIRE(waitForNewPlan(planner, before));
    CHECK_FALSE(calibratedByOurRun(planner->plan()));
}

TEST_CASE("window: the Profiles dialog lists, disables, enables and removes user profiles", "[gui][profiles]")
{
    SeededDatabase seeded;
    REQUIRE(seeded.database->addProfileFile({u"our-run.csv"_s, measuredH100()}).ok());
    auto window = plannedWindow(*seeded.database);
    ui::PlannerView *planner = window->planner();
    REQUIRE(calibratedByOurRun(planner->plan()));
    const qint64 id = onlyProfileId(*seeded.database);

    QAction *open = window->findChild<QAction *>(u"actionProfiles"_s);
    REQUIRE(open != nullptr);
    open->trigger();
    auto *dialog = window->findChild<ProfilesDialog *>();
    REQUIRE(dialog != nullptr);
    CHECK(dialog->isVisible());
    QTableWidget *table = dialog->table();
    REQUIRE(table->rowCount() == 1);
    CHECK(table->item(0, ProfilesDialog::IdColumn)->text() == QString::number(id));
    CHECK(table->item(0, ProfilesDialog::FileColumn)->text() == u"our-run.csv"_s);
    CHECK(table->item(0, ProfilesDialog::ContentColumn)->text().contains(u"h100-sxm inference_decode bf16"_s));
    CHECK_FALSE(dialog->removeButton()->isEnabled()); // nothing selected yet

    // Disable: kept in the database, the plan no longer uses it.
    REQUIRE(dialog->select(id));
    CHECK(dialog->toggleButton()->isEnabled());
    const planning::Plan *before = planner->plan();
    dialog->toggleButton()->click();
    REQUIRE(waitForNewPlan(planner, before));
    CHECK_FALSE(calibratedByOurRun(planner->plan()));
    REQUIRE(table->rowCount() == 1);
    CHECK(table->item(0, ProfilesDialog::StateColumn)->text() == ProfilesDialog::tr("disabled"));
    CHECK_FALSE(seeded.database->profileFiles()->first().enabled);

    // Enable again: back in the plan.
    REQUIRE(dialog->select(id));
    CHECK(dialog->toggleButton()->text().contains(ProfilesDialog::tr("&Enable")));
    before = planner->plan();
    dialog->toggleButton()->click();
    REQUIRE(waitForNewPlan(planner, before));
    CHECK(calibratedByOurRun(planner->plan()));

    // Remove (after confirming): gone from the database, the list and the plan.
    REQUIRE(dialog->select(id));
    before = planner->plan();
    acceptNextQuestion();
    dialog->removeButton()->click();
    REQUIRE(waitForNewPlan(planner, before));
    CHECK_FALSE(calibratedByOurRun(planner->plan()));
    CHECK(table->rowCount() == 0);
    CHECK(seeded.database->profileFiles()->isEmpty());
    // An id that is gone is refused, and nothing else changes.
    CHECK_FALSE(dialog->removeProfile(id).ok());
}
