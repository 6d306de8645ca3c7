#include "ui/planner/demandeditor.h"

#include "core/planning/options/demand.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineSeries>
#include <QMessageBox>
#include <QTableWidget>
#include <QToolButton>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

DemandEditor::DemandEditor(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"demandEditor"_s);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_table = new QTableWidget(0, 2, this);
    m_table->setObjectName(u"demandTable"_s);
    m_table->setAccessibleName(tr("Demand curve: month and requests per second"));
    m_table->setHorizontalHeaderLabels({tr("Month"), tr("Requests/s")});
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->setFixedHeight(96);
    // As wide as the editor's column, no wider: the table and the chart would otherwise ask for
    // more than the other fields and narrow the results beside the editor.
    m_table->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_table->setMinimumWidth(120);
    m_table->setToolTip(tr("From each month, the load; between two points it ramps (or holds, as steps). "
                           "No rows: the constant load above."));
    layout->addWidget(m_table);

    auto *buttons = new QHBoxLayout;
    auto tool = [&](const QString &name, const QString &text, const QString &tip) {
        auto *button = new QToolButton(this);
        button->setObjectName(name);
        button->setText(text);
        button->setToolTip(tip);
        button->setAccessibleName(tip);
        buttons->addWidget(button);
        return button;
    };
    m_add = tool(u"demandAdd"_s, tr("+"), tr("Add a point after the last"));
    m_remove = tool(u"demandRemove"_s, tr("−"), tr("Remove the selected point"));
    m_import = tool(u"demandImport"_s, tr("CSV…"), tr("Import the points from a CSV of month,requests"));
    m_shape = new QComboBox(this);
    m_shape->setObjectName(u"demandShape"_s);
    m_shape->setAccessibleName(tr("Between the points"));
    m_shape->addItem(tr("ramp"), u"ramp"_s);
    m_shape->addItem(tr("steps"), u"step"_s);
    buttons->addWidget(m_shape, 1);
    layout->addLayout(buttons);

    m_line = new QLineSeries;
    auto *chart = new QChart;
    chart->addSeries(m_line);
    chart->legend()->hide();
    chart->setMargins(QMargins(0, 0, 0, 0));
    // Small labels, few ticks: the chart is as narrow as the editor's column.
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.8);
    auto *x = new QValueAxis;
    x->setLabelFormat(u"%d"_s);
    x->setLabelsFont(small);
    auto *y = new QValueAxis;
    y->setLabelFormat(u"%.0f"_s);
    y->setLabelsFont(small);
    y->setTickCount(3);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    m_line->attachAxis(x);
    m_line->attachAxis(y);
    m_view = new QChartView(chart, this);
    m_view->setObjectName(u"demandChart"_s);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setFixedHeight(110);
    m_view->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_view->setMinimumWidth(120);
    m_view->setToolTip(tr("Requests per second, month by month over the horizon"));
    layout->addWidget(m_view);

    connect(m_table, &QTableWidget::itemChanged, this, [this] {
        if (m_filling)
            return;
        redraw();
        Q_EMIT edited();
    });
    connect(m_shape, &QComboBox::currentIndexChanged, this, [this] {
        if (m_filling)
            return;
        redraw();
        Q_EMIT edited();
    });
    connect(m_add, &QToolButton::clicked, this, [this] {
        const QList<scenario::DemandPoint> p = points();
        addRow(p.isEmpty() ? 1 : std::min(m_months, p.last().month + 1), p.isEmpty() ? 1.0 : p.last().requestsPerSecond);
        redraw();
        Q_EMIT edited();
    });
    connect(m_remove, &QToolButton::clicked, this, [this] {
        const int row = m_table->currentRow() >= 0 ? m_table->currentRow() : m_table->rowCount() - 1;
        if (row < 0)
            return;
        m_table->removeRow(row);
        redraw();
        Q_EMIT edited();
    });
    connect(m_import, &QToolButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Import a Demand Curve"), QString(),
                                                          tr("CSV files (*.csv);;All files (*)"));
        if (path.isEmpty())
            return;
        if (const Status done = importCsv(path); !done)
            QMessageBox::warning(this, tr("Import a Demand Curve"), done.error().toString());
    });
    redraw();
}

void DemandEditor::addRow(int month, double requestsPerSecond)
{
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    auto *monthItem = new QTableWidgetItem;
    monthItem->setData(Qt::EditRole, month);
    auto *loadItem = new QTableWidgetItem;
    loadItem->setData(Qt::EditRole, requestsPerSecond);
    m_table->setItem(row, 0, monthItem);
    m_table->setItem(row, 1, loadItem);
}

void DemandEditor::setCurve(const QList<scenario::DemandPoint> &points, bool steps, int months)
{
    m_filling = true;
    m_months = months;
    m_table->setRowCount(0);
    for (const scenario::DemandPoint &p : points)
        addRow(p.month, p.requestsPerSecond);
    m_shape->setCurrentIndex(steps ? 1 : 0);
    m_filling = false;
    redraw();
}

QList<scenario::DemandPoint> DemandEditor::points() const
{
    QList<scenario::DemandPoint> list;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const QTableWidgetItem *month = m_table->item(row, 0);
        const QTableWidgetItem *load = m_table->item(row, 1);
        bool monthOk = false, loadOk = false;
        const int m = month ? month->data(Qt::EditRole).toInt(&monthOk) : 0;
        const double q = load ? load->data(Qt::EditRole).toDouble(&loadOk) : 0;
        if (monthOk && loadOk)
            list.append({m, q});
    }
    return list;
}

bool DemandEditor::steps() const
{
    return m_shape->currentData().toString() == u"step"_s;
}

void DemandEditor::setMonths(int months)
{
    if (months == m_months)
        return;
    m_months = months;
    redraw();
}

Status DemandEditor::importCsv(const QString &path)
{
    auto read = scenario::readDemandCsv(path, m_months);
    if (!read)
        return read.error();
    setCurve(*read, steps(), m_months);
    Q_EMIT edited();
    return Done{};
}

QList<double> DemandEditor::drawn() const
{
    // The points as the planner reads them: in month order, within the horizon.
    QList<scenario::DemandPoint> p = points();
    std::sort(p.begin(), p.end(), [](const auto &a, const auto &b) { return a.month < b.month; });
    p.erase(std::remove_if(p.begin(), p.end(), [this](const auto &d) { return d.month < 1 || d.month > m_months; }), p.end());
    return planning::demandByMonth(p, steps(), m_months);
}

void DemandEditor::redraw()
{
    const QList<double> load = drawn();
    QList<QPointF> points;
    for (qsizetype m = 0; m < load.size(); ++m)
        points.append({double(m + 1), load[m]});
    m_line->replace(points);
    m_view->setVisible(!load.isEmpty());
    m_remove->setEnabled(m_table->rowCount() > 0);
    const double top = load.isEmpty() ? 1.0 : std::max(1e-3, *std::max_element(load.cbegin(), load.cend()));
    const QList<QAbstractAxis *> axes = m_view->chart()->axes();
    for (QAbstractAxis *axis : axes) {
        if (auto *value = qobject_cast<QValueAxis *>(axis)) {
            if (axis->orientation() == Qt::Horizontal)
                value->setRange(1, std::max(2, m_months));
            else
                value->setRange(0, top * 1.1);
        }
    }
}

} // namespace accelplan::ui
