#include "tests/gui/windowtests.h"

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
