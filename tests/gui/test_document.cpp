// The scenario document (as Tiled's Document): it owns the scenario, its file, its undo stack and
// its clean state; the editor edits it and shows what undo, redo and open put in it.
#include "core/planning/options/requests.h"
#include "core/scenario/scenario.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"
#include "ui/planner/scenariodocument.h"
#include "ui/planner/scenarioeditor.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QAction>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>

using namespace Qt::StringLiterals;
using namespace accelplan;

TEST_CASE("document: edits are undoable, saving marks it clean, opening resets it", "[gui][document]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    ui::ScenarioDocument document;
    CHECK(document.filePath().isEmpty());
    CHECK(document.displayName() == u"Untitled"_s);
    CHECK_FALSE(document.isModified());
    const scenario::Scenario original = document.scenario();
    REQUIRE(original.training.has_value());

    ui::ScenarioEditor editor(&document);
    auto *tokens = editor.findChild<QLineEdit *>(u"trainingTokens"_s);
    auto *name = editor.findChild<QLineEdit *>(u"scenarioName"_s);
    REQUIRE(tokens != nullptr);
    REQUIRE(name != nullptr);
    CHECK(editor.problems().isEmpty());

    QSignalSpy modified(&document, &ui::ScenarioDocument::modificationChanged);
    // Typing in one field is one undo step; the document holds what was typed.
    tokens->setText(u"3"_s);
    tokens->setText(u"3T"_s);
    CHECK(document.scenario().training->tokens == Approx(3e12));
    CHECK(document.undoStack()->count() == 1);
    CHECK(document.isModified());
    REQUIRE(modified.size() == 1);
    CHECK(modified.at(0).at(0).toBool());
    name->setText(u"Renamed"_s);
    CHECK(document.undoStack()->count() == 2);

    // Undo puts the previous scenario back in the document and the editor shows it.
    document.undoStack()->undo();
    CHECK(document.scenario().name == original.name);
    CHECK(name->text() == original.name);
    document.undoStack()->undo();
    CHECK(document.scenario().training->tokens == Approx(original.training->tokens));
    CHECK(tokens->text() == u"2T"_s);
    CHECK_FALSE(document.isModified());
    document.undoStack()->redo();
    CHECK(tokens->text() == u"3T"_s);
    CHECK(document.scenario().training->tokens == Approx(3e12));

    // An unreadable count is a problem the editor lists; the document is not planned from it.
    tokens->setText(u"lots"_s);
    CHECK_FALSE(editor.problems().isEmpty());
    tokens->setText(u"3T"_s);
    CHECK(editor.problems().isEmpty());

    // Saving writes the document's scenario, names the document and marks it clean.
    const QString path = dir.filePath(u"plan.accelplan"_s);
    QSignalSpy renamed(&document, &ui::ScenarioDocument::filePathChanged);
    REQUIRE(document.saveAs(path).ok());
    CHECK(document.filePath() == path);
    CHECK(document.displayName() == u"plan.accelplan"_s);
    CHECK(renamed.size() == 1);
    CHECK_FALSE(document.isModified());
    auto saved = scenario::readScenario(path, nullptr);
    REQUIRE(saved.ok());
    CHECK(saved.value().training->tokens == Approx(3e12));

    // A file that cannot be read leaves the document as it was.
    QFile bad(dir.filePath(u"bad.accelplan"_s));
    REQUIRE(bad.open(QIODevice::WriteOnly));
    bad.write("{\"format\": \"accelplan-scenario\", \"version\": 1, \"training\": {\"tokens\": -1}}");
    bad.close();
    CHECK_FALSE(document.open(bad.fileName(), nullptr).ok());
    CHECK(document.filePath() == path);
    CHECK(document.scenario().training->tokens == Approx(3e12));

    // Opening a file replaces the contents: the editor shows it, undo history is gone, clean.
    name->setText(u"Unsaved change"_s);
    CHECK(document.isModified());
    REQUIRE(document.open(path, nullptr).ok());
    CHECK(document.undoStack()->count() == 0);
    CHECK_FALSE(document.isModified());
    CHECK(tokens->text() == u"3T"_s);
    CHECK(name->text() == saved.value().name);

    // A reset makes it untitled again.
    document.reset(ui::ScenarioDocument::newScenario());
    CHECK(document.filePath().isEmpty());
    CHECK(renamed.size() == 2);
    CHECK(tokens->text() == u"2T"_s);
}

