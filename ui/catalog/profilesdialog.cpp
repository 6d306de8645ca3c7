#include "ui/catalog/profilesdialog.h"

#include "core/catalog/planningcatalog.h"
#include "core/pricing/pricedatabase.h"

#include <QBuffer>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

namespace {

constexpr int kIdRole = Qt::UserRole + 1;
constexpr int kEnabledRole = Qt::UserRole + 2;

// What a file holds, one line per profile: "h100-sxm inference_decode bf16: 0.74–0.82–0.90, measured 1,234 tok/s/chip".
QString contentText(const pricing::PriceDatabase::ProfileFile &file)
{
    QByteArray content = file.content;
    QBuffer buffer(&content);
    buffer.open(QIODevice::ReadOnly);
    const auto profiles = catalog::PlanningCatalog::parseProfiles(&buffer, file.name, true);
    if (!profiles)
        return ProfilesDialog::tr("unreadable: %1").arg(profiles.error().message);
    QStringList lines;
    for (const catalog::Profile &p : *profiles) {
        QString line = ProfilesDialog::tr("%1 %2 %3 (%4): %5–%6–%7")
                           .arg(p.accelerator, catalog::toString(p.workload), p.precisionName, p.framework)
                           .arg(p.efficiency.low)
                           .arg(p.efficiency.typical)
                           .arg(p.efficiency.high);
        if (p.measuredTokensPerSecondPerChip)
            line += ProfilesDialog::tr(", measured %1 tokens/s/chip")
                        .arg(QLocale().toString(*p.measuredTokensPerSecondPerChip, 'f', 0));
        lines.append(line);
    }
    return lines.join(u'\n');
}

} // namespace

ProfilesDialog::ProfilesDialog(pricing::PriceDatabase &database, QWidget *parent)
    : QDialog(parent), m_database(database)
{
    setObjectName(u"profilesDialog"_s);
    setWindowTitle(tr("Throughput Profiles"));
    auto *layout = new QVBoxLayout(this);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setObjectName(u"profilesTable"_s);
    m_table->setHorizontalHeaderLabels({tr("Id"), tr("File"), tr("Added"), tr("State"), tr("Profiles")});
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(true);
    layout->addWidget(m_table, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_toggle = buttons->addButton(tr("&Disable"), QDialogButtonBox::ActionRole);
    m_toggle->setObjectName(u"toggleProfileButton"_s);
    m_remove = buttons->addButton(tr("&Remove…"), QDialogButtonBox::ActionRole);
    m_remove->setObjectName(u"removeProfileButton"_s);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_remove, &QPushButton::clicked, this, &ProfilesDialog::removeSelected);
    connect(m_toggle, &QPushButton::clicked, this, &ProfilesDialog::toggleSelected);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &ProfilesDialog::updateButtons);
    resize(820, 360);
    refresh();
}

void ProfilesDialog::refresh()
{
    const qint64 selected = selectedId();
    m_table->setRowCount(0);
    const auto files = m_database.profileFiles();
    if (!files) {
        m_summary->setText(tr("The profiles cannot be read: %1").arg(files.error().message));
        updateButtons();
        return;
    }
    m_summary->setText(files->isEmpty()
                           ? tr("No profiles of your own. Add measurements with <tt>accelplan-cli catalog add-profile</tt>; "
                                "they take precedence over the shipped profiles.")
                           : tr("Your own profiles take precedence over the shipped ones; a disabled one is kept but "
                                "not planned with. A measured serving profile calibrates serving at its precision."));
    for (const auto &file : *files) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        auto *id = new QTableWidgetItem(QString::number(file.id));
        id->setData(kIdRole, file.id);
        id->setData(kEnabledRole, file.enabled);
        m_table->setItem(row, IdColumn, id);
        m_table->setItem(row, FileColumn, new QTableWidgetItem(file.name));
        m_table->setItem(row, AddedColumn, new QTableWidgetItem(file.addedAt));
        m_table->setItem(row, StateColumn, new QTableWidgetItem(file.enabled ? tr("in use") : tr("disabled")));
        m_table->setItem(row, ContentColumn, new QTableWidgetItem(contentText(file)));
    }
    m_table->resizeColumnsToContents();
    m_table->resizeRowsToContents();
    if (selected == 0 || !select(selected))
        updateButtons();
}

int ProfilesDialog::selectedRow() const
{
    const QList<QTableWidgetItem *> items = m_table->selectedItems();
    for (const QTableWidgetItem *item : items)
        if (item->column() == IdColumn)
            return item->row();
    return -1;
}

qint64 ProfilesDialog::selectedId() const
{
    const int row = selectedRow();
    return row < 0 ? 0 : m_table->item(row, IdColumn)->data(kIdRole).toLongLong();
}

bool ProfilesDialog::select(qint64 id)
{
    for (int row = 0; row < m_table->rowCount(); ++row) {
        if (m_table->item(row, IdColumn)->data(kIdRole).toLongLong() == id) {
            m_table->selectRow(row);
            updateButtons();
            return true;
        }
    }
    return false;
}

Status ProfilesDialog::removeProfile(qint64 id)
{
    const auto removed = m_database.removeProfileFile(id);
    if (!removed)
        return removed.error();
    if (!*removed)
        return Error::badInput(tr("There is no profile with id %1.").arg(id));
    refresh();
    Q_EMIT profilesChanged();
    return Done{};
}

Status ProfilesDialog::setProfileEnabled(qint64 id, bool enabled)
{
    const auto changed = m_database.setProfileFileEnabled(id, enabled);
    if (!changed)
        return changed.error();
    if (!*changed)
        return Error::badInput(tr("There is no profile with id %1.").arg(id));
    refresh();
    Q_EMIT profilesChanged();
    return Done{};
}

void ProfilesDialog::removeSelected()
{
    const qint64 id = selectedId();
    if (id == 0)
        return;
    const QString name = m_table->item(selectedRow(), FileColumn)->text();
    if (QMessageBox::question(this, tr("Remove Profile"),
                              tr("Remove the profile file %1 (id %2) from the database? Plans no longer use it.")
                                  .arg(name)
                                  .arg(id))
        != QMessageBox::Yes)
        return;
    if (Status removed = removeProfile(id); !removed)
        showError(removed.error());
}

void ProfilesDialog::toggleSelected()
{
    const qint64 id = selectedId();
    if (id == 0)
        return;
    const bool enabled = m_table->item(selectedRow(), IdColumn)->data(kEnabledRole).toBool();
    if (Status changed = setProfileEnabled(id, !enabled); !changed)
        showError(changed.error());
}

void ProfilesDialog::updateButtons()
{
    const qint64 id = selectedId();
    const bool writable = !m_database.isReadOnly();
    m_remove->setEnabled(id != 0 && writable);
    m_toggle->setEnabled(id != 0 && writable);
    const int row = selectedRow();
    const bool enabled = row < 0 || m_table->item(row, IdColumn)->data(kEnabledRole).toBool();
    m_toggle->setText(enabled ? tr("&Disable") : tr("&Enable"));
    const QString readOnly = writable ? QString() : tr("The database is read-only.");
    m_remove->setToolTip(readOnly);
    m_toggle->setToolTip(readOnly);
}

void ProfilesDialog::showError(const Error &error)
{
    QMessageBox::warning(this, tr("Throughput Profiles"), error.message);
}

} // namespace accelplan::ui
