#include "tests/gui/windowtests.h"

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
