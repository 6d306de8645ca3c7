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

// The newest as_of (else effective_date) of data/prices/*.csv, read with nothing but the CSV
// tokenizer, so the program's own reading of the sheets is checked, not repeated.
QDate newestShippedPriceDate()
{
    QDate newest;
    const QDir prices(test::dataPath(u"../../data/prices"_s));
    const QStringList files = prices.entryList({u"*.csv"_s}, QDir::Files);
    REQUIRE_FALSE(files.isEmpty());
    for (const QString &name : files) {
        QFile file(prices.filePath(name));
        REQUIRE(file.open(QIODevice::ReadOnly));
        CsvReader reader(&file);
        QStringList fields;
        REQUIRE(reader.next(fields));
        const int asOf = fields.indexOf(u"as_of"_s);
        const int effective = fields.indexOf(u"effective_date"_s);
        while (reader.next(fields)) {
            QString text = asOf >= 0 ? fields.value(asOf).trimmed() : QString();
            if (text.isEmpty() && effective >= 0)
                text = fields.value(effective).trimmed();
            const QDate date = QDate::fromString(text, Qt::ISODate);
            if (date.isValid() && (!newest.isValid() || date > newest))
                newest = date;
        }
    }
    REQUIRE(newest.isValid());
    return newest;
}

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

    const QString shipped = newestShippedPriceDate().toString(Qt::ISODate);
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