TEST_CASE("document: a new scenario states no default of its own: the scenario format's, as the command line's",
          "[gui][document]")
{
    const scenario::Scenario fresh = ui::ScenarioDocument::newScenario();
    REQUIRE(fresh.training.has_value());
    REQUIRE(fresh.inference.has_value());
    // The precision is left to the scenario format's default, which `serve` and `train` also take
    // when --precision is not given (tests/cli: serve's JSON says bf16 without the option).
    CHECK(fresh.inference->precision == scenario::InferenceSection{}.precision);
    CHECK(fresh.training->precision == scenario::TrainingSection{}.precision);
    CHECK(fresh.defaults.contains(u"inference.precision = bf16 (default)"_s));
    CHECK(fresh.inference->production);
}

TEST_CASE("document: every constraint of the scenario is editable, each an undoable edit", "[gui][document]")
{
    ui::ScenarioDocument document;
    ui::ScenarioEditor editor(&document);
    auto action = [&](const QString &name) {
        auto *found = editor.findChild<QAction *>(name);
        INFO(name.toStdString());
        REQUIRE(found != nullptr);
        return found;
    };
    auto *kinds = editor.findChild<QToolButton *>(u"constraintOfferKinds"_s);
    REQUIRE(kinds != nullptr);
    CHECK(kinds->text() == u"all"_s);
    // "Cloud only, no purchase": offer kinds and price models.
    action(u"constraintOfferKinds:cloud_vm"_s)->setChecked(true);
    action(u"constraintOfferKinds:tpu"_s)->setChecked(true);
    action(u"constraintPriceModels:on_demand"_s)->setChecked(true);
    CHECK(kinds->text() == u"cloud vm, tpu"_s);
    const scenario::Constraints &c = document.scenario().constraints;
    CHECK(c.offerKinds == QList<pricing::OfferKind>{pricing::OfferKind::CloudVm, pricing::OfferKind::Tpu});
    CHECK(c.priceModels == QList<pricing::PriceModel>{pricing::PriceModel::OnDemand});
    editor.findChild<QLineEdit *>(u"constraintRegions"_s)->setText(u"us-east-1, eastus"_s);
    editor.findChild<QLineEdit *>(u"constraintAccelerators"_s)->setText(u"H100-SXM, tpu-v6e"_s);
    CHECK(document.scenario().constraints.regions == QStringList{u"us-east-1"_s, u"eastus"_s});
    CHECK(document.scenario().constraints.accelerators == QStringList{u"h100-sxm"_s, u"tpu-v6e"_s});
    editor.findChild<QDoubleSpinBox *>(u"commitmentOtherUse"_s)->setValue(25);
    editor.findChild<QDoubleSpinBox *>(u"ownedOtherUse"_s)->setValue(60);
    editor.findChild<QDoubleSpinBox *>(u"checkpointGb"_s)->setValue(1500);
    editor.findChild<QCheckBox *>(u"production"_s)->setChecked(false);
    const scenario::Scenario &s = document.scenario();
    CHECK(s.lockin.commitmentOtherUse == Approx(0.25));
    CHECK(s.ownership.otherUse == Approx(0.6));
    REQUIRE(s.lockin.checkpointGb.has_value());
    CHECK(*s.lockin.checkpointGb == Approx(1500));
    CHECK_FALSE(s.inference->production);
    const int edits = document.undoStack()->count();
    CHECK(edits >= 9);

    // Undo takes each back and the editor shows it; a fresh editor of the same document shows all.
    document.undoStack()->undo();
    CHECK(editor.findChild<QCheckBox *>(u"production"_s)->isChecked());
    document.undoStack()->redo();
    ui::ScenarioEditor again(&document);
    CHECK(again.findChild<QToolButton *>(u"constraintOfferKinds"_s)->text() == u"cloud vm, tpu"_s);
    CHECK(again.findChild<QAction *>(u"constraintPriceModels:on_demand"_s)->isChecked());
    CHECK_FALSE(again.findChild<QAction *>(u"constraintPriceModels:purchase"_s)->isChecked());
    CHECK(again.findChild<QLineEdit *>(u"constraintRegions"_s)->text() == u"us-east-1, eastus"_s);
    CHECK(again.findChild<QDoubleSpinBox *>(u"ownedOtherUse"_s)->value() == Approx(60));
    CHECK_FALSE(again.findChild<QCheckBox *>(u"production"_s)->isChecked());
    // The window says which is which: constraints change the plan, filters only hide rows.
    CHECK(editor.findChild<QLabel *>(u"constraintsNote"_s)->text().contains(u"change the plan"_s));
}

