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
#include "ui/planner/chartbuilder.h"
#include "ui/planner/plancharts.h"
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

namespace {

PriceRecord record(const QString &provider, const QString &sku, const QString &price, const QString &currency,
                   int chips = 8, PriceModel model = PriceModel::OnDemand)
{
    PriceRecord r;
    r.key = {provider, sku, u"us-east-1"_s, model};
    r.offerKind = OfferKind::CloudVm;
    r.accelerator = u"h100-sxm"_s;
    r.acceleratorCount = chips;
    r.price = *Decimal::parse(price);
    r.currency = currency;
    r.unit = unitFor(model);
    r.effectiveDate = QDate(2026, 9, 1);
    r.asOf = QDate(2026, 9, 2);
    r.sourceUrl = u"https://example.com/"_s + sku;
    r.confidence = u"exact"_s;
    return r;
}

FxRate rate(const QString &base, const QString &quote, const QString &value)
{
    return {QDate(2026, 5, 8), base, quote, *Decimal::parse(value), u"https://example.com/fx"_s, {}};
}

// The source rows the proxy shows, in view order.
QList<int> shownSourceRows(const QAbstractItemModel *proxy)
{
    QList<int> rows;
    for (int row = 0; row < proxy->rowCount(); ++row)
        rows.append(proxy->index(row, 0).data(OfferTableModel::OfferRowRole).toInt());
    return rows;
}

int countMatching(const QList<PriceRecord> &records, const std::function<bool(const PriceRecord &)> &matches)
{
    return int(std::count_if(records.begin(), records.end(), matches));
}

QString statusBarText(MainWindow &window)
{
    QStringList parts;
    for (const QLabel *label : window.statusBar()->findChildren<QLabel *>())
        parts.append(label->text());
    return parts.join(u" | "_s);
}

} // namespace

TEST_CASE("gui: a WrapLabel's heights follow its text and font though it lays each text out once per width", "[gui][window]")
{
    ui::WrapLabel label;
    label.setTextFormat(Qt::RichText);
    label.setText(u"<b>Short</b>"_s);
    const int oneLine = label.heightForWidth(300);
    CHECK(label.heightForWidth(300) == oneLine); // asked again: the same
    QString longer;
    for (int i = 0; i < 40; ++i)
        longer += u"word%1 "_s.arg(i);
    label.setText(longer);
    const int wrapped = label.heightForWidth(300);
    CHECK(wrapped > 2 * oneLine); // a new text is measured anew, not taken from the last one's
    CHECK(label.heightForWidth(150) > wrapped);
    QFont larger = label.font();
    larger.setPointSizeF(larger.pointSizeF() * 2);
    label.setFont(larger);
    CHECK(label.heightForWidth(300) > wrapped); // so is a new font
    // Its sizes: a preferred width of 80 characters, a minimum of 20, at least a line high.
    CHECK(label.sizeHint().width() > label.minimumSizeHint().width());
    CHECK(label.minimumSizeHint().height() >= label.fontMetrics().lineSpacing());
}

TEST_CASE("gui: OfferTableModel passes QAbstractItemModelTester with the shipped prices", "[gui][model]")
{
    SeededDatabase db;
    const auto fx = db.database->fxTable();
    REQUIRE(fx.ok());

    OfferTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setOffers(db.prices(), fx.value(), u"USD"_s);
    REQUIRE(model.rowCount() == db.prices().size());
    REQUIRE(model.columnCount() == OfferTableModel::ColumnCount);
    model.setDisplayCurrency(u"EUR"_s);
    model.setOffers({}, fx.value(), u"USD"_s);
    CHECK(model.rowCount() == 0);

    // Every row's raw price is the stored decimal, and its tooltip carries the provenance.
    model.setOffers(db.prices(), fx.value(), u"USD"_s);
    for (int row = 0; row < model.rowCount(); ++row) {
        const PriceRecord &offer = model.offer(row);
        CHECK(model.index(row, OfferTableModel::Price).data(OfferTableModel::RawValueRole).toDouble()
              == Approx(offer.price.toDouble()));
        const QString tip = model.index(row, OfferTableModel::Sku).data(Qt::ToolTipRole).toString();
        CHECK(tip.contains(offer.sourceUrl));
        CHECK(tip.contains(QString::number(offer.sheetId)));
    }
}

TEST_CASE("gui: the prices table shows each price's age and marks one older than 180 days stale", "[gui][model]")
{
    SeededDatabase db;
    QList<PriceRecord> prices = db.prices();
    REQUIRE(prices.size() >= 2);
    prices[0].asOf = QDate::currentDate().addDays(-30);
    prices[1].asOf = QDate::currentDate().addDays(-200);
    OfferTableModel model;
    model.setOffers(prices.mid(0, 2), db.database->fxTable().value(), u"USD"_s);
    CHECK(model.headerData(OfferTableModel::Age, Qt::Horizontal).toString() == u"Age"_s);
    CHECK(model.index(0, OfferTableModel::Age).data().toString() == u"30 d"_s);
    CHECK(model.index(0, OfferTableModel::Age).data(OfferTableModel::RawValueRole).toInt() == 30);
    CHECK(model.index(1, OfferTableModel::Age).data().toString() == u"200 d, stale"_s);
    CHECK(model.index(1, OfferTableModel::Age).data(Qt::FontRole).value<QFont>().italic());
    CHECK_FALSE(model.index(0, OfferTableModel::Age).data(Qt::FontRole).isValid());
}

TEST_CASE("gui: OfferFilterProxyModel passes QAbstractItemModelTester while filtering and sorting", "[gui][model]")
{
    SeededDatabase db;
    const QList<PriceRecord> prices = db.prices();
    OfferTableModel model;
    model.setOffers(prices, db.database->fxTable().value(), u"USD"_s);
    OfferFilterProxyModel proxy;
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    proxy.setSourceModel(&model);
    REQUIRE(proxy.rowCount() == prices.size());

    proxy.sort(OfferTableModel::PricePerChipHour, Qt::AscendingOrder);
    proxy.setProviderFilter(prices.first().key.provider);
    CHECK(proxy.rowCount() < prices.size());
    proxy.setSearchText(u"no such offer anywhere"_s);
    CHECK(proxy.rowCount() == 0);
    proxy.setSearchText({});
    proxy.setProviderFilter({});
    CHECK(proxy.rowCount() == prices.size());
    model.setDisplayCurrency(u"EUR"_s);
    proxy.sort(OfferTableModel::Price, Qt::DescendingOrder);
    model.setOffers(prices.mid(0, 5), db.database->fxTable().value(), u"USD"_s);
    CHECK(proxy.rowCount() == 5);

    // Rows without a per-chip-hour price (monthly, purchase) stay last in both orders.
    model.setOffers(prices, db.database->fxTable().value(), u"USD"_s);
    for (Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
        proxy.sort(OfferTableModel::PricePerChipHour, order);
        bool seenMissing = false;
        for (int row = 0; row < proxy.rowCount(); ++row) {
            const bool missing = !proxy.index(row, OfferTableModel::PricePerChipHour)
                                      .data(OfferTableModel::RawValueRole).isValid();
            if (seenMissing)
                CHECK(missing);
            seenMissing = seenMissing || missing;
        }
        CHECK(seenMissing);
    }
}

TEST_CASE("gui: Sorting by price uses the raw value, not the formatted text", "[gui][model]")
{
    const QLocale previous;
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    OfferTableModel model;
    model.setOffers({record(u"A"_s, u"big"_s, u"1200"_s, u"USD"_s), record(u"B"_s, u"small"_s, u"900"_s, u"USD"_s),
                     record(u"C"_s, u"tiny"_s, u"95.5"_s, u"USD"_s)},
                    FxTable(), u"USD"_s);
    // The premise: as text, "1,200.00 USD/h" sorts before "900.00 USD/h".
    const QString bigText = model.index(0, OfferTableModel::Price).data().toString();
    const QString smallText = model.index(1, OfferTableModel::Price).data().toString();
    CHECK(bigText == u"1,200.00 USD/h"_s);
    REQUIRE(bigText < smallText);

    OfferFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    auto skusInOrder = [&proxy] {
        QStringList skus;
        for (int row = 0; row < proxy.rowCount(); ++row)
            skus.append(proxy.index(row, OfferTableModel::Sku).data().toString());
        return skus;
    };
    proxy.sort(OfferTableModel::Price, Qt::AscendingOrder);
    CHECK(skusInOrder() == QStringList{u"tiny"_s, u"small"_s, u"big"_s});
    proxy.sort(OfferTableModel::Price, Qt::DescendingOrder);
    CHECK(skusInOrder() == QStringList{u"big"_s, u"small"_s, u"tiny"_s});
    proxy.sort(OfferTableModel::PricePerChipHour, Qt::AscendingOrder);
    CHECK(skusInOrder() == QStringList{u"tiny"_s, u"small"_s, u"big"_s});
    CHECK(proxy.index(2, OfferTableModel::PricePerChipHour).data(OfferTableModel::RawValueRole).toDouble()
          == Approx(150.0));
    QLocale::setDefault(previous);
}

