#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace accelplan::ui {

/// The window's settings, typed, over QSettings: every key ("Group/Key") and default is in
/// settings.cpp and nowhere else. Tests call QStandardPaths::setTestModeEnabled(true) first.
class Settings
{
public:
    /// A table's column layout (TableActions), saved under the table's object name.
    struct TableLayout
    {
        QByteArray headerState; ///< empty when none was saved
        int columnCount = -1;
        QStringList columnKeys;
    };

    static QByteArray windowGeometry();
    static void setWindowGeometry(const QByteArray &geometry);
    /// The Prices view's splitter.
    static QByteArray pricesSplitterState();
    static void setPricesSplitterState(const QByteArray &state);
    /// The currency the Prices view converts to; USD by default.
    /// Prices older than this many days make the status bar offer Update from Providers (default 30).
    static int priceAgeWarningDays();
    static void setPriceAgeWarningDays(int days);

    static QString displayCurrency();
    static void setDisplayCurrency(const QString &currency);

    /// The folder scenario and price-sheet dialogs open in; the home folder by default.
    static QString lastDirectory();
    static void setLastDirectory(const QString &directory);
    /// Scenario files opened or saved, newest first.
    static QStringList recentFiles();
    static void setRecentFiles(const QStringList &files);
    /// Team databases connected to, newest first, without passwords.
    static QStringList recentDatabases();
    static void setRecentDatabases(const QStringList &locations);

    /// The folder a table's CSV export opens in; the home folder by default.
    static QString exportDirectory();
    static void setExportDirectory(const QString &directory);
    static TableLayout tableLayout(const QString &table);
    /// Saves \a layout; without column keys, the saved keys are removed.
    static void setTableLayout(const QString &table, const TableLayout &layout);
    static void removeTableLayout(const QString &table);
};

} // namespace accelplan::ui
