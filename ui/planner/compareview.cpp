#include "ui/planner/compareview.h"

#include "ui/format.h"
#include "ui/charts/chartregistry.h"
#include "ui/planner/scenariodocument.h"
#include "ui/widgets/tableactions.h"

#include <QChart>
#include <QChartView>
#include <QProgressBar>
#include <QSplitter>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

namespace {

enum Row { Recommendation, TrainingCost, TrainingDays, InferenceMonthly, Budget, P90, P10, CashFirst, CashTotal, Capex,
           Lockin, BudgetDelta, RowCount };

} // namespace

CompareView::CompareView(ScenarioDocument *current, QWidget *parent) : QWidget(parent), m_current(current)
{
    setObjectName(u"compareView"_s);
    auto *addFile = new QPushButton(tr("&Add Scenario…"), this);
    addFile->setObjectName(u"compareAddFile"_s);
    addFile->setToolTip(tr("Add a scenario file to the comparison (up to %1)").arg(kMaxScenarios));
    auto *addCurrentButton = new QPushButton(tr("Add &Open Scenario"), this);
    addCurrentButton->setObjectName(u"compareAddCurrent"_s);
    auto *strategies = new QPushButton(tr("&Standard Strategies"), this);
    strategies->setObjectName(u"compareStrategies"_s);
    strategies->setToolTip(tr("The open scenario as cloud on demand, a 1-year and a 3-year commitment, TPU and buy"));
    m_remove = new QPushButton(tr("Re&move"), this);
    m_remove->setObjectName(u"compareRemove"_s);
    m_remove->setToolTip(tr("Remove the selected scenario"));
    m_baselineBox = new QComboBox(this);
    m_baselineBox->setObjectName(u"compareBaseline"_s);
    m_baselineBox->setAccessibleName(tr("Baseline of the deltas"));
    connect(addFile, &QPushButton::clicked, this, &CompareView::addFileDialog);
    connect(addCurrentButton, &QPushButton::clicked, this, &CompareView::addCurrent);
    connect(strategies, &QPushButton::clicked, this, &CompareView::showStrategies);
    connect(m_remove, &QPushButton::clicked, this, [this] {
        const QModelIndexList selected = m_table->selectionModel()->selectedIndexes();
        if (!selected.isEmpty())
            removeScenario(selected.first().column());
    });
    connect(m_baselineBox, &QComboBox::activated, this, &CompareView::setBaseline);

    auto *bar = new QHBoxLayout;
    bar->addWidget(addFile);
    bar->addWidget(addCurrentButton);
    bar->addWidget(strategies);
    bar->addWidget(m_remove);
    bar->addStretch(1);
    bar->addWidget(new QLabel(tr("Baseline:"), this));
    bar->addWidget(m_baselineBox);

    m_model = new QStandardItemModel(RowCount, 0, this);
    m_model->setVerticalHeaderLabels({tr("Recommendation"), tr("Training cost"), tr("Training days"),
                                      tr("Inference per month"), tr("Budget at P50"), tr("Budget P90"), tr("Budget P10"),
                                      tr("Cash out, first month"), tr("Cash out in all"), tr("Capex (owned hardware)"),
                                      tr("Lock-in score"),
                                      tr("Budget against the baseline")});
    m_table = new QTableView(this);
    m_table->setObjectName(u"compareTable"_s);
    m_table->setAccessibleName(tr("Scenarios side by side"));
    m_table->setModel(m_model);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectColumns);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setWordWrap(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    TableActions::install(m_table);
    m_status = new QLabel(this);
    m_status->setObjectName(u"compareStatus"_s);
    m_status->setWordWrap(true);
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(u"compareProgress"_s);
    m_progress->setFormat(tr("Planning %v of %m scenarios"));
    m_progress->hide();
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setObjectName(u"compareCancel"_s);
    m_cancel->setShortcut(Qt::Key_Escape);
    m_cancel->hide();
    connect(m_cancel, &QPushButton::clicked, this, &CompareView::cancel);
    // Made with its chart: QChartView(QWidget *) makes a default chart that setChart() would
    // release undeleted.
    const charts::ChartEntry cashFlow = charts::chartEntry(charts::CashFlow).value();
    m_chart = new QChartView(cashFlow.build({}, {}), this);
    m_chart->setObjectName(cashFlow.objectName);
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(200);

    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_table);
    split->addWidget(m_chart);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    auto *progress = new QHBoxLayout;
    progress->addWidget(m_progress, 1);
    progress->addWidget(m_cancel);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(split, 1);
    layout->addLayout(progress);
    layout->addWidget(m_status);
    m_pool.setMaxThreadCount(1);
    recompute();
}

CompareView::~CompareView()
{
    if (m_job)
        m_job->stop = true;
    m_pool.waitForDone();
}

void CompareView::cancel()
{
    if (!m_job)
        return;
    m_job->cancelled = true;
    m_job->stop = true;
}

