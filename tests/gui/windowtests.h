#pragma once

// What the window tests (test_window*.cpp, test_planner.cpp, test_prices.cpp, …) share: their
// includes, fixtures and checks.

#include "core/catalog/acceleratorcatalog.h"
#include "core/pricing/pricedatabase.h"
#include "core/pricing/sheetreader.h"
#include "tests/qtstringmaker.h"
#include "ui/mainwindow.h"
#include "ui/models/offerfilterproxymodel.h"
#include "ui/models/offertablemodel.h"
#include "ui/models/optiontablemodel.h"
#include "core/pricing/pricesheetparser.h"
#include "core/scenario/scenario.h"
#include "tests/testsupport.h"
#include "tests/gui/guisupport.h"
#include "tests/models/modelsupport.h"
#include "ui/charts/chartbuilder.h"
#include "ui/charts/plancharts.h"
#include "ui/planner/compareview.h"
#include "ui/planner/plannerview.h"
#include "ui/prices/importdialog.h"
#include "ui/prices/priceeditdialog.h"
#include "ui/prices/teamdatabase.h"
#include "ui/format.h"
#include "ui/widgets/wraplabel.h"
#include "core/pricing/dbcopy.h"
#include "ui/report/budgetreport.h"

#include <catch2/catch.hpp>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileInfo>
#include <QHorizontalStackedBarSeries>
#include <QJsonDocument>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QJsonObject>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QSpinBox>
#include <QPointer>
#include <QStackedBarSeries>
#include <QStandardItemModel>
#include <QTimer>
#include <QPageSize>
#include <QTextDocumentFragment>
#include <QUndoStack>
#include <QValueAxis>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QGraphicsTextItem>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMenu>
#include <QLocale>
#include <QSet>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableView>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QTextBrowser>
#include <QTest>

#include <functional>
#include <memory>

using namespace Qt::StringLiterals;
using namespace accelplan;
using namespace accelplan::pricing;
using accelplan::ui::MainWindow;
using accelplan::ui::OfferFilterProxyModel;
using accelplan::ui::OfferTableModel;
using accelplan::test::makeWindow;
using accelplan::test::plannedWindow;
using accelplan::test::SeededDatabase;
using accelplan::test::shippedCatalog;
using accelplan::test::waitFor;
using accelplan::test::waitForNewPlan;
using accelplan::test::record;
using accelplan::test::rate;
using accelplan::test::shownSourceRows;

namespace {




inline int countMatching(const QList<PriceRecord> &records, const std::function<bool(const PriceRecord &)> &matches)
{
    return int(std::count_if(records.begin(), records.end(), matches));
}

inline QString statusBarText(MainWindow &window)
{
    QStringList parts;
    for (const QLabel *label : window.statusBar()->findChildren<QLabel *>())
        parts.append(label->text());
    return parts.join(u" | "_s);
}

} // namespace

namespace {

inline const planning::TrainingOption *findTraining(const planning::Plan &plan, const OfferKey &key)
{
    for (const planning::TrainingOption &o : plan.training->options) {
        if (o.offer.key == key)
            return &o;
    }
    return nullptr;
}

} // namespace

namespace {

/// How the budget chart lays out a plan (chartbuilder.cpp): inference stacked with the rest, or
/// a line on the same axis when a month of it is under 5 % of the highest month.
struct BudgetLayout
{
    bool inferenceLine = false;
    double highestInference = 0;
    double highestBar = 0; ///< the highest stacked bar
    bool allIn = false;    ///< storage, egress and support stacked as a set of their own
    /// The stacked bar sets: training, inference unless it is a line, commitments, the all-in lines.
    int barSets() const { return 2 + (inferenceLine ? 0 : 1) + (allIn ? 1 : 0); }
};
inline BudgetLayout budgetLayout(const planning::Plan &plan)
{
    BudgetLayout layout;
    double highest = 0;
    for (const planning::BudgetMonth &month : plan.budget.months) {
        highest = std::max(highest, month.total());
        layout.highestInference = std::max(layout.highestInference, month.inference);
        layout.allIn = layout.allIn || month.allIn > 0;
    }
    layout.inferenceLine = layout.highestInference > 0 && layout.highestInference < 0.05 * highest;
    for (const planning::BudgetMonth &month : plan.budget.months)
        layout.highestBar = std::max(layout.highestBar, month.total() - (layout.inferenceLine ? month.inference : 0.0));
    return layout;
}

inline QString scenarioText(const scenario::Scenario &s)
{
    return QString::fromUtf8(QJsonDocument(scenario::toJson(s)).toJson(QJsonDocument::Compact));
}

} // namespace

