#include "ui/settings.h"

#include <QDir>
#include <QSettings>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

namespace {

const QString kGeometryKey = u"MainWindow/geometry"_s;
const QString kSplitterKey = u"MainWindow/splitterState"_s;
const QString kDisplayCurrencyKey = u"MainWindow/displayCurrency"_s;
const QString kPriceAgeWarningKey = u"Prices/ageWarningDays"_s;
constexpr int kDefaultPriceAgeWarningDays = 30;
const QString kLastDirectoryKey = u"Files/lastDirectory"_s;
const QString kRecentFilesKey = u"Files/recent"_s;
const QString kRecentDatabasesKey = u"Databases/recent"_s;
const QString kExportDirectoryKey = u"Tables/exportDirectory"_s;
const QString kTablesGroup = u"Tables/"_s;
const QString kHeaderStateKey = u"/headerState"_s;
const QString kColumnCountKey = u"/columnCount"_s;
const QString kColumnKeysKey = u"/columnKeys"_s;
const QString kDefaultCurrency = u"USD"_s;

} // namespace

QByteArray Settings::windowGeometry()
{
    return QSettings().value(kGeometryKey).toByteArray();
}

void Settings::setWindowGeometry(const QByteArray &geometry)
{
    QSettings().setValue(kGeometryKey, geometry);
}

QByteArray Settings::pricesSplitterState()
{
    return QSettings().value(kSplitterKey).toByteArray();
}

void Settings::setPricesSplitterState(const QByteArray &state)
{
    QSettings().setValue(kSplitterKey, state);
}

int Settings::priceAgeWarningDays()
{
    bool ok = false;
    const int days = QSettings().value(kPriceAgeWarningKey, kDefaultPriceAgeWarningDays).toInt(&ok);
    return ok && days > 0 ? days : kDefaultPriceAgeWarningDays;
}

void Settings::setPriceAgeWarningDays(int days)
{
    QSettings().setValue(kPriceAgeWarningKey, days);
}

QString Settings::displayCurrency()
{
    return QSettings().value(kDisplayCurrencyKey, kDefaultCurrency).toString();
}

void Settings::setDisplayCurrency(const QString &currency)
{
    QSettings().setValue(kDisplayCurrencyKey, currency);
}

QString Settings::lastDirectory()
{
    return QSettings().value(kLastDirectoryKey, QDir::homePath()).toString();
}

void Settings::setLastDirectory(const QString &directory)
{
    QSettings().setValue(kLastDirectoryKey, directory);
}

QStringList Settings::recentFiles()
{
    return QSettings().value(kRecentFilesKey).toStringList();
}

void Settings::setRecentFiles(const QStringList &files)
{
    QSettings().setValue(kRecentFilesKey, files);
}

QStringList Settings::recentDatabases()
{
    return QSettings().value(kRecentDatabasesKey).toStringList();
}

void Settings::setRecentDatabases(const QStringList &locations)
{
    QSettings().setValue(kRecentDatabasesKey, locations);
}

QString Settings::exportDirectory()
{
    return QSettings().value(kExportDirectoryKey, QDir::homePath()).toString();
}

void Settings::setExportDirectory(const QString &directory)
{
    QSettings().setValue(kExportDirectoryKey, directory);
}

Settings::TableLayout Settings::tableLayout(const QString &table)
{
    const QSettings settings;
    const QString group = kTablesGroup + table;
    return {settings.value(group + kHeaderStateKey).toByteArray(), settings.value(group + kColumnCountKey, -1).toInt(),
            settings.value(group + kColumnKeysKey).toStringList()};
}

void Settings::setTableLayout(const QString &table, const TableLayout &layout)
{
    QSettings settings;
    const QString group = kTablesGroup + table;
    settings.setValue(group + kHeaderStateKey, layout.headerState);
    settings.setValue(group + kColumnCountKey, layout.columnCount);
    if (layout.columnKeys.isEmpty())
        settings.remove(group + kColumnKeysKey);
    else
        settings.setValue(group + kColumnKeysKey, layout.columnKeys);
}

void Settings::removeTableLayout(const QString &table)
{
    QSettings().remove(kTablesGroup + table);
}

} // namespace accelplan::ui
