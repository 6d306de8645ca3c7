#include "ui/planner/scenarioeditor.h"

#include "core/catalog/planningcatalog.h"
#include "core/catalog/servingengine.h"
#include "core/common/units.h"
#include "core/planning/counts.h"
#include "ui/planner/scenariodocument.h"

#include <QAbstractSpinBox>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <tuple>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

namespace {

const QStringList kPrecisions = {u"bf16"_s, u"fp8"_s, u"fp16"_s, u"fp4"_s, u"fp32"_s, u"int8"_s};

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
        return QCoreApplication::translate("ScenarioEditor", "Plan training, inference or both");
    QString field = problem.section.isEmpty() ? problem.key : problem.section + u' ' + problem.key;
    field.replace(u'_', u' ');
    field[0] = field[0].toUpper();
    return field + u": "_s + problem.message;
}

/// A multiple choice's button names what is checked, or "all" when nothing is.
void showChecked(QToolButton *button, const QList<QAction *> &actions)
{
    QStringList checked;
    for (const QAction *action : actions)
        if (action->isChecked())
            checked.append(action->text());
    button->setText(checked.isEmpty() ? QCoreApplication::translate("ScenarioEditor", "all") : checked.join(u", "_s));
    button->setToolTip(button->text());
}

std::optional<double> positive(double value)
{
    return value > 0 ? std::optional<double>(value) : std::nullopt;
}

} // namespace

ScenarioEditor::ScenarioEditor(ScenarioDocument *document, QWidget *parent) : QWidget(parent), m_document(document)
{
    m_filling = true; // no edits while the widgets are made
    build();
    m_filling = false;
    connect(m_document, &ScenarioDocument::replaced, this, &ScenarioEditor::showScenario);
    showScenario(m_document->scenario());
}

void ScenarioEditor::showScenario(const scenario::Scenario &s)
{
    fill(s);
    QStringList problems;
    m_last = read(&problems);
    m_lastUnreadable = problems;
    check(m_last, problems);
}

