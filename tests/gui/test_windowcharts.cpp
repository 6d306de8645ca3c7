#include "tests/gui/windowtests.h"

TEST_CASE("gui: the cost-time chart takes a new plan in place and draws it as a new chart would", "[gui][charts]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    const auto first = std::make_shared<planning::Plan>(*window->planner()->plan());
    REQUIRE(first->training.has_value());
    std::unique_ptr<QChart> chart(ui::charts::costTimeChart(first));
    const QList<QAbstractSeries *> series = chart->series();
    // Three times the cost in half the time: the same series and axes get the new points.
    auto second = std::make_shared<planning::Plan>(*first);
    for (planning::TrainingOption &o : second->training->options) {
        o.cost.typical *= 3;
        o.projection.edit().wallHours.typical *= 0.5;
    }
    REQUIRE(ui::charts::refillCostTimeChart(chart.get(), second));
    CHECK(chart->series() == series);
    std::unique_ptr<QChart> fresh(ui::charts::costTimeChart(second));
    requireSameCostTime(chart.get(), fresh.get());
    // Hovering a refilled point names the option it now stands for.
    QString hovered;
    REQUIRE(ui::charts::refillCostTimeChart(chart.get(), second, [&](const QString &text) { hovered = text; }));
    auto *front = qobject_cast<QScatterSeries *>(chart->series().at(2));
    REQUIRE(front != nullptr);
    REQUIRE(front->count() > 0);
    Q_EMIT front->hovered(front->at(0), true);
    CHECK(hovered.contains(QLocale().toString(front->at(0).x(), 'f', 1) + u" days"_s));
    // Options within a factor of 2 in time have a linear days axis; spread over a factor of 100
    // they need a logarithmic one, which takes a new chart.
    auto narrow = std::make_shared<planning::Plan>(*first);
    auto spread = std::make_shared<planning::Plan>(*first);
    for (qsizetype i = 0; i < first->training->options.size(); ++i) {
        narrow->training->options[i].projection.edit().wallHours.typical = i % 2 ? 200.0 : 100.0;
        spread->training->options[i].projection.edit().wallHours.typical = i % 2 ? 10000.0 : 100.0;
    }
    std::unique_ptr<QChart> linear(ui::charts::costTimeChart(narrow));
    REQUIRE(qobject_cast<QValueAxis *>(linear->axes(Qt::Horizontal).first()) != nullptr);
    CHECK_FALSE(ui::charts::refillCostTimeChart(linear.get(), spread));
    REQUIRE(ui::charts::refillCostTimeChart(linear.get(), narrow));
    // A plan without training draws no points: a new chart says so.
    auto none = std::make_shared<planning::Plan>(*first);
    none->training.reset();
    CHECK_FALSE(ui::charts::refillCostTimeChart(chart.get(), none));
    requireSameCostTime(chart.get(), fresh.get()); // left as it was
}

