// The window's tables (context menu, Copy, Export CSV, columns that persist), Help > Glossary and
// the charts' hover line across plans.

#include "tests/qtstringmaker.h"

#include "core/common/csvreader.h"
#include "core/planning/plan/headline.h"
#include "tests/gui/guisupport.h"
#include "ui/help/glossarydialog.h"
#include "ui/models/offerfilterproxymodel.h"
#include "ui/models/optiontablemodel.h"
#include "ui/planner/compareview.h"
#include "ui/charts/plancharts.h"
#include "ui/widgets/offerfilterbar.h"
#include "ui/widgets/tableactions.h"

#include <catch2/catch.hpp>

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QClipboard>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QDir>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPainter>
#include <QScatterSeries>
#include <QStandardItemModel>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace accelplan;
using accelplan::test::plannedWindow;
using accelplan::test::SeededDatabase;
using accelplan::test::shippedCatalog;
using accelplan::test::waitFor;
using accelplan::test::waitForNewPlan;
using accelplan::ui::OptionTableModel;
using accelplan::ui::TableActions;

namespace {

const QStringList kWindowTables = {u"trainingOptions"_s, u"inferenceOptions"_s, u"offerTable"_s,
                                   u"historyTable"_s,    u"sheetsTable"_s,      u"compareTable"_s};

QTableView *tableNamed(QWidget *window, const QString &name)
{
    auto *table = window->findChild<QTableView *>(name);
    REQUIRE(table != nullptr);
    return table;
}

// What a right click at \a pos on \a target (a view's viewport) opens: the popup's action texts,
// without mnemonics; the popup is closed again. Empty when no menu opened.
QStringList rightClick(QWidget *target, QPoint pos, QMenu **opened = nullptr)
{
    QContextMenuEvent event(QContextMenuEvent::Mouse, pos, target->mapToGlobal(pos));
    QApplication::sendEvent(target, &event);
    QStringList texts;
    auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
    if (!menu)
        return texts;
    for (const QAction *action : menu->actions())
        if (!action->isSeparator())
            texts.append(action->text().remove(u'&'));
    if (opened)
        *opened = menu;
    else
        menu->close();
    return texts;
}

// The header texts of \a table's shown columns, in view order (what the user sees).
QStringList shownHeaders(const QTableView *table)
{
    QStringList names;
    const QHeaderView *header = table->horizontalHeader();
    for (int visual = 0; visual < header->count(); ++visual) {
        const int column = header->logicalIndex(visual);
        if (!header->isSectionHidden(column))
            names.append(table->model()->headerData(column, Qt::Horizontal).toString());
    }
    return names;
}

// The text of row \a row of \a table, shown columns in view order.
QStringList shownRow(const QTableView *table, int row)
{
    QStringList fields;
    const QHeaderView *header = table->horizontalHeader();
    for (int visual = 0; visual < header->count(); ++visual) {
        const int column = header->logicalIndex(visual);
        if (!header->isSectionHidden(column))
            fields.append(table->model()->index(row, column).data().toString());
    }
    return fields;
}

QList<QStringList> readCsv(const QString &path)
{
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    CsvReader reader(&file);
    QList<QStringList> records;
    QStringList fields;
    while (reader.next(fields))
        records.append(fields);
    INFO(reader.error().toStdString());
    REQUIRE(reader.error().isEmpty());
    return records;
}

// Hides the Offer column and moves Region first, as a user would through the header.
void rearrange(QTableView *table)
{
    TableActions *actions = TableActions::of(table);
    REQUIRE(actions != nullptr);
    QMenu *columns = actions->createColumnMenu(table);
    QAction *offer = nullptr;
    for (QAction *action : columns->actions())
        if (action->text() == u"Offer"_s)
            offer = action;
    REQUIRE(offer != nullptr);
    REQUIRE(offer->isChecked());
    offer->trigger(); // unchecks it
    delete columns;
    QHeaderView *header = table->horizontalHeader();
    header->moveSection(header->visualIndex(OptionTableModel::Region), 0); // as a drag does
    REQUIRE(table->isColumnHidden(OptionTableModel::Offer));
    REQUIRE(header->logicalIndex(0) == OptionTableModel::Region);
}

} // namespace