void ScenarioEditor::build()
{
    auto *editor = this;
    auto *form = new QVBoxLayout(editor);

    auto line = [&](QWidget *parent, const QString &name, const QString &accessible, const QString &placeholder) {
        auto *edit = new QLineEdit(parent);
        edit->setObjectName(name);
        edit->setAccessibleName(accessible);
        edit->setPlaceholderText(placeholder);
        connect(edit, &QLineEdit::textChanged, this, &ScenarioEditor::edited);
        return edit;
    };
    auto combo = [&](QWidget *parent, const QString &name, const QString &accessible, const QStringList &items) {
        auto *box = new QComboBox(parent);
        box->setObjectName(name);
        box->setAccessibleName(accessible);
        box->addItems(items);
        connect(box, &QComboBox::currentIndexChanged, this, &ScenarioEditor::edited);
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
        connect(box, &QSpinBox::valueChanged, this, &ScenarioEditor::edited);
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
        connect(box, &QDoubleSpinBox::valueChanged, this, &ScenarioEditor::edited);
        return box;
    };
    auto group = [&](const QString &title, const QString &name, bool checkable) {
        auto *box = new QGroupBox(title, editor);
        box->setObjectName(name);
        box->setCheckable(checkable);
        if (checkable)
            connect(box, &QGroupBox::toggled, this, &ScenarioEditor::edited);
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
    m_steadyState = new QCheckBox(tr("Steady state only (a benchmark)"), m_training);
    m_steadyState->setObjectName(u"steadyState"_s);
    m_steadyState->setAccessibleName(tr("Steady-state projection"));
    m_steadyState->setToolTip(tr("Project the steady state a timed benchmark measures. Cleared (the default), a run is "
                                 "a campaign: evaluation, restarts, input stalls and warm-up, as published whole runs "
                                 "show"));
    connect(m_steadyState, &QCheckBox::toggled, this, &ScenarioEditor::edited);
    train->addRow(QString(), m_steadyState);
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
    m_concurrency = spin(m_inference, u"concurrency"_s, tr("Sequences in flight per replica"), 0, 10'000'000, QString());
    m_concurrency->setSpecialValueText(tr("most that meet the targets"));
    serve->addRow(tr("Concurrency"), m_concurrency);
    m_phase = combo(m_inference, u"servePhase"_s, tr("Phase a replica serves"), {});
    m_phase->addItem(tr("prefill and decode"), u"both"_s);
    m_phase->addItem(tr("prefill only (disaggregated)"), u"prefill"_s);
    m_phase->addItem(tr("decode only (disaggregated)"), u"decode"_s);
    serve->addRow(tr("Phase"), m_phase);
    m_kvPrecision = combo(m_inference, u"kvPrecision"_s, tr("KV cache precision"), {});
    m_kvPrecision->addItem(tr("as the weights (fp8 for 8-bit)"), QString());
    m_kvPrecision->addItem(u"bf16"_s, u"bf16"_s);
    m_kvPrecision->addItem(u"fp8"_s, u"fp8"_s);
    serve->addRow(tr("KV cache"), m_kvPrecision);
    m_engine = combo(m_inference, u"engine"_s, tr("Serving engine"), {});
    for (const catalog::ServingEngine &engine : catalog::servingEngines())
        m_engine->addItem(engine.name, engine.id);
    m_engine->setToolTip(tr("Without a concurrency, an instance schedules no more sequences than its engine does by "
                            "default (vLLM's max_num_seqs, SGLang's max_running_requests, TensorRT-LLM's "
                            "max_batch_size)."));
    serve->addRow(tr("Engine"), m_engine);
    m_months = spin(m_inference, u"months"_s, tr("Serving horizon"), 1, 240, tr(" months"));
    serve->addRow(tr("Horizon"), m_months);
    m_production = new QCheckBox(tr("Production (N+1, no spot)"), m_inference);
    m_production->setObjectName(u"production"_s);
    m_production->setAccessibleName(tr("Production service"));
    m_production->setToolTip(tr("A production service keeps one spare replica beyond the load and runs on no capacity the "
                                "provider can reclaim; clear it for a trial or an internal service"));
    connect(m_production, &QCheckBox::toggled, this, &ScenarioEditor::edited);
    serve->addRow(QString(), m_production);

    auto *constraints = group(tr("&Constraints"), u"constraintsGroup"_s, false);
    auto *limits = new QFormLayout(constraints);
    auto *constraintsNote = new QLabel(tr("Constraints change the plan: offers outside them are not planned. The "
                                          "filters above the options only hide rows of the plan."),
                                       constraints);
    constraintsNote->setObjectName(u"constraintsNote"_s);
    constraintsNote->setWordWrap(true);
    limits->addRow(constraintsNote);
    // A menu of checks per offer kind and per price model, on a button that names the choice
    // ("all" when none is checked): compact enough for the editor's narrow column.
    auto checks = [&](const QStringList &names, const QString &name, const QString &accessible, QList<QAction *> *actions) {
        auto *button = new QToolButton(constraints);
        button->setObjectName(name);
        button->setAccessibleName(accessible);
        button->setPopupMode(QToolButton::InstantPopup);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        button->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        auto *menu = new QMenu(button);
        for (const QString &value : names) {
            QString text = value;
            text.replace(u'_', u' ');
            QAction *action = menu->addAction(text);
            action->setCheckable(true);
            action->setObjectName(name + u':' + value);
            action->setProperty("name", value); // the spelling of pricing::toString
            connect(action, &QAction::toggled, this, &ScenarioEditor::edited);
            connect(action, &QAction::toggled, button, [button, actions] { showChecked(button, *actions); });
            actions->append(action);
        }
        button->setMenu(menu);
        showChecked(button, *actions);
        return button;
    };
    limits->addRow(tr("Offer kinds"), checks(pricing::offerKindNames(), u"constraintOfferKinds"_s, tr("Allowed offer kinds"),
                                             &m_offerKinds));
    limits->addRow(tr("Price models"), checks(pricing::priceModelNames(), u"constraintPriceModels"_s,
                                              tr("Allowed price models"), &m_priceModels));
    m_providers = line(constraints, u"constraintProviders"_s, tr("Allowed providers"), tr("all; or e.g. AWS, Lambda"));
    limits->addRow(tr("Providers"), m_providers);
    m_regions = line(constraints, u"constraintRegions"_s, tr("Allowed regions"), tr("all; or e.g. us-east-1, eastus"));
    limits->addRow(tr("Regions"), m_regions);
    m_accelerators = line(constraints, u"constraintAccelerators"_s, tr("Allowed accelerators"),
                          tr("all; or e.g. h100-sxm, tpu-v6e"));
    limits->addRow(tr("Accelerators"), m_accelerators);
    m_maxChips = spin(constraints, u"maxChips"_s, tr("Most chips"), 1, 1'000'000, tr(" chips"));
    limits->addRow(tr("At most"), m_maxChips);
    m_budget = real(constraints, u"budget"_s, tr("Training budget"), 0, 1e12, 0, QString(), tr("no budget"));
    limits->addRow(tr("Budget"), m_budget);
    auto check = [&](QWidget *parent, const QString &name, const QString &text) {
        auto *box = new QCheckBox(text, parent);
        box->setObjectName(name);
        box->setAccessibleName(text);
        connect(box, &QCheckBox::toggled, this, &ScenarioEditor::edited);
        return box;
    };
    m_excludeSpot = check(constraints, u"excludeSpot"_s, tr("No spot capacity"));
    limits->addRow(QString(), m_excludeSpot);
    m_excludeMarketplace = check(constraints, u"excludeMarketplace"_s, tr("No marketplace hosts"));
    limits->addRow(QString(), m_excludeMarketplace);
    m_wholeNodes = check(constraints, u"wholeNodes"_s, tr("Whole nodes only"));
    limits->addRow(QString(), m_wholeNodes);
    m_minScaleOut = real(constraints, u"minScaleOutGbps"_s, tr("Minimum scale-out bandwidth per node"), 0, 1e5, 0,
                         tr(" Gb/s"), tr("any"));
    limits->addRow(tr("Scale-out"), m_minScaleOut);
    m_fabrics = line(constraints, u"constraintFabrics"_s, tr("Required fabric"), tr("any; or e.g. infiniband, efa"));
    limits->addRow(tr("Fabric"), m_fabrics);

    auto *lockin = group(tr("&Lock-in"), u"lockinGroup"_s, false);
    auto *lock = new QFormLayout(lockin);
    m_exitProbability = real(lockin, u"exitProbability"_s, tr("Exit probability"), 0, 1, 2, QString());
    m_exitProbability->setSingleStep(0.05);
    lock->addRow(tr("Exit probability"), m_exitProbability);
    m_datasetGb = real(lockin, u"datasetGb"_s, tr("Dataset to move out"), 0, 1e9, 0, tr(" GB"));
    lock->addRow(tr("Dataset"), m_datasetGb);
    m_checkpointGb = real(lockin, u"checkpointGb"_s, tr("Checkpoints to move out"), 0, 1e9, 0, tr(" GB"),
                          tr("16 bytes per parameter"));
    lock->addRow(tr("Checkpoints"), m_checkpointGb);
    m_commitmentOtherUse = real(lockin, u"commitmentOtherUse"_s, tr("Share of a commitment other work uses"), 0, 100, 0,
                                tr(" %"));
    lock->addRow(tr("Terms' other use"), m_commitmentOtherUse);
    m_engineerWeek = real(lockin, u"engineerWeekCost"_s, tr("Cost of an engineer-week"), 0, 1e7, 0, QString());
    lock->addRow(tr("Engineer-week"), m_engineerWeek);
    m_customKernels = new QCheckBox(tr("Custom CUDA kernels"), lockin);
    m_customKernels->setObjectName(u"customCudaKernels"_s);
    m_customKernels->setAccessibleName(tr("Custom CUDA kernels"));
    connect(m_customKernels, &QCheckBox::toggled, this, &ScenarioEditor::edited);
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
    m_networking = real(ownership, u"networkingPerServer"_s, tr("Cluster network bought per server"), 0, 1e7, 0,
                        tr(" per server"));
    m_networking->setToolTip(tr("NICs' share of switches and cables, paid with each server (a 400G InfiniBand fabric "
                                "was about 15,000 USD per node in 2024)"));
    own->addRow(tr("Network"), m_networking);
    m_ownedOtherUse = real(ownership, u"ownedOtherUse"_s, tr("Share of the hardware's life other work fills"), 0, 100, 0,
                           tr(" %"));
    m_ownedOtherUse->setToolTip(tr("The capex this scenario's own use leaves idle is charged to the plan, less the share "
                                   "other work fills"));
    own->addRow(tr("Other use"), m_ownedOtherUse);

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
        disconnect(preset, &QComboBox::currentIndexChanged, this, &ScenarioEditor::edited);
        // Init-captures: clang 14 cannot capture structured bindings by name.
        connect(preset, &QComboBox::currentIndexChanged, this, [this, box = preset, p = params, a = active] {
            presetChosen(box, p, a);
        });
    }
}