TEST_CASE("gui: a new plan redraws the chart in view and the others when they are shown", "[gui][charts]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::PlannerView *planner = window->planner();
    ui::PlanCharts *charts = planner->charts();
    REQUIRE(charts->tabs()->currentIndex() == charts->tabIndex(ui::charts::CostTime));
    auto budgetTotal = [](QChart *chart, const planning::Plan &plan) {
        const BudgetLayout layout = budgetLayout(plan);
        auto *bars = qobject_cast<QStackedBarSeries *>(chart->series().value(0));
        auto *line = layout.inferenceLine ? qobject_cast<QLineSeries *>(chart->series().value(1)) : nullptr;
        REQUIRE(bars != nullptr);
        REQUIRE((line != nullptr) == layout.inferenceLine);
        double total = 0;
        for (int month = 0; month < plan.budget.months.size(); ++month) {
            if (line)
                total += line->at(month).y() * ui::charts::amountScale(layout.highestBar, plan.currency).divisor;
            for (QBarSet *set : bars->barSets())
                total += set->at(month) * ui::charts::amountScale(layout.highestBar, plan.currency).divisor;
        }
        return total;
    };
    QChart *budgetBefore = charts->chart(ui::charts::Budget);
    CHECK(budgetTotal(budgetBefore, *planner->plan()) == Approx(planner->plan()->budget.total));

    // Three times the tokens: a costlier plan. The cost-time chart in view is redrawn with it; the
    // budget, not in view, is drawn from it when asked for (and not before).
    const planning::Plan *first = planner->plan();
    const double firstTotal = first->budget.total;
    QChart *costTimeBefore = charts->chart(ui::charts::CostTime);
    auto *historyView = qobject_cast<QChartView *>(charts->tabs()->widget(charts->tabIndex(ui::charts::PriceHistory)));
    REQUIRE(historyView != nullptr);
    QChart *historyBefore = historyView->chart();
    auto *tokens = planner->findChild<QLineEdit *>(u"trainingTokens"_s);
    REQUIRE(tokens != nullptr);
    tokens->setText(tokens->text() == u"6T"_s ? u"2T"_s : u"6T"_s);
    REQUIRE(waitForNewPlan(planner, first));
    const planning::Plan &second = *planner->plan();
    REQUIRE(second.budget.total != Approx(firstTotal));
    // The chart in view takes the new plan in place, as a new chart of it would draw it.
    CHECK(charts->chart(ui::charts::CostTime) == costTimeBefore);
    std::unique_ptr<QChart> secondCostTime(ui::charts::costTimeChart(planner->sharedPlan()));
    requireSameCostTime(costTimeBefore, secondCostTime.get());
    QPointer<QChart> budgetStale = budgetBefore;
    CHECK(budgetStale); // not redrawn while out of view
    // The recommended offer is selected again: its price history waits for its tab too.
    CHECK(historyView->chart() == historyBefore);
    CHECK(charts->chart(ui::charts::PriceHistory) != historyBefore);
    QChart *budgetAfter = charts->chart(ui::charts::Budget);
    CHECK(budgetAfter != budgetBefore);
    CHECK(budgetTotal(budgetAfter, second) == Approx(second.budget.total));
    // Showing a tab draws it too: the view's chart is replaced when the tab comes into view.
    auto *tornadoView = qobject_cast<QChartView *>(charts->tabs()->widget(charts->tabIndex(ui::charts::Tornado)));
    REQUIRE(tornadoView != nullptr);
    const planning::Plan *secondPlan = planner->plan();
    tokens->setText(tokens->text() == u"6T"_s ? u"2T"_s : u"6T"_s);
    REQUIRE(waitForNewPlan(planner, secondPlan));
    QChart *tornadoBefore = tornadoView->chart();
    charts->tabs()->setCurrentIndex(charts->tabIndex(ui::charts::Tornado));
    CHECK(tornadoView->chart() != tornadoBefore);
    CHECK(charts->chart(ui::charts::Tornado) == tornadoView->chart()); // drawn once
}

TEST_CASE("gui: Thousands of options draw as the points that can be seen", "[gui][charts]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    const planning::Plan &plan = *window->planner()->plan();
    REQUIRE(plan.training.has_value());
    // 5,000 more options on top of the cheapest one, all but a few on the same spot of the plot.
    auto many = std::make_shared<planning::Plan>(plan);
    const planning::TrainingOption cheapest = plan.training->options.first();
    REQUIRE(cheapest.runnable());
    int onFront = 0;
    for (const planning::TrainingOption &o : plan.training->options)
        onFront += o.runnable() && o.pareto;
    for (int i = 0; i < 5000; ++i) {
        planning::TrainingOption copy = cheapest;
        copy.pareto = false;
        copy.cost.typical *= 1.0 + 1e-7 * (i + 1);                      // the same spot
        copy.projection.edit().wallHours.typical *= i % 1000 == 0 ? 3.0 : 1.0; // a few elsewhere
        many->training->options.append(copy);
    }
    std::unique_ptr<QChart> chart(ui::charts::costTimeChart(many));
    REQUIRE(chart->series().size() == 3);
    auto *others = qobject_cast<QScatterSeries *>(chart->series().at(0));
    auto *front = qobject_cast<QScatterSeries *>(chart->series().at(2));
    REQUIRE(others);
    REQUIRE(front);
    CHECK(front->count() == onFront); // the front is always drawn whole
    CHECK(others->count() < 300);     // 5,000 points on one spot draw as one
    CHECK(others->count() > 1);       // the ones elsewhere stay
    // Below the threshold nothing is dropped: the plain plan draws every runnable option.
    std::unique_ptr<QChart> plain(ui::charts::costTimeChart(std::make_shared<planning::Plan>(plan)));
    int runnable = 0;
    for (const planning::TrainingOption &o : plan.training->options)
        runnable += o.runnable();
    CHECK(qobject_cast<QScatterSeries *>(plain->series().at(0))->count()
              + qobject_cast<QScatterSeries *>(plain->series().at(2))->count()
          == runnable);
    std::unique_ptr<QChart> exit(ui::charts::costExitChart(many));
    qsizetype exitPoints = 0;
    for (QAbstractSeries *series : exit->series())
        if (auto *scatter = qobject_cast<QScatterSeries *>(series))
            exitPoints += scatter->count();
    CHECK(exitPoints < 1500);
}

