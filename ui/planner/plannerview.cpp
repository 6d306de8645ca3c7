#include "ui/planner/plannerview.h"

#include "core/catalog/acceleratorcatalog.h"
#include "core/planning/counts.h"
#include "ui/models/offerfilterproxymodel.h"
#include "ui/format.h"
#include "ui/models/optiontablemodel.h"
#include "ui/planner/plancharts.h"
#include "ui/widgets/offerfilterbar.h"

#include <QAbstractSpinBox>
#include <QCheckBox>
#include <QCoreApplication>
#include <QEvent>
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
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

#include <tuple>

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

QString optionalCountText(const std::optional<double> &value)
{
    return value && *value > 0 ? countText(*value) : QString();
}

/// A count field ("70B", "2T", "70e9"): marks itself invalid and returns nullopt when bad.
std::optional<double> readCount(QLineEdit *edit, bool required)
{
    const QString text = edit->text().trimmed();
    const auto value = text.isEmpty() ? std::nullopt : planning::parseCount(text);
    const bool ok = text.isEmpty() ? !required : value && *value > 0;
    edit->setStyleSheet(ok ? QString() : u"QLineEdit { background: #f8d7da; color: #58151c; }"_s);
    return ok ? value : std::nullopt;
}

/// A scenario::validate() problem as the editor lists it: "Training model params: …".
QString problemText(const scenario::Problem &problem)
{
    if (problem.section.isEmpty() && problem.key == u"training"_s)
        return QCoreApplication::translate("PlannerView", "Plan training, inference or both");
    QString field = problem.section.isEmpty() ? problem.key : problem.section + u' ' + problem.key;
    field.replace(u'_', u' ');
    field[0] = field[0].toUpper();
    return field + u": "_s + problem.message;
}

std::optional<double> positive(double value)
{
    return value > 0 ? std::optional<double>(value) : std::nullopt;
}

} // namespace

/// One scenario edit: the scenario before and after. Typing in one field is one step.
class ScenarioCommand : public QUndoCommand
{
public:
    ScenarioCommand(PlannerView *view, scenario::Scenario before, scenario::Scenario after, QObject *source)
        : m_view(view), m_before(std::move(before)), m_after(std::move(after)), m_source(source)
    {
        const auto *widget = qobject_cast<const QWidget *>(source);
        const QString field = widget && !widget->accessibleName().isEmpty() ? widget->accessibleName()
                                                                           : PlannerView::tr("the scenario");
        setText(PlannerView::tr("edit %1").arg(field));
    }

    int id() const override { return 1; }
    bool mergeWith(const QUndoCommand *other) override
    {
        const auto *next = static_cast<const ScenarioCommand *>(other);
        const bool typing = qobject_cast<QLineEdit *>(m_source) || qobject_cast<QAbstractSpinBox *>(m_source);
        if (!typing || next->m_source != m_source)
            return false;
        m_after = next->m_after;
        return true;
    }
    void undo() override { m_view->restore(m_before); }
    void redo() override
    {
        if (m_pushed)
            m_view->restore(m_after);
        m_pushed = true; // the first redo is the edit itself, already on screen
    }

private:
    PlannerView *m_view;
    scenario::Scenario m_before;
    scenario::Scenario m_after;
    QObject *m_source;
    bool m_pushed = false;
};

PlannerView::PlannerView(QWidget *parent) : QWidget(parent)
{
    m_runner = new PlanRunner(this);
    m_undo = new QUndoStack(this);
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
    const OfferFilterProxyModel::Columns columns{
        OptionTableModel::Provider, OptionTableModel::Kind, OptionTableModel::Accelerator, OptionTableModel::PriceModel,
        {OptionTableModel::Provider, OptionTableModel::Offer, OptionTableModel::Accelerator}};
    m_trainingProxy = new OfferFilterProxyModel(columns, this);
    m_trainingProxy->setSourceModel(m_trainingModel);
    m_inferenceProxy = new OfferFilterProxyModel(columns, this);
    m_inferenceProxy->setSourceModel(m_inferenceModel);
    m_filling = true; // no edits while the widgets are made
    build();
    m_filling = false;
    setScenario(newScenario());
}

