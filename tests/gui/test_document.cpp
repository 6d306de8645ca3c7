// The scenario document (as Tiled's Document): it owns the scenario, its file, its undo stack and
// its clean state; the editor edits it and shows what undo, redo and open put in it.
#include "core/scenario/scenario.h"
#include "tests/qtstringmaker.h"
#include "ui/planner/scenariodocument.h"
#include "ui/planner/scenarioeditor.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QLineEdit>
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
