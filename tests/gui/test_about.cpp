#include "core/common/csvreader.h"
#include "core/pricing/pricedatabase.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"
#include "ui/mainwindow.h"

#include <catch2/catch.hpp>

#include <QAction>
#include <QApplication>
#include <QDate>
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QSettings>
#include <QTemporaryDir>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace accelplan;

namespace {


} // namespace

TEST_CASE("about: the About box shows the version and the date of the shipped prices", "[gui][about]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    auto opened = pricing::PriceDatabase::open(dir.filePath(u"prices.sqlite"_s), test::shippedCatalog());
    REQUIRE(opened.ok());
    QSettings().clear();
    ui::MainWindow window(*opened.value(), test::shippedCatalog());
    window.show();

    const QString shipped = test::newestShippedPriceDate().toString(Qt::ISODate);
    const QString text = window.aboutText();
    CHECK(text.contains(u"Accelplan "_s + QStringLiteral(ACCELPLAN_VERSION)));
    CHECK(text.contains(u"Shipped prices as of "_s + shipped));
    // A database seeded from the shipped sheets has the same newest price.
    CHECK(text.contains(u"Prices in this database as of "_s + shipped));

    // Help > About shows that text: read it from the open box, then close it.
    QAction *about = window.findChild<QAction *>(u"actionAbout"_s);
    REQUIRE(about);
    QString shown;
    QString title;
    QTimer closer;
    closer.setInterval(10);
    QObject::connect(&closer, &QTimer::timeout, &window, [&] {
        for (QWidget *widget : QApplication::topLevelWidgets()) {
            auto *box = qobject_cast<QMessageBox *>(widget);
            if (box && box->isVisible()) {
                shown = box->text();
                title = box->windowTitle();
                closer.stop();
                box->accept();
                return;
            }
        }
    });
    closer.start();
    about->trigger();
    CHECK(title == u"About Accelplan"_s);
    CHECK(shown == text);
}