TEST_CASE("gui: The charts draw the plan's numbers and show values on hover", "[gui][charts]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::PlannerView *planner = window->planner();
    ui::PlanCharts *charts = planner->charts();
    const planning::Plan &plan = *planner->plan();

    // Cost against time: one point per runnable option, the front apart.
    QChart *costTime = charts->chart(ui::charts::CostTime);
    int runnable = 0;
    int onFront = 0;
    for (const planning::TrainingOption &o : plan.training->options) {
        runnable += o.runnable();
        onFront += o.runnable() && o.pareto;
    }
    REQUIRE(costTime->series().size() == 3);
    auto *others = qobject_cast<QScatterSeries *>(costTime->series().at(0));
    auto *front = qobject_cast<QScatterSeries *>(costTime->series().at(2));
    REQUIRE(others != nullptr);
    REQUIRE(front != nullptr);
    CHECK(others->count() + front->count() == runnable);
    CHECK(front->count() == onFront);
    CHECK(onFront >= 1);

    // Hovering the cheapest point names it and its cost.
    const planning::TrainingOption &best = plan.training->options.first();
    QScatterSeries *bestSeries = best.pareto ? front : others;
    // Amounts are drawn in the axis's unit (thousands, millions…) so its labels stay short.
    double highestCost = 0;
    for (const planning::TrainingOption &o : plan.training->options)
        if (o.runnable())
            highestCost = std::max(highestCost, o.cost.typical);
    const ui::charts::AmountScale costScale = ui::charts::amountScale(highestCost, plan.currency);
    CHECK(costScale.divisor > 1); // this plan costs millions: the axis must not print 8-digit labels
    const QAbstractAxis *costAxis = costTime->axes(Qt::Vertical).value(0);
    REQUIRE(costAxis != nullptr);
    CHECK(costAxis->titleText() == costScale.unit);
    const QPointF bestPoint(best.projection->wallHours.typical / 24.0, best.cost.typical / costScale.divisor);
    REQUIRE(bestSeries->points().contains(bestPoint));
    Q_EMIT bestSeries->hovered(bestPoint, true);
    CHECK(charts->hoverText().contains(best.offer.key.sku));
    CHECK(charts->hoverText().contains(QLocale().toString(best.cost.typical, 'f', 0)));

    // The budget adds up to the plan's total, month by month. Inference a month far below a
    // training month is a line (stacked it was invisible) on the one amount axis; else it is stacked.
    QChart *budget = charts->chart(ui::charts::Budget);
    auto *bars = qobject_cast<QStackedBarSeries *>(budget->series().value(0));
    REQUIRE(bars != nullptr);
    const BudgetLayout layout = budgetLayout(plan);
    REQUIRE(bars->barSets().size() == layout.barSets());
    auto *inference = layout.inferenceLine ? qobject_cast<QLineSeries *>(budget->series().value(1)) : nullptr;
    REQUIRE((inference != nullptr) == layout.inferenceLine);
    const double barDivisor = ui::charts::amountScale(layout.highestBar, plan.currency).divisor;
    const double lineDivisor = barDivisor;
    double total = 0;
    for (int month = 0; month < plan.budget.months.size(); ++month) {
        double stacked = inference ? inference->at(month).y() * lineDivisor : 0.0;
        for (QBarSet *set : bars->barSets())
            stacked += set->at(month) * barDivisor;
        CHECK(stacked == Approx(plan.budget.months.at(month).total()));
        total += stacked;
    }
    CHECK(total == Approx(plan.budget.total));
    if (inference) {
        REQUIRE(budget->axes(Qt::Vertical, inference).size() == 1);
        CHECK(budget->axes(Qt::Vertical, inference).first() == budget->axes(Qt::Vertical, bars).first());
        CHECK(inference->name().contains(ui::format::money(layout.highestInference, plan.currency)));
        Q_EMIT inference->hovered(inference->at(0), true);
        CHECK(charts->hoverText().startsWith(u"Month 1, inference"_s));
    } else {
        Q_EMIT bars->barSets().at(1)->hovered(true, 0);
        CHECK(charts->hoverText().startsWith(u"Month 1, Inference"_s));
    }

    // Cost against exit cost: every priced option of both sides.
    int priced = 0;
    for (const planning::TrainingOption &o : plan.training->options)
        priced += o.runnable() && o.lockin.computed;
    for (const planning::InferenceOption &o : plan.inference->options)
        priced += o.runnable() && o.lockin.computed;
    int drawn = 0;
    for (QAbstractSeries *series : charts->chart(ui::charts::CostExit)->series())
        drawn += qobject_cast<QScatterSeries *>(series)->count();
    CHECK(drawn == priced);
    // Both of its axes are amounts, in one unit.
    const QAbstractAxis *exitAxis = charts->chart(ui::charts::CostExit)->axes(Qt::Horizontal).value(0);
    const QAbstractAxis *exitCostAxis = charts->chart(ui::charts::CostExit)->axes(Qt::Vertical).value(0);
    REQUIRE(exitAxis != nullptr);
    REQUIRE(exitCostAxis != nullptr);
    CHECK(exitAxis->titleText() == u"Exit cost (%1)"_s.arg(exitCostAxis->titleText()));

    // The tornado: one bar pair per factor, the swing from the base.
    auto *tornado = qobject_cast<QHorizontalStackedBarSeries *>(charts->chart(ui::charts::Tornado)->series().value(0));
    REQUIRE(tornado != nullptr);
    const auto &factors = plan.sensitivity.factors;
    REQUIRE(tornado->barSets().at(0)->count() == factors.size());
    const int top = int(factors.size()) - 1; // drawn bottom to top: the widest swing last
    double swing = 1;
    for (const planning::SensitivityFactor &f : factors)
        swing = std::max({swing, std::abs(f.totalAtLow - plan.sensitivity.base), std::abs(f.totalAtHigh - plan.sensitivity.base)});
    const double swingDivisor = ui::charts::amountScale(swing, plan.currency).divisor;
    CHECK(tornado->barSets().at(0)->at(top) * swingDivisor == Approx(factors.first().totalAtLow - plan.sensitivity.base));
    CHECK(tornado->barSets().at(1)->at(top) * swingDivisor == Approx(factors.first().totalAtHigh - plan.sensitivity.base));

    // Selecting an option draws its price history from the database.
    auto *table = planner->findChild<QTableView *>(u"trainingOptions"_s);
    table->selectRow(0);
    const PriceRecord &selected = *planner->trainingModel()->offerAt(
        planner->trainingProxy()->mapToSource(table->currentIndex()).row());
    const auto stored = db.database->history(selected.key.sku, selected.key.provider, selected.key.region);
    REQUIRE(stored.ok());
    const int samePrices = countMatching(stored.value(), [&](const PriceRecord &r) { return r.key == selected.key; });
    QChart *history = charts->chart(ui::charts::PriceHistory);
    CHECK(history->title().contains(selected.key.sku));
    auto *marks = qobject_cast<QScatterSeries *>(history->series().value(1));
    REQUIRE(marks != nullptr);
    CHECK(marks->count() == samePrices);

    // The charts follow a dark palette.
    CHECK(costTime->theme() == QChart::ChartThemeLight);
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
    dark.setColor(QPalette::WindowText, Qt::white);
    charts->setPalette(dark);
    CHECK(charts->chart(ui::charts::CostTime)->theme() == QChart::ChartThemeDark);
    CHECK(charts->chart(ui::charts::Tornado)->theme() == QChart::ChartThemeDark);
    // The theme restyles every series and axis: on screen the markers stay plain disks and the
    // grid one-pixel lines (screenStrokes).
    for (QAbstractSeries *series : charts->chart(ui::charts::CostTime)->series())
        if (auto *scatter = qobject_cast<QScatterSeries *>(series))
            CHECK(scatter->pen().style() == Qt::NoPen);
    for (QAbstractAxis *axis : charts->chart(ui::charts::CostTime)->axes())
        CHECK(axis->gridLinePen().widthF() == 0);

    if (const QByteArray dir = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !dir.isEmpty()) {
        charts->setPalette(QPalette());
        REQUIRE(QDir().mkpath(QString::fromLocal8Bit(dir)));
        auto *tabs = charts->tabs();
        const QStringList names = {u"chart-cost-time"_s, u"chart-budget"_s, u"chart-cost-exit"_s, u"chart-tornado"_s,
                                   u"chart-price-history"_s};
        for (int i = 0; i < tabs->count(); ++i) {
            tabs->setCurrentIndex(i);
            QTest::qWait(30);
            CHECK(window->grab().toImage().save(QDir(QString::fromLocal8Bit(dir)).filePath(names.at(i) + u".png"_s)));
        }
    }
}

