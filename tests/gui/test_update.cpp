// Prices → Update from Providers (issue 37) against a real HTTP server (tests/cli/httpserver.h):
// downloads with progress and Stop, then each download previewed and imported like an import.
#include "tests/cli/httpserver.h"
#include "tests/gui/windowtests.h"
#include "ui/prices/importdialog.h"
#include "ui/prices/updatedialog.h"
#include "ui/settings.h"

#include <QApplication>
#include <QDir>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QTimer>

namespace {

// The environment an update reads, for one test: a cache of its own, short waits.
struct UpdateEnvironment
{
    QTemporaryDir cache;
    UpdateEnvironment()
    {
        qputenv("ACCELPLAN_UPDATE_CACHE", cache.path().toUtf8());
        qputenv("ACCELPLAN_HTTP_BACKOFF_MS", "10");
        qputenv("ACCELPLAN_HTTP_TIMEOUT_MS", "20000");
    }
    ~UpdateEnvironment()
    {
        for (const char *name : {"ACCELPLAN_UPDATE_CACHE", "ACCELPLAN_HTTP_BACKOFF_MS", "ACCELPLAN_HTTP_TIMEOUT_MS"})
            qunsetenv(name);
    }
    QStringList cached() const { return QDir(cache.path()).entryList(QDir::Files); }
};

QList<net::Endpoint> endpointsOn(const test::HttpServer &server)
{
    return {{u"aws"_s, server.url() + u"/aws"_s, u"aws"_s, u"https://aws.amazon.com/ec2/pricing/"_s, {}},
            {u"lambda"_s, server.url() + u"/lambda"_s, u"skypilot"_s, u"https://github.com/skypilot-org/skypilot-catalog"_s, {}},
            {u"oracle"_s, server.url() + u"/oracle"_s, u"oci"_s, u"https://www.oracle.com/cloud/price-list/"_s, {}}};
}

// Whatever modal dialog is up, the next step a user would take (every 20 ms): in the update dialog
// \a onUpdate, in an import preview Import once it is ready.
struct Driver
{
    QTimer timer;
    QStringList previewed; ///< the import previews' window titles
    QString bandsPreview;  ///< the text of the interruption bands' preview, imported
    explicit Driver(std::function<void(ui::UpdateDialog &)> onUpdate)
    {
        QObject::connect(&timer, &QTimer::timeout, [this, onUpdate] {
            QWidget *modal = QApplication::activeModalWidget();
            if (auto *update = qobject_cast<ui::UpdateDialog *>(modal)) {
                onUpdate(*update);
            } else if (auto *box = qobject_cast<QMessageBox *>(modal); box && box->objectName() == u"spotBandsPreview"_s) {
                if (const QByteArray dir = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !dir.isEmpty() && bandsPreview.isEmpty())
                    box->grab().save(QDir(QString::fromUtf8(dir)).filePath(u"update-spot-bands.png"_s));
                bandsPreview = box->text();
                for (QAbstractButton *button : box->buttons())
                    if (box->buttonRole(button) == QMessageBox::AcceptRole)
                        button->click();
            } else if (auto *preview = qobject_cast<ui::ImportDialog *>(modal)) {
                if (preview->state() == ui::ImportDialog::State::Ready) {
                    if (const QByteArray dir = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !dir.isEmpty() && previewed.isEmpty())
                        preview->grab().save(QDir(QString::fromUtf8(dir)).filePath(u"update-preview.png"_s));
                    previewed.append(preview->windowTitle());
                    preview->import();
                } else if (preview->state() != ui::ImportDialog::State::Reading) {
                    preview->reject();
                }
            }
        });
        timer.start(20);
    }
};

int sheetsNamed(pricing::PriceDatabase &database, const QString &prefix)
{
    int count = 0;
    const QList<pricing::SheetInfo> sheets = database.sheets().value();
    for (const pricing::SheetInfo &sheet : sheets)
        count += sheet.name.startsWith(prefix);
    return count;
}

} // namespace