TEST_CASE("gui tables: a right click on every table of the window opens Copy and Export CSV", "[gui][tables]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::CompareView *compare = window->compare();
    REQUIRE(compare->addScenarioFile(test::examplePath(u"llama-70b.accelplan"_s)));
    REQUIRE(waitFor([&] { return !compare->busy(); }));
    window->show();
    REQUIRE(QTest::qWaitForWindowExposed(window.get()));

    for (const QString &name : kWindowTables) {
        INFO("table " << name.toStdString());
        QTableView *table = tableNamed(window.get(), name);
        REQUIRE(TableActions::of(table) != nullptr);
        const QStringList texts = rightClick(table->viewport(), QPoint(5, 5));
        CHECK(texts.contains(u"Copy"_s));
        CHECK(texts.contains(u"Export CSV…"_s));
        CHECK(texts.contains(u"Columns"_s));
        // The header's menu: a check per column, and the columns can be dragged.
        CHECK(table->horizontalHeader()->sectionsMovable());
        QMenu *columnMenu = nullptr;
        rightClick(table->horizontalHeader()->viewport(), QPoint(5, 5), &columnMenu);
        REQUIRE(columnMenu != nullptr);
        int checks = 0;
        for (const QAction *action : columnMenu->actions())
            checks += action->isCheckable() && action->isChecked();
        CHECK(checks == table->model()->columnCount());
        columnMenu->close();
    }

    // The window at 1024x700 with the options' context menu open (ACCELPLAN_SCREENSHOT_DIR).
    if (const QByteArray dir = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !dir.isEmpty()) {
        window->resize(1024, 700);
        QTest::qWait(50);
        QTableView *table = tableNamed(window.get(), u"trainingOptions"_s);
        table->selectRow(1);
        QMenu *menu = nullptr;
        const QPoint at(table->columnViewportPosition(OptionTableModel::Region) + 10, table->rowViewportPosition(1) + 5);
        rightClick(table->viewport(), at, &menu);
        REQUIRE(menu != nullptr);
        QTest::qWait(50);
        QImage image = window->grab().toImage();
        {
            QPainter painter(&image);
            painter.drawPixmap(menu->pos() - window->mapToGlobal(QPoint(0, 0)), menu->grab());
        }
        menu->close();
        REQUIRE(QDir().mkpath(QString::fromLocal8Bit(dir)));
        CHECK(image.save(QDir(QString::fromLocal8Bit(dir)).filePath(u"tables-context-menu-1024x700.png"_s)));
    }
}

TEST_CASE("gui tables: Copy and Ctrl+C put the column names and the selected row on the clipboard", "[gui][tables]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    QTableView *table = tableNamed(window.get(), u"trainingOptions"_s);
    REQUIRE(table->model()->rowCount() > 3);
    rearrange(table);
    table->selectRow(2);
    QApplication::clipboard()->clear();
    TableActions::of(table)->copyAction()->trigger();
    const QString copied = QApplication::clipboard()->text();
    const QStringList lines = copied.split(u'\n', Qt::SkipEmptyParts);
    REQUIRE(lines.size() == 2);
    const QStringList header = lines.at(0).split(u'\t');
    CHECK(header == shownHeaders(table));
    CHECK(header.first() == u"Region"_s);
    CHECK_FALSE(header.contains(u"Offer"_s));
    CHECK(lines.at(1).split(u'\t') == shownRow(table, 2));
    CHECK(lines.at(1).split(u'\t').first() == table->model()->index(2, OptionTableModel::Region).data().toString());

    // Ctrl+C on the table copies the same (not the current cell alone, as a plain view does).
    window->show();
    window->activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(window.get()));
    table->setFocus();
    QApplication::clipboard()->clear();
    QTest::keyClick(table, Qt::Key_C, Qt::ControlModifier);
    CHECK(QApplication::clipboard()->text() == copied);

    // The Compare table selects a scenario's column: its measures are copied with their names.
    ui::CompareView *compare = window->compare();
    REQUIRE(compare->addScenarioFile(test::examplePath(u"llama-70b.accelplan"_s)));
    REQUIRE(compare->addScenarioFile(test::examplePath(u"chat-service-8b-eur.accelplan"_s)));
    REQUIRE(waitFor([&] { return !compare->busy(); }));
    QTableView *compared = tableNamed(window.get(), u"compareTable"_s);
    compared->selectColumn(1);
    TableActions::of(compared)->copyAction()->trigger();
    const QStringList compareLines = QApplication::clipboard()->text().split(u'\n', Qt::SkipEmptyParts);
    REQUIRE(compareLines.size() == compared->model()->rowCount() + 1);
    CHECK(compareLines.at(0) == u'\t' + compared->model()->headerData(1, Qt::Horizontal).toString());
    CHECK(compareLines.at(1) == compared->model()->headerData(0, Qt::Vertical).toString() + u'\t'
                                    + compared->model()->index(0, 1).data().toString());
}