void CompareView::setInputs(planning::PlanInputs inputs)
{
    m_inputs = std::move(inputs);
    recompute();
}

bool CompareView::addScenarioFile(const QString &path, QString *why)
{
    if (m_entries.size() >= kMaxScenarios) {
        if (why)
            *why = tr("At most %1 scenarios are compared; remove one first.").arg(kMaxScenarios);
        return false;
    }
    const QStringList models = m_inputs.planning ? m_inputs.planning->modelIds() : QStringList();
    auto read = scenario::readScenario(path, m_inputs.planning ? &models : nullptr);
    if (!read) {
        if (why) {
            *why = read.error().message;
            for (const Diagnostic &d : read.error().details)
                *why += u'\n' + d.toString();
        }
        return false;
    }
    const QString label = read->name.isEmpty() ? QFileInfo(path).fileName() : read->name;
    m_entries.append({label, std::move(read).value()});
    m_strategiesOf.clear();
    recompute();
    return true;
}

bool CompareView::addCurrent()
{
    if (m_entries.size() >= kMaxScenarios)
        return false;
    const scenario::Scenario &open = m_current->scenario();
    m_entries.append({open.name.isEmpty() ? m_current->displayName() : open.name, open});
    m_strategiesOf.clear();
    recompute();
    return true;
}

void CompareView::showStrategies()
{
    m_entries.clear();
    m_baseline = 0;
    for (planning::Strategy &s : planning::standardStrategies(m_current->scenario()))
        m_entries.append({s.name, std::move(s.scenario)});
    m_strategiesOf = m_current->displayName();
    recompute();
}

void CompareView::removeScenario(int index)
{
    if (index < 0 || index >= m_entries.size())
        return;
    m_entries.removeAt(index);
    if (m_baseline >= m_entries.size())
        m_baseline = 0;
    recompute();
}

void CompareView::clear()
{
    m_entries.clear();
    m_baseline = 0;
    recompute();
}

void CompareView::setBaseline(int index)
{
    if (index < 0 || index >= m_entries.size())
        return;
    m_baseline = index;
    if (!busy())
        showComparison(); // the figures stay; only the deltas move
}

void CompareView::addFileDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Add Scenario to Compare"), QString(),
                                                      tr("Accelplan scenarios (*.accelplan);;All files (*)"));
    if (path.isEmpty())
        return;
    QString why;
    if (!addScenarioFile(path, &why))
        m_status->setText(tr("Could not add %1: %2").arg(QFileInfo(path).fileName(), why));
}

void CompareView::recompute()
{
    if (m_job)
        m_job->stop = true; // overtaken: its result is dropped
    const quint64 generation = ++m_generation;
    if (!m_inputs.complete() || m_entries.isEmpty()) {
        m_job.reset();
        m_compared.clear();
        m_progress->hide();
        m_cancel->hide();
        m_problems.clear();
        showComparison();
        return;
    }
    auto job = std::make_shared<Job>();
    m_job = job;
    m_progress->setRange(0, int(m_entries.size()));
    m_progress->setValue(0);
    m_progress->show();
    m_cancel->show();
    m_status->setText(tr("Planning %n scenario(s)…", nullptr, int(m_entries.size())));
    m_pool.start([this, job, generation, entries = m_entries, inputs = m_inputs] {
        QList<planning::ComparedScenario> compared;
        QStringList problems;
        for (const Entry &e : entries) {
            if (job->stop)
                break;
            auto plan = planning::planScenario(e.scenario, inputs);
            if (plan) {
                compared.append(planning::summarise(*plan, e.label));
            } else {
                // A column that says why, so the columns stay those of the scenarios added.
                planning::ComparedScenario failed;
                failed.file = e.label;
                failed.name = e.scenario.name;
                failed.currency = e.scenario.currency;
                failed.recommendation = tr("Cannot be planned: %1").arg(plan.error().message);
                compared.append(failed);
                problems << tr("%1: %2").arg(e.label, plan.error().message);
            }
            QMetaObject::invokeMethod(this, [this, generation, done = int(compared.size())] {
                if (generation == m_generation)
                    m_progress->setValue(done);
            }, Qt::QueuedConnection);
        }
        QMetaObject::invokeMethod(this, [this, generation, compared, problems] {
            deliver(generation, compared, problems);
        }, Qt::QueuedConnection);
    });
}

void CompareView::deliver(quint64 generation, QList<planning::ComparedScenario> compared, QStringList problems)
{
    if (generation != m_generation || !m_job)
        return; // a newer comparison is on its way
    const bool cancelled = m_job->cancelled;
    const qsizetype wanted = m_entries.size();
    m_job.reset();
    m_progress->hide();
    m_cancel->hide();
    m_compared = std::move(compared);
    if (m_baseline >= m_compared.size())
        m_baseline = 0;
    if (cancelled && m_compared.size() < wanted)
        problems.prepend(tr("Cancelled: %1 of %2 scenarios planned; add or remove a scenario to plan them again.")
                             .arg(m_compared.size())
                             .arg(wanted));
    m_problems = std::move(problems);
    showComparison();
}

