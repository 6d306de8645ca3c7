#include "ui/planner/plannerview.h"

#include "core/planning/counts.h"
#include "ui/models/optiontablemodel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

namespace {

const QStringList kPrecisions = {u"bf16"_s, u"fp8"_s, u"fp16"_s, u"fp4"_s, u"fp32"_s};

QString countText(double value)
{
    if (value >= 1e12)
        return QString::number(value / 1e12, 'g', 6) + u'T';
    if (value >= 1e9)
        return QString::number(value / 1e9, 'g', 6) + u'B';
    if (value >= 1e6)
        return QString::number(value / 1e6, 'g', 6) + u'M';
    return QString::number(value, 'g', 12);
}

/// A count field ("70B", "2T", "70e9"): marks itself invalid and returns nullopt when bad.
std::optional<double> readCount(QLineEdit *edit, bool required)
{
    const QString text = edit->text().trimmed();
    const auto value = text.isEmpty() ? std::nullopt : planning::parseCount(text);
    const bool ok = value ? *value > 0 : !required;
    edit->setStyleSheet(ok ? QString() : u"QLineEdit { background: #f8d7da; color: #58151c; }"_s);
    return value;
}

QComboBox *precisionCombo(QWidget *parent, const QString &name)
{
    auto *combo = new QComboBox(parent);
    combo->setObjectName(name);
    combo->addItems(kPrecisions);
    return combo;
}

} // namespace

PlannerView::PlannerView(QWidget *parent) : QWidget(parent)
{
    m_runner = new PlanRunner(this);
    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(0); // coalesce the edits of one event-loop pass
    connect(m_debounce, &QTimer::timeout, this, &PlannerView::replan);
    connect(m_runner, &PlanRunner::planned, this, [this](std::shared_ptr<const planning::Plan> plan, quint64, qint64 ms) {
        showPlan(std::move(plan), ms);
    });
    connect(m_runner, &PlanRunner::failed, this, [this](const QString &message, quint64) {
        m_summary->setText(tr("Cannot plan: %1").arg(message.toHtmlEscaped()));
    });
    m_trainingModel = new OptionTableModel(OptionTableModel::Side::Training, this);
    m_inferenceModel = new OptionTableModel(OptionTableModel::Side::Inference, this);
    build();
    auto loaded = scenario::parseScenario(R"({"format": "accelplan-scenario", "version": 1, "name": "New scenario",
        "training": {"model_params": 7e10, "tokens": 2e12, "deadline_days": 60},
        "inference": {"model_params": 7e10, "precision": "fp8", "input_tokens": 1000, "output_tokens": 300,
                      "requests_per_second": 20, "ttft_ms": 2000, "tpot_ms": 50, "months": 12}})",
                                          u"new"_s);
    if (loaded)
        setScenario(*loaded);
}