TEST_CASE("gui tables: Export CSV writes the rows and columns the table shows, in its order", "[gui][tables]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::PlannerView *planner = window->planner();
    QTableView *table = tableNamed(window.get(), u"trainingOptions"_s);
    // Fewer rows than the plan (one provider), sorted by the user, a column hidden and one moved.
    QComboBox *provider = planner->optionFilter()->providerCombo();
    REQUIRE(provider->count() > 2);
    provider->setCurrentIndex(1);
    const int shownRows = table->model()->rowCount();
    REQUIRE(shownRows > 0);
    REQUIRE(shownRows < planner->trainingModel()->rowCount());
    table->sortByColumn(OptionTableModel::Cost, Qt::DescendingOrder);
    rearrange(table);

    QTemporaryDir dir;
    const QString path = dir.filePath(u"training.csv"_s);
    const Status exported = TableActions::of(table)->exportCsv(path);
    INFO(exported.error().message.toStdString());
    REQUIRE(exported.ok());
    const QList<QStringList> records = readCsv(path);
    REQUIRE(records.size() == shownRows + 1);
    CHECK(records.first() == shownHeaders(table));
    CHECK(records.first().first() == u"Region"_s);
    for (int row = 0; row < shownRows; ++row) {
        INFO("row " << row);
        CHECK(records.at(row + 1) == shownRow(table, row));
    }
    // Most expensive first, as the table shows them.
    const QAbstractItemModel *model = table->model();
    CHECK(model->index(0, OptionTableModel::Cost).data(OptionTableModel::RawValueRole).toDouble()
          >= model->index(shownRows - 1, OptionTableModel::Cost).data(OptionTableModel::RawValueRole).toDouble());

    // A file that cannot be written is an error, not a silent success.
    CHECK_FALSE(TableActions::of(table)->exportCsv(dir.filePath(u"missing/folder/training.csv"_s)).ok());
}

TEST_CASE("gui tables: CSV and copied text quote and flatten what would break a record", "[gui][tables]")
{
    QStandardItemModel model(2, 3);
    model.setHorizontalHeaderLabels({u"Name"_s, u"Note"_s, u"Price"_s});
    model.setItem(0, 0, new QStandardItem(u"a, b"_s));
    model.setItem(0, 1, new QStandardItem(u"say \"hi\""_s));
    model.setItem(0, 2, new QStandardItem(u"1"_s));
    model.setItem(1, 0, new QStandardItem(u"two\nlines"_s));
    model.setItem(1, 1, new QStandardItem(u"tab\there"_s));
    model.setItem(1, 2, new QStandardItem(u"2"_s));
    QTableView table;
    table.setObjectName(u"quotingTable"_s);
    table.setModel(&model);
    table.verticalHeader()->hide();
    table.setSelectionBehavior(QAbstractItemView::SelectRows);
    TableActions *actions = TableActions::install(&table);
    CHECK(TableActions::install(&table) == actions); // once per table
    CHECK(actions->csvText()
          == u"Name,Note,Price\n\"a, b\",\"say \"\"hi\"\"\",1\n\"two\nlines\",tab\there,2\n"_s);
    CHECK(actions->selectionText().isEmpty()); // nothing selected, nothing to copy
    table.selectRow(1);
    CHECK(actions->selectionText() == u"Name\tNote\tPrice\ntwo lines\ttab here\t2\n"_s);
}

