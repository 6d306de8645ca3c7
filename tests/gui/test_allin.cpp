// All-in lines in the window (issue 39, part 4): the editor's All-in costs group turns the storage
// of the dataset and checkpoints off and on, sets the egress and the support plan (offered from
// the catalog, each with the providers that sell it), and each edit reaches the plan's lines;
// owned hardware's installation is edited beside its network.
#include "tests/gui/guisupport.h"
#include "tests/qtstringmaker.h"
#include "ui/mainwindow.h"
#include "ui/planner/plannerview.h"

#include <catch2/catch.hpp>

#include <QCheckBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QLineEdit>
#include <QScrollArea>

using namespace Qt::StringLiterals;
using namespace accelplan;
using accelplan::test::plannedWindow;
using accelplan::test::SeededDatabase;
using accelplan::test::waitForNewPlan;

namespace {

// The recommended training option's all-in line \a id, or null.
const Term *trainingLine(const planning::Plan &plan, const QString &id)
{
    const planning::TrainingOption *o = plan.recommendedTraining();
    if (!o)
        return nullptr;
    for (const Term &t : o->costTerms.allIn)
        if (t.id == id)
            return &t;
    return nullptr;
}

} // namespace

TEST_CASE("window: the All-in costs group edits storage, egress and the support plan, and the plan follows", "[gui][allin]")
{
    SeededDatabase seeded;
    auto window = plannedWindow(*seeded.database);
    ui::PlannerView *planner = window->planner();
    auto *storage = planner->findChild<QCheckBox *>(u"allInStorage"_s);
    auto *trainingEgress = planner->findChild<QDoubleSpinBox *>(u"trainingEgressGb"_s);
    auto *responseKb = planner->findChild<QDoubleSpinBox *>(u"egressKbPerRequest"_s);
    auto *support = planner->findChild<QLineEdit *>(u"supportPlans"_s);
    auto *installation = planner->findChild<QDoubleSpinBox *>(u"installationPerServer"_s);
    REQUIRE(storage != nullptr);
    REQUIRE(trainingEgress != nullptr);
    REQUIRE(responseKb != nullptr);
    REQUIRE(support != nullptr);
    REQUIRE(installation != nullptr);

    // By default the dataset and checkpoints are stored while the run lasts, and the plan pays it.
    CHECK(storage->isChecked());
    REQUIRE(planner->plan()->recommendedTraining());
    const Term *stored = trainingLine(*planner->plan(), u"storage"_s);
    REQUIRE(stored != nullptr);
    CHECK(stored->value > 0);
    CHECK(stored->rule.contains(u"GB-month"_s));
    CHECK(planner->plan()->recommendedTraining()->costBasis().contains(u" + storage "_s));
    CHECK(support->text().isEmpty()); // none

    // Off: no storage line, and the scenario says so.
    const planning::Plan *before = planner->plan();
    storage->setChecked(false);
    REQUIRE(waitForNewPlan(planner, before));
    CHECK_FALSE(planner->scenario().allIn.storage);
    CHECK(trainingLine(*planner->plan(), u"storage"_s) == nullptr);

    // The support plans the catalog prices are named in the field's tip, each with its providers.
    CHECK(support->toolTip().contains(u"business (AWS)"_s));
    CHECK(support->toolTip().contains(u"enhanced (Google Cloud)"_s));
    // A plan for each cloud: AWS's options pay Business, Google Cloud's Enhanced, every other
    // option says none was counted.
    before = planner->plan();
    support->setText(u"Business, enhanced"_s);
    REQUIRE(waitForNewPlan(planner, before));
    CHECK(planner->scenario().allIn.supportPlans == QStringList{u"business"_s, u"enhanced"_s});
    int clouds = 0;
    for (const planning::TrainingOption &o : planner->plan()->training->options) {
        if (!o.runnable())
            continue;
        const bool paid = std::any_of(o.costTerms.allIn.cbegin(), o.costTerms.allIn.cend(),
                                      [](const Term &t) { return t.id == u"support"_s && t.value >= 100; });
        if (o.offer.key.provider == u"AWS"_s || o.offer.key.provider == u"Google Cloud"_s) {
            CHECK(paid);
            ++clouds;
        } else {
            CHECK_FALSE(paid);
            INFO(o.offer.key.provider.toStdString() + " " + o.offer.key.sku.toStdString());
            CHECK(o.warnings.join(u'\n').contains(o.owned ? u"own hardware: storage, egress and support are the site's"_s
                                                           : u"support plan 'business, enhanced' not counted"_s));
        }
    }
    CHECK(clouds > 0);

    // Egress of the run and of each response.
    before = planner->plan();
    trainingEgress->setValue(5000);
    REQUIRE(waitForNewPlan(planner, before));
    CHECK(planner->scenario().allIn.trainingEgressGb == 5000);
    const Term *egress = trainingLine(*planner->plan(), u"egress"_s);
    if (egress)
        CHECK(egress->value > 0);
    else // a provider without egress prices says so
        CHECK(planner->plan()->recommendedTraining()->warnings.join(u'\n').contains(u"egress of 5000 GB not counted"_s));
    before = planner->plan();
    responseKb->setValue(8);
    REQUIRE(waitForNewPlan(planner, before));
    CHECK(planner->scenario().allIn.egressKbPerRequest == 8);

    // Owned hardware's installation, beside its network.
    CHECK(installation->value() == 0);
    CHECK(installation->specialValueText() == u"not counted"_s);
    before = planner->plan();
    installation->setValue(2500);
    REQUIRE(waitForNewPlan(planner, before));
    CHECK(planner->scenario().ownership.installationPerServer == 2500);

    // Undo takes the edit back.
    window->findChild<QAction *>(u"actionUndo"_s)->trigger();
    CHECK(planner->scenario().ownership.installationPerServer == 0);

    if (const QByteArray dir = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !dir.isEmpty()) {
        window->resize(1024, 700);
        auto *group = planner->findChild<QGroupBox *>(u"allInGroup"_s);
        REQUIRE(group != nullptr);
        if (auto *scroll = planner->findChild<QScrollArea *>())
            scroll->ensureWidgetVisible(group);
        QTest::qWait(50);
        window->grab().save(QDir(QString::fromUtf8(dir)).filePath(u"allin-1024x700.png"_s));
    }
}