void PlannerView::build()
{
    auto *editor = new QWidget(this);
    auto *form = new QVBoxLayout(editor);

    auto *general = new QFormLayout;
    m_name = new QLineEdit(editor);
    m_name->setObjectName(u"scenarioName"_s);
    m_name->setAccessibleName(tr("Scenario name"));
    general->addRow(tr("&Name"), m_name);
    m_currency = new QComboBox(editor);
    m_currency->setObjectName(u"currency"_s);
    m_currency->setAccessibleName(tr("Display currency"));
    m_currency->addItems({u"USD"_s, u"EUR"_s, u"GBP"_s, u"JPY"_s, u"CHF"_s});
    general->addRow(tr("C&urrency"), m_currency);
    form->addLayout(general);

    m_training = new QGroupBox(tr("&Training"), editor);
    m_training->setObjectName(u"trainingGroup"_s);
    m_training->setCheckable(true);
    auto *train = new QFormLayout(m_training);
    m_trainModel = new QComboBox(m_training);
    m_trainModel->setObjectName(u"trainingPreset"_s);
    m_trainModel->setAccessibleName(tr("Training model preset"));
    m_trainModel->addItem(tr("(custom)"), QString());
    train->addRow(tr("Preset"), m_trainModel);
    m_trainParams = new QLineEdit(m_training);
    m_trainParams->setObjectName(u"trainingParams"_s);
    m_trainParams->setAccessibleName(tr("Training model parameters"));
    m_trainParams->setPlaceholderText(tr("e.g. 70B or 7e10"));
    train->addRow(tr("Parameters"), m_trainParams);
    m_trainTokens = new QLineEdit(m_training);
    m_trainTokens->setObjectName(u"trainingTokens"_s);
    m_trainTokens->setAccessibleName(tr("Training tokens"));
    m_trainTokens->setPlaceholderText(tr("e.g. 2T"));
    train->addRow(tr("Tokens"), m_trainTokens);
    m_trainPrecision = precisionCombo(m_training, u"trainingPrecision"_s);
    train->addRow(tr("Precision"), m_trainPrecision);
    m_framework = new QComboBox(m_training);
    m_framework->setObjectName(u"framework"_s);
    m_framework->addItems({u"pytorch"_s, u"jax"_s, u"tensorflow"_s});
    train->addRow(tr("Framework"), m_framework);
    m_deadline = new QDoubleSpinBox(m_training);
    m_deadline->setObjectName(u"deadlineDays"_s);
    m_deadline->setRange(0, 3650);
    m_deadline->setSuffix(tr(" days"));
    m_deadline->setSpecialValueText(tr("no deadline"));
    train->addRow(tr("Deadline"), m_deadline);
    m_runs = new QSpinBox(m_training);
    m_runs->setObjectName(u"runs"_s);
    m_runs->setRange(1, 1000);
    train->addRow(tr("Runs"), m_runs);
    form->addWidget(m_training);

    m_inference = new QGroupBox(tr("&Inference"), editor);
    m_inference->setObjectName(u"inferenceGroup"_s);
    m_inference->setCheckable(true);
    auto *serve = new QFormLayout(m_inference);
    m_serveParams = new QLineEdit(m_inference);
    m_serveParams->setObjectName(u"inferenceParams"_s);
    m_serveParams->setAccessibleName(tr("Served model parameters"));
    serve->addRow(tr("Parameters"), m_serveParams);
    m_servePrecision = precisionCombo(m_inference, u"inferencePrecision"_s);
    serve->addRow(tr("Precision"), m_servePrecision);
    m_inputTokens = new QSpinBox(m_inference);
    m_inputTokens->setObjectName(u"inputTokens"_s);
    m_inputTokens->setRange(0, 10'000'000);
    m_inputTokens->setSuffix(tr(" tokens"));
    serve->addRow(tr("Input per request"), m_inputTokens);
    m_outputTokens = new QSpinBox(m_inference);
    m_outputTokens->setObjectName(u"outputTokens"_s);
    m_outputTokens->setRange(1, 10'000'000);
    m_outputTokens->setSuffix(tr(" tokens"));
    serve->addRow(tr("Output per request"), m_outputTokens);
    m_qps = new QDoubleSpinBox(m_inference);
    m_qps->setObjectName(u"requestsPerSecond"_s);
    m_qps->setRange(0.001, 1e7);
    m_qps->setDecimals(3);
    m_qps->setSuffix(tr(" req/s"));
    serve->addRow(tr("Load"), m_qps);
    m_months = new QSpinBox(m_inference);
    m_months->setObjectName(u"months"_s);
    m_months->setRange(1, 240);
    m_months->setSuffix(tr(" months"));
    serve->addRow(tr("Horizon"), m_months);
    form->addWidget(m_inference);

    auto *lockin = new QGroupBox(tr("&Lock-in"), editor);
    auto *lock = new QFormLayout(lockin);
    m_exitProbability = new QDoubleSpinBox(lockin);
    m_exitProbability->setObjectName(u"exitProbability"_s);
    m_exitProbability->setRange(0, 1);
    m_exitProbability->setSingleStep(0.05);
    lock->addRow(tr("Exit probability"), m_exitProbability);
    m_datasetGb = new QDoubleSpinBox(lockin);
    m_datasetGb->setObjectName(u"datasetGb"_s);
    m_datasetGb->setRange(0, 1e9);
    m_datasetGb->setDecimals(0);
    m_datasetGb->setSuffix(tr(" GB"));
    lock->addRow(tr("Dataset"), m_datasetGb);
    m_customKernels = new QCheckBox(tr("Custom CUDA kernels"), lockin);
    m_customKernels->setObjectName(u"customCudaKernels"_s);
    lock->addRow(QString(), m_customKernels);
    form->addWidget(lockin);
    m_problemsLabel = new QLabel(editor);
    m_problemsLabel->setObjectName(u"scenarioProblems"_s);
    m_problemsLabel->setWordWrap(true);
    m_problemsLabel->setStyleSheet(u"color: #b02a37;"_s);
    form->addWidget(m_problemsLabel);
    form->addStretch(1);

    auto *scroll = new QScrollArea(this);
    scroll->setWidget(editor);
    scroll->setWidgetResizable(true);
    scroll->setMinimumWidth(editor->sizeHint().width() + 24);

    m_summary = new QLabel(this);
    m_summary->setObjectName(u"planSummary"_s);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setAccessibleName(tr("Recommendation"));
    auto *tabs = new QTabWidget(this);
    tabs->setObjectName(u"optionTabs"_s);
    tabs->addTab(makeTable(m_trainingModel, u"trainingOptions"_s), tr("Training options"));
    tabs->addTab(makeTable(m_inferenceModel, u"inferenceOptions"_s), tr("Inference options"));
    m_detail = new QTextBrowser(this);
    m_detail->setObjectName(u"optionDetails"_s);
    m_detail->setAccessibleName(tr("Option details"));
    m_detail->setOpenExternalLinks(true);
    auto *results = new QSplitter(Qt::Vertical, this);
    auto *top = new QWidget(results);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_summary);
    topLayout->addWidget(tabs, 1);
    results->addWidget(top);
    results->addWidget(m_detail);
    results->setStretchFactor(0, 3);
    results->setStretchFactor(1, 1);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(scroll);
    split->addWidget(results);
    split->setStretchFactor(1, 1);
    layout->addWidget(split);

    for (QLineEdit *edit : {m_name, m_trainParams, m_trainTokens, m_serveParams})
        connect(edit, &QLineEdit::textChanged, this, &PlannerView::edited);
    for (QComboBox *combo : {m_currency, m_trainModel, m_trainPrecision, m_framework, m_servePrecision})
        connect(combo, &QComboBox::currentIndexChanged, this, &PlannerView::edited);
    for (QDoubleSpinBox *spin : {m_deadline, m_qps, m_exitProbability, m_datasetGb})
        connect(spin, &QDoubleSpinBox::valueChanged, this, &PlannerView::edited);
    for (QSpinBox *spin : {m_runs, m_inputTokens, m_outputTokens, m_months})
        connect(spin, &QSpinBox::valueChanged, this, &PlannerView::edited);
    for (QGroupBox *group : {m_training, m_inference})
        connect(group, &QGroupBox::toggled, this, &PlannerView::edited);
    connect(m_customKernels, &QCheckBox::toggled, this, &PlannerView::edited);
}