TEST_CASE("gui tables: hidden and moved columns come back in a new window", "[gui][tables]")
{
    SeededDatabase db;
    {
        auto window = plannedWindow(*db.database); // with settings cleared
        QTableView *table = tableNamed(window.get(), u"trainingOptions"_s);
        rearrange(table);
        table->horizontalHeader()->resizeSection(OptionTableModel::Provider, 213); // as a drag does
    }
    auto window = std::make_unique<ui::MainWindow>(*db.database, shippedCatalog());
    QTableView *table = tableNamed(window.get(), u"trainingOptions"_s);
    CHECK(table->isColumnHidden(OptionTableModel::Offer));
    CHECK(table->horizontalHeader()->logicalIndex(0) == OptionTableModel::Region);
    CHECK(table->horizontalHeader()->sectionSize(OptionTableModel::Provider) == 213);
    // Per table: the inference options keep their own layout.
    QTableView *inference = tableNamed(window.get(), u"inferenceOptions"_s);
    CHECK_FALSE(inference->isColumnHidden(OptionTableModel::Offer));
    CHECK(inference->horizontalHeader()->logicalIndex(0) == OptionTableModel::Rank);
    // The sort is not part of the layout: the planner's ranking until the user sorts.
    CHECK(table->horizontalHeader()->sortIndicatorSection() == -1);

    // Reset Columns shows every column in the model's order, and so does the next window.
    TableActions::of(table)->resetColumns();
    CHECK_FALSE(table->isColumnHidden(OptionTableModel::Offer));
    CHECK(table->horizontalHeader()->logicalIndex(0) == OptionTableModel::Rank);
    window.reset();
    window = std::make_unique<ui::MainWindow>(*db.database, shippedCatalog());
    table = tableNamed(window.get(), u"trainingOptions"_s);
    CHECK_FALSE(table->isColumnHidden(OptionTableModel::Offer));
    CHECK(table->horizontalHeader()->logicalIndex(0) == OptionTableModel::Rank);
}

TEST_CASE("gui tables: the Compare table keeps its hidden and moved columns across plans and windows", "[gui][tables]")
{
    SeededDatabase db;
    // The open scenario's standard strategies, planned: a column named after each.
    auto strategies = [](ui::MainWindow &window) {
        ui::CompareView *compare = window.compare();
        REQUIRE(waitFor([&] { return window.planner()->plan() != nullptr && !window.planner()->busy(); }));
        compare->showStrategies();
        REQUIRE(waitFor([&] { return !compare->busy(); }));
        REQUIRE(compare->count() >= 5);
        QTableView *table = tableNamed(&window, u"compareTable"_s);
        REQUIRE(table->model()->columnCount() == compare->count());
        return table;
    };
    QString hiddenName, firstName;
    {
        auto window = plannedWindow(*db.database); // with settings cleared
        QTableView *table = strategies(*window);
        QHeaderView *header = table->horizontalHeader();
        TableActions::of(table)->setColumnShown(1, false);
        header->moveSection(header->visualIndex(4), 0); // as a drag does
        hiddenName = table->model()->headerData(1, Qt::Horizontal, TableActions::ColumnKeyRole).toString();
        firstName = table->model()->headerData(4, Qt::Horizontal, TableActions::ColumnKeyRole).toString();
        REQUIRE_FALSE(hiddenName.isEmpty());
        // Another baseline shows the comparison again, with the columns as the user left them.
        window->compare()->setBaseline(2);
        CHECK(table->model()->headerData(2, Qt::Horizontal).toString().contains(u"baseline"_s));
        CHECK(table->isColumnHidden(1));
        CHECK(header->logicalIndex(0) == 4);
    }
    auto window = std::make_unique<ui::MainWindow>(*db.database, shippedCatalog());
    QTableView *table = strategies(*window);
    CHECK(table->model()->headerData(1, Qt::Horizontal, TableActions::ColumnKeyRole).toString() == hiddenName);
    CHECK(table->isColumnHidden(1));
    CHECK(table->horizontalHeader()->logicalIndex(0) == 4);
    CHECK(table->model()->headerData(4, Qt::Horizontal, TableActions::ColumnKeyRole).toString() == firstName);

    // Other scenarios, as many as a saved layout's: it was chosen for those, not for these.
    ui::CompareView *compare = window->compare();
    compare->clear();
    REQUIRE(compare->addScenarioFile(test::examplePath(u"llama-70b.accelplan"_s)));
    REQUIRE(compare->addCurrent());
    REQUIRE(waitFor([&] { return !compare->busy(); }));
    TableActions::of(table)->setColumnShown(0, false);
    compare->clear();
    REQUIRE(compare->addCurrent());
    REQUIRE(compare->addCurrent());
    REQUIRE(waitFor([&] { return !compare->busy(); }));
    REQUIRE(table->model()->columnCount() == 2);
    CHECK_FALSE(table->isColumnHidden(0));
    CHECK_FALSE(table->isColumnHidden(1));
}