void ScenarioEditor::presetChosen(QComboBox *combo, QLineEdit *params, QLineEdit *active)
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

int ScenarioEditor::presetIndex(const QComboBox *box, const QString &model) const
{
    // A scenario may name a preset by an alias ("Llama-3.1-70B"); the box lists ids.
    const catalog::ModelPreset *preset = m_catalog && !model.isEmpty() ? m_catalog->findModel(model) : nullptr;
    return std::max(0, box->findData(preset ? preset->id : model));
}

void ScenarioEditor::fill(const scenario::Scenario &s)
{
    m_base = s;
    m_filling = true;
    m_name->setText(s.name);
    m_currency->setCurrentText(s.currency);
    m_training->setChecked(s.training.has_value());
    const scenario::TrainingSection t = s.training.value_or(scenario::TrainingSection{});
    m_trainModel->setCurrentIndex(presetIndex(m_trainModel, t.model));
    m_trainParams->setText(t.modelParams > 0 ? countText(t.modelParams) : QString());
    m_trainActive->setText(optionalCountText(t.activeParams));
    m_trainTokens->setText(t.tokens > 0 ? countText(t.tokens) : QString());
    m_trainPrecision->setCurrentText(t.precision);
    m_framework->setCurrentText(t.framework);
    m_deadline->setValue(t.deadlineDays.value_or(0));
    m_runs->setValue(t.runs);
    m_steadyState->setChecked(t.steadyState);
    m_startMonth->setValue(t.startMonth);
    m_inference->setChecked(s.inference.has_value());
    const scenario::InferenceSection i = s.inference.value_or(scenario::InferenceSection{});
    m_serveModel->setCurrentIndex(presetIndex(m_serveModel, i.model));
    m_serveParams->setText(i.modelParams > 0 ? countText(i.modelParams) : QString());
    m_serveActive->setText(optionalCountText(i.activeParams));
    m_servePrecision->setCurrentText(i.precision);
    m_inputTokens->setValue(int(std::max(0.0, i.inputTokens)));
    m_outputTokens->setValue(int(std::max(1.0, i.outputTokens)));
    m_qps->setValue(i.requestsPerSecond.value_or(i.requestsPerMonth.value_or(0) / (kHoursPerMonth * 3600.0)));
    m_ttft->setValue(i.ttftMs.value_or(0));
    m_tpot->setValue(i.tpotMs.value_or(0));
    m_serveUtilization->setValue(i.utilization);
    m_concurrency->setValue(i.concurrency.value_or(0));
    m_phase->setCurrentIndex(std::max(0, m_phase->findData(i.phase)));
    m_kvPrecision->setCurrentIndex(std::max(0, m_kvPrecision->findData(i.kvPrecision)));
    m_engine->setCurrentIndex(std::max(0, m_engine->findData(i.engine.isEmpty() ? u"vllm"_s : i.engine)));
    m_months->setValue(int(i.months));
    m_production->setChecked(i.production);
    m_providers->setText(s.constraints.providers.join(u", "_s));
    m_maxChips->setValue(s.constraints.maxChips);
    m_budget->setValue(s.constraints.budget.value_or(0));
    m_excludeSpot->setChecked(s.constraints.excludeSpot);
    m_excludeMarketplace->setChecked(s.constraints.excludeMarketplace);
    m_wholeNodes->setChecked(s.constraints.wholeNodes);
    m_minScaleOut->setValue(s.constraints.minScaleOutGbps.value_or(0));
    m_fabrics->setText(s.constraints.fabrics.join(u", "_s));
    m_regions->setText(s.constraints.regions.join(u", "_s));
    m_accelerators->setText(s.constraints.accelerators.join(u", "_s));
    for (QAction *box : std::as_const(m_offerKinds))
        box->setChecked(s.constraints.offerKinds.contains(*pricing::offerKindFromString(box->property("name").toString())));
    for (QAction *box : std::as_const(m_priceModels))
        box->setChecked(s.constraints.priceModels.contains(*pricing::priceModelFromString(box->property("name").toString())));
    m_checkpointGb->setValue(s.lockin.checkpointGb.value_or(0));
    m_commitmentOtherUse->setValue(s.lockin.commitmentOtherUse * 100);
    m_ownedOtherUse->setValue(s.ownership.otherUse * 100);
    m_exitProbability->setValue(s.lockin.exitProbability);
    m_datasetGb->setValue(s.lockin.datasetGb.value_or(0));
    m_engineerWeek->setValue(s.lockin.engineerWeekCost);
    m_customKernels->setChecked(s.lockin.customCudaKernels);
    m_powerPrice->setValue(s.ownership.powerPriceKwh);
    m_pue->setValue(s.ownership.pue);
    m_lifetime->setValue(int(s.ownership.lifetimeMonths));
    m_ownedUtilization->setValue(s.ownership.utilization);
    m_colo->setValue(s.ownership.coloPerServerMonth);
    m_networking->setValue(s.ownership.networkingPerServer);
    m_samples->setValue(s.sensitivity.samples);
    m_filling = false;
}