QTableView *PlannerView::makeTable(OptionTableModel *model, const QString &name)
{
    auto *proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(model);
    proxy->setSortRole(OptionTableModel::RawValueRole);
    auto *table = new QTableView(this);
    table->setObjectName(name);
    table->setAccessibleName(model->side() == OptionTableModel::Side::Training ? tr("Training options")
                                                                               : tr("Inference options"));
    table->setModel(proxy);
    table->setSortingEnabled(true);
    table->sortByColumn(-1, Qt::AscendingOrder); // the planner's ranking until the user sorts
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setAlternatingRowColors(true);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    connect(table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this, proxy, model](const QModelIndex &current) {
                m_detail->setHtml(model->detailHtml(proxy->mapToSource(current).row()));
            });
    return table;
}

void PlannerView::setInputs(PlanInputs inputs)
{
    if (m_trainModel->count() == 1 && inputs.planning) {
        const QSignalBlocker blocker(m_trainModel);
        for (const catalog::ModelPreset &m : inputs.planning->models())
            m_trainModel->addItem(m.name, m.id);
    }
    m_runner->setInputs(std::move(inputs));
    replan();
}

void PlannerView::setScenario(const scenario::Scenario &s)
{
    m_base = s;
    m_filling = true;
    m_name->setText(s.name);
    m_currency->setCurrentText(s.currency);
    m_training->setChecked(s.training.has_value());
    const scenario::TrainingSection t = s.training.value_or(scenario::TrainingSection{});
    m_trainModel->setCurrentIndex(std::max(0, m_trainModel->findData(t.model)));
    m_trainParams->setText(t.modelParams > 0 ? countText(t.modelParams) : QString());
    m_trainTokens->setText(t.tokens > 0 ? countText(t.tokens) : QString());
    m_trainPrecision->setCurrentText(t.precision);
    m_framework->setCurrentText(t.framework);
    m_deadline->setValue(t.deadlineDays.value_or(0));
    m_runs->setValue(t.runs);
    m_inference->setChecked(s.inference.has_value());
    const scenario::InferenceSection i = s.inference.value_or(scenario::InferenceSection{});
    m_serveParams->setText(i.modelParams > 0 ? countText(i.modelParams) : QString());
    m_servePrecision->setCurrentText(i.precision);
    m_inputTokens->setValue(int(std::max(0.0, i.inputTokens)));
    m_outputTokens->setValue(int(std::max(1.0, i.outputTokens)));
    m_qps->setValue(i.requestsPerSecond.value_or(i.requestsPerMonth.value_or(0) / (730.0 * 3600.0)));
    m_months->setValue(int(i.months));
    m_exitProbability->setValue(s.lockin.exitProbability);
    m_datasetGb->setValue(s.lockin.datasetGb.value_or(0));
    m_customKernels->setChecked(s.lockin.customCudaKernels);
    m_filling = false;
    edited();
}