TEST_CASE("gui: Update from Providers downloads, previews each list and imports the confirmed ones", "[gui][update]")
{
    UpdateEnvironment environment;
    test::HttpServer server;
    REQUIRE_FALSE(server.url().isEmpty());
    server.script(u"/aws"_s, {test::fileResponse(u"aws/ec2_traps.csv"_s, {{"ETag", "\"aw1\""}})});
    server.script(u"/lambda"_s, {test::fileResponse(u"skypilot/lambda_vms_excerpt.csv"_s, {{"ETag", "\"la1\""}})});
    server.script(u"/oracle"_s, {{500, "down", {}, test::HttpResponse::Fault::None}});
    SeededDatabase db;
    auto window = makeWindow(*db.database);

    QStringList rows; // the update dialog's table when the downloads ended
    QString downloadButton;
    Driver driver([&](ui::UpdateDialog &dialog) {
        if (dialog.state() == ui::UpdateDialog::State::Choosing) {
            dialog.download();
        } else if (dialog.state() == ui::UpdateDialog::State::Done) {
            if (const QByteArray dir = qgetenv("ACCELPLAN_SCREENSHOT_DIR"); !dir.isEmpty() && rows.isEmpty())
                dialog.grab().save(QDir(QString::fromUtf8(dir)).filePath(u"update-dialog-%1.png"_s.arg(dialog.model()->rowCount())));
            for (int row = 0; row < dialog.model()->rowCount(); ++row)
                rows.append(dialog.model()->item(row, ui::UpdateDialog::ProviderColumn)->text() + u": "_s
                            + dialog.model()->item(row, ui::UpdateDialog::StatusColumn)->text() + u" | "_s
                            + dialog.model()->item(row, ui::UpdateDialog::ProgressColumn)->text());
            QPushButton *next = dialog.findChild<QPushButton *>(u"downloadButton"_s);
            downloadButton = next->text();
            if (next->isEnabled())
                next->click(); // Preview and Import…
            else
                dialog.findChild<QPushButton *>(u"closeButton"_s)->click(); // nothing downloaded to import
        }
    });
    const QStringList imported = window->updateFromProviders(endpointsOn(server));
    INFO(rows.join(u'\n').toStdString());
    CHECK(imported == QStringList{u"aws"_s, u"lambda"_s});
    REQUIRE(rows.size() == 3);
    CHECK(rows[0].startsWith(u"aws: downloaded | "_s));
    CHECK(rows[0].contains(u", page 1"_s));
    CHECK(rows[2].startsWith(u"oracle: failed"_s));
    CHECK(downloadButton.remove(u'&') == u"Preview and Import…"_s);
    CHECK(driver.previewed == QStringList{u"Import aws Prices"_s, u"Import lambda Prices"_s});
    // Each as `prices update` names it: provider, fetch time, the server's ETag; the URL its source.
    const auto sheets = db.database->sheets().value();
    const auto aws = std::find_if(sheets.cbegin(), sheets.cend(), [](const auto &s) { return s.name.startsWith(u"aws update "_s); });
    REQUIRE(aws != sheets.cend());
    CHECK(aws->name.endsWith(u" ETag \"aw1\""_s));
    CHECK(aws->source == server.url() + u"/aws"_s);
    CHECK(sheetsNamed(*db.database, u"lambda update "_s) == 1);
    CHECK(sheetsNamed(*db.database, u"oracle update "_s) == 0);
    CHECK(window->statusBar()->currentMessage().contains(u"Updated from providers: aws, lambda"_s));

    // The next update asks conditionally: a 304 is "unchanged", and nothing is previewed.
    server.script(u"/aws"_s, {{304, {}, {}, test::HttpResponse::Fault::None}});
    rows.clear();
    driver.previewed.clear();
    CHECK(window->updateFromProviders({endpointsOn(server).first()}).isEmpty());
    CHECK(server.requests(u"/aws"_s).last().contains("If-None-Match: \"aw1\""));
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].startsWith(u"aws: unchanged since"_s));
    CHECK(driver.previewed.isEmpty());
    CHECK(sheetsNamed(*db.database, u"aws update "_s) == 1);
    CHECK(window->statusBar()->currentMessage().contains(u"nothing was written"_s));
}