TEST_CASE("gui: An offer in a currency with no exchange rate shows 'no rate'", "[gui][model]")
{
    // EUR and USD are linked; JPY has no rate at all.
    const FxTable fx({rate(u"EUR"_s, u"USD"_s, u"1.25"_s)});
    OfferTableModel model;
    model.setOffers({record(u"Yen Cloud"_s, u"jp-8x"_s, u"4000"_s, u"JPY"_s),
                     record(u"Dollar Cloud"_s, u"us-8x"_s, u"100"_s, u"USD"_s),
                     record(u"Euro Cloud"_s, u"eu-8x"_s, u"100"_s, u"EUR"_s, 8, PriceModel::Monthly)},
                    fx, u"EUR"_s);

    const QModelIndex yen = model.index(0, OfferTableModel::PriceInDisplayCurrency);
    CHECK(yen.data().toString() == u"no rate"_s);
    CHECK_FALSE(yen.data(OfferTableModel::RawValueRole).isValid());
    CHECK_FALSE(yen.data().toString().contains(u"4"_s)); // never the unconverted number
    CHECK(model.index(0, OfferTableModel::PricePerChipHour).data().toString() == u"no rate"_s);
    CHECK(model.index(0, OfferTableModel::Price).data().toString().contains(u"JPY"_s));

    // A rate that exists converts: 100 USD at 1.25 USD per EUR is 80 EUR, 10 EUR per chip-hour.
    CHECK(model.index(1, OfferTableModel::PriceInDisplayCurrency).data(OfferTableModel::RawValueRole).toDouble()
          == Approx(80.0));
    CHECK(model.index(1, OfferTableModel::PricePerChipHour).data(OfferTableModel::RawValueRole).toDouble()
          == Approx(10.0));
    CHECK(model.index(1, OfferTableModel::PriceInDisplayCurrency).data().toString().contains(u"EUR"_s));
    // A monthly price has no per-chip-hour figure: empty, not "no rate" and not zero.
    CHECK(model.index(2, OfferTableModel::PricePerChipHour).data().toString().isEmpty());
    CHECK_FALSE(model.index(2, OfferTableModel::PricePerChipHour).data(OfferTableModel::RawValueRole).isValid());
}

TEST_CASE("gui: The main window shows every current price, cheapest chip-hour first", "[gui][window]")
{
    SeededDatabase db;
    const QList<PriceRecord> prices = db.prices();
    const auto window = makeWindow(*db.database);
    window->show();
    REQUIRE(QTest::qWaitForWindowExposed(window.get()));

    QTableView *table = window->findChild<QTableView *>(u"offerTable"_s);
    REQUIRE(table);
    REQUIRE(table->model()->rowCount() == prices.size());
    QSet<QString> shownSkus;
    for (int row = 0; row < table->model()->rowCount(); ++row)
        shownSkus.insert(table->model()->index(row, OfferTableModel::Sku).data().toString());
    for (const PriceRecord &price : prices)
        CHECK(shownSkus.contains(price.key.sku));

    CHECK(table->isSortingEnabled());
    CHECK(table->horizontalHeader()->sortIndicatorSection() == OfferTableModel::PricePerChipHour);
    CHECK(table->horizontalHeader()->sortIndicatorOrder() == Qt::AscendingOrder);
    double previous = -1;
    for (int row = 0; row < table->model()->rowCount(); ++row) {
        const QVariant value = table->model()->index(row, OfferTableModel::PricePerChipHour)
                                   .data(OfferTableModel::RawValueRole);
        if (!value.isValid())
            break;
        CHECK(value.toDouble() >= previous);
        previous = value.toDouble();
    }
    CHECK(previous > 0);

    // Reload reads the same snapshot again.
    window->reload();
    CHECK(table->model()->rowCount() == prices.size());
}

TEST_CASE("gui: Each filter in the window shows exactly the matching offers", "[gui][window]")
{
    SeededDatabase db;
    const QList<PriceRecord> prices = db.prices();
    const auto window = makeWindow(*db.database);
    QAbstractItemModel *shown = window->findChild<QTableView *>(u"offerTable"_s)->model();
    REQUIRE(shown->rowCount() == prices.size());

    auto select = [&](const QString &comboName, const QString &value) {
        auto *combo = window->findChild<QComboBox *>(comboName);
        REQUIRE(combo);
        CHECK(combo->itemData(0).toString().isEmpty()); // the "All …" entry
        const int index = combo->findData(value);
        REQUIRE(index > 0);
        combo->setCurrentIndex(index);
    };
    auto reset = [&] {
        for (const QString &name : {u"providerFilter"_s, u"kindFilter"_s, u"acceleratorFilter"_s, u"priceModelFilter"_s})
            window->findChild<QComboBox *>(name)->setCurrentIndex(0);
        window->findChild<QLineEdit *>(u"searchEdit"_s)->clear();
        REQUIRE(shown->rowCount() == prices.size());
    };
    auto allShownMatch = [&](const std::function<bool(const PriceRecord &)> &matches) {
        for (int sourceRow : shownSourceRows(shown))
            CHECK(matches(window->offerModel()->offer(sourceRow)));
    };

    SECTION("provider")
    {
        const QString provider = u"AWS"_s;
        auto matches = [&](const PriceRecord &r) { return r.key.provider == provider; };
        select(u"providerFilter"_s, provider);
        CHECK(shown->rowCount() == countMatching(prices, matches));
        CHECK(shown->rowCount() > 0);
        CHECK(shown->rowCount() < prices.size());
        allShownMatch(matches);
    }
    SECTION("offer kind")
    {
        auto matches = [](const PriceRecord &r) { return r.offerKind == OfferKind::Tpu; };
        select(u"kindFilter"_s, u"tpu"_s);
        CHECK(shown->rowCount() == countMatching(prices, matches));
        CHECK(shown->rowCount() > 0);
        allShownMatch(matches);
    }
    SECTION("accelerator")
    {
        auto matches = [](const PriceRecord &r) { return r.accelerator == u"h100-sxm"_s; };
        select(u"acceleratorFilter"_s, u"h100-sxm"_s);
        CHECK(shown->rowCount() == countMatching(prices, matches));
        CHECK(shown->rowCount() > 0);
        allShownMatch(matches);
    }
    SECTION("price model")
    {
        auto matches = [](const PriceRecord &r) { return r.key.priceModel == PriceModel::Spot; };
        select(u"priceModelFilter"_s, u"spot"_s);
        CHECK(shown->rowCount() == countMatching(prices, matches));
        CHECK(shown->rowCount() > 0);
        allShownMatch(matches);
    }
    SECTION("search text, ignoring case")
    {
        const QString needle = u"a100"_s;
        auto matches = [&](const PriceRecord &r) {
            for (const QString &field : {r.key.provider, r.key.sku, r.accelerator, r.key.region}) {
                if (field.contains(needle, Qt::CaseInsensitive))
                    return true;
            }
            return false;
        };
        QTest::keyClicks(window->findChild<QLineEdit *>(u"searchEdit"_s), u"A100"_s);
        CHECK(shown->rowCount() == countMatching(prices, matches));
        CHECK(shown->rowCount() > 0);
        CHECK(shown->rowCount() < prices.size());
        allShownMatch(matches);
    }
    SECTION("filters combine")
    {
        auto matches = [](const PriceRecord &r) {
            return r.key.provider == u"AWS"_s && r.key.priceModel == PriceModel::OnDemand;
        };
        select(u"providerFilter"_s, u"AWS"_s);
        select(u"priceModelFilter"_s, u"on_demand"_s);
        CHECK(shown->rowCount() == countMatching(prices, matches));
        allShownMatch(matches);
    }
    reset();
}

TEST_CASE("gui: The status bar shows the offer count, the database path and the prices date", "[gui][window]")
{
    SeededDatabase db;
    const QList<PriceRecord> prices = db.prices();
    const auto window = makeWindow(*db.database);

    const QString total = QString::number(prices.size());
    QString text = statusBarText(*window);
    CHECK(text.contains(total + u" offers priced"_s));
    CHECK(text.contains(QDir::toNativeSeparators(db.database->path())));
    CHECK(text.contains(db.database->pricesAsOf().toString(Qt::ISODate)));

    window->findChild<QComboBox *>(u"providerFilter"_s)
        ->setCurrentIndex(window->findChild<QComboBox *>(u"providerFilter"_s)->findData(u"AWS"_s));
    const int aws = countMatching(prices, [](const PriceRecord &r) { return r.key.provider == u"AWS"_s; });
    text = statusBarText(*window);
    CHECK(text.contains(QString::number(aws) + u" / "_s + total + u" offers priced"_s));
}

TEST_CASE("gui: The detail pane shows the selected offer's provenance", "[gui][window]")
{
    SeededDatabase db;
    const auto window = makeWindow(*db.database);
    window->show();
    REQUIRE(QTest::qWaitForWindowExposed(window.get()));

    QTableView *table = window->findChild<QTableView *>(u"offerTable"_s);
    auto *details = window->findChild<QTextBrowser *>(u"offerDetails"_s);
    REQUIRE(details);
    REQUIRE(table->model()->rowCount() > 3);
    table->selectRow(3);
    const int sourceRow = table->model()->index(3, 0).data(OfferTableModel::OfferRowRole).toInt();
    const PriceRecord &offer = window->offerModel()->offer(sourceRow);
    const QString html = details->toHtml();
    const QString plain = details->toPlainText();
    CHECK(html.contains(u"href=\""_s + offer.sourceUrl.toHtmlEscaped()));
    CHECK(plain.contains(offer.key.sku));
    CHECK(plain.contains(offer.asOf.toString(Qt::ISODate)));
    CHECK(plain.contains(offer.effectiveDate.toString(Qt::ISODate)));
    CHECK(plain.contains(u"line %1"_s.arg(offer.sheetLine)));
    CHECK(plain.contains(offer.confidence));

    // Switching the display currency converts the table and names the currency in the header.
    auto *currency = window->findChild<QComboBox *>(u"displayCurrency"_s);
    REQUIRE(currency->findData(u"EUR"_s) >= 0);
    currency->setCurrentIndex(currency->findData(u"EUR"_s));
    CHECK(window->offerModel()->displayCurrency() == u"EUR"_s);
    CHECK(table->model()->headerData(OfferTableModel::PriceInDisplayCurrency, Qt::Horizontal).toString().contains(u"EUR"_s));
    CHECK(details->toPlainText().contains(u"Price in EUR"_s));

    // The window fits a 1400 px wide screen with every column readable.
    CHECK(window->minimumSizeHint().width() <= 1400);
    window->resize(1400, 800);
    CHECK(window->width() == 1400);

    if (const QByteArray dir = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !dir.isEmpty()) {
        window->findChild<QTabWidget *>(u"mainTabs"_s)->setCurrentIndex(1);
        currency->setCurrentIndex(currency->findData(u"USD"_s));
        table->selectRow(0);
        window->resize(1400, 800);
        QTest::qWait(50);
        const QImage shot = window->grab().toImage();
        REQUIRE(QDir().mkpath(QString::fromLocal8Bit(dir)));
        CHECK(shot.save(QDir(QString::fromLocal8Bit(dir)).filePath(u"mainwindow.png"_s)));
    }
}