namespace {

// The range of a value or log axis.
inline std::pair<double, double> axisRange(QAbstractAxis *axis)
{
    if (auto *log = qobject_cast<QLogValueAxis *>(axis))
        return {log->min(), log->max()};
    auto *linear = qobject_cast<QValueAxis *>(axis);
    REQUIRE(linear != nullptr);
    return {linear->min(), linear->max()};
}

// Whether two cost-time charts show the same: title, points of every series, axes and their ranges.
inline void requireSameCostTime(QChart *shown, QChart *drawn)
{
    CHECK(shown->title() == drawn->title());
    REQUIRE(shown->series().size() == drawn->series().size());
    for (qsizetype i = 0; i < drawn->series().size(); ++i) {
        auto *a = qobject_cast<QXYSeries *>(shown->series().at(i));
        auto *b = qobject_cast<QXYSeries *>(drawn->series().at(i));
        REQUIRE(a != nullptr);
        REQUIRE(b != nullptr);
        CHECK(a->name() == b->name());
        CHECK(a->points() == b->points());
    }
    for (Qt::Orientation orientation : {Qt::Horizontal, Qt::Vertical}) {
        REQUIRE(shown->axes(orientation).size() == 1);
        REQUIRE(drawn->axes(orientation).size() == 1);
        QAbstractAxis *a = shown->axes(orientation).first();
        QAbstractAxis *b = drawn->axes(orientation).first();
        CHECK(a->type() == b->type());
        CHECK(a->titleText() == b->titleText());
        CHECK(axisRange(a) == axisRange(b));
    }
}

} // namespace

/// At a small window or a large scale the options keep their rows and their key figures (cost,
/// days, chips, region) come first; the summary scrolls instead of pushing them away.
inline void checkOptionsInView(MainWindow &window, int minimumRows)
{
    ui::PlannerView *planner = window.planner();
    auto *table = planner->findChild<QTableView *>(u"trainingOptions"_s);
    REQUIRE(table != nullptr);
    planner->findChild<QTabWidget *>(u"optionTabs"_s)->setCurrentIndex(0);
    QCoreApplication::processEvents();
    const int rows = table->viewport()->height() / std::max(1, table->rowHeight(0));
    INFO("option rows in view: " << rows);
    CHECK(rows >= minimumRows);
    QAbstractItemModel *model = table->model();
    CHECK(model->headerData(ui::OptionTableModel::Cost, Qt::Horizontal).toString().startsWith(u"Cost"_s));
    CHECK(model->headerData(ui::OptionTableModel::Time, Qt::Horizontal).toString() == u"Days"_s);
    CHECK(model->headerData(ui::OptionTableModel::Chips, Qt::Horizontal).toString() == u"Chips"_s);
    CHECK(model->headerData(ui::OptionTableModel::Region, Qt::Horizontal).toString() == u"Region"_s);
    // The key columns are in view without scrolling sideways.
    for (const int column : {ui::OptionTableModel::Cost, ui::OptionTableModel::Time, ui::OptionTableModel::Chips})
        CHECK(table->columnViewportPosition(column) + table->columnWidth(column) <= table->viewport()->width());
    const planning::TrainingOption *best = planner->plan()->recommendedTraining();
    REQUIRE(best != nullptr);
    CHECK(model->index(0, ui::OptionTableModel::Region).data().toString() == best->offer.key.region);
    auto *scroll = planner->findChild<QScrollArea *>(u"planSummaryScroll"_s);
    REQUIRE(scroll != nullptr);
    // The whole summary is reachable: shown, or scrolled to.
    CHECK(scroll->viewport()->height() + scroll->verticalScrollBar()->maximum() >= planner->summaryLabel()->height() - 1);
}

namespace {
/// Waits until the Compare view has planned what it was given (it plans off the GUI thread).
inline void waitForCompare(ui::CompareView *compare)
{
    QElapsedTimer waited;
    waited.start();
    while (compare->busy() && waited.elapsed() < 60'000)
        QTest::qWait(10);
    REQUIRE_FALSE(compare->busy());
}
} // namespace