TEST_CASE("gui: Amounts are formatted alike in the summary and the tables, and the days axis has numbers", "[gui][charts]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::PlannerView *planner = window->planner();
    const planning::Plan *plan = planner->plan();
    const double cost = plan->recommendedTraining()->cost.typical;
    REQUIRE(cost >= 1000);
    const QString grouped = QLocale().toString(cost, 'f', 0);
    REQUIRE(grouped.contains(QLocale().groupSeparator()));
    CHECK(planner->summaryLabel()->text().contains(grouped)); // the recommendation
    CHECK(planner->summaryLabel()->text().contains(QLocale().toString(plan->budget.total, 'f', 0) + u' '
                                                   + plan->currency));
    CHECK(planner->trainingModel()->index(0, ui::OptionTableModel::Cost).data().toString().contains(
        QLocale().toString(plan->training->options.first().lockin.planCost, 'f', 0)));

    // The typical days span less than a factor of 20: a linear axis, which labels its ticks (a log
    // axis over 46-120 days labelled none).
    QChart *costTime = planner->charts()->chart(ui::charts::CostTime);
    const QList<QAbstractAxis *> horizontal = costTime->axes(Qt::Horizontal);
    REQUIRE(horizontal.size() == 1);
    auto *days = qobject_cast<QValueAxis *>(horizontal.first());
    REQUIRE(days != nullptr);
    CHECK(days->tickCount() >= 3);
    CHECK(days->min() < plan->recommendedTraining()->projection->wallHours.typical / 24);
}