TEST_CASE("document: the steady-state check reaches the scenario and the plan's projection kind", "[gui][document]")
{
    ui::ScenarioDocument document;
    ui::ScenarioEditor editor(&document);
    auto *steady = editor.findChild<QCheckBox *>(u"steadyState"_s);
    REQUIRE(steady != nullptr);
    REQUIRE(document.scenario().training.has_value());
    CHECK_FALSE(steady->isChecked()); // a real run is a campaign by default
    CHECK_FALSE(document.scenario().training->steadyState);
    steady->setChecked(true);
    CHECK(document.scenario().training->steadyState);
    const auto catalog = catalog::PlanningCatalog::loadShipped();
    REQUIRE(catalog.ok());
    const auto mapped = planning::trainingRequest(document.scenario(), *catalog);
    REQUIRE(mapped.ok());
    CHECK(mapped->input.steadyState);
    document.undoStack()->undo();
    CHECK_FALSE(steady->isChecked());
    CHECK_FALSE(document.scenario().training->steadyState);
}

TEST_CASE("document: saving on a full disk keeps the previous file, says why and stays modified", "[gui][document][disk]")
{
    test::TmpfsMount mount(u"size=256k"_s);
    if (!mount.mounted) {
        WARN("not root or mount refused: the disk-full case needs a small file system");
        return;
    }
    ui::ScenarioDocument document;
    const QString path = mount.dir.filePath(u"plan.accelplan"_s);
    REQUIRE(document.saveAs(path).ok());
    QFile saved(path);
    REQUIRE(saved.open(QIODevice::ReadOnly));
    const QByteArray before = saved.readAll();
    saved.close();
    REQUIRE(before.size() > 100);

    mount.fill();
    scenario::Scenario renamed = document.scenario();
    renamed.name = QString(20000, u'n'); // more than the 16 KiB Qt buffer: the write itself reaches the disk
    document.edit(document.scenario(), renamed, nullptr);
    REQUIRE(document.isModified());
    const Status refused = document.saveAs(path);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().message == u"cannot write "_s + path + u": No space left on device"_s);
    CHECK(document.isModified());
    REQUIRE(saved.open(QIODevice::ReadOnly));
    CHECK(saved.readAll() == before);
    saved.close();

    // A short scenario fits in Qt's write buffer: only the flush finds the disk full.
    renamed.name = u"short"_s;
    document.edit(document.scenario(), renamed, nullptr);
    const Status short_ = document.saveAs(path);
    REQUIRE_FALSE(short_.ok());
    CHECK(short_.error().message.contains(u"No space left on device"_s));
    REQUIRE(saved.open(QIODevice::ReadOnly));
    CHECK(saved.readAll() == before);
}

TEST_CASE("document: a scenario file over 4 MiB or not a regular file is not opened", "[gui][document]")
{
    QTemporaryDir dir;
    QFile example(test::examplePath(u"llama-70b.accelplan"_s));
    REQUIRE(example.open(QIODevice::ReadOnly));
    const QString big = dir.filePath(u"big.accelplan"_s);
    {
        QFile file(big);
        REQUIRE(file.open(QIODevice::WriteOnly));
        file.write(QByteArray(5 << 20, ' ') + example.readAll());
    }
    ui::ScenarioDocument document;
    const auto opened = document.open(big, nullptr);
    REQUIRE_FALSE(opened.ok());
    CHECK(opened.error().message == big + u": the file is larger than 4 MiB"_s);
    CHECK(document.filePath().isEmpty());

    // A FIFO would block the window for ever: refused before it is opened.
    const QString fifo = dir.filePath(u"pipe.accelplan"_s);
    REQUIRE(test::runCommand(u"mkfifo"_s, {fifo}));
    const auto piped = document.open(fifo, nullptr);
    REQUIRE_FALSE(piped.ok());
    CHECK(piped.error().message == fifo + u": not a regular file"_s);
    const auto device = document.open(u"/dev/zero"_s, nullptr);
    REQUIRE_FALSE(device.ok());
    CHECK(device.error().message == u"/dev/zero: not a regular file"_s);
}
