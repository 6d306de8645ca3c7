#include "tests/gui/windowtests.h"
#include "ui/planner/scenariodocument.h"
#include "ui/planner/scenarioeditor.h"

#include <QToolButton>

TEST_CASE("gui: The planner recomputes off the GUI thread when an input changes", "[gui][planner]")
{
    SeededDatabase db;
    auto window = makeWindow(*db.database);
    ui::PlannerView *planner = window->planner();
    REQUIRE(planner != nullptr);
    QAbstractItemModelTester trainingTester(planner->trainingModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester inferenceTester(planner->inferenceModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    REQUIRE(waitFor([&] { return planner->plan() != nullptr && !planner->busy(); }));
    CHECK(planner->trainingModel()->rowCount() > 20);
    CHECK(planner->inferenceModel()->rowCount() > 20);
    CHECK(planner->summaryLabel()->text().contains(u"Budget"_s));
    // The summary leads with the headline (budget at P50, P90 beside it, cash out), then its risks.
    const QString summary = planner->summaryLabel()->text();
    CHECK(summary.startsWith(u"<b>"_s + planner->plan()->headline.text().toHtmlEscaped()));
    CHECK(summary.contains(u" at P50 (P90 "_s));
    for (const QString &risk : planner->plan()->headline.risks)
        CHECK(summary.contains(QString(u"Risk: "_s + risk).toHtmlEscaped()));

    // Without a deadline the chip count is the memory minimum, so twice the tokens is twice the
    // cost of every hourly option.
    const planning::Plan *withDeadline = planner->plan();
    planner->findChild<QDoubleSpinBox *>(u"deadlineDays"_s)->setValue(0);
    REQUIRE(waitFor([&] { return !planner->busy() && !planner->scenario().training->deadlineDays; }));
    REQUIRE(waitFor([&] { return planner->plan() != withDeadline && !planner->busy(); }));
    const planning::Plan *first = planner->plan();
    const planning::TrainingOption top = first->training->options.first();
    REQUIRE(top.runnable());
    auto *tokens = planner->findChild<QLineEdit *>(u"trainingTokens"_s);
    tokens->setText(u"4T"_s);
    REQUIRE(waitFor([&] { return planner->plan() != first && !planner->busy(); }));
    const planning::TrainingOption *again = findTraining(*planner->plan(), top.offer.key);
    REQUIRE(again != nullptr);
    if (top.offer.key.priceModel == PriceModel::OnDemand || top.offer.key.priceModel == PriceModel::Spot)
        CHECK(again->cost.typical == Approx(2 * top.cost.typical).epsilon(0.001));
    CHECK(planner->trainingModel()->index(0, ui::OptionTableModel::Cost).data(ui::OptionTableModel::RawValueRole).toDouble()
          == planner->plan()->training->options.first().lockin.planCost);

    // Input that is not a count is flagged as you type and not planned.
    const planning::Plan *valid = planner->plan();
    tokens->setText(u"lots"_s);
    QTest::qWait(100);
    CHECK_FALSE(planner->problems().isEmpty());
    CHECK(planner->problems().join(u' ').contains(u"Training tokens"_s));
    CHECK(planner->plan() == valid);
    tokens->setText(u"2T"_s);
    REQUIRE(waitFor([&] { return planner->plan() != valid && !planner->busy(); }));
    CHECK(planner->problems().isEmpty());

    // Selecting an option shows its formula and provenance.
    auto *table = planner->findChild<QTableView *>(u"trainingOptions"_s);
    table->selectRow(0);
    CHECK(planner->findChild<QTextBrowser *>(u"optionDetails"_s)->toPlainText().contains(u"Exit cost"_s));
    // An owned option says what buying costs in cash and when it pays, as the report does.
    const QList<planning::TrainingOption> &options = planner->plan()->training->options;
    const auto owned = std::find_if(options.cbegin(), options.cend(),
                                    [](const planning::TrainingOption &o) { return o.owned.has_value(); });
    REQUIRE(owned != options.cend());
    const QModelIndex ownedRow =
        planner->trainingProxy()->mapFromSource(planner->trainingModel()->index(int(owned - options.cbegin()), 0));
    REQUIRE(ownedRow.isValid());
    table->selectRow(ownedRow.row());
    const QString ownedText = planner->findChild<QTextBrowser *>(u"optionDetails"_s)->toPlainText();
    CHECK(ownedText.contains(u"Buying: Capex "_s));
    // The reference purchase prices were read more than 180 days before the prices' date.
    CHECK(ownedText.contains(u"Stale price: read "_s));
    CHECK(ownedText.contains(u"Energy: "_s)); // kWh at TDP × PUE
    CHECK(ownedText.contains(u" + colocation "_s)); // the owned cost in its named lines

    if (const QByteArray dir = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !dir.isEmpty()) {
        window->resize(1400, 800);
        QTest::qWait(50);
        REQUIRE(QDir().mkpath(QString::fromLocal8Bit(dir)));
        CHECK(window->grab().toImage().save(QDir(QString::fromLocal8Bit(dir)).filePath(u"planner.png"_s)));
    }
}

TEST_CASE("gui: Undo and redo step through every scenario edit and replan", "[gui][planner]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::PlannerView *planner = window->planner();
    QUndoStack *undo = planner->undoStack();
    CHECK(undo->count() == 0);
    CHECK_FALSE(window->isWindowModified());

    auto *tokens = planner->findChild<QLineEdit *>(u"trainingTokens"_s);
    auto *months = planner->findChild<QSpinBox *>(u"months"_s);
    auto *framework = planner->findChild<QComboBox *>(u"framework"_s);
    const QString originalTokens = tokens->text();
    const int originalMonths = months->value();

    // Typing into one field is one step; another field is another step.
    const planning::Plan *before = planner->plan();
    tokens->clear();
    QTest::keyClicks(tokens, u"3T"_s);
    months->setValue(originalMonths + 6);
    framework->setCurrentText(u"jax"_s);
    REQUIRE(waitForNewPlan(planner, before));
    CHECK(undo->count() == 3);
    CHECK(window->isWindowModified());
    CHECK(planner->plan()->inferenceMonths == originalMonths + 6);
    CHECK(planner->scenario().training->tokens == 3e12);

    const planning::Plan *edited = planner->plan();
    window->findChild<QAction *>(u"actionUndo"_s)->trigger();
    CHECK(framework->currentText() == u"pytorch"_s);
    undo->undo();
    CHECK(months->value() == originalMonths);
    undo->undo();
    CHECK(tokens->text() == originalTokens);
    CHECK_FALSE(undo->canUndo());
    CHECK_FALSE(window->isWindowModified());
    REQUIRE(waitForNewPlan(planner, edited));
    CHECK(planner->plan()->inferenceMonths == originalMonths);
    CHECK(planner->scenario().training->tokens == 2e12);

    const planning::Plan *undone = planner->plan();
    window->findChild<QAction *>(u"actionRedo"_s)->trigger();
    undo->redo();
    CHECK(tokens->text() == u"3T"_s);
    CHECK(months->value() == originalMonths + 6);
    CHECK(framework->currentText() == u"pytorch"_s);
    REQUIRE(waitForNewPlan(planner, undone));
    CHECK(planner->plan()->inferenceMonths == originalMonths + 6);
    // Undo and redo themselves are not recorded as edits.
    CHECK(undo->count() == 3);
    CHECK(undo->index() == 2);

    // A preset fills in its sizes in one step.
    auto *preset = planner->findChild<QComboBox *>(u"trainingPreset"_s);
    const int presetIndex = preset->findText(u"DeepSeek-V3"_s, Qt::MatchStartsWith);
    REQUIRE(presetIndex > 0);
    preset->setCurrentIndex(presetIndex);
    CHECK(planner->findChild<QLineEdit *>(u"trainingActiveParams"_s)->text() == u"37B"_s);
    CHECK(undo->count() == 3); // the redone step was dropped, the preset added
    undo->undo();
    CHECK(preset->currentIndex() == 0);
    CHECK(planner->findChild<QLineEdit *>(u"trainingActiveParams"_s)->text().isEmpty());
}

TEST_CASE("gui: An unreadable count is an undoable edit: Undo gives the field its last readable text", "[gui][planner]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::PlannerView *planner = window->planner();
    QUndoStack *undo = planner->undoStack();
    QAction *undoAction = window->findChild<QAction *>(u"actionUndo"_s);
    auto *months = planner->findChild<QSpinBox *>(u"months"_s);
    auto *active = planner->findChild<QLineEdit *>(u"trainingActiveParams"_s);
    auto *tokens = planner->findChild<QLineEdit *>(u"trainingTokens"_s);
    const int originalMonths = months->value();
    const QString originalTokens = tokens->text();
    months->setValue(originalMonths + 6);
    REQUIRE(undo->count() == 1);

    // An optional count: left empty or unreadable, the scenario has none; the red field is still an edit.
    REQUIRE(active->text().isEmpty());
    QTest::keyClicks(active, u"lots"_s);
    CHECK_FALSE(active->styleSheet().isEmpty());
    CHECK_FALSE(planner->problems().isEmpty());
    CHECK(undo->count() == 2);
    undoAction->trigger();
    CHECK(active->text().isEmpty());
    CHECK(active->styleSheet().isEmpty());
    CHECK(planner->problems().isEmpty());
    CHECK(months->value() == originalMonths + 6); // the edit before it stays
    CHECK(undo->index() == 1);

    // A required count typed over with text that does not read: one step back to its last text.
    tokens->selectAll();
    QTest::keyClicks(tokens, u"two trillion"_s);
    CHECK_FALSE(tokens->styleSheet().isEmpty());
    CHECK(undo->index() == 2);
    undoAction->trigger();
    CHECK(tokens->text() == originalTokens);
    CHECK(tokens->styleSheet().isEmpty());
    CHECK(months->value() == originalMonths + 6);
}

TEST_CASE("gui: Ctrl+Z undoes the scenario wherever the focus is (a text field too)", "[gui][planner]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    window->show();
    window->activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(window.get()));
    ui::PlannerView *planner = window->planner();
    QUndoStack *undo = planner->undoStack();
    auto *months = planner->findChild<QSpinBox *>(u"months"_s);
    auto *tokens = planner->findChild<QLineEdit *>(u"trainingTokens"_s);
    auto *search = planner->findChild<QLineEdit *>(u"optionSearchEdit"_s);
    REQUIRE(search != nullptr);
    const int originalMonths = months->value();
    const QString originalTokens = tokens->text();

    months->setValue(originalMonths + 6);
    tokens->setFocus();
    REQUIRE(QApplication::focusWidget() == tokens);
    tokens->selectAll();
    QTest::keyClicks(tokens, u"3T"_s);
    REQUIRE(undo->count() == 2);

    // In the field just typed in, its own undo would type the old text back as one more edit.
    QTest::keyClick(tokens, Qt::Key_Z, Qt::ControlModifier);
    CHECK(tokens->text() == originalTokens);
    CHECK(undo->count() == 2);
    CHECK(undo->index() == 1);
    // In the options' search box (a view, not the scenario), the same key undoes the scenario.
    search->setFocus();
    REQUIRE(QApplication::focusWidget() == search);
    QTest::keyClick(search, Qt::Key_Z, Qt::ControlModifier);
    CHECK(months->value() == originalMonths);
    CHECK(undo->index() == 0);
    // And Redo steps forward again from a text field.
    QTest::keyClick(search, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    CHECK(months->value() == originalMonths + 6);
    CHECK(undo->index() == 1);
    CHECK(undo->count() == 2);
}

TEST_CASE("gui: The option filters show only matching options", "[gui][planner]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::PlannerView *planner = window->planner();
    QAbstractItemModelTester tester(planner->trainingProxy(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester inferenceTester(planner->inferenceProxy(),
                                             QAbstractItemModelTester::FailureReportingMode::Fatal);
    const int all = planner->trainingProxy()->rowCount();
    REQUIRE(all == planner->trainingModel()->rowCount());

    auto shownColumn = [&](int column) {
        QStringList values;
        for (int row = 0; row < planner->trainingProxy()->rowCount(); ++row)
            values.append(planner->trainingProxy()->index(row, column).data(ui::OptionTableModel::RawValueRole).toString());
        return values;
    };
    auto expectedCount = [&](int column, const QString &value) {
        int count = 0;
        for (int row = 0; row < planner->trainingModel()->rowCount(); ++row)
            count += planner->trainingModel()->index(row, column).data(ui::OptionTableModel::RawValueRole).toString() == value;
        return count;
    };
    const std::pair<QString, int> filters[] = {
        {u"optionProviderFilter"_s, ui::OptionTableModel::Provider},
        {u"optionKindFilter"_s, ui::OptionTableModel::Kind},
        {u"optionAcceleratorFilter"_s, ui::OptionTableModel::Accelerator},
        {u"optionPriceModelFilter"_s, ui::OptionTableModel::PriceModel},
    };
    for (const auto &[name, column] : filters) {
        INFO(name.toStdString());
        auto *combo = planner->findChild<QComboBox *>(name);
        REQUIRE(combo != nullptr);
        REQUIRE(combo->count() > 2);
        combo->setCurrentIndex(2);
        const QString value = combo->currentData().toString();
        const QStringList shown = shownColumn(column);
        CHECK(shown.size() == expectedCount(column, value));
        CHECK(shown.count(value) == shown.size());
        combo->setCurrentIndex(0);
        CHECK(planner->trainingProxy()->rowCount() == all);
    }
    auto *search = planner->findChild<QLineEdit *>(u"optionSearchEdit"_s);
    QTest::keyClicks(search, u"tpu"_s);
    const QStringList accelerators = shownColumn(ui::OptionTableModel::Accelerator);
    REQUIRE_FALSE(accelerators.isEmpty());
    for (const QString &accelerator : accelerators)
        CHECK(accelerator.startsWith(u"tpu"_s));
}

TEST_CASE("gui: The window plans with the user's own throughput profiles as the command line does", "[gui][planner]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::PlannerView *planner = window->planner();
    auto h100 = [](const planning::Plan &plan) -> const planning::TrainingOption * {
        for (const planning::TrainingOption &o : plan.training->options) {
            if (o.offer.accelerator == u"h100-sxm"_s && o.runnable())
                return &o;
        }
        return nullptr;
    };
    const planning::Plan *before = planner->plan();
    REQUIRE(before->training);
    const planning::TrainingOption *shipped = h100(*before);
    REQUIRE(shipped != nullptr);
    REQUIRE(shipped->projection->efficiency.mfu.typical != Approx(0.72));

    // What `accelplan-cli catalog add-profile` stores: a profile for the default scenario's workload.
    const QByteArray profile = "accelerator,workload,precision,framework,low,typical,high,source_url,as_of,notes\n"
                               "h100-sxm,dense_training,bf16,pytorch,0.7,0.72,0.74,https://example.test/window-profile,"
                               "2026-11-01,our own run\n";
    REQUIRE(db.database->addProfileFile({u"ours.csv"_s, profile}).ok());
    window->reload();
    REQUIRE(waitForNewPlan(planner, before));
    const planning::TrainingOption *mine = h100(*planner->plan());
    REQUIRE(mine != nullptr);
    CHECK(mine->projection->efficiency.mfu.typical == Approx(0.72));
    CHECK(mine->projection->efficiency.mfuSource.contains(u"example.test/window-profile"_s));
}

TEST_CASE("gui: While an input is invalid the results say they are out of date", "[gui][planner]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::PlannerView *planner = window->planner();
    const planning::Plan *valid = planner->plan();
    CHECK_FALSE(planner->stale());
    auto *banner = planner->findChild<QLabel *>(u"staleBanner"_s);
    REQUIRE(banner != nullptr);
    CHECK(banner->isHidden());

    auto *tokens = planner->findChild<QLineEdit *>(u"trainingTokens"_s);
    tokens->setText(u"lots"_s);
    QTest::qWait(50);
    CHECK(planner->stale());
    CHECK_FALSE(banner->isHidden());
    CHECK(banner->text().contains(u"out of date"_s));
    CHECK(banner->text().contains(u"Training tokens"_s));
    CHECK_FALSE(planner->findChild<QTabWidget *>(u"optionTabs"_s)->isEnabled());
    CHECK(planner->plan() == valid); // nothing planned on bad input

    // A rule of scenario::validate (the file parser's too) is listed the same way.
    tokens->setText(u"2T"_s);
    REQUIRE(waitForNewPlan(planner, valid));
    auto *name = planner->findChild<QLineEdit *>(u"scenarioName"_s);
    name->setText(QString());
    QTest::qWait(50);
    CHECK(planner->stale());
    CHECK(banner->text().contains(u"Name: must be a non-empty string"_s));
    const planning::Plan *before = planner->plan();
    name->setText(u"Back"_s);
    REQUIRE(waitForNewPlan(planner, before));
    CHECK_FALSE(planner->stale());
    CHECK(banner->isHidden());
    CHECK(planner->findChild<QTabWidget *>(u"optionTabs"_s)->isEnabled());
}

TEST_CASE("gui: Each new plan selects its recommended option so the details are never a previous plan's", "[gui][planner]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::PlannerView *planner = window->planner();
    auto *details = planner->findChild<QTextBrowser *>(u"optionDetails"_s);
    const QString firstSku = planner->plan()->training->options.first().offer.key.sku; // the plan goes away
    CHECK(details->toPlainText().contains(firstSku));
    auto *trainingTable = planner->findChild<QTableView *>(u"trainingOptions"_s);
    CHECK(trainingTable->selectionModel()->currentIndex().row() == 0);

    // An inference-only scenario: its first inference option is shown, not the training option.
    const planning::Plan *before = planner->plan();
    REQUIRE(window->openScenario(test::examplePath(u"chat-service-8b-eur.accelplan"_s)).ok());
    REQUIRE(waitForNewPlan(planner, before));
    const planning::Plan *plan = planner->plan();
    REQUIRE(plan->inference);
    REQUIRE_FALSE(plan->training);
    const QString sku = plan->inference->options.first().offer.key.sku;
    CHECK(details->toPlainText().contains(sku));
    CHECK_FALSE(details->toPlainText().contains(firstSku + u' '));
    CHECK(planner->findChild<QTabWidget *>(u"optionTabs"_s)->currentWidget()
          == planner->findChild<QTableView *>(u"inferenceOptions"_s));
}

TEST_CASE("gui: The mouse wheel scrolls the editor and changes only the field being edited", "[gui][planner]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    window->show();
    REQUIRE(QTest::qWaitForWindowExposed(window.get()));
    QApplication::setActiveWindow(window.get());
    ui::PlannerView *planner = window->planner();
    auto *utilisation = planner->findChild<QDoubleSpinBox *>(u"servingUtilization"_s);
    REQUIRE(utilisation != nullptr);
    const double value = utilisation->value();
    auto wheel = [&] {
        const QPointF at(utilisation->width() / 2.0, utilisation->height() / 2.0);
        QWheelEvent event(at, utilisation->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(utilisation, &event);
    };
    planner->findChild<QLineEdit *>(u"scenarioName"_s)->setFocus();
    REQUIRE_FALSE(utilisation->hasFocus());
    wheel();
    CHECK(utilisation->value() == value);
    utilisation->setFocus();
    REQUIRE(utilisation->hasFocus());
    wheel();
    CHECK(utilisation->value() != value);
}

TEST_CASE("gui: The lock-in score's weights are explained in the header and the details", "[gui][planner]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::PlannerView *planner = window->planner();
    const QString tip = planner->trainingModel()->headerData(ui::OptionTableModel::Lockin, Qt::Horizontal,
                                                             Qt::ToolTipRole).toString();
    INFO(tip.toStdString());
    CHECK(tip.contains(QString::number(planning::kAvailabilityWeight * 100, 'f', 0) + u"% × availability"_s));
    CHECK(tip.contains(QString::number(planning::kExitShareWeight * 100, 'f', 0) + u"% × exit share"_s));
    CHECK(tip.contains(QString::number(planning::kRewriteWeeks, 'f', 0) + u"-week rewrite"_s));
    const QString details = planner->findChild<QTextBrowser *>(u"optionDetails"_s)->toPlainText();
    CHECK(details.contains(u"Lock-in score (0–100) ="_s));
}

TEST_CASE("gui: Options over the budget still show their cost and days and the whole reason", "[gui][planner]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::PlannerView *planner = window->planner();
    const planning::Plan *before = planner->plan();
    const double cheapest = before->recommendedTraining()->cost.typical;
    planner->findChild<QDoubleSpinBox *>(u"budget"_s)->setValue(cheapest * 1.01); // only the cheapest few fit
    REQUIRE(waitForNewPlan(planner, before));
    const planning::Plan *plan = planner->plan();
    const ui::OptionTableModel *model = planner->trainingModel();
    int overBudget = 0;
    for (int row = 0; row < model->rowCount(); ++row) {
        const planning::TrainingOption &o = plan->training->options.at(row);
        if (!o.cannotRun.startsWith(u"over budget"_s))
            continue;
        ++overBudget;
        CHECK(model->index(row, ui::OptionTableModel::Cost).data(ui::OptionTableModel::RawValueRole).toDouble()
              == o.cost.typical);
        CHECK(model->index(row, ui::OptionTableModel::Time).data(ui::OptionTableModel::RawValueRole).toDouble()
              == Approx(o.projection->wallHours.typical / 24.0));
        CHECK(model->index(row, ui::OptionTableModel::Fits).data(Qt::ToolTipRole).toString() == o.cannotRun);
        CHECK_FALSE(model->index(row, ui::OptionTableModel::Rank).data(ui::OptionTableModel::RawValueRole).isValid());
    }
    CHECK(overBudget > 5);
}

TEST_CASE("gui: The options show nodes and fabric and the procurement constraints decide the recommendation", "[gui][planner]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::PlannerView *planner = window->planner();
    const planning::Plan *before = planner->plan();
    REQUIRE(before->recommendedTraining() != nullptr);
    REQUIRE(before->recommendedTraining()->offer.key.priceModel == PriceModel::Spot); // spot wins unconstrained here

    // Nodes and fabric in the table, the layout and step breakdown in the explanation.
    ui::OptionTableModel *model = planner->trainingModel();
    CHECK(model->headerData(ui::OptionTableModel::Nodes, Qt::Horizontal).toString() == u"Nodes"_s);
    CHECK(model->headerData(ui::OptionTableModel::Fabric, Qt::Horizontal).toString() == u"Fabric"_s);
    const planning::TrainingOption &top = *before->recommendedTraining();
    CHECK(model->index(0, ui::OptionTableModel::Nodes).data(ui::OptionTableModel::RawValueRole).toInt() == top.projection->nodes);
    CHECK(model->index(0, ui::OptionTableModel::Fabric).data().toString().contains(u"Gb/s"_s));
    const QString details = planner->findChild<QTextBrowser *>(u"optionDetails"_s)->toPlainText();
    CHECK(details.contains(u"Cluster"_s));
    CHECK(details.contains(u"TP "_s));
    CHECK(details.contains(u"Each step: compute"_s));
    // The efficiency chain and the cost basis, rendered from the projection's and the option's terms.
    for (const Term &t : top.projection->efficiencyTerms()) {
        CAPTURE(t.label);
        CHECK(details.contains(t.label + u' ' + t.unit));
        CHECK(details.contains(t.rule.left(40)));
    }
    CHECK(details.contains(top.costBasis()));
    CHECK(details.contains(formulaText(top.costTermList())));
    // What the published measurements make of it, and what backs the band.
    CHECK(details.contains(u"measured, campaign"_s));
    CHECK(details.contains(u"published measurements of this kind (training/campaign)"_s));

    // No spot capacity: the recommendation (and every option) follows.
    planner->findChild<QCheckBox *>(u"excludeSpot"_s)->setChecked(true);
    REQUIRE(waitFor([&] { return planner->plan() != before && !planner->busy(); }));
    const planning::Plan *after = planner->plan();
    REQUIRE(after->recommendedTraining() != nullptr);
    CHECK(after->recommendedTraining()->offer.key.priceModel != PriceModel::Spot);
    for (const planning::TrainingOption &o : after->training->options)
        CHECK(o.offer.key.priceModel != PriceModel::Spot);
    CHECK(planner->scenario().constraints.excludeSpot);
    CHECK_FALSE(planner->summaryLabel()->text().contains(u"(spot)"_s));
}

TEST_CASE("gui: The serving concurrency, phase and KV precision reach the plan from the editor", "[gui][planner]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::PlannerView *planner = window->planner();
    const planning::Plan *before = planner->plan();
    REQUIRE(window->openScenario(test::examplePath(u"chat-service-8b-eur.accelplan"_s)).ok());
    REQUIRE(waitForNewPlan(planner, before));
    auto *concurrency = planner->findChild<QSpinBox *>(u"concurrency"_s);
    auto *phase = planner->findChild<QComboBox *>(u"servePhase"_s);
    auto *kv = planner->findChild<QComboBox *>(u"kvPrecision"_s);
    REQUIRE(concurrency != nullptr);
    REQUIRE(phase != nullptr);
    REQUIRE(kv != nullptr);
    CHECK(concurrency->value() == 0); // "most that meet the targets"
    CHECK(phase->currentData().toString() == u"both"_s);
    before = planner->plan();
    concurrency->setValue(48);
    phase->setCurrentIndex(phase->findData(u"decode"_s));
    kv->setCurrentIndex(kv->findData(u"bf16"_s));
    REQUIRE(waitForNewPlan(planner, before));
    const planning::Plan *plan = planner->plan();
    REQUIRE(plan->inferenceRequest);
    CHECK(plan->inferenceRequest->input.concurrency == 48);
    CHECK(plan->inferenceRequest->input.phase == planning::ServePhase::Decode);
    REQUIRE(plan->inferenceRequest->input.kvPrecision.has_value());
    CHECK(*plan->inferenceRequest->input.kvPrecision == catalog::Precision::Bf16);
    REQUIRE(plan->inference);
    const planning::InferenceOption *first = plan->recommendedInference();
    REQUIRE(first != nullptr);
    CHECK(first->projection->batch == 48);
    // The explanation tells the concurrency and the latencies at p90.
    auto *details = planner->findChild<QTextBrowser *>(u"optionDetails"_s);
    REQUIRE(details != nullptr);
    CHECK(details->toPlainText().contains(u"concurrency 48"_s));
    CHECK(details->toPlainText().contains(u"p90"_s));
    // The engine: vLLM unless chosen, and a choice reaches the plan and the scenario.
    auto *engine = planner->findChild<QComboBox *>(u"engine"_s);
    REQUIRE(engine != nullptr);
    CHECK(engine->currentData().toString() == u"vllm"_s);
    CHECK(planner->scenario().inference->engine.isEmpty());
    before = planner->plan();
    engine->setCurrentIndex(engine->findData(u"sglang"_s));
    REQUIRE(waitForNewPlan(planner, before));
    CHECK(planner->plan()->inferenceRequest->input.engine == u"sglang"_s);
    CHECK(planner->scenario().inference->engine == u"sglang"_s);
    CHECK(details->toPlainText().contains(u"SGLang"_s));
    if (const QByteArray dir = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !dir.isEmpty()) {
        REQUIRE(QDir().mkpath(QString::fromLocal8Bit(dir)));
        window->show();
        window->resize(1024, 700);
        concurrency->setFocus();
        QTest::qWait(50);
        CHECK(window->grab().toImage().save(QDir(QString::fromLocal8Bit(dir)).filePath(u"serving-1024.png"_s)));
    }
}

TEST_CASE("gui: A scenario's model_config opens as its own model entry and plans with it", "[gui][planner]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::PlannerView *planner = window->planner();
    QFile config(test::dataPath(u"hf/llama-3.1-70b.json"_s));
    REQUIRE(config.open(QIODevice::ReadOnly));
    const QJsonObject root{{u"format"_s, u"accelplan-scenario"_s},
                           {u"version"_s, 1},
                           {u"name"_s, u"from a config"_s},
                           {u"training"_s, QJsonObject{{u"model_config"_s, QJsonDocument::fromJson(config.readAll()).object()},
                                                      {u"tokens"_s, 2e12}}}};
    QTemporaryDir dir;
    const QString path = dir.filePath(u"config.accelplan"_s);
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(QJsonDocument(root).toJson());
    file.close();
    const planning::Plan *before = planner->plan();
    REQUIRE(window->openScenario(path).ok());
    REQUIRE(waitForNewPlan(planner, before));

    auto *preset = planner->findChild<QComboBox *>(u"trainingPreset"_s);
    auto *params = planner->findChild<QLineEdit *>(u"trainingParams"_s);
    CHECK(preset->currentText().startsWith(u"config.json: "_s));
    CHECK(params->isReadOnly());
    CHECK(params->text().startsWith(u"70.5"_s));
    CHECK(planner->editor()->problems().isEmpty());
    const scenario::Scenario shown = window->document()->scenario();
    REQUIRE(shown.training->modelConfig);
    CHECK(shown.training->modelConfig->layers == 80);
    // Planned with the config's architecture: the FLOPs `train --model-config` gives for 1T tokens, doubled.
    REQUIRE(planner->plan()->training);
    REQUIRE_FALSE(planner->plan()->training->options.isEmpty());
    CHECK(planner->plan()->training->options.first().projection->totalFlops == Approx(2 * 4.87738834944e23).epsilon(0.0001));

    // A preset chosen instead: the config is dropped, the sizes editable again.
    preset->setCurrentIndex(preset->findText(u"DeepSeek-V3"_s, Qt::MatchStartsWith));
    const scenario::Scenario edited = window->document()->scenario();
    CHECK_FALSE(edited.training->modelConfig);
    CHECK(edited.training->modelConfigJson.isEmpty());
    CHECK_FALSE(params->isReadOnly());
}

TEST_CASE("gui: config.json… takes a section's model from a Hugging Face config, undoably, and a bad one changes nothing", "[gui][planner]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::PlannerView *planner = window->planner();
    ui::ScenarioEditor *editor = planner->editor();
    REQUIRE(planner->findChild<QToolButton *>(u"inferenceOpenConfig"_s) != nullptr);
    REQUIRE(planner->findChild<QToolButton *>(u"trainingOpenConfig"_s) != nullptr);
    const scenario::Scenario before = window->document()->scenario();

    // A config without its layers: said with file and field, the scenario as it was.
    const Status bad = editor->openModelConfig(false, test::dataPath(u"hf/no_layers.json"_s));
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().details.first().toString().contains(u"no_layers.json:1: error: num_hidden_layers"_s));
    CHECK(scenario::toJson(window->document()->scenario()) == scenario::toJson(before));

    const planning::Plan *planned = planner->plan();
    REQUIRE(editor->openModelConfig(false, test::dataPath(u"hf/mixtral-8x7b.json"_s)).ok());
    REQUIRE(waitForNewPlan(planner, planned));
    const scenario::Scenario after = window->document()->scenario();
    REQUIRE(after.inference);
    REQUIRE(after.inference->modelConfig);
    CHECK(after.inference->modelConfig->experts.value_or(0) == 8);
    CHECK(planner->findChild<QComboBox *>(u"inferencePreset"_s)->currentText().startsWith(u"config.json: "_s));
    CHECK(planner->findChild<QLineEdit *>(u"inferenceParams"_s)->isReadOnly());
    CHECK(editor->problems().isEmpty());

    // One undo step gives the model back.
    window->document()->undoStack()->undo();
    const scenario::Scenario undone = window->document()->scenario();
    CHECK_FALSE(undone.inference->modelConfig);
    CHECK(undone.inference->model == before.inference->model);
    CHECK(undone.inference->modelParams == before.inference->modelParams);
    CHECK_FALSE(planner->findChild<QLineEdit *>(u"inferenceParams"_s)->isReadOnly());
}