TEST_CASE("gui: Update from Providers previews and imports the Spot Instance Advisor's bands", "[gui][update]")
{
    UpdateEnvironment environment;
    test::HttpServer server;
    server.script(u"/aws-spot-advisor"_s, {test::fileResponse(u"aws/spot_advisor_excerpt.json"_s)});
    SeededDatabase db;
    auto window = makeWindow(*db.database);
    Driver driver([](ui::UpdateDialog &dialog) {
        if (dialog.state() == ui::UpdateDialog::State::Choosing)
            dialog.download();
        else if (dialog.state() == ui::UpdateDialog::State::Done)
            dialog.findChild<QPushButton *>(u"downloadButton"_s)->click();
    });
    const net::Endpoint advisor{u"aws-spot-advisor"_s, server.url() + u"/aws-spot-advisor"_s, u"spot-advisor"_s,
                                u"https://aws.amazon.com/ec2/spot/instance-advisor/"_s, {}};
    CHECK(window->updateFromProviders({advisor}) == QStringList{u"aws-spot-advisor"_s});
    INFO(driver.bandsPreview.toStdString());
    CHECK(driver.bandsPreview.contains(u"3 interruption bands"_s));
    CHECK(driver.bandsPreview.contains(u"3 new, 0 changed, 0 the same"_s));
    CHECK(driver.previewed.isEmpty()); // bands, not a price sheet
    const auto stored = db.database->spotRates();
    REQUIRE(stored.ok());
    CHECK(stored->size() == 3);
}

TEST_CASE("gui: Stopping Update from Providers removes the downloads and writes nothing", "[gui][update]")
{
    UpdateEnvironment environment;
    test::HttpServer server;
    test::HttpResponse stalled = test::fileResponse(u"skypilot/lambda_vms_excerpt.csv"_s);
    stalled.fault = test::HttpResponse::Fault::Stall;
    server.script(u"/aws"_s, {test::fileResponse(u"aws/ec2_traps.csv"_s)});
    server.script(u"/lambda"_s, {stalled}); // AWS is downloaded, Lambda never ends
    SeededDatabase db;
    auto window = makeWindow(*db.database);
    const int sheetsBefore = int(db.database->sheets()->size());
    QString stoppedText;
    Driver driver([&](ui::UpdateDialog &dialog) {
        switch (dialog.state()) {
        case ui::UpdateDialog::State::Choosing: dialog.download(); break;
        case ui::UpdateDialog::State::Downloading:
            if (!server.requests(u"/lambda"_s).isEmpty())
                dialog.findChild<QPushButton *>(u"stopButton"_s)->click();
            break;
        case ui::UpdateDialog::State::Stopped:
            stoppedText = dialog.statusText();
            dialog.findChild<QPushButton *>(u"closeButton"_s)->click();
            break;
        case ui::UpdateDialog::State::Done: dialog.reject(); break;
        }
    });
    CHECK(window->updateFromProviders(endpointsOn(server).mid(0, 2)).isEmpty());
    CHECK(stoppedText.contains(u"nothing was written"_s));
    CHECK(window->statusBar()->currentMessage().contains(u"nothing was written"_s));
    CHECK(int(db.database->sheets()->size()) == sheetsBefore);
    CHECK(driver.previewed.isEmpty());
    CHECK(environment.cached().filter(u".csv"_s).isEmpty()); // AWS's finished download removed too
}

TEST_CASE("gui: Prices older than the setting offer Update from Providers in the status bar", "[gui][update]")
{
    SeededDatabase db;
    auto window = makeWindow(*db.database);
    auto *label = window->findChild<QLabel *>(u"pricesAsOfLabel"_s);
    REQUIRE(label != nullptr);
    ui::Settings::setPriceAgeWarningDays(100'000);
    window->reload();
    CHECK(label->text().startsWith(u"Prices as of "_s));
    CHECK_FALSE(label->text().contains(u"Update from Providers"_s));
    ui::Settings::setPriceAgeWarningDays(1); // the shipped prices are older than a day
    window->reload();
    CHECK(label->text().contains(u"days old"_s));
    CHECK(label->text().contains(u"<a href=\"update\">Update from Providers…</a>"_s));
    ui::Settings::setPriceAgeWarningDays(30);
    // The menu has it too, with its shortcut.
    auto *action = window->findChild<QAction *>(u"actionUpdatePrices"_s);
    REQUIRE(action != nullptr);
    CHECK(action->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_U));
}