scenario::Scenario PlannerView::newScenario()
{
    auto loaded = scenario::parseScenario(R"({"format": "accelplan-scenario", "version": 1, "name": "New scenario",
        "training": {"model_params": 7e10, "tokens": 2e12, "deadline_days": 60},
        "inference": {"model_params": 7e10, "precision": "fp8", "input_tokens": 1000, "output_tokens": 300,
                      "requests_per_second": 20, "ttft_ms": 2000, "tpot_ms": 50, "months": 12}})",
                                          u"new"_s);
    Q_ASSERT(loaded.ok());
    return loaded.value();
}

void PlannerView::build()
{
    auto *scroll = new QScrollArea(this);
    QWidget *editor = buildEditor();
    scroll->setWidget(editor);
    scroll->setWidgetResizable(true);
    scroll->setMinimumWidth(editor->sizeHint().width() + 24);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(u"plannerSplitter"_s);
    split->addWidget(scroll);
    split->addWidget(buildResults());
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);
    layout->addWidget(split);
}

QWidget *PlannerView::buildEditor()
{
    auto *editor = new QWidget(this);
    auto *form = new QVBoxLayout(editor);

    auto line = [&](QWidget *parent, const QString &name, const QString &accessible, const QString &placeholder) {
        auto *edit = new QLineEdit(parent);
        edit->setObjectName(name);
        edit->setAccessibleName(accessible);
        edit->setPlaceholderText(placeholder);
        connect(edit, &QLineEdit::textChanged, this, &PlannerView::edited);
        return edit;
    };
    auto combo = [&](QWidget *parent, const QString &name, const QString &accessible, const QStringList &items) {
        auto *box = new QComboBox(parent);
        box->setObjectName(name);
        box->setAccessibleName(accessible);
        box->addItems(items);
        connect(box, &QComboBox::currentIndexChanged, this, &PlannerView::edited);
        return box;
    };
    auto spin = [&](QWidget *parent, const QString &name, const QString &accessible, int low, int high,
                    const QString &suffix) {
        auto *box = new QSpinBox(parent);
        box->setObjectName(name);
        box->setAccessibleName(accessible);
        box->setRange(low, high);
        box->setSuffix(suffix);
        box->setGroupSeparatorShown(true);
        connect(box, &QSpinBox::valueChanged, this, &PlannerView::edited);
        return box;
    };
    auto real = [&](QWidget *parent, const QString &name, const QString &accessible, double low, double high,
                    int decimals, const QString &suffix, const QString &special = {}) {
        auto *box = new QDoubleSpinBox(parent);
        box->setObjectName(name);
        box->setAccessibleName(accessible);
        box->setRange(low, high);
        box->setDecimals(decimals);
        box->setSuffix(suffix);
        box->setGroupSeparatorShown(true);
        if (!special.isEmpty())
            box->setSpecialValueText(special);
        connect(box, &QDoubleSpinBox::valueChanged, this, &PlannerView::edited);
        return box;
    };
    auto group = [&](const QString &title, const QString &name, bool checkable) {
        auto *box = new QGroupBox(title, editor);
        box->setObjectName(name);
        box->setCheckable(checkable);
        if (checkable)
            connect(box, &QGroupBox::toggled, this, &PlannerView::edited);
        form->addWidget(box);
        return box;
    };

    auto *general = new QFormLayout;
    m_name = line(editor, u"scenarioName"_s, tr("Scenario name"), tr("what this plan is for"));
    m_name->setMaxLength(scenario::kMaxNameLength);
    general->addRow(tr("&Name"), m_name);
    m_currency = combo(editor, u"currency"_s, tr("Scenario currency"),
                       {u"USD"_s, u"EUR"_s, u"GBP"_s, u"JPY"_s, u"CHF"_s});
    general->addRow(tr("C&urrency"), m_currency);
    form->addLayout(general);

    m_training = group(tr("&Training"), u"trainingGroup"_s, true);
    auto *train = new QFormLayout(m_training);
    m_trainModel = combo(m_training, u"trainingPreset"_s, tr("Training model preset"), {});
    m_trainModel->addItem(tr("(custom)"), QString());
    train->addRow(tr("Preset"), m_trainModel);
    m_trainParams = line(m_training, u"trainingParams"_s, tr("Training model parameters"), tr("e.g. 70B or 7e10"));
    train->addRow(tr("Parameters"), m_trainParams);
    m_trainActive = line(m_training, u"trainingActiveParams"_s, tr("Training active parameters"),
                         tr("MoE only, e.g. 37B"));
    train->addRow(tr("Active per token"), m_trainActive);
    m_trainTokens = line(m_training, u"trainingTokens"_s, tr("Training tokens"), tr("e.g. 2T"));
    train->addRow(tr("Tokens"), m_trainTokens);
    m_trainPrecision = combo(m_training, u"trainingPrecision"_s, tr("Training precision"), kPrecisions);
    train->addRow(tr("Precision"), m_trainPrecision);
    m_framework = combo(m_training, u"framework"_s, tr("Framework"), {u"pytorch"_s, u"jax"_s, u"tensorflow"_s});
    train->addRow(tr("Framework"), m_framework);
    m_deadline = real(m_training, u"deadlineDays"_s, tr("Training deadline"), 0, 3650, 1, tr(" days"), tr("no deadline"));
    train->addRow(tr("Deadline"), m_deadline);
    m_runs = spin(m_training, u"runs"_s, tr("Training runs"), 1, 1000, QString());
    train->addRow(tr("Runs"), m_runs);
    m_startMonth = spin(m_training, u"startMonth"_s, tr("Training start month"), 1, 240, QString());
    m_startMonth->setPrefix(tr("month "));
    train->addRow(tr("Starts in"), m_startMonth);

    m_inference = group(tr("&Inference"), u"inferenceGroup"_s, true);
    auto *serve = new QFormLayout(m_inference);
    m_serveModel = combo(m_inference, u"inferencePreset"_s, tr("Served model preset"), {});
    m_serveModel->addItem(tr("(custom)"), QString());
    serve->addRow(tr("Preset"), m_serveModel);
    m_serveParams = line(m_inference, u"inferenceParams"_s, tr("Served model parameters"), tr("e.g. 8B"));
    serve->addRow(tr("Parameters"), m_serveParams);
    m_serveActive = line(m_inference, u"inferenceActiveParams"_s, tr("Served active parameters"),
                         tr("MoE only, e.g. 13B"));
    serve->addRow(tr("Active per token"), m_serveActive);
    m_servePrecision = combo(m_inference, u"inferencePrecision"_s, tr("Serving precision"), kPrecisions);
    serve->addRow(tr("Precision"), m_servePrecision);
    m_inputTokens = spin(m_inference, u"inputTokens"_s, tr("Input tokens per request"), 0, 10'000'000, tr(" tokens"));
    serve->addRow(tr("Input per request"), m_inputTokens);
    m_outputTokens = spin(m_inference, u"outputTokens"_s, tr("Output tokens per request"), 1, 10'000'000, tr(" tokens"));
    serve->addRow(tr("Output per request"), m_outputTokens);
    m_qps = real(m_inference, u"requestsPerSecond"_s, tr("Requests per second"), 0.001, 1e7, 3, tr(" req/s"));
    serve->addRow(tr("Load"), m_qps);
    m_ttft = real(m_inference, u"ttftMs"_s, tr("Time to first token target"), 0, 600'000, 0, tr(" ms"), tr("no target"));
    serve->addRow(tr("TTFT target"), m_ttft);
    m_tpot = real(m_inference, u"tpotMs"_s, tr("Time per output token target"), 0, 60'000, 1, tr(" ms"), tr("no target"));
    serve->addRow(tr("TPOT target"), m_tpot);
    m_serveUtilization = real(m_inference, u"servingUtilization"_s, tr("Target utilisation of replicas"), 0.05, 1, 2,
                              QString());
    m_serveUtilization->setSingleStep(0.05);
    serve->addRow(tr("Target utilisation"), m_serveUtilization);
    m_months = spin(m_inference, u"months"_s, tr("Serving horizon"), 1, 240, tr(" months"));
    serve->addRow(tr("Horizon"), m_months);

    auto *constraints = group(tr("&Constraints"), u"constraintsGroup"_s, false);
    auto *limits = new QFormLayout(constraints);
    m_providers = line(constraints, u"constraintProviders"_s, tr("Allowed providers"), tr("all; or e.g. AWS, Lambda"));
    limits->addRow(tr("Providers"), m_providers);
    m_maxChips = spin(constraints, u"maxChips"_s, tr("Most chips"), 1, 1'000'000, tr(" chips"));
    limits->addRow(tr("At most"), m_maxChips);
    m_budget = real(constraints, u"budget"_s, tr("Training budget"), 0, 1e12, 0, QString(), tr("no budget"));
    limits->addRow(tr("Budget"), m_budget);

    auto *lockin = group(tr("&Lock-in"), u"lockinGroup"_s, false);
    auto *lock = new QFormLayout(lockin);
    m_exitProbability = real(lockin, u"exitProbability"_s, tr("Exit probability"), 0, 1, 2, QString());
    m_exitProbability->setSingleStep(0.05);
    lock->addRow(tr("Exit probability"), m_exitProbability);
    m_datasetGb = real(lockin, u"datasetGb"_s, tr("Dataset to move out"), 0, 1e9, 0, tr(" GB"));
    lock->addRow(tr("Dataset"), m_datasetGb);
    m_engineerWeek = real(lockin, u"engineerWeekCost"_s, tr("Cost of an engineer-week"), 0, 1e7, 0, QString());
    lock->addRow(tr("Engineer-week"), m_engineerWeek);
    m_customKernels = new QCheckBox(tr("Custom CUDA kernels"), lockin);
    m_customKernels->setObjectName(u"customCudaKernels"_s);
    m_customKernels->setAccessibleName(tr("Custom CUDA kernels"));
    connect(m_customKernels, &QCheckBox::toggled, this, &PlannerView::edited);
    lock->addRow(QString(), m_customKernels);

    auto *ownership = group(tr("&Ownership"), u"ownershipGroup"_s, false);
    ownership->setToolTip(tr("How bought hardware is costed per hour of use"));
    auto *own = new QFormLayout(ownership);
    m_powerPrice = real(ownership, u"powerPrice"_s, tr("Electricity price per kWh"), 0, 10, 3, tr(" per kWh"));
    own->addRow(tr("Electricity"), m_powerPrice);
    m_pue = real(ownership, u"pue"_s, tr("Power usage effectiveness"), 1, 3, 2, QString());
    own->addRow(tr("PUE"), m_pue);
    m_lifetime = spin(ownership, u"lifetimeMonths"_s, tr("Hardware lifetime"), 1, 240, tr(" months"));
    own->addRow(tr("Lifetime"), m_lifetime);
    m_ownedUtilization = real(ownership, u"ownedUtilization"_s, tr("Utilisation of owned hardware"), 0.01, 1, 2, QString());
    own->addRow(tr("Utilisation"), m_ownedUtilization);
    m_colo = real(ownership, u"coloPerServerMonth"_s, tr("Colocation per server-month"), 0, 1e6, 0, tr(" per month"));
    own->addRow(tr("Colocation"), m_colo);

    auto *sensitivity = group(tr("&Sensitivity"), u"sensitivityGroup"_s, false);
    auto *sens = new QFormLayout(sensitivity);
    m_samples = spin(sensitivity, u"samples"_s, tr("Monte Carlo samples"), 100, 100'000, QString());
    sens->addRow(tr("Samples"), m_samples);

    m_problemsLabel = new QLabel(editor);
    m_problemsLabel->setObjectName(u"scenarioProblems"_s);
    m_problemsLabel->setWordWrap(true);
    m_problemsLabel->setStyleSheet(u"color: #b02a37;"_s);
    form->insertWidget(0, m_problemsLabel); // the problems first, where they are seen
    form->addStretch(1);

    // The mouse wheel scrolls the editor; it changes a value only in the field being edited.
    for (QWidget *field : editor->findChildren<QWidget *>()) {
        if (qobject_cast<QAbstractSpinBox *>(field) || qobject_cast<QComboBox *>(field)) {
            field->setFocusPolicy(Qt::StrongFocus);
            field->installEventFilter(this);
        }
    }

    // A preset fills in its sourced sizes (the fields stay editable): one edit, one undo step.
    for (auto [preset, params, active] : {std::tuple{m_trainModel, m_trainParams, m_trainActive},
                                          std::tuple{m_serveModel, m_serveParams, m_serveActive}}) {
        disconnect(preset, &QComboBox::currentIndexChanged, this, &PlannerView::edited);
        // Init-captures: clang 14 cannot capture structured bindings by name.
        connect(preset, &QComboBox::currentIndexChanged, this, [this, box = preset, p = params, a = active] {
            presetChosen(box, p, a);
        });
    }
    return editor;
}

QWidget *PlannerView::buildResults()
{
    m_summary = new QLabel(this);
    m_summary->setObjectName(u"planSummary"_s);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setAccessibleName(tr("Recommendation"));
    m_filterBar = new OfferFilterBar(u"option"_s, true, this);
    connect(m_filterBar, &OfferFilterBar::changed, this, &PlannerView::applyOptionFilters);
    m_staleBanner = new QLabel(this);
    m_staleBanner->setObjectName(u"staleBanner"_s);
    m_staleBanner->setWordWrap(true);
    m_staleBanner->setStyleSheet(u"QLabel { background: #fff3cd; color: #664d03; border: 1px solid #ffda6a; padding: 6px; }"_s);
    m_staleBanner->hide();
    auto *tabs = new QTabWidget(this);
    tabs->setObjectName(u"optionTabs"_s);
    m_optionTabs = tabs;
    m_trainingTable = makeTable(m_trainingModel, m_trainingProxy, u"trainingOptions"_s);
    m_inferenceTable = makeTable(m_inferenceModel, m_inferenceProxy, u"inferenceOptions"_s);
    tabs->addTab(m_trainingTable, tr("Training options"));
    tabs->addTab(m_inferenceTable, tr("Inference options"));
    m_detail = new QTextBrowser(this);
    m_detail->setObjectName(u"optionDetails"_s);
    m_detail->setAccessibleName(tr("Option details"));
    m_detail->setOpenExternalLinks(true);
    m_charts = new PlanCharts(this);
    m_charts->setObjectName(u"planCharts"_s);

    auto *top = new QWidget(this);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_staleBanner);
    topLayout->addWidget(m_summary);
    topLayout->addWidget(m_filterBar);
    topLayout->addWidget(tabs, 1);
    auto *bottom = new QSplitter(Qt::Horizontal, this);
    bottom->setObjectName(u"detailSplitter"_s);
    bottom->addWidget(m_detail);
    bottom->addWidget(m_charts);
    bottom->setStretchFactor(0, 2);
    bottom->setStretchFactor(1, 3);
    auto *results = new QSplitter(Qt::Vertical, this);
    results->setObjectName(u"resultsSplitter"_s);
    results->addWidget(top);
    results->addWidget(bottom);
    results->setStretchFactor(0, 1);
    results->setStretchFactor(1, 1);
    results->setChildrenCollapsible(false);
    return results;
}

QTableView *PlannerView::makeTable(OptionTableModel *model, OfferFilterProxyModel *proxy, const QString &name)
{
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
    table->setWordWrap(false);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    connect(table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this, proxy, model](const QModelIndex &current) {
                const int row = proxy->mapToSource(current).row();
                m_detail->setHtml(model->detailHtml(row));
                if (const pricing::PriceRecord *offer = model->offerAt(row))
                    Q_EMIT offerSelected(*offer);
            });
    return table;
}

void PlannerView::setInputs(PlanInputs inputs)
{
    if (m_trainModel->count() == 1 && inputs.planning) {
        const QSignalBlocker trainBlocker(m_trainModel);
        const QSignalBlocker serveBlocker(m_serveModel);
        for (const catalog::ModelPreset &m : inputs.planning->models()) {
            const QString tip = tr("%1 parameters (%2 active); source: %3")
                                    .arg(countText(m.totalParams), countText(m.activeParams), m.source.url);
            for (QComboBox *box : {m_trainModel, m_serveModel}) {
                box->addItem(m.name, m.id);
                box->setItemData(box->count() - 1, tip, Qt::ToolTipRole);
            }
        }
        // The loaded scenario may name a preset that was not listed yet.
        m_filling = true;
        m_trainModel->setCurrentIndex(std::max(0, m_trainModel->findData(m_last.training ? m_last.training->model : QString())));
        m_serveModel->setCurrentIndex(std::max(0, m_serveModel->findData(m_last.inference ? m_last.inference->model : QString())));
        m_filling = false;
    }
    m_catalog = inputs.planning;
    m_accelerators = inputs.accelerators;
    m_runner->setInputs(std::move(inputs));
    replan();
}

void PlannerView::presetChosen(QComboBox *combo, QLineEdit *params, QLineEdit *active)
{
    if (m_filling)
        return;
    if (const catalog::ModelPreset *preset = m_catalog ? m_catalog->findModel(combo->currentData().toString())
                                                       : nullptr) {
        m_filling = true;
        params->setText(countText(preset->totalParams));
        active->setText(preset->activeParams > 0 && preset->activeParams < preset->totalParams
                            ? countText(preset->activeParams)
                            : QString());
        m_filling = false;
    }
    edited();
}

void PlannerView::fill(const scenario::Scenario &s)
{
    m_base = s;
    m_filling = true;
    m_name->setText(s.name);
    m_currency->setCurrentText(s.currency);
    m_training->setChecked(s.training.has_value());
    const scenario::TrainingSection t = s.training.value_or(scenario::TrainingSection{});
    m_trainModel->setCurrentIndex(std::max(0, m_trainModel->findData(t.model)));
    m_trainParams->setText(t.modelParams > 0 ? countText(t.modelParams) : QString());
    m_trainActive->setText(optionalCountText(t.activeParams));
    m_trainTokens->setText(t.tokens > 0 ? countText(t.tokens) : QString());
    m_trainPrecision->setCurrentText(t.precision);
    m_framework->setCurrentText(t.framework);
    m_deadline->setValue(t.deadlineDays.value_or(0));
    m_runs->setValue(t.runs);
    m_startMonth->setValue(t.startMonth);
    m_inference->setChecked(s.inference.has_value());
    const scenario::InferenceSection i = s.inference.value_or(scenario::InferenceSection{});
    m_serveModel->setCurrentIndex(std::max(0, m_serveModel->findData(i.model)));
    m_serveParams->setText(i.modelParams > 0 ? countText(i.modelParams) : QString());
    m_serveActive->setText(optionalCountText(i.activeParams));
    m_servePrecision->setCurrentText(i.precision);
    m_inputTokens->setValue(int(std::max(0.0, i.inputTokens)));
    m_outputTokens->setValue(int(std::max(1.0, i.outputTokens)));
    m_qps->setValue(i.requestsPerSecond.value_or(i.requestsPerMonth.value_or(0) / (planning::kHoursPerMonth * 3600.0)));
    m_ttft->setValue(i.ttftMs.value_or(0));
    m_tpot->setValue(i.tpotMs.value_or(0));
    m_serveUtilization->setValue(i.utilization);
    m_months->setValue(int(i.months));
    m_providers->setText(s.constraints.providers.join(u", "_s));
    m_maxChips->setValue(s.constraints.maxChips);
    m_budget->setValue(s.constraints.budget.value_or(0));
    m_exitProbability->setValue(s.lockin.exitProbability);
    m_datasetGb->setValue(s.lockin.datasetGb.value_or(0));
    m_engineerWeek->setValue(s.lockin.engineerWeekCost);
    m_customKernels->setChecked(s.lockin.customCudaKernels);
    m_powerPrice->setValue(s.ownership.powerPriceKwh);
    m_pue->setValue(s.ownership.pue);
    m_lifetime->setValue(int(s.ownership.lifetimeMonths));
    m_ownedUtilization->setValue(s.ownership.utilization);
    m_colo->setValue(s.ownership.coloPerServerMonth);
    m_samples->setValue(s.sensitivity.samples);
    m_filling = false;
}

void PlannerView::setScenario(const scenario::Scenario &s)
{
    fill(s);
    m_undo->clear();
    m_last = scenario();
    edited();
}

void PlannerView::restore(const scenario::Scenario &s)
{
    fill(s);
    m_last = scenario();
    edited();
}

scenario::Scenario PlannerView::scenario() const
{
    return readEditor(nullptr);
}

scenario::Scenario PlannerView::readEditor(QStringList *problems) const
{
    // Each count field is parsed once, here: a bad one turns red and is listed in *problems.
    auto count = [problems](QLineEdit *edit, bool required, const QString &problem) -> std::optional<double> {
        const auto value = readCount(edit, required);
        if (!value && !(edit->text().trimmed().isEmpty() && !required) && problems)
            problems->append(problem);
        return value;
    };
    scenario::Scenario s = m_base;
    s.name = m_name->text().trimmed();
    s.currency = m_currency->currentText();
    if (m_training->isChecked()) {
        scenario::TrainingSection t = m_base.training.value_or(scenario::TrainingSection{});
        t.model = m_trainModel->currentData().toString();
        t.modelParams = count(m_trainParams, t.model.isEmpty(), tr("Training parameters: a count such as 70B or 7e10"))
                            .value_or(0);
        t.activeParams = count(m_trainActive, false,
                               tr("Training active parameters: a count such as 37B, or empty for a dense model"));
        t.tokens = count(m_trainTokens, true, tr("Training tokens: a count such as 2T")).value_or(0);
        t.precision = m_trainPrecision->currentText();
        t.framework = m_framework->currentText();
        t.deadlineDays = positive(m_deadline->value());
        t.runs = m_runs->value();
        t.startMonth = m_startMonth->value();
        s.training = t;
    } else {
        s.training.reset();
    }
    if (m_inference->isChecked()) {
        scenario::InferenceSection i = m_base.inference.value_or(scenario::InferenceSection{});
        i.model = m_serveModel->currentData().toString();
        i.modelParams = count(m_serveParams, i.model.isEmpty(), tr("Inference parameters: a count such as 8B")).value_or(0);
        i.activeParams = count(m_serveActive, false,
                               tr("Inference active parameters: a count such as 13B, or empty for a dense model"));
        i.precision = m_servePrecision->currentText();
        i.inputTokens = m_inputTokens->value();
        i.outputTokens = m_outputTokens->value();
        i.requestsPerSecond = m_qps->value();
        i.requestsPerMonth.reset();
        i.ttftMs = positive(m_ttft->value());
        i.tpotMs = positive(m_tpot->value());
        i.utilization = m_serveUtilization->value();
        i.months = m_months->value();
        s.inference = i;
    } else {
        s.inference.reset();
    }
    s.constraints.providers.clear();
    for (const QString &provider : m_providers->text().split(u',', Qt::SkipEmptyParts))
        if (!provider.trimmed().isEmpty())
            s.constraints.providers.append(provider.trimmed());
    s.constraints.maxChips = m_maxChips->value();
    s.constraints.budget = positive(m_budget->value());
    s.lockin.exitProbability = m_exitProbability->value();
    s.lockin.datasetGb = m_datasetGb->value();
    s.lockin.engineerWeekCost = m_engineerWeek->value();
    s.lockin.customCudaKernels = m_customKernels->isChecked();
    s.ownership.powerPriceKwh = m_powerPrice->value();
    s.ownership.pue = m_pue->value();
    s.ownership.lifetimeMonths = m_lifetime->value();
    s.ownership.utilization = m_ownedUtilization->value();
    s.ownership.coloPerServerMonth = m_colo->value();
    s.sensitivity.samples = m_samples->value();
    return s;
}

void PlannerView::edited()
{
    if (m_filling)
        return;
    // The fields as typed, read once; then the rules every scenario meets, shared with the file
    // parser (scenario::validate). A section whose counts are unreadable is not judged further.
    QStringList problems;
    const scenario::Scenario now = readEditor(&problems);
    const bool countsBad = !problems.isEmpty();
    for (const scenario::Problem &problem : scenario::validate(now)) {
        if (!(countsBad && !problem.section.isEmpty()))
            problems.append(problemText(problem));
    }
    m_problems = problems;
    m_problemsLabel->setText(problems.join(u'\n'));
    setStale(!problems.isEmpty());

    // Record the edit for undo (not while undo or redo restores a scenario: m_last is it).
    if (scenario::toJson(now) != scenario::toJson(m_last)) {
        m_undo->push(new ScenarioCommand(this, m_last, now, sender()));
        m_last = now;
    }
    Q_EMIT scenarioEdited();
    if (problems.isEmpty())
        m_debounce->start();
}

void PlannerView::replan()
{
    if (m_problems.isEmpty() && m_runner->hasInputs())
        m_runner->request(scenario());
}

void PlannerView::applyOptionFilters()
{
    m_filterBar->applyTo(m_trainingProxy);
    m_filterBar->applyTo(m_inferenceProxy);
}

void PlannerView::showPlan(std::shared_ptr<const planning::Plan> plan, qint64 elapsedMs)
{
    m_plan = plan;
    m_trainingModel->setPlan(plan);
    m_inferenceModel->setPlan(plan);
    QList<const pricing::PriceRecord *> offers;
    for (const OptionTableModel *model : {m_trainingModel, m_inferenceModel})
        for (int row = 0; row < model->rowCount(); ++row)
            offers.append(model->offerAt(row));
    {
        const QSignalBlocker blocker(m_filterBar);
        m_filterBar->fill(offers, m_accelerators);
    }
    applyOptionFilters();
    m_charts->setPlan(plan);

    QString text = u"<b>%1</b><br>"_s.arg(plan->recommendation.toHtmlEscaped());
    text += tr("Budget %1 over %2 months (P10 %3, P50 %4, P90 %5). Prices as of %6.")
                .arg(format::money(plan->budget.total, plan->currency))
                .arg(plan->budget.months.size())
                .arg(format::number(plan->sensitivity.p10), format::number(plan->sensitivity.p50),
                     format::number(plan->sensitivity.p90), plan->pricesAsOf.toString(Qt::ISODate));
    if (plan->trainingBreakEven)
        text += u"<br>"_s + tr("Lock-in, training: %1").arg(plan->trainingBreakEven->summary.toHtmlEscaped());
    if (plan->inferenceBreakEven)
        text += u"<br>"_s + tr("Lock-in, inference: %1").arg(plan->inferenceBreakEven->summary.toHtmlEscaped());
    m_summary->setText(text);
    setStale(!m_problems.isEmpty());
    selectRecommended();
    Q_EMIT planUpdated(elapsedMs);
}

bool PlannerView::stale() const
{
    return !m_staleBanner->isHidden();
}

void PlannerView::setStale(bool stale)
{
    if (stale) {
        QStringList problems;
        for (const QString &problem : m_problems)
            problems.append(problem.toHtmlEscaped());
        m_staleBanner->setText(tr("<b>These results are out of date.</b> They are for the last valid inputs; fix "
                                  "the fields marked red to plan again:<br>%1")
                                   .arg(problems.join(u"<br>"_s)));
    }
    m_staleBanner->setVisible(stale && m_plan);
    for (QWidget *w : {static_cast<QWidget *>(m_summary), static_cast<QWidget *>(m_optionTabs),
                       static_cast<QWidget *>(m_charts), static_cast<QWidget *>(m_detail)})
        w->setEnabled(!stale);
}

void PlannerView::selectRecommended()
{
    // Training's recommendation when the plan has one, else inference's.
    QTableView *table = m_trainingProxy->rowCount() > 0 ? m_trainingTable : m_inferenceTable;
    if (table->model()->rowCount() == 0) {
        m_detail->clear();
        return;
    }
    m_optionTabs->setCurrentWidget(table);
    table->selectionModel()->setCurrentIndex(table->model()->index(0, 0),
                                             QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

bool PlannerView::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Wheel) {
        if (auto *field = qobject_cast<QWidget *>(watched); field && !field->hasFocus()) {
            event->ignore(); // passed on to the scroll area
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace accelplan::ui