scenario::Scenario PlannerView::scenario() const
{
    scenario::Scenario s = m_base;
    s.name = m_name->text().trimmed();
    s.currency = m_currency->currentText();
    if (m_training->isChecked()) {
        scenario::TrainingSection t = m_base.training.value_or(scenario::TrainingSection{});
        t.model = m_trainModel->currentData().toString();
        t.modelParams = planning::parseCount(m_trainParams->text().trimmed()).value_or(0);
        t.tokens = planning::parseCount(m_trainTokens->text().trimmed()).value_or(0);
        t.precision = m_trainPrecision->currentText();
        t.framework = m_framework->currentText();
        t.deadlineDays = m_deadline->value() > 0 ? std::optional<double>(m_deadline->value()) : std::nullopt;
        t.runs = m_runs->value();
        s.training = t;
    } else {
        s.training.reset();
    }
    if (m_inference->isChecked()) {
        scenario::InferenceSection i = m_base.inference.value_or(scenario::InferenceSection{});
        i.modelParams = planning::parseCount(m_serveParams->text().trimmed()).value_or(0);
        i.precision = m_servePrecision->currentText();
        i.inputTokens = m_inputTokens->value();
        i.outputTokens = m_outputTokens->value();
        i.requestsPerSecond = m_qps->value();
        i.requestsPerMonth.reset();
        i.months = m_months->value();
        s.inference = i;
    } else {
        s.inference.reset();
    }
    s.lockin.exitProbability = m_exitProbability->value();
    s.lockin.datasetGb = m_datasetGb->value();
    s.lockin.customCudaKernels = m_customKernels->isChecked();
    return s;
}

void PlannerView::edited()
{
    if (m_filling)
        return;
    QStringList problems;
    if (m_name->text().trimmed().isEmpty())
        problems.append(tr("Name: give the scenario a name"));
    if (m_training->isChecked()) {
        const bool preset = !m_trainModel->currentData().toString().isEmpty();
        if (!readCount(m_trainParams, !preset))
            problems.append(tr("Training parameters: a count such as 70B or 7e10"));
        if (!readCount(m_trainTokens, true))
            problems.append(tr("Training tokens: a count such as 2T"));
    }
    if (m_inference->isChecked() && !readCount(m_serveParams, true))
        problems.append(tr("Inference parameters: a count such as 8B"));
    if (!m_training->isChecked() && !m_inference->isChecked())
        problems.append(tr("Plan training, inference or both"));
    m_problems = problems;
    m_problemsLabel->setText(problems.join(u'\n'));
    Q_EMIT scenarioEdited();
    if (problems.isEmpty())
        m_debounce->start();
}

void PlannerView::replan()
{
    if (m_problems.isEmpty() && m_runner->hasInputs())
        m_runner->request(scenario());
}

void PlannerView::showPlan(std::shared_ptr<const planning::Plan> plan, qint64 elapsedMs)
{
    m_plan = plan;
    m_trainingModel->setPlan(plan);
    m_inferenceModel->setPlan(plan);
    const QLocale locale;
    QString text = u"<b>%1</b><br>"_s.arg(plan->recommendation.toHtmlEscaped());
    text += tr("Budget %1 %2 over %3 months (P10 %4, P50 %5, P90 %6). Prices as of %7.")
                .arg(locale.toString(plan->budget.total, 'f', 0), plan->currency)
                .arg(plan->budget.months.size())
                .arg(locale.toString(plan->sensitivity.p10, 'f', 0), locale.toString(plan->sensitivity.p50, 'f', 0),
                     locale.toString(plan->sensitivity.p90, 'f', 0), plan->pricesAsOf.toString(Qt::ISODate));
    if (plan->trainingBreakEven)
        text += u"<br>"_s + tr("Lock-in, training: %1").arg(plan->trainingBreakEven->summary.toHtmlEscaped());
    if (plan->inferenceBreakEven)
        text += u"<br>"_s + tr("Lock-in, inference: %1").arg(plan->inferenceBreakEven->summary.toHtmlEscaped());
    m_summary->setText(text);
    Q_EMIT planUpdated(elapsedMs);
}

} // namespace accelplan::ui
