#include "ui/prices/teamdatabase.h"

#include "ui/settings.h"

#include "core/pricing/dbcopy.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

namespace {
constexpr int kMaxRecentDatabases = 8;
} // namespace

Result<OpenedDatabase> openDatabase(const QString &location, const catalog::AcceleratorCatalog &catalog,
                                    const std::function<bool(const QString &question)> &offerSnapshot)
{
    auto opened = pricing::PriceDatabase::open(location, catalog);
    if (opened) {
        if ((*opened)->location().isPostgres()) {
            // A failed refresh keeps the last snapshot and does not stop the connection.
            if (const Status refreshed = pricing::refreshSnapshot(**opened, catalog); !refreshed)
                std::fprintf(stderr, "accelplan: warning: the local snapshot of %s was not refreshed: %s\n",
                             qPrintable((*opened)->path()), qPrintable(refreshed.error().message));
        }
        return OpenedDatabase{std::move(opened).value(), {}};
    }
    const auto parsed = pricing::DbLocation::parse(location);
    if (!parsed || !parsed->isPostgres())
        return opened.error();
    const QString snapshot = pricing::snapshotPath(*parsed);
    const QDateTime taken = pricing::snapshotTime(*parsed);
    if (!taken.isValid())
        return opened.error();
    const QString question = QObject::tr("%1\n\nThe last local snapshot of this team database is from %2. Open it "
                                         "read-only? Plans and reports work; imports and edits wait until the server "
                                         "can be reached.")
                                 .arg(opened.error().message, QLocale().toString(taken, QLocale::ShortFormat));
    if (!offerSnapshot(question))
        return opened.error();
    auto fallback = pricing::PriceDatabase::open(snapshot, catalog, pricing::OpenOptions{.readOnly = true});
    if (!fallback)
        return fallback.error();
    return OpenedDatabase{std::move(fallback).value(), parsed->display()};
}

QStringList recentDatabases()
{
    return Settings::recentDatabases();
}

void rememberDatabase(const QString &location)
{
    // Kept without a password: a URL with one never parses, and paths carry none.
    const auto parsed = pricing::DbLocation::parse(location);
    if (!parsed)
        return;
    QStringList recent = recentDatabases();
    recent.removeAll(parsed->display());
    recent.prepend(parsed->display());
    Settings::setRecentDatabases(recent.mid(0, kMaxRecentDatabases));
}

ConnectDialog::ConnectDialog(const QString &current, QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Connect to Team Database"));
    setObjectName(u"connectDialog"_s);
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("A team's price database on PostgreSQL, as <b>postgresql://USER@HOST:PORT/DBNAME</b> "
                                "(<b>?host=/socket/dir</b> for a Unix socket), or the path of a local SQLite "
                                "database. The password comes from the PGPASSWORD variable or ~/.pgpass and is "
                                "never stored here."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_location = new QComboBox(this);
    m_location->setObjectName(u"databaseLocation"_s);
    m_location->setEditable(true);
    m_location->setInsertPolicy(QComboBox::NoInsert);
    m_location->addItems(recentDatabases());
    const QString local = pricing::PriceDatabase::defaultPath();
    if (m_location->findText(local) < 0)
        m_location->addItem(local);
    m_location->setCurrentText(current.startsWith(u"postgres"_s) || recentDatabases().isEmpty()
                                   ? current
                                   : recentDatabases().first());
    m_location->setMinimumContentsLength(48);
    layout->addWidget(m_location);
    m_problem = new QLabel(this);
    m_problem->setObjectName(u"connectProblem"_s);
    m_problem->setWordWrap(true);
    layout->addWidget(m_problem);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Connect"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_location, &QComboBox::editTextChanged, this, [this, buttons] {
        validate();
        buttons->button(QDialogButtonBox::Ok)->setEnabled(m_problem->text().isEmpty() && !location().isEmpty());
    });
    validate();
}

QString ConnectDialog::location() const
{
    return m_location->currentText().trimmed();
}

void ConnectDialog::validate()
{
    const auto parsed = pricing::DbLocation::parse(location());
    m_problem->setText(parsed ? QString() : parsed.error().message);
}

} // namespace accelplan::ui