void CompareView::showComparison()
{
    const QStringList &problems = m_problems;
    m_model->setColumnCount(0);
    m_model->setColumnCount(int(m_compared.size()));
    const planning::ComparedScenario *base = m_baseline < m_compared.size() ? &m_compared.at(m_baseline) : nullptr;
    auto money = [](const std::optional<double> &v, const QString &currency) {
        return v ? format::money(*v, currency) : tr("—");
    };
    for (int c = 0; c < m_compared.size(); ++c) {
        const planning::ComparedScenario &s = m_compared.at(c);
        const QString label = m_entries.at(c).label;
        m_model->setHeaderData(c, Qt::Horizontal, c == m_baseline ? tr("%1 (baseline)").arg(label) : label);
        m_model->setHeaderData(c, Qt::Horizontal, s.name, Qt::ToolTipRole);
        m_model->setHeaderData(c, Qt::Horizontal, label, TableActions::ColumnKeyRole);
        auto set = [&](int row, const QString &text, const std::optional<double> &raw = std::nullopt) {
            auto *item = new QStandardItem(text);
            item->setToolTip(text);
            if (raw)
                item->setData(*raw, Qt::UserRole);
            item->setTextAlignment(row == Recommendation ? Qt::AlignLeft | Qt::AlignTop : Qt::AlignRight | Qt::AlignVCenter);
            m_model->setItem(row, c, item);
        };
        const std::optional<double> budget = s.planned() ? std::optional<double>(s.budgetP50) : std::nullopt;
        set(Recommendation, s.recommendation);
        set(TrainingCost, money(s.trainingCost, s.currency), s.trainingCost);
        set(TrainingDays, s.trainingDays ? format::number(*s.trainingDays, 1) : tr("—"), s.trainingDays);
        set(InferenceMonthly, money(s.inferenceMonthlyCost, s.currency), s.inferenceMonthlyCost);
        set(Budget, money(budget, s.currency), budget);
        set(P10, s.planned() ? format::money(s.budgetP10, s.currency) : tr("—"));
        set(P90, s.planned() ? format::money(s.budgetP90, s.currency) : tr("—"));
        set(CashFirst, s.planned() ? format::money(s.cashFirstMonth, s.currency) : tr("—"));
        set(CashTotal, s.planned() ? format::money(s.cashTotal, s.currency) : tr("—"));
        set(Capex, s.planned() ? format::money(s.capex, s.currency) : tr("—"));
        set(Lockin, s.lockinScore ? format::number(*s.lockinScore, 0) : tr("—"), s.lockinScore);
        if (c == m_baseline) {
            set(BudgetDelta, tr("baseline"));
        } else if (base && s.planned() && base->planned()) {
            const double delta = s.budgetP50 - base->budgetP50;
            set(BudgetDelta, (delta >= 0 ? u"+"_s : QString()) + format::money(delta, s.currency), delta);
        } else {
            set(BudgetDelta, tr("—"));
        }
    }
    // The columns were made anew: the order and visibility chosen for these scenarios come back.
    TableActions::of(m_table)->restoreColumns();
    m_baselineBox->clear();
    for (int c = 0; c < m_compared.size(); ++c)
        m_baselineBox->addItem(m_entries.at(c).label);
    QChart *old = m_chart->chart();
    charts::ChartInputs inputs;
    inputs.comparison = m_compared;
    for (qsizetype c = 0; c < m_compared.size(); ++c)
        inputs.comparisonLabels.append(m_entries.at(c).label);
    m_chart->setChart(charts::chartEntry(charts::CashFlow)->build(
        inputs, [this](const QString &text) { m_status->setText(text); }));
    delete old;
    m_baselineBox->setCurrentIndex(m_baseline);
    m_remove->setEnabled(!m_compared.isEmpty());
    QStringList currencies;
    for (const planning::ComparedScenario &s : std::as_const(m_compared))
        if (!currencies.contains(s.currency))
            currencies << s.currency;
    if (!problems.isEmpty())
        m_status->setText(problems.join(u'\n'));
    else if (currencies.size() > 1)
        m_status->setText(tr("The scenarios are costed in different currencies (%1): the deltas mix them; set one "
                             "currency in each scenario.")
                              .arg(currencies.join(u", "_s)));
    else if (!m_strategiesOf.isEmpty() && !m_entries.isEmpty())
        m_status->setText(tr("The standard strategies of %1: each column plans it with only those offers, on the "
                             "current prices (as `accelplan-cli compare --strategies` prints them).")
                              .arg(m_strategiesOf));
    else if (m_entries.isEmpty())
        m_status->setText(tr("Add two to four scenarios, or show the open scenario's standard strategies."));
    else
        m_status->setText(tr("Each column is that scenario's own plan on the current prices (as `accelplan-cli "
                             "compare` prints it)."));
    Q_EMIT compareChanged();
}

} // namespace accelplan::ui