namespace {

const planning::TrainingOption *findTraining(const planning::Plan &plan, const OfferKey &key)
{
    for (const planning::TrainingOption &o : plan.training->options) {
        if (o.offer.key == key)
            return &o;
    }
    return nullptr;
}

} // namespace

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
    CHECK(ownedText.contains(u"per hour of use"_s));

    if (const QByteArray dir = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !dir.isEmpty()) {
        window->resize(1400, 800);
        QTest::qWait(50);
        REQUIRE(QDir().mkpath(QString::fromLocal8Bit(dir)));
        CHECK(window->grab().toImage().save(QDir(QString::fromLocal8Bit(dir)).filePath(u"planner.png"_s)));
    }
}

namespace {

/// How the budget chart lays out a plan (chartbuilder.cpp): inference stacked with the rest, or
/// a line on the same axis when a month of it is under 5 % of the highest month.
struct BudgetLayout
{
    bool inferenceLine = false;
    double highestInference = 0;
    double highestBar = 0; ///< the highest stacked bar
};
static BudgetLayout budgetLayout(const planning::Plan &plan)
{
    BudgetLayout layout;
    double highest = 0;
    for (const planning::BudgetMonth &month : plan.budget.months) {
        highest = std::max(highest, month.total());
        layout.highestInference = std::max(layout.highestInference, month.inference);
    }
    layout.inferenceLine = layout.highestInference > 0 && layout.highestInference < 0.05 * highest;
    for (const planning::BudgetMonth &month : plan.budget.months)
        layout.highestBar = std::max(layout.highestBar, month.total() - (layout.inferenceLine ? month.inference : 0.0));
    return layout;
}

QString scenarioText(const scenario::Scenario &s)
{
    return QString::fromUtf8(QJsonDocument(scenario::toJson(s)).toJson(QJsonDocument::Compact));
}

} // namespace

namespace {

// The range of a value or log axis.
std::pair<double, double> axisRange(QAbstractAxis *axis)
{
    if (auto *log = qobject_cast<QLogValueAxis *>(axis))
        return {log->min(), log->max()};
    auto *linear = qobject_cast<QValueAxis *>(axis);
    REQUIRE(linear != nullptr);
    return {linear->min(), linear->max()};
}

// Whether two cost-time charts show the same: title, points of every series, axes and their ranges.
void requireSameCostTime(QChart *shown, QChart *drawn)
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
        o.projection.wallHours.typical *= 0.5;
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
        narrow->training->options[i].projection.wallHours.typical = i % 2 ? 200.0 : 100.0;
        spread->training->options[i].projection.wallHours.typical = i % 2 ? 10000.0 : 100.0;
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
    REQUIRE(charts->tabs()->currentIndex() == ui::PlanCharts::CostTime);
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
    QChart *budgetBefore = charts->chart(ui::PlanCharts::Budget);
    CHECK(budgetTotal(budgetBefore, *planner->plan()) == Approx(planner->plan()->budget.total));