scenario::Scenario ScenarioEditor::read(QStringList *problems) const
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
        t.steadyState = m_steadyState->isChecked();
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
        i.concurrency = m_concurrency->value() > 0 ? std::optional<int>(m_concurrency->value()) : std::nullopt;
        i.phase = m_phase->currentData().toString();
        i.kvPrecision = m_kvPrecision->currentData().toString();
        // vLLM, the default, is written as no engine: a scenario saved untouched stays as it was.
        const QString engine = m_engine->currentData().toString();
        i.engine = engine == u"vllm"_s ? QString() : engine;
        i.months = m_months->value();
        i.production = m_production->isChecked();
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
    s.constraints.excludeSpot = m_excludeSpot->isChecked();
    s.constraints.excludeMarketplace = m_excludeMarketplace->isChecked();
    s.constraints.wholeNodes = m_wholeNodes->isChecked();
    s.constraints.minScaleOutGbps = positive(m_minScaleOut->value());
    s.constraints.fabrics.clear();
    for (const QString &fabric : m_fabrics->text().split(u',', Qt::SkipEmptyParts))
        if (!fabric.trimmed().isEmpty())
            s.constraints.fabrics.append(fabric.trimmed().toLower());
    auto listOf = [](const QLineEdit *edit, bool lower) {
        QStringList items;
        for (const QString &item : edit->text().split(u',', Qt::SkipEmptyParts))
            if (!item.trimmed().isEmpty())
                items.append(lower ? item.trimmed().toLower() : item.trimmed());
        return items;
    };
    s.constraints.regions = listOf(m_regions, false);
    s.constraints.accelerators = listOf(m_accelerators, true);
    s.constraints.offerKinds.clear();
    for (const QAction *box : m_offerKinds)
        if (box->isChecked())
            s.constraints.offerKinds.append(*pricing::offerKindFromString(box->property("name").toString()));
    s.constraints.priceModels.clear();
    for (const QAction *box : m_priceModels)
        if (box->isChecked())
            s.constraints.priceModels.append(*pricing::priceModelFromString(box->property("name").toString()));
    s.lockin.checkpointGb = positive(m_checkpointGb->value());
    s.lockin.commitmentOtherUse = m_commitmentOtherUse->value() / 100;
    s.ownership.otherUse = m_ownedOtherUse->value() / 100;
    s.lockin.exitProbability = m_exitProbability->value();
    s.lockin.datasetGb = m_datasetGb->value();
    s.lockin.engineerWeekCost = m_engineerWeek->value();
    s.lockin.customCudaKernels = m_customKernels->isChecked();
    s.ownership.powerPriceKwh = m_powerPrice->value();
    s.ownership.pue = m_pue->value();
    s.ownership.lifetimeMonths = m_lifetime->value();
    s.ownership.utilization = m_ownedUtilization->value();
    s.ownership.coloPerServerMonth = m_colo->value();
    s.ownership.networkingPerServer = m_networking->value();
    s.sensitivity.samples = m_samples->value();
    return s;
}

