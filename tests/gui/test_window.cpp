#include "tests/gui/windowtests.h"

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
    for (const auto which : {ui::charts::Budget, ui::charts::CostExit, ui::charts::Tornado, ui::charts::CostTime}) {
        chartTabs->setCurrentIndex(which);
        QCoreApplication::processEvents();
        QChart *chart = planner->charts()->chart(which);
        INFO("chart " << chart->title().toStdString());
        if (const QByteArray dir = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !dir.isEmpty() && which != ui::charts::CostTime)
            CHECK(window->grab().toImage().save(
                QDir(QString::fromLocal8Bit(dir)).filePath(u"planner-1024x700-chart%1.png"_s.arg(int(which)))));
        CHECK(chart->axes().size() >= 2);
        for (QAbstractAxis *axis : chart->axes()) {
            INFO("axis " << axis->titleText().toStdString());
            if (which == ui::charts::CostTime || which == ui::charts::CostExit
                || (which == ui::charts::Budget && axis->orientation() == Qt::Horizontal))
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