    // Three times the tokens: a costlier plan. The cost-time chart in view is redrawn with it; the
    // budget, not in view, is drawn from it when asked for (and not before).
    const planning::Plan *first = planner->plan();
    const double firstTotal = first->budget.total;
    QChart *costTimeBefore = charts->chart(ui::PlanCharts::CostTime);
    auto *historyView = qobject_cast<QChartView *>(charts->tabs()->widget(ui::PlanCharts::PriceHistory));
    REQUIRE(historyView != nullptr);
    QChart *historyBefore = historyView->chart();
    auto *tokens = planner->findChild<QLineEdit *>(u"trainingTokens"_s);
    REQUIRE(tokens != nullptr);
    tokens->setText(tokens->text() == u"6T"_s ? u"2T"_s : u"6T"_s);
    REQUIRE(waitForNewPlan(planner, first));
    const planning::Plan &second = *planner->plan();
    REQUIRE(second.budget.total != Approx(firstTotal));
    // The chart in view takes the new plan in place, as a new chart of it would draw it.
    CHECK(charts->chart(ui::PlanCharts::CostTime) == costTimeBefore);
    std::unique_ptr<QChart> secondCostTime(ui::charts::costTimeChart(planner->sharedPlan()));
    requireSameCostTime(costTimeBefore, secondCostTime.get());
    QPointer<QChart> budgetStale = budgetBefore;
    CHECK(budgetStale); // not redrawn while out of view
    // The recommended offer is selected again: its price history waits for its tab too.
    CHECK(historyView->chart() == historyBefore);
    CHECK(charts->chart(ui::PlanCharts::PriceHistory) != historyBefore);
    QChart *budgetAfter = charts->chart(ui::PlanCharts::Budget);
    CHECK(budgetAfter != budgetBefore);
    CHECK(budgetTotal(budgetAfter, second) == Approx(second.budget.total));
    // Showing a tab draws it too: the view's chart is replaced when the tab comes into view.
    auto *tornadoView = qobject_cast<QChartView *>(charts->tabs()->widget(ui::PlanCharts::Tornado));
    REQUIRE(tornadoView != nullptr);
    const planning::Plan *secondPlan = planner->plan();
    tokens->setText(tokens->text() == u"6T"_s ? u"2T"_s : u"6T"_s);
    REQUIRE(waitForNewPlan(planner, secondPlan));
    QChart *tornadoBefore = tornadoView->chart();
    charts->tabs()->setCurrentIndex(ui::PlanCharts::Tornado);
    CHECK(tornadoView->chart() != tornadoBefore);
    CHECK(charts->chart(ui::PlanCharts::Tornado) == tornadoView->chart()); // drawn once
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

TEST_CASE("gui: Open and save round-trip a scenario file, unknown keys and all", "[gui][files]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::PlannerView *planner = window->planner();
    QTemporaryDir dir;
    REQUIRE(dir.isValid());

    // An example with a key Accelplan does not know, in a section and at the top level.
    QFile example(test::examplePath(u"llama-70b.accelplan"_s));
    REQUIRE(example.open(QIODevice::ReadOnly));
    QJsonObject document = QJsonDocument::fromJson(example.readAll()).object();
    document.insert(u"x_team"_s, u"platform"_s);
    QJsonObject lockin = document.value(u"lockin"_s).toObject();
    lockin.insert(u"x_note"_s, u"ask finance"_s);
    document.insert(u"lockin"_s, lockin);
    const QString source = dir.filePath(u"source.accelplan"_s);
    {
        QFile file(source);
        REQUIRE(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(document).toJson());
    }
    const auto expected = scenario::readScenario(source);
    REQUIRE(expected.ok());

    const planning::Plan *before = planner->plan();
    REQUIRE(window->openScenario(source).ok());
    CHECK(window->scenarioPath() == QFileInfo(source).absoluteFilePath());
    CHECK(planner->findChild<QLineEdit *>(u"scenarioName"_s)->text() == expected->name);
    CHECK(window->windowTitle().contains(u"source.accelplan"_s));
    CHECK_FALSE(window->isWindowModified());
    REQUIRE(waitForNewPlan(planner, before));
    CHECK(planner->plan()->scenarioName == expected->name);
    CHECK(scenarioText(planner->scenario()) == scenarioText(expected.value()));

    // Saved unchanged: the same scenario, the unknown keys still there.
    const QString copy = dir.filePath(u"copy.accelplan"_s);
    REQUIRE(window->saveScenarioAs(copy).ok());
    const auto reread = scenario::readScenario(copy);
    REQUIRE(reread.ok());
    CHECK(scenarioText(reread.value()) == scenarioText(expected.value()));
    CHECK(reread->document.value(u"x_team"_s).toString() == u"platform"_s);
    CHECK(reread->document.value(u"lockin"_s).toObject().value(u"x_note"_s).toString() == u"ask finance"_s);

    // An edit marks the window modified; saving clears it and writes the edit.
    planner->findChild<QSpinBox *>(u"runs"_s)->setValue(3);
    CHECK(window->isWindowModified());
    REQUIRE(window->save());
    CHECK_FALSE(window->isWindowModified());
    CHECK(scenario::readScenario(copy)->training->runs == 3);
    CHECK(QSettings().value(u"Files/recent"_s).toStringList().value(0) == QFileInfo(copy).absoluteFilePath());

    // A scenario naming its model by an alias shows that preset in the editor.
    const QString aliased = dir.filePath(u"aliased.accelplan"_s);
    {
        QJsonObject training = document.value(u"training"_s).toObject();
        training.insert(u"model"_s, u"meta-llama/Llama-3.1-70B"_s);
        document.insert(u"training"_s, training);
        QFile file(aliased);
        REQUIRE(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(document).toJson());
    }
    REQUIRE(window->openScenario(aliased).ok());
    CHECK(planner->findChild<QComboBox *>(u"trainingPreset"_s)->currentText() == u"Llama 3.1 70B"_s);
    REQUIRE(window->openScenario(copy).ok());

    // A file that cannot be read is refused with its line and field; the planner keeps its scenario.
    const QString bad = dir.filePath(u"bad.accelplan"_s);
    {
        QFile file(bad);
        REQUIRE(file.open(QIODevice::WriteOnly));
        file.write("{\"format\": \"accelplan-scenario\", \"version\": 1, \"name\": \"x\",\n"
                   " \"training\": {\"tokens\": -5}}\n");
    }
    const QString kept = scenarioText(planner->scenario());
    const Status refused = window->openScenario(bad);
    REQUIRE_FALSE(refused.ok());
    QStringList messages{refused.error().message};
    for (const Diagnostic &d : refused.error().details)
        messages.append(d.toString());
    CHECK(messages.join(u'\n').contains(u"bad.accelplan:2"_s));
    CHECK(messages.join(u'\n').contains(u"training.tokens"_s));
    CHECK(scenarioText(planner->scenario()) == kept);
    CHECK(window->scenarioPath() == QFileInfo(copy).absoluteFilePath());
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
        copy.projection.wallHours.typical *= i % 1000 == 0 ? 3.0 : 1.0; // a few elsewhere
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
    QChart *costTime = charts->chart(ui::PlanCharts::CostTime);
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
    const QPointF bestPoint(best.projection.wallHours.typical / 24.0, best.cost.typical / costScale.divisor);
    REQUIRE(bestSeries->points().contains(bestPoint));
    Q_EMIT bestSeries->hovered(bestPoint, true);
    CHECK(charts->hoverText().contains(best.offer.key.sku));
    CHECK(charts->hoverText().contains(QLocale().toString(best.cost.typical, 'f', 0)));

    // The budget adds up to the plan's total, month by month. Inference a month far below a
    // training month is a line (stacked it was invisible) on the one amount axis; else it is stacked.
    QChart *budget = charts->chart(ui::PlanCharts::Budget);
    auto *bars = qobject_cast<QStackedBarSeries *>(budget->series().value(0));
    REQUIRE(bars != nullptr);
    const BudgetLayout layout = budgetLayout(plan);
    REQUIRE(bars->barSets().size() == (layout.inferenceLine ? 2 : 3));
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
    for (QAbstractSeries *series : charts->chart(ui::PlanCharts::CostExit)->series())
        drawn += qobject_cast<QScatterSeries *>(series)->count();
    CHECK(drawn == priced);
    // Both of its axes are amounts, in one unit.
    const QAbstractAxis *exitAxis = charts->chart(ui::PlanCharts::CostExit)->axes(Qt::Horizontal).value(0);
    const QAbstractAxis *exitCostAxis = charts->chart(ui::PlanCharts::CostExit)->axes(Qt::Vertical).value(0);
    REQUIRE(exitAxis != nullptr);
    REQUIRE(exitCostAxis != nullptr);
    CHECK(exitAxis->titleText() == u"Exit cost (%1)"_s.arg(exitCostAxis->titleText()));

    // The tornado: one bar pair per factor, the swing from the base.
    auto *tornado = qobject_cast<QHorizontalStackedBarSeries *>(charts->chart(ui::PlanCharts::Tornado)->series().value(0));
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
    QChart *history = charts->chart(ui::PlanCharts::PriceHistory);
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
    CHECK(charts->chart(ui::PlanCharts::CostTime)->theme() == QChart::ChartThemeDark);
    CHECK(charts->chart(ui::PlanCharts::Tornado)->theme() == QChart::ChartThemeDark);
    // The theme restyles every series and axis: on screen the markers stay plain disks and the
    // grid one-pixel lines (screenStrokes).
    for (QAbstractSeries *series : charts->chart(ui::PlanCharts::CostTime)->series())
        if (auto *scatter = qobject_cast<QScatterSeries *>(series))
            CHECK(scatter->pen().style() == Qt::NoPen);
    for (QAbstractAxis *axis : charts->chart(ui::PlanCharts::CostTime)->axes())
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

TEST_CASE("gui: The import dialog previews a sheet, lists bad rows and imports all or nothing", "[gui][import]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    const int sheetsBefore = int(db.database->sheets()->size());

    SECTION("a sheet with bad rows lists each with its line and cannot be imported")
    {
        const QString path = test::dataPath(u"sheets/bad/many_errors.csv"_s);
        ui::ImportDialog dialog(*db.database, shippedCatalog(), path, window.get());
        REQUIRE(waitFor([&] { return dialog.state() != ui::ImportDialog::State::Reading; }));
        CHECK(dialog.state() == ui::ImportDialog::State::Invalid);
        const QStringList errors = dialog.errors();
        REQUIRE(errors.size() >= 2);
        for (const QString &error : errors)
            CHECK(error.contains(QRegularExpression(u"many_errors\\.csv:\\d+: (error|warning)"_s)));
        CHECK_FALSE(dialog.findChild<QPushButton *>(u"importButton"_s)->isEnabled());
        dialog.import();
        CHECK(int(db.database->sheets()->size()) == sheetsBefore);
    }

    SECTION("a valid sheet is previewed without writing, then imported")
    {
        const QString path = test::dataPath(u"sheets/good/all_fields.csv"_s);
        ui::ImportDialog dialog(*db.database, shippedCatalog(), path, window.get());
        QAbstractItemModelTester tester(dialog.previewModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        REQUIRE(waitFor([&] { return dialog.state() != ui::ImportDialog::State::Reading; }));
        REQUIRE(dialog.state() == ui::ImportDialog::State::Ready);
        CHECK(dialog.errors().isEmpty());
        CHECK(dialog.previewModel()->rowCount() == dialog.summary().rowCount);
        CHECK(dialog.summary().rowCount > 0);
        CHECK(dialog.summary().added + dialog.summary().changed + dialog.summary().unchanged
                  + dialog.summary().historical
              == dialog.summary().rowCount);
        CHECK(int(db.database->sheets()->size()) == sheetsBefore); // a preview writes nothing
        dialog.import();
        CHECK(dialog.state() == ui::ImportDialog::State::Imported);
        CHECK(int(db.database->sheets()->size()) == sheetsBefore + 1);
    }

    SECTION("an AWS price list is previewed with its skipped rows counted")
    {
        const QString path = test::dataPath(u"aws/ec2_traps.csv"_s);
        ui::ImportDialog dialog(*db.database, shippedCatalog(), path, window.get());
        REQUIRE(waitFor([&] { return dialog.state() != ui::ImportDialog::State::Reading; }));
        QComboBox *format = dialog.formatCombo();
        format->setCurrentIndex(format->findText(u"AWS"_s, Qt::MatchStartsWith));
        REQUIRE(waitFor([&] { return dialog.state() != ui::ImportDialog::State::Reading; }));
        REQUIRE(dialog.state() == ui::ImportDialog::State::Ready);
        CHECK(dialog.previewModel()->rowCount() == 4);
        CHECK(dialog.errors().join(u'\n').contains(u"skipped 1 row(s): not Linux"_s));
        CHECK(dialog.errors().join(u'\n').contains(u"p3.2xlarge"_s));
        CHECK(int(db.database->sheets()->size()) == sheetsBefore);
    }

    SECTION("every provider format is offered, detected and previewed")
    {
        // The format list is the CLI's, in people's words.
        ui::ImportDialog first(*db.database, shippedCatalog(), test::dataPath(u"aws/ec2_traps.json"_s), window.get());
        REQUIRE(waitFor([&] { return first.state() != ui::ImportDialog::State::Reading; }));
        QStringList offered;
        for (int i = 0; i < first.formatCombo()->count(); ++i)
            offered << first.formatCombo()->itemText(i);
        QStringList expected;
        for (const pricing::ImportFormat format : pricing::importFormats())
            expected << pricing::importFormatTitle(format);
        CHECK(offered == expected);
        CHECK(offered.size() == 9);

        struct Case
        {
            QString file;
            pricing::ImportFormat format;
            int rows;
        };
        const QList<Case> cases = {{u"aws/ec2_traps.json"_s, pricing::ImportFormat::AwsJson, 4},
                                   {u"azure/retail_two_pages.json"_s, pricing::ImportFormat::Azure, 12},
                                   {u"gcp/gcp_traps.json"_s, pricing::ImportFormat::Gcp, 45},
                                   {u"oci/products_usd_2026-08-14.json"_s, pricing::ImportFormat::Oci, 13}};
        int imported = 0;
        for (const Case &c : cases) {
            INFO(c.file.toStdString());
            ui::ImportDialog dialog(*db.database, shippedCatalog(), test::dataPath(c.file), window.get());
            REQUIRE(waitFor([&] { return dialog.state() != ui::ImportDialog::State::Reading; }));
            REQUIRE(dialog.state() == ui::ImportDialog::State::Ready);
            CHECK(dialog.statusText().contains(u"Read as: "_s + pricing::importFormatTitle(c.format)));
            CHECK(dialog.previewModel()->rowCount() == c.rows);
            // Offers of one SKU and region differ by price model: the preview says which is which.
            QSet<QString> keys;
            for (int row = 0; row < dialog.previewModel()->rowCount(); ++row) {
                QStringList key;
                for (int column = 2; column <= 5; ++column)
                    key << dialog.previewModel()->index(row, column).data().toString();
                keys.insert(key.join(u'|'));
            }
            CHECK(keys.size() == c.rows);
            QList<int> lines;
            for (int row = 0; row < dialog.previewModel()->rowCount(); ++row)
                lines << dialog.previewModel()->index(row, 0).data().toInt();
            CHECK(std::is_sorted(lines.cbegin(), lines.cend())); // as the Line header's sort indicator says
            CHECK_FALSE(dialog.errors().isEmpty()); // the skipped rows, counted
            CHECK(int(db.database->sheets()->size()) == sheetsBefore + imported); // a preview writes nothing
            if (const QByteArray dir = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !dir.isEmpty()) {
                dialog.show();
                QTest::qWait(30);
                CHECK(dialog.grab().toImage().save(QDir(QString::fromLocal8Bit(dir))
                                                       .filePath(u"import-"_s + pricing::toString(c.format) + u".png"_s)));
            }
            if (c.format == pricing::ImportFormat::Azure) {
                dialog.import();
                CHECK(dialog.state() == ui::ImportDialog::State::Imported);
                CHECK(int(db.database->sheets()->size()) == sheetsBefore + ++imported);
            }
        }
    }

    SECTION("a SkyPilot catalog asks for its provider, and outliers for a tick")
    {
        ui::ImportDialog sky(*db.database, shippedCatalog(), test::dataPath(u"skypilot/nebius_vms_excerpt.csv"_s),
                             window.get());
        REQUIRE(waitFor([&] { return sky.state() != ui::ImportDialog::State::Reading; }));
        CHECK(sky.state() == ui::ImportDialog::State::Invalid);
        CHECK(sky.errors().join(u'\n').contains(u"--provider"_s));
        sky.providerEdit()->setText(u"nebius"_s);
        sky.providerEdit()->setModified(true);
        Q_EMIT sky.providerEdit()->editingFinished();
        REQUIRE(waitFor([&] { return sky.state() != ui::ImportDialog::State::Reading; }));
        REQUIRE(sky.state() == ui::ImportDialog::State::Ready);
        CHECK(sky.previewModel()->rowCount() == 17);
        CHECK(sky.previewModel()->index(0, 2).data().toString() == u"Nebius"_s);

        QTemporaryDir dir;
        const QString path = dir.filePath(u"expired.csv"_s);
        {
            QFile file(path);
            REQUIRE(file.open(QIODevice::WriteOnly));
            file.write("provider,offer_kind,sku,accelerator,accelerator_count,region,price_model,price,currency,unit,"
                       "effective_date\n"
                       "Azure,cloud_vm,Standard_ND96isr_H200_v5,h200,8,usgovvirginia,on_demand,0.01,USD,hour,2025-05-02\n");
        }
        ui::ImportDialog outliers(*db.database, shippedCatalog(), path, window.get());
        REQUIRE(waitFor([&] { return outliers.state() != ui::ImportDialog::State::Reading; }));
        CHECK(outliers.state() == ui::ImportDialog::State::Invalid);
        CHECK(outliers.statusText().contains(u"quarantined as outliers"_s));
        CHECK(outliers.errors().join(u'\n').contains(u"expired.csv:2: error: price: Standard_ND96isr_H200_v5"_s));
        CHECK_FALSE(outliers.acceptOutliersBox()->isHidden());
        if (const QByteArray shots = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !shots.isEmpty()) {
            outliers.show();
            QTest::qWait(30);
            CHECK(outliers.grab().toImage().save(QDir(QString::fromLocal8Bit(shots)).filePath(u"import-outliers.png"_s)));
        }
        outliers.acceptOutliersBox()->setChecked(true);
        REQUIRE(waitFor([&] { return outliers.state() != ui::ImportDialog::State::Reading; }));
        CHECK(outliers.state() == ui::ImportDialog::State::Ready);
        CHECK(outliers.errors().join(u'\n').contains(u"accepted as an outlier"_s));
        CHECK(int(db.database->sheets()->size()) == sheetsBefore);
    }

    SECTION("stopping a long read leaves the database untouched")
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"big.csv"_s);
        {
            QFile file(path);
            REQUIRE(file.open(QIODevice::WriteOnly));
            file.write("provider,offer_kind,sku,accelerator,accelerator_count,region,price_model,price,currency,unit,"
                       "effective_date,source_url\n");
            for (int i = 0; i < 200'000; ++i)
                file.write(QStringLiteral("BigCloud,cloud_vm,sku-%1,h100-sxm,8,r1,on_demand,%2.5,USD,hour,2026-09-01,"
                                          "https://example.test/big\n")
                               .arg(i)
                               .arg(10 + i % 50)
                               .toUtf8());
        }
        ui::ImportDialog dialog(*db.database, shippedCatalog(), path, window.get());
        dialog.cancel();
        REQUIRE(waitFor([&] { return dialog.state() != ui::ImportDialog::State::Reading; }));
        CHECK(dialog.state() == ui::ImportDialog::State::Cancelled);
        CHECK(int(db.database->sheets()->size()) == sheetsBefore);
    }
}

TEST_CASE("gui: Editing a price stores a manual sheet version and shows it", "[gui][prices]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    QAbstractItemModelTester historyTester(window->historyModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester sheetsTester(window->sheetsModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    window->offerTable()->selectRow(0);
    const int sourceRow = window->offerTable()->currentIndex().data(OfferTableModel::OfferRowRole).toInt();
    const PriceRecord offer = window->offerModel()->offer(sourceRow);
    const int historyBefore = window->historyModel()->rowCount();
    const int sheetsBefore = window->sheetsModel()->rowCount();
    REQUIRE(historyBefore >= 1);

    ui::PriceEditDialog dialog(offer);
    auto *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    dialog.priceEdit()->setText(u"-3"_s);
    dialog.sourceEdit()->setText(u"quote from sales"_s);
    CHECK_FALSE(ok->isEnabled());
    CHECK(dialog.findChild<QLabel *>(u"priceProblems"_s)->text().contains(u"price"_s));
    dialog.priceEdit()->setText(u"1.25"_s);
    dialog.sourceEdit()->clear();
    CHECK_FALSE(ok->isEnabled());
    dialog.sourceEdit()->setText(u"quote from sales, 2026-11-20"_s);
    REQUIRE(ok->isEnabled());

    REQUIRE(window->saveManualSheet(dialog.sheet()).ok());
    const auto sheets = db.database->sheets();
    REQUIRE(sheets.ok());
    CHECK(sheets->last().kind == u"manual"_s);
    CHECK(window->sheetsModel()->rowCount() == sheetsBefore + 1);
    const auto current = db.database->prices();
    const auto edited = std::find_if(current->cbegin(), current->cend(),
                                     [&](const PriceRecord &r) { return r.key == offer.key; });
    REQUIRE(edited != current->cend());
    CHECK(edited->price.toString() == u"1.25"_s);
    CHECK(edited->sourceUrl == u"quote from sales, 2026-11-20"_s);
    // The reload keeps the offer selected; its history now has the manual price too.
    CHECK(window->offerModel()->offer(window->offerTable()->currentIndex().data(OfferTableModel::OfferRowRole).toInt()).key
          == offer.key);
    CHECK(window->historyModel()->rowCount() == historyBefore + 1);
}

TEST_CASE("gui: Export writes the shown offers as a sheet that imports back", "[gui][prices]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    auto *provider = window->findChild<QComboBox *>(u"providerFilter"_s);
    provider->setCurrentIndex(provider->findData(u"AWS"_s));
    const int shown = window->offerProxy()->rowCount();
    REQUIRE(shown > 0);
    REQUIRE(shown < window->offerModel()->rowCount());
    QTemporaryDir dir;
    const QString path = dir.filePath(u"aws.csv"_s);
    REQUIRE(window->exportShownPrices(path).ok());
    const ParsedSheet parsed = PriceSheetParser(shippedCatalog(), QDate::currentDate()).parseFile(path);
    CHECK(parsed.ok());
    CHECK(parsed.records.size() == shown);
    for (const PriceRecord &r : parsed.records)
        CHECK(r.key.provider == u"AWS"_s);
}

TEST_CASE("gui: File > Export Report writes the same report as the command line", "[gui][report]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    REQUIRE(window->openScenario(test::examplePath(u"llama-70b.accelplan"_s)).ok());
    REQUIRE(waitFor([&] {
        return window->planner()->plan() && !window->planner()->busy()
               && window->planner()->plan()->scenarioName == u"Llama-class 70B"_s;
    }));
    QTemporaryDir dir;
    const QString pdf = dir.filePath(u"window.pdf"_s);
    REQUIRE(window->exportReport(pdf).ok());
    QProcess pdftotext;
    pdftotext.start(u"pdftotext"_s, {pdf, u"-"_s});
    REQUIRE(pdftotext.waitForFinished(60'000));
    const QString text = QString::fromUtf8(pdftotext.readAllStandardOutput());
    const planning::Plan &plan = *window->planner()->plan();
    for (const QString &heading : {u"Summary"_s, u"Assumptions"_s, u"Options"_s, u"Budget"_s, u"Lock-in"_s,
                                   u"Sensitivity"_s, u"Sources"_s})
        CHECK(text.contains(u'\n' + heading + u'\n'));
    CHECK(text.contains(ui::report::reportAmount(plan.budget.total) + u" USD"_s));
    CHECK(text.contains(u"Amounts in USD"_s));
}

TEST_CASE("gui: The report reads for finance first (the engineering appendix after) and no page ends with a heading",
          "[gui][report]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    REQUIRE(window->openScenario(test::examplePath(u"llama-70b.accelplan"_s)).ok());
    REQUIRE(waitFor([&] {
        return window->planner()->plan() && !window->planner()->busy()
               && window->planner()->plan()->scenarioName == u"Llama-class 70B"_s;
    }));
    auto pdfText = [](const QString &pdf, int page = 0) {
        QStringList arguments;
        if (page > 0)
            arguments << u"-f"_s << QString::number(page) << u"-l"_s << QString::number(page);
        QProcess pdftotext;
        pdftotext.start(u"pdftotext"_s, arguments << pdf << u"-"_s);
        REQUIRE(pdftotext.waitForFinished(60'000));
        // Ligatures as pdftotext writes them ("ﬀ", "ﬁ") back to letters.
        return QString::fromUtf8(pdftotext.readAllStandardOutput())
            .replace(u"\uFB00"_s, u"ff"_s)
            .replace(u"\uFB01"_s, u"fi"_s)
            .replace(u"\uFB02"_s, u"fl"_s);
    };
    QTemporaryDir dir;
    int checkedPages = 0;
    // Several lengths and page sizes put the headings at many places on their pages.
    for (const auto &[pageSize, top] : {std::pair{QPageSize::A4, 10}, std::pair{QPageSize::A4, 3},
                                        std::pair{QPageSize::A4, 25}, std::pair{QPageSize::Letter, 7},
                                        std::pair{QPageSize::Letter, 40}}) {
        INFO("top " << top << (pageSize == QPageSize::A4 ? " on A4" : " on Letter"));
        const QString pdf = dir.filePath(u"report-%1-%2.pdf"_s.arg(int(pageSize)).arg(top));
        REQUIRE(window->exportReport(pdf, pageSize, top).ok());
        const QString text = pdfText(pdf);

        // The summary, the finance sections, then the appendix with the assumptions and sources.
        qsizetype at = 0;
        for (const QString &heading : {u"Summary"_s, u"Options"_s, u"Budget"_s, u"Lock-in"_s, u"Sensitivity"_s,
                                       u"Engineering appendix"_s, u"Assumptions"_s, u"Sources"_s}) {
            INFO(heading.toStdString());
            const qsizetype found = text.indexOf(u'\n' + heading + u'\n', at);
            CHECK(found >= 0);
            at = std::max(at, found);
        }

        // The headings as the report writes them; none is the last line of a page's body.
        ui::report::ReportRequest request{window->planner()->scenario(), window->planner()->sharedPlan(), {}, pageSize,
                                          top, {}, {}};
        QStringList headings;
        const QRegularExpression tag(u"<h[1-6][^>]*>(.*?)</h[1-6]>"_s);
        for (const QRegularExpressionMatch &m : tag.globalMatch(ui::report::reportHtml(request)))
            headings << QTextDocumentFragment::fromHtml(m.captured(1)).toPlainText().simplified();
        REQUIRE(headings.contains(u"Engineering appendix"_s));
        const int pages = text.count(QRegularExpression(u"Page \\d+ of \\d+"_s));
        REQUIRE(pages >= 3);
        for (int page = 1; page <= pages; ++page) {
            QStringList body;
            for (const QString &line : pdfText(pdf, page).split(u'\n')) {
                const QString shown = line.simplified();
                if (!shown.isEmpty() && !shown.startsWith(u"Page "_s) && !shown.startsWith(u"Report of "_s)
                    && !shown.startsWith(u"Amounts in "_s) && shown != window->planner()->plan()->scenarioName)
                    body << shown;
            }
            REQUIRE_FALSE(body.isEmpty());
            // A heading wrapped over two lines ends with its last.
            const QString last = body.constLast();
            INFO("page " << page << " ends with: " << last.toStdString());
            CHECK(std::none_of(headings.cbegin(), headings.cend(), [&last](const QString &heading) {
                return heading == last || (last.size() >= 8 && heading.endsWith(last));
            }));
            if (body.constFirst() == u"Engineering appendix"_s)
                ++checkedPages; // the appendix opens a page
        }
    }
    CHECK(checkedPages == 5);
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
    REQUIRE(shipped->projection.efficiency.mfu.typical != Approx(0.72));

    // What `accelplan-cli catalog add-profile` stores: a profile for the default scenario's workload.
    const QByteArray profile = "accelerator,workload,precision,framework,low,typical,high,source_url,as_of,notes\n"
                               "h100-sxm,dense_training,bf16,pytorch,0.7,0.72,0.74,https://example.test/window-profile,"
                               "2026-11-01,our own run\n";
    REQUIRE(db.database->addProfileFile({u"ours.csv"_s, profile}).ok());
    window->reload();
    REQUIRE(waitForNewPlan(planner, before));
    const planning::TrainingOption *mine = h100(*planner->plan());
    REQUIRE(mine != nullptr);
    CHECK(mine->projection.efficiency.mfu.typical == Approx(0.72));
    CHECK(mine->projection.efficiency.mfuSource.contains(u"example.test/window-profile"_s));
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

/// At a small window or a large scale the options keep their rows and their key figures (cost,
/// days, chips, region) come first; the summary scrolls instead of pushing them away.
static void checkOptionsInView(MainWindow &window, int minimumRows)
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

TEST_CASE("gui: The window fits 1024x700 and its restored size is clamped to the screen", "[gui][window]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    window->show();
    REQUIRE(QTest::qWaitForWindowExposed(window.get()));
    const QSize minimum = window->minimumSizeHint().expandedTo(window->minimumSize());
    INFO("minimum size " << minimum.width() << "x" << minimum.height());
    CHECK(minimum.width() <= 1024);
    CHECK(minimum.height() <= 700);
    window->resize(1024, 700);
    QTest::qWait(50);
    CHECK(window->width() == 1024);
    CHECK(window->height() == 700);
    // Every part of the planner is on screen: the editor and the results side by side.
    ui::PlannerView *planner = window->planner();
    const QRect inside = window->rect();
    for (const QString &name : {u"planSummary"_s, u"optionTabs"_s, u"scenarioName"_s}) {
        auto *widget = planner->findChild<QWidget *>(name);
        REQUIRE(widget != nullptr);
        const QRect at(widget->mapTo(window.get(), QPoint(0, 0)), QSize(std::min(widget->width(), 40), 10));
        INFO(name.toStdString());
        CHECK(inside.contains(at));
    }
    // Each axis title of every plan chart fits along its side of the plot (Qt Charts cuts a
    // longer one to "…"), and the labels of the scatter charts and of the budget's months (every
    // few months) are not cut either. At this width the budget's two amount axes, beside the
    // legend, and the sensitivity chart's factor names still can be.
    QTabWidget *chartTabs = planner->charts()->tabs();
    for (const auto which : {ui::PlanCharts::Budget, ui::PlanCharts::CostExit, ui::PlanCharts::Tornado, ui::PlanCharts::CostTime}) {
        chartTabs->setCurrentIndex(which);
        QCoreApplication::processEvents();
        QChart *chart = planner->charts()->chart(which);
        INFO("chart " << chart->title().toStdString());
        if (const QByteArray dir = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !dir.isEmpty() && which != ui::PlanCharts::CostTime)
            CHECK(window->grab().toImage().save(
                QDir(QString::fromLocal8Bit(dir)).filePath(u"planner-1024x700-chart%1.png"_s.arg(int(which)))));
        CHECK(chart->axes().size() >= 2);
        for (QAbstractAxis *axis : chart->axes()) {
            INFO("axis " << axis->titleText().toStdString());
            if (which == ui::PlanCharts::CostTime || which == ui::PlanCharts::CostExit
                || (which == ui::PlanCharts::Budget && axis->orientation() == Qt::Horizontal))
                CHECK_FALSE(axis->labelsTruncated());
            // Measured as Qt Charts measures it: a text item, with its document's margins.
            QGraphicsTextItem title;
            title.setFont(axis->titleFont());
            title.setHtml(axis->titleText());
            const double side = axis->orientation() == Qt::Vertical ? chart->plotArea().height() : chart->plotArea().width();
            INFO(axis->titleText().toStdString() << ": " << title.boundingRect().width() << " px along " << side);
            CHECK(title.boundingRect().width() <= side);
        }
    }
    checkOptionsInView(*window, 5);
    if (const QByteArray dir = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !dir.isEmpty()) {
        REQUIRE(QDir().mkpath(QString::fromLocal8Bit(dir)));
        CHECK(window->grab().toImage().save(QDir(QString::fromLocal8Bit(dir)).filePath(u"planner-1024x700.png"_s)));
    }

    // A saved size larger than the screen (another monitor, another scale) is clamped to it.
    window->resize(5000, 4000);
    window->close();
    auto again = std::make_unique<MainWindow>(*db.database, shippedCatalog()); // with the saved settings
    const QRect screen = again->screen()->availableGeometry();
    CHECK(again->width() <= screen.width());
    CHECK(again->height() <= screen.height());
}

TEST_CASE("gui: At scale 2 the window fits half of a 1920x1080 screen", "[.scale2][gui][window]")
{
    REQUIRE(qEnvironmentVariable("QT_SCALE_FACTOR") == u"2"_s); // run by its own ctest entry
    SeededDatabase db;
    {
        auto first = plannedWindow(*db.database); // makeWindow sizes it 1400x800
        first->close();                           // and the size is saved
    }
    auto window = std::make_unique<MainWindow>(*db.database, shippedCatalog());
    ui::PlannerView *planner = window->planner();
    REQUIRE(waitFor([&] { return planner->plan() != nullptr && !planner->busy(); }));
    window->show();
    REQUIRE(QTest::qWaitForWindowExposed(window.get()));
    const QRect available = window->screen()->availableGeometry();
    CHECK(available.width() == 960);
    CHECK(available.height() == 540);
    CHECK(window->width() <= available.width()); // the saved 1400x800 is clamped
    CHECK(window->height() <= available.height());
    const QSize minimum = window->minimumSizeHint().expandedTo(window->minimumSize());
    INFO("minimum size " << minimum.width() << "x" << minimum.height());
    CHECK(minimum.width() <= available.width());
    CHECK(minimum.height() <= available.height());
    window->resize(available.size());
    QTest::qWait(50);
    checkOptionsInView(*window, 2);
    if (const QByteArray dir = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !dir.isEmpty()) {
        REQUIRE(QDir().mkpath(QString::fromLocal8Bit(dir)));
        CHECK(window->grab().toImage().save(QDir(QString::fromLocal8Bit(dir)).filePath(u"planner-scale2.png"_s)));
    }
}

TEST_CASE("gui: Help > Examples opens each shipped example as an untitled scenario", "[gui][files]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::PlannerView *planner = window->planner();
    auto *examples = window->findChild<QMenu *>(u"examplesMenu"_s);
    REQUIRE(examples != nullptr);
    QStringList names;
    for (const QAction *action : examples->actions())
        names.append(action->text());
    CHECK(names == QStringList{u"chat-service-8b-eur"_s, u"jax-8b-tpu-or-gpu"_s, u"llama-70b"_s});

    QAction *llama = window->findChild<QAction *>(u"example:llama-70b"_s);
    REQUIRE(llama != nullptr);
    const planning::Plan *before = planner->plan();
    llama->trigger();
    REQUIRE(waitForNewPlan(planner, before));
    auto expected = scenario::readScenario(test::examplePath(u"llama-70b.accelplan"_s));
    REQUIRE(expected.ok());
    CHECK(planner->scenario().name == expected->name);
    CHECK(planner->plan()->scenarioName == expected->name);
    CHECK(window->windowFilePath().isEmpty()); // untitled: Save asks for a path
    CHECK(window->windowTitle().startsWith(u"Untitled"_s));
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
    QChart *costTime = planner->charts()->chart(ui::PlanCharts::CostTime);
    const QList<QAbstractAxis *> horizontal = costTime->axes(Qt::Horizontal);
    REQUIRE(horizontal.size() == 1);
    auto *days = qobject_cast<QValueAxis *>(horizontal.first());
    REQUIRE(days != nullptr);
    CHECK(days->tickCount() >= 3);
    CHECK(days->min() < plan->recommendedTraining()->projection.wallHours.typical / 24);
}

TEST_CASE("gui: Cancelling an import says that nothing was written", "[gui][import]")
{
    SeededDatabase db;
    auto window = makeWindow(*db.database);
    const int sheetsBefore = int(db.database->sheets()->size());
    QTimer::singleShot(0, [] {
        // The preview is up (reading a small sheet is quick): cancel it.
        for (QWidget *top : QApplication::topLevelWidgets()) {
            if (auto *dialog = qobject_cast<ui::ImportDialog *>(top)) {
                REQUIRE(waitFor([&] { return dialog->state() != ui::ImportDialog::State::Reading; }));
                dialog->findChild<QPushButton *>(u"cancelButton"_s)->click();
            }
        }
    });
    window->importFile(test::dataPath(u"sheets/good/all_fields.csv"_s));
    CHECK(window->statusBar()->currentMessage().contains(u"nothing was written"_s));
    CHECK(int(db.database->sheets()->size()) == sheetsBefore);
}

TEST_CASE("gui: The Prices view shows accelerator memory and vCPUs beside the price per chip-hour", "[gui][model]")
{
    SeededDatabase db;
    auto window = makeWindow(*db.database);
    auto *table = window->findChild<QTableView *>(u"offerTable"_s);
    REQUIRE(table != nullptr);
    const QAbstractItemModel *model = table->model();
    int checked = 0;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QString accelerator = model->index(row, OfferTableModel::Accelerator).data().toString();
        const catalog::Accelerator *a = shippedCatalog().find(accelerator);
        REQUIRE(a != nullptr);
        const QModelIndex memory = model->index(row, OfferTableModel::AcceleratorMemory);
        CHECK(memory.data(OfferTableModel::RawValueRole).toDouble() == a->memoryGb);
        CHECK(memory.data().toString() == QLocale().toString(a->memoryGb, 'f', 0) + u" GB"_s);
        const int sourceRow = model->index(row, 0).data(OfferTableModel::OfferRowRole).toInt();
        const auto vcpus = window->findChild<OfferTableModel *>()->offer(sourceRow).vcpus;
        CHECK(model->index(row, OfferTableModel::Vcpus).data(OfferTableModel::RawValueRole)
              == (vcpus ? QVariant(*vcpus) : QVariant()));
        ++checked;
    }
    CHECK(checked > 100);
    CHECK(model->headerData(OfferTableModel::AcceleratorMemory, Qt::Horizontal).toString() == u"Memory/chip"_s);
    CHECK(model->headerData(OfferTableModel::PricePerChipHour, Qt::Horizontal).toString().startsWith(u"Per chip-hour"_s));
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
              == Approx(o.projection.wallHours.typical / 24.0));
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
    CHECK(model->index(0, ui::OptionTableModel::Nodes).data(ui::OptionTableModel::RawValueRole).toInt() == top.projection.nodes);
    CHECK(model->index(0, ui::OptionTableModel::Fabric).data().toString().contains(u"Gb/s"_s));
    const QString details = planner->findChild<QTextBrowser *>(u"optionDetails"_s)->toPlainText();
    CHECK(details.contains(u"Cluster"_s));
    CHECK(details.contains(u"TP "_s));
    CHECK(details.contains(u"Each step: compute"_s));
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
    CHECK(first->projection.batch == 48);
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

namespace {
/// Waits until the Compare view has planned what it was given (it plans off the GUI thread).
void waitForCompare(ui::CompareView *compare)
{
    QElapsedTimer waited;
    waited.start();
    while (compare->busy() && waited.elapsed() < 60'000)
        QTest::qWait(10);
    REQUIRE_FALSE(compare->busy());
}
} // namespace

TEST_CASE("gui: The Compare view shows scenarios side by side with the command line's figures", "[gui][compare]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::CompareView *compare = window->compare();
    REQUIRE(compare != nullptr);
    CHECK(compare->count() == 0);
    const QString llama = test::examplePath(u"llama-70b.accelplan"_s);
    const QString chat = test::examplePath(u"chat-service-8b-eur.accelplan"_s);
    REQUIRE(compare->addScenarioFile(llama));
    REQUIRE(compare->addScenarioFile(test::examplePath(u"jax-8b-tpu-or-gpu.accelplan"_s)));
    CHECK(compare->busy()); // planned off the GUI thread, with progress
    CHECK(compare->findChild<QProgressBar *>(u"compareProgress"_s)->isVisibleTo(compare));
    waitForCompare(compare);
    CHECK_FALSE(compare->findChild<QProgressBar *>(u"compareProgress"_s)->isVisibleTo(compare));
    REQUIRE(compare->compared().size() == 2);
    // Each column is that scenario's own plan on the window's inputs.
    const planning::PlanInputs inputs = *planning::loadPlanInputs(*db.database, shippedCatalog());
    const auto scenario = scenario::readScenario(llama);
    REQUIRE(scenario.ok());
    const auto plan = planning::planScenario(*scenario, inputs);
    REQUIRE(plan.ok());
    const planning::ComparedScenario &first = compare->compared().first();
    CHECK(first.budgetTotal == Approx(plan->budget.total));
    CHECK(first.recommendation == plan->recommendation);
    REQUIRE(first.trainingCost.has_value());
    CHECK(*first.trainingCost == Approx(plan->recommendedTraining()->lockin.planCost));
    // The delta row is against the baseline, which can be changed.
    QStandardItemModel *model = compare->model();
    const int delta = model->rowCount() - 1; // the last row
    CHECK(model->item(delta, 0)->text() == u"baseline"_s);
    // Budgets compared at P50, the headline's figure.
    CHECK(first.budgetP50 == Approx(plan->headline.p50));
    CHECK(model->item(delta, 1)->data(Qt::UserRole).toDouble()
          == Approx(compare->compared().at(1).budgetP50 - first.budgetP50));
    compare->setBaseline(1);
    CHECK(model->item(delta, 1)->text() == u"baseline"_s);
    CHECK(model->item(delta, 0)->data(Qt::UserRole).toDouble()
          == Approx(first.budgetP50 - compare->compared().at(1).budgetP50));
    CHECK(first.cashTotal == Approx(plan->budget.cashTotal));
    REQUIRE(first.cashByMonth.size() == plan->budget.months.size());
    CHECK(first.cashByMonth.first() == Approx(plan->budget.months.first().cashOut));
    // The cash-flow chart: one line per compared scenario, cash out added up month by month.
    QChart *cash = compare->cashFlowView()->chart();
    REQUIRE(cash->series().size() == 2);
    auto *line = qobject_cast<QLineSeries *>(cash->series().first());
    REQUIRE(line);
    REQUIRE(line->count() == first.cashByMonth.size());
    double sum = 0;
    for (double c : first.cashByMonth)
        sum += c;
    CHECK(line->at(line->count() - 1).y() > 0);
    CHECK(line->at(line->count() - 1).y() / line->at(0).y()
          == Approx(sum / first.cashByMonth.first()).epsilon(1e-6));
    // At most four; a bad file says why and adds nothing.
    REQUIRE(compare->addScenarioFile(chat));
    waitForCompare(compare);
    QString why;
    CHECK_FALSE(compare->addScenarioFile(test::dataPath(u"sheets/bad/many_errors.csv"_s), &why));
    CHECK_FALSE(why.isEmpty());
    CHECK(compare->count() == 3);
    REQUIRE(compare->addScenarioFile(chat));
    CHECK_FALSE(compare->addScenarioFile(chat, &why));
    CHECK(why.contains(u"At most 4"_s));
    compare->removeScenario(3);
    CHECK(compare->count() == 3);
    waitForCompare(compare);
    CHECK(compare->compared().size() == 3);

    // The open scenario's standard strategies, one column each.
    const planning::Plan *before = window->planner()->plan();
    REQUIRE(window->openScenario(llama).ok());
    REQUIRE(waitForNewPlan(window->planner(), before));
    // Cancelled while planning: the scenarios planned so far stay, and the view says so.
    compare->showStrategies();
    REQUIRE(compare->busy());
    compare->findChild<QPushButton *>(u"compareCancel"_s)->click();
    waitForCompare(compare);
    CHECK(compare->compared().size() < 6);
    CHECK(compare->findChild<QLabel *>(u"compareStatus"_s)->text().contains(u"Cancelled"_s));
    compare->showStrategies();
    waitForCompare(compare);
    REQUIRE(compare->count() == 6);
    REQUIRE(compare->compared().size() == 6);
    CHECK(compare->findChild<QLabel *>(u"compareStatus"_s)->text().contains(u"standard strategies"_s));
    // Buying pays up front: in the first month its cash out is above cloud on demand's.
    CHECK(compare->compared().at(5).cashFirstMonth > compare->compared().at(0).cashFirstMonth);
    CHECK(compare->cashFlowView()->chart()->series().size() == 6);
    CHECK(model->headerData(0, Qt::Horizontal).toString().contains(u"Cloud on demand"_s));
    CHECK(model->headerData(5, Qt::Horizontal).toString().contains(u"Buy"_s));
    CHECK(model->item(0, 1)->text().contains(u"commit_1y"_s));
    if (const QByteArray dir = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !dir.isEmpty()) {
        REQUIRE(QDir().mkpath(QString::fromLocal8Bit(dir)));
        window->show();
        window->findChild<QTabWidget *>(u"mainTabs"_s)->setCurrentWidget(compare);
        for (const QSize size : {QSize(1400, 800), QSize(1024, 700)}) {
            window->resize(size);
            QTest::qWait(50);
            CHECK(window->grab().toImage().save(QDir(QString::fromLocal8Bit(dir))
                                                    .filePath(u"compare-%1.png"_s.arg(size.width()))));
        }
    }
}

TEST_CASE("gui: After an import the window tells which recent scenarios' recommended cost moved", "[gui][import]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    QTemporaryDir dir;
    const QString scenario = dir.filePath(u"chat.accelplan"_s);
    REQUIRE(QFile::copy(test::examplePath(u"chat-service-8b-eur.accelplan"_s), scenario));
    const planning::Plan *before = window->planner()->plan();
    REQUIRE(window->openScenario(scenario).ok());
    REQUIRE(waitForNewPlan(window->planner(), before));
    const auto inputs = planning::loadPlanInputs(*db.database, shippedCatalog());
    REQUIRE(inputs.ok());

    // A much cheaper offer arrives: the service's recommended cost falls by far more than 5 %.
    const QString sheet = dir.filePath(u"cheap.csv"_s);
    {
        QFile file(sheet);
        REQUIRE(file.open(QIODevice::WriteOnly));
        file.write("provider,offer_kind,sku,accelerator,accelerator_count,region,price_model,price,currency,unit,"
                   "effective_date,source_url,confidence\n"
                   "Cheap Cloud,cloud_vm,cheap-h100x8,h100-sxm,8,global,on_demand,2,USD,hour,2026-11-01,"
                   "https://example.test/cheap,exact\n");
    }
    const ParsedSheet parsed = PriceSheetParser(shippedCatalog(), QDate::currentDate()).parseFile(sheet);
    REQUIRE(parsed.ok());
    REQUIRE(db.database->importSheet(parsed, u"cheap"_s, sheet, false).ok());
    window->reload();
    // Other recent files (of tests run beside this one) may move too: this scenario's move is checked.
    const QList<planning::CostMove> moves = window->noticeCostMoves(*inputs);
    const auto ours = std::find_if(moves.cbegin(), moves.cend(),
                                   [&](const planning::CostMove &m) { return m.file == scenario; });
    REQUIRE(ours != moves.cend());
    CHECK(ours->after < ours->before);
    CHECK(ours->change() < -0.05);
    auto *notice = window->findChild<QMessageBox *>(u"costMovesNotice"_s);
    REQUIRE(notice != nullptr);
    CHECK(notice->text().contains(u"more than 5 %"_s));
    CHECK(notice->text().contains(u"8B chat service"_s));
    notice->close();
    // Nothing moved since: this scenario is not named again.
    const auto now = planning::loadPlanInputs(*db.database, shippedCatalog());
    REQUIRE(now.ok());
    const QList<planning::CostMove> again = window->noticeCostMoves(*now);
    CHECK(std::none_of(again.cbegin(), again.cend(), [&](const planning::CostMove &m) { return m.file == scenario; }));
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

TEST_CASE("Window: connecting switches the database and an unreachable team database offers its snapshot read-only")
{
    SeededDatabase db;
    auto window = makeWindow(*db.database);
    window->show();
    auto *label = window->findChild<QLabel *>(u"databasePathLabel"_s);
    REQUIRE(label);
    const int shippedOffers = window->offerModel()->rowCount();
    REQUIRE(shippedOffers > 300);

    // Another local database, with one offer more: the window and its views now read it.
    QTemporaryDir other;
    const QString otherPath = other.filePath(u"other.sqlite"_s);
    {
        auto opened = PriceDatabase::open(otherPath, shippedCatalog());
        REQUIRE(opened.ok());
        ParsedSheet sheet;
        sheet.fileName = u"extra.csv"_s;
        sheet.sha256 = "extra";
        sheet.records = {record(u"ExtraCo"_s, u"extra-8x"_s, u"20"_s, u"USD"_s)};
        REQUIRE((*opened)->importSheet(sheet, u"extra"_s, u"extra.csv"_s, false).ok());
    }
    REQUIRE(window->connectDatabase(otherPath, [](const QString &) { return true; }).ok());
    CHECK(window->offerModel()->rowCount() == shippedOffers + 1);
    CHECK(label->text().contains(u"other.sqlite"_s));
    CHECK(ui::recentDatabases().value(0) == otherPath);

    // A team database whose server is gone, with a snapshot left from an earlier connection.
    const QString team = u"postgresql://alice@/team?host=/nonexistent-accelplan-socket"_s;
    const auto location = DbLocation::parse(team);
    REQUIRE(location.ok());
    QFile::remove(snapshotPath(*location));
    QString asked;
    const Status withoutSnapshot = window->connectDatabase(team, [&](const QString &q) {
        asked = q;
        return true;
    });
    REQUIRE_FALSE(withoutSnapshot.ok());
    CHECK(withoutSnapshot.error().message.contains(u"cannot connect to the team database"_s));
    CHECK(asked.isEmpty()); // nothing to offer
    CHECK(window->offerModel()->rowCount() == shippedOffers + 1); // the window kept its database

    REQUIRE(QDir().mkpath(QFileInfo(snapshotPath(*location)).absolutePath()));
    {
        auto snapshot = PriceDatabase::open(snapshotPath(*location), shippedCatalog(),
                                            OpenOptions{.walJournal = false});
        REQUIRE(snapshot.ok());
    }
    // Declined: nothing changes.
    REQUIRE_FALSE(window->connectDatabase(team, [](const QString &) { return false; }).ok());
    CHECK(label->text().contains(u"other.sqlite"_s));
    // Accepted: the snapshot, read-only, said in the status bar; imports and edits are off.
    REQUIRE(window->connectDatabase(team, [&](const QString &q) {
                      asked = q;
                      return true;
                  })
                .ok());
    CHECK(asked.contains(u"snapshot"_s));
    CHECK(asked.contains(u"cannot connect"_s));
    CHECK(window->offerModel()->rowCount() == shippedOffers);
    CHECK(label->text().contains(u"Read-only snapshot of postgresql://alice@/team"_s));
    CHECK_FALSE(window->findChild<QAction *>(u"actionImport"_s)->isEnabled());
    CHECK_FALSE(window->findChild<QAction *>(u"actionEditPrice"_s)->isEnabled());
    ParsedSheet manual;
    manual.fileName = u"manual"_s;
    manual.sha256 = "manual";
    manual.records = {record(u"LateCo"_s, u"late-8x"_s, u"20"_s, u"USD"_s)};
    const Status refused = window->saveManualSheet(manual);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().message.contains(u"read-only snapshot"_s));
    CHECK(window->offerModel()->rowCount() == shippedOffers);
    if (const QByteArray dir = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !dir.isEmpty()) {
        window->resize(1024, 700);
        CHECK(window->grab().toImage().save(QDir(QString::fromLocal8Bit(dir)).filePath(u"snapshot.png"_s)));
        ui::ConnectDialog dialog(team, window.get());
        dialog.show();
        CHECK(dialog.grab().toImage().save(QDir(QString::fromLocal8Bit(dir)).filePath(u"connect.png"_s)));
    }

    // Back to a live database: imports and edits come back.
    REQUIRE(window->connectDatabase(otherPath).ok());
    CHECK(window->findChild<QAction *>(u"actionImport"_s)->isEnabled());
    CHECK(label->text().contains(u"other.sqlite"_s));
}

TEST_CASE("Window: the connect dialog names a malformed or password-carrying URL before connecting")
{
    QSettings().clear();
    ui::ConnectDialog dialog(u"postgresql://alice@/team?host=/run/postgresql"_s);
    auto *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    auto *problem = dialog.findChild<QLabel *>(u"connectProblem"_s);
    REQUIRE(ok);
    REQUIRE(problem);
    CHECK(dialog.location() == u"postgresql://alice@/team?host=/run/postgresql"_s);
    dialog.locationBox()->setEditText(u"postgresql://alice:secret@db/team"_s);
    CHECK_FALSE(ok->isEnabled());
    CHECK(problem->text().contains(u"PGPASSWORD"_s));
    dialog.locationBox()->setEditText(u"postgresql://alice@db:5432/team"_s);
    CHECK(ok->isEnabled());
    CHECK(problem->text().isEmpty());
    // The local default is always offered.
    CHECK(dialog.locationBox()->findText(PriceDatabase::defaultPath()) >= 0);
}