TEST_CASE("gui: The budget chart draws the cash out when owned hardware is paid up front", "[gui][charts]")
{
    SeededDatabase db;
    const auto inputs = planning::loadPlanInputs(*db.database, shippedCatalog());
    REQUIRE(inputs.ok());
    const auto scenario = scenario::parseScenario(
        R"({"format": "accelplan-scenario", "version": 1, "name": "Buy only",
            "training": {"model": "llama3-70b", "tokens": 2e12, "deadline_days": 60},
            "constraints": {"offer_kinds": ["owned"]}})",
        u"buy.accelplan"_s);
    REQUIRE(scenario.ok());
    auto plan = planning::planScenario(*scenario, *inputs);
    REQUIRE(plan.ok());
    // The capex goes out in the first month, ahead of what the month costs.
    REQUIRE_FALSE(plan->budget.months.isEmpty());
    REQUIRE(plan->budget.months.first().cashOut > plan->budget.months.first().total());
    const auto shared = std::make_shared<const planning::Plan>(std::move(plan).value());
    std::unique_ptr<QChart> chart(ui::charts::budgetChart(shared));
    QLineSeries *cash = nullptr;
    for (QAbstractSeries *series : chart->series())
        if (series->name().startsWith(u"Cash out"_s))
            cash = qobject_cast<QLineSeries *>(series);
    REQUIRE(cash != nullptr);
    REQUIRE(cash->count() == shared->budget.months.size());
    double highest = 0;
    for (const planning::BudgetMonth &m : shared->budget.months)
        highest = std::max({highest, m.cashOut, m.total()});
    const double divisor = ui::charts::amountScale(highest, shared->currency).divisor;
    CHECK(cash->at(0).y() * divisor == Approx(shared->budget.months.first().cashOut));
}
