#include "ui/planner/actualsdialog.h"

#include "core/planning/plan/variance.h"
#include "core/pricing/pricedatabase.h"
#include "ui/format.h"
#include "ui/planner/plannerview.h"

#include <QDateEdit>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

ActualsDialog::ActualsDialog(pricing::PriceDatabase &database, PlannerView *planner, QWidget *parent)
    : QDialog(parent), m_database(database), m_planner(planner)
{
    setObjectName(u"actualsDialog"_s);
    setWindowTitle(tr("Plan vs Actual"));
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    m_start = new QDateEdit(this);
    m_start->setObjectName(u"actualsStart"_s);
    m_start->setDisplayFormat(u"yyyy-MM"_s);
    const QDate today = QDate::currentDate();
    m_start->setDate(QDate(today.year(), today.month(), 1));
    m_start->setToolTip(tr("The month the plan's month 1 is"));
    form->addRow(tr("Plan's month &1:"), m_start);
    layout->addLayout(form);
    m_summary = new QLabel(this);
    m_summary->setObjectName(u"actualsSummary"_s);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setObjectName(u"actualsTable"_s);
    m_table->setHorizontalHeaderLabels({tr("Month"), tr("SKU"), tr("Planned"), tr("Actual"), tr("Price"), tr("Volume"),
                                        tr("Throughput"), tr("Note")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeaderItem(ThroughputColumn)
        ->setToolTip(tr("Needs the work done by month: accelplan-cli actuals compare --work FILE"));
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(m_table, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_import = buttons->addButton(tr("&Import Bill…"), QDialogButtonBox::ActionRole);
    m_import->setObjectName(u"importActualsButton"_s);
    m_import->setToolTip(tr("A FOCUS cost and usage export of your bill (AWS, Azure and Google write one)"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_import, &QPushButton::clicked, this, &ActualsDialog::importDialog);
    connect(m_start, &QDateEdit::dateChanged, this, &ActualsDialog::refresh);
    connect(m_planner, &PlannerView::planUpdated, this, &ActualsDialog::refresh);
    resize(960, 480);
    refresh();
}

void ActualsDialog::refresh()
{
    m_table->setRowCount(0);
    m_import->setEnabled(!m_database.isReadOnly());
    const planning::Plan *plan = m_planner->plan();
    const auto actuals = m_database.actuals();
    if (!plan || !actuals) {
        m_summary->setText(!actuals ? tr("The actual spend cannot be read: %1").arg(actuals.error().message)
                                    : tr("No plan yet."));
        return;
    }
    const auto lines = planning::planVariance(*plan, m_start->date(), *actuals);
    if (!lines) {
        m_summary->setText(lines.error().message);
        return;
    }
    double planned = 0, actual = 0, price = 0, volume = 0, throughput = 0;
    auto add = [&](const QStringList &cells) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            if (c >= PlannedColumn && c <= ThroughputColumn)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(row, c, item);
        }
    };
    for (const planning::VarianceLine &l : *lines) {
        planned += l.planned;
        actual += l.actual;
        price += l.price;
        volume += l.volume;
        throughput += l.throughput.value_or(0);
        add({l.month.toString(u"yyyy-MM"_s), u"%1 %2 (%3)"_s.arg(l.provider, l.sku, l.workload),
             format::money(l.planned, plan->currency), format::money(l.actual, plan->currency),
             format::money(l.price, plan->currency), format::money(l.volume, plan->currency),
             l.throughput ? format::money(*l.throughput, plan->currency) : QString(), l.note});
    }
    add({tr("All"), QString(), format::money(planned, plan->currency), format::money(actual, plan->currency),
         format::money(price, plan->currency), format::money(volume, plan->currency),
         format::money(throughput, plan->currency), QString()});
    m_table->resizeColumnsToContents();
    m_summary->setText(actuals->isEmpty()
                           ? tr("No actual spend yet: import your bill's FOCUS export to set it against the plan.")
                           : tr("%1 against the plan: %2 (price %3, volume %4, throughput %5).")
                                 .arg(format::money(actual, plan->currency),
                                      format::money(actual - planned, plan->currency),
                                      format::money(price, plan->currency), format::money(volume, plan->currency),
                                      format::money(throughput, plan->currency)));
}

Status ActualsDialog::importFile(const QString &path)
{
    const auto skus = m_database.pricedSkus();
    if (!skus)
        return skus.error();
    if (const auto done = m_database.importActualsFile(path, *skus, false); !done)
        return done.error();
    refresh();
    Q_EMIT actualsChanged();
    return Done{};
}

void ActualsDialog::importDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import a Bill's FOCUS Export"), QString(),
                                                      tr("FOCUS CSV (*.csv);;All files (*)"));
    if (path.isEmpty())
        return;
    if (Status imported = importFile(path); !imported)
        QMessageBox::warning(this, tr("Cannot Import the Bill"), imported.error().toString());
}

} // namespace accelplan::ui