TEST_CASE("gui tables: a saved layout of another column count is ignored, and the last column stays", "[gui][tables]")
{
    QSettings().clear();
    auto makeTable = [](QTableView &view, QStandardItemModel &model, int columns) {
        model.setColumnCount(columns);
        model.setRowCount(2);
        view.setObjectName(u"layoutTable"_s);
        view.setModel(&model);
        return TableActions::install(&view);
    };
    {
        QTableView view;
        QStandardItemModel model;
        TableActions *actions = makeTable(view, model, 3);
        actions->setColumnShown(1, false);
        CHECK(view.isColumnHidden(1));
    }
    {
        QTableView view; // the same columns: the layout comes back
        QStandardItemModel model;
        makeTable(view, model, 3);
        CHECK(view.isColumnHidden(1));
    }
    {
        QTableView view; // a column more: it would land on the wrong columns
        QStandardItemModel model;
        makeTable(view, model, 4);
        for (int column = 0; column < 4; ++column)
            CHECK_FALSE(view.isColumnHidden(column));
    }
    QTableView view;
    QStandardItemModel model;
    TableActions *actions = makeTable(view, model, 2);
    actions->setColumnShown(0, false);
    actions->setColumnShown(1, false); // the last shown column
    CHECK(view.isColumnHidden(0));
    CHECK_FALSE(view.isColumnHidden(1));
    QMenu *menu = actions->createColumnMenu(&view);
    CHECK_FALSE(menu->actions().at(1)->isEnabled()); // its check cannot be taken off
}

TEST_CASE("gui tables: Help > Glossary explains each of the planner's terms", "[gui][help]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    window->show();
    REQUIRE(QTest::qWaitForWindowExposed(window.get()));
    auto *action = window->findChild<QAction *>(u"actionGlossary"_s);
    REQUIRE(action != nullptr);
    action->trigger();
    auto *glossary = window->findChild<ui::GlossaryDialog *>();
    REQUIRE(glossary != nullptr);
    CHECK(glossary->isVisible());
    const QString text = glossary->findChild<QTextBrowser *>(u"glossaryText"_s)->toPlainText();
    for (const QString &term :
         {u"MFU"_s, u"Goodput"_s, u"Lock-in score"_s, u"Adjusted cost"_s, u"Exit cost"_s, u"P50"_s, u"P90"_s,
          u"Cash out vs budget"_s, u"Capex"_s, u"All-in cost per 1M output tokens"_s, u"N+1 production serving"_s,
          u"Spot capacity risk"_s}) {
        INFO(term.toStdString());
        CHECK(text.contains(term));
    }
    // Its figures are the planner's: the lock-in weights, the spot capacity threshold.
    CHECK(text.contains(OptionTableModel::lockinExplanation()));
    CHECK(text.contains(u"more than %1 such chips"_s.arg(planning::kSpotCapacityRiskChips)));
    if (const QByteArray dir = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !dir.isEmpty()) {
        REQUIRE(QDir().mkpath(QString::fromLocal8Bit(dir)));
        CHECK(glossary->grab().toImage().save(QDir(QString::fromLocal8Bit(dir)).filePath(u"glossary.png"_s)));
    }
    // Asked for again, the same dialog comes forward.
    glossary->close();
    action->trigger();
    CHECK(window->findChildren<ui::GlossaryDialog *>().size() == 1);
    CHECK(glossary->isVisible());
}

TEST_CASE("gui tables: a new plan clears the charts' hover line", "[gui][charts]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::PlannerView *planner = window->planner();
    ui::PlanCharts *charts = planner->charts();
    auto *hoverLine = charts->findChild<QLabel *>(u"chartHover"_s);
    REQUIRE(hoverLine != nullptr);
    CHECK(charts->hoverText().isEmpty());
    const QString hint = hoverLine->text();

    QChart *costTime = charts->chart(ui::charts::CostTime);
    QScatterSeries *pointed = nullptr;
    for (QAbstractSeries *series : costTime->series())
        if (auto *scatter = qobject_cast<QScatterSeries *>(series); scatter && scatter->count() > 0)
            pointed = scatter;
    REQUIRE(pointed != nullptr);
    Q_EMIT pointed->hovered(pointed->at(0), true);
    const QString hovered = charts->hoverText();
    REQUIRE_FALSE(hovered.isEmpty());
    CHECK(hoverLine->text() == hovered);

    const planning::Plan *before = planner->plan();
    auto *tokens = planner->findChild<QLineEdit *>(u"trainingTokens"_s);
    REQUIRE(tokens != nullptr);
    tokens->setText(tokens->text() == u"3T"_s ? u"4T"_s : u"3T"_s);
    REQUIRE(waitForNewPlan(planner, before));
    CHECK(charts->hoverText().isEmpty());
    CHECK(hoverLine->text() == hint);
}
