#pragma once

#include "core/common/diagnostic.h"
#include "core/pricing/pricedatabase.h"

#include <QDialog>

#include <functional>
#include <memory>

class QComboBox;
class QLabel;

namespace accelplan::ui {

/// A database opened for the window: the database, and when it is the local snapshot of a team
/// database that could not be reached, that database's URL.
struct OpenedDatabase
{
    std::unique_ptr<pricing::PriceDatabase> database;
    QString snapshotOf;
};

/// Opens \a location (an SQLite path or a postgresql:// URL). After connecting to a team database
/// its local snapshot is refreshed. When the server cannot be reached and there is a snapshot,
/// \a offerSnapshot is asked (with the question in words) and, if it agrees, the snapshot is
/// opened read-only; otherwise the connection's error is returned.
Result<OpenedDatabase> openDatabase(const QString &location, const catalog::AcceleratorCatalog &catalog,
                                    const std::function<bool(const QString &question)> &offerSnapshot);

/// The team databases connected to before, newest first, as URLs without passwords.
QStringList recentDatabases();
void rememberDatabase(const QString &location);

/// File → Connect to Team Database…: a postgresql:// URL (or an SQLite path), with the recent ones.
class ConnectDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ConnectDialog(const QString &current, QWidget *parent = nullptr);
    QString location() const;
    QComboBox *locationBox() const { return m_location; }

private:
    void validate();

    QComboBox *m_location = nullptr;
    QLabel *m_problem = nullptr;
};

} // namespace accelplan::ui