void ScenarioEditor::edited()
{
    if (m_filling)
        return;
    QStringList problems;
    const scenario::Scenario now = read(&problems);
    // Record the edit in the document (not while it refills the fields: m_last is then what it holds).
    // A count made unreadable is an edit even where the scenario reads the same (an optional count
    // was empty): undoing it gives the field its last readable text back.
    if (scenario::toJson(now) != scenario::toJson(m_last) || problems != m_lastUnreadable) {
        m_document->edit(m_last, now, sender());
        m_last = now;
        m_lastUnreadable = problems;
    }
    check(now, problems);
}

void ScenarioEditor::check(const scenario::Scenario &now, QStringList problems)
{
    // The fields as typed were read once (problems holds the unreadable counts); then the rules
    // every scenario meets, shared with the file parser. A section whose counts are unreadable is
    // not judged further.
    const bool countsBad = !problems.isEmpty();
    for (const scenario::Problem &problem : scenario::validate(now)) {
        if (!(countsBad && !problem.section.isEmpty()))
            problems.append(problemText(problem));
    }
    m_problems = problems;
    m_problemsLabel->setText(problems.join(u'\n'));
    Q_EMIT validated();
}

void ScenarioEditor::setCatalog(std::shared_ptr<const catalog::PlanningCatalog> catalog)
{
    m_catalog = std::move(catalog);
    if (m_trainModel->count() != 1 || !m_catalog)
        return;
    const QSignalBlocker trainBlocker(m_trainModel);
    const QSignalBlocker serveBlocker(m_serveModel);
    for (const catalog::ModelPreset &m : m_catalog->models()) {
        const QString tip = tr("%1 parameters (%2 active); source: %3")
                                .arg(countText(m.totalParams), countText(m.activeParams), m.source.url);
        for (QComboBox *box : {m_trainModel, m_serveModel}) {
            box->addItem(m.name, m.id);
            box->setItemData(box->count() - 1, tip, Qt::ToolTipRole);
        }
    }
    // The shown scenario may name a preset that was not listed yet.
    const scenario::Scenario &shown = m_document->scenario();
    m_trainModel->setCurrentIndex(presetIndex(m_trainModel, shown.training ? shown.training->model : QString()));
    m_serveModel->setCurrentIndex(presetIndex(m_serveModel, shown.inference ? shown.inference->model : QString()));
}

bool ScenarioEditor::eventFilter(QObject *watched, QEvent *event)
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
