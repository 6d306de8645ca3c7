#include "ui/planner/scenarioeditor.h"

#include "ui/planner/demandeditor.h"

#include "core/catalog/servingengine.h"
#include "core/pricing/pricetypes.h"
#include "core/scenario/scenario.h"

#include <QAbstractSpinBox>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <tuple>

// The editor's fields, built group by group; reading and filling them is in scenarioeditor.cpp.

using namespace Qt::StringLiterals;

namespace accelplan::ui {

namespace {

const QStringList kPrecisions = {u"bf16"_s, u"fp8"_s, u"fp16"_s, u"fp4"_s, u"fp32"_s, u"int8"_s};

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

} // namespace

QLineEdit *ScenarioEditor::lineEdit(QWidget *parent, const QString &name, const QString &accessible,
                                    const QString &placeholder)
{
    auto *edit = new QLineEdit(parent);
    edit->setObjectName(name);
    edit->setAccessibleName(accessible);
    edit->setPlaceholderText(placeholder);
    connect(edit, &QLineEdit::textChanged, this, &ScenarioEditor::edited);
    return edit;
}

QComboBox *ScenarioEditor::comboBox(QWidget *parent, const QString &name, const QString &accessible,
                                    const QStringList &items)
{
    auto *box = new QComboBox(parent);
    box->setObjectName(name);
    box->setAccessibleName(accessible);
    box->addItems(items);
    connect(box, &QComboBox::currentIndexChanged, this, &ScenarioEditor::edited);
    return box;
}

QSpinBox *ScenarioEditor::spinBox(QWidget *parent, const QString &name, const QString &accessible, int low, int high,
                                  const QString &suffix)
{
    auto *box = new QSpinBox(parent);
    box->setObjectName(name);
    box->setAccessibleName(accessible);
    box->setRange(low, high);
    box->setSuffix(suffix);
    box->setGroupSeparatorShown(true);
    connect(box, &QSpinBox::valueChanged, this, &ScenarioEditor::edited);
    return box;
}

QDoubleSpinBox *ScenarioEditor::realBox(QWidget *parent, const QString &name, const QString &accessible, double low,
                                        double high, int decimals, const QString &suffix, const QString &special)
{
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
}

QCheckBox *ScenarioEditor::checkBox(QWidget *parent, const QString &name, const QString &text)
{
    auto *box = new QCheckBox(text, parent);
    box->setObjectName(name);
    box->setAccessibleName(text);
    connect(box, &QCheckBox::toggled, this, &ScenarioEditor::edited);
    return box;
}

QGroupBox *ScenarioEditor::addGroup(QVBoxLayout *form, const QString &title, const QString &name, bool checkable)
{
    auto *box = new QGroupBox(title, this);
    box->setObjectName(name);
    box->setCheckable(checkable);
    if (checkable)
        connect(box, &QGroupBox::toggled, this, &ScenarioEditor::edited);
    form->addWidget(box);
    return box;
}

// A menu of checks per offer kind and per price model, on a button that names the choice
// ("all" when none is checked): compact enough for the editor's narrow column.
QToolButton *ScenarioEditor::checkMenu(QWidget *parent, const QStringList &names, const QString &name,
                                       const QString &accessible, QList<QAction *> *actions)
{
    auto *button = new QToolButton(parent);
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
}

void ScenarioEditor::buildGeneral(QVBoxLayout *form)
{
    auto *general = new QFormLayout;
    m_name = lineEdit(this, u"scenarioName"_s, tr("Scenario name"), tr("what this plan is for"));
    m_name->setMaxLength(scenario::kMaxNameLength);
    general->addRow(tr("&Name"), m_name);
    m_currency = comboBox(this, u"currency"_s, tr("Scenario currency"),
                       {u"USD"_s, u"EUR"_s, u"GBP"_s, u"JPY"_s, u"CHF"_s});
    general->addRow(tr("C&urrency"), m_currency);
    form->addLayout(general);
}

ScenarioEditor::ModelFields ScenarioEditor::addModelFields(QWidget *group, QFormLayout *form, const QString &section,
                                                          const QString &what, const QString &paramsExample,
                                                          const QString &activeExample)
{
    ModelFields fields;
    fields.preset = comboBox(group, section + u"Preset"_s, tr("%1 model preset").arg(what), {});
    fields.preset->addItem(tr("(custom)"), QString());
    fields.openConfig = new QToolButton(group);
    fields.openConfig->setObjectName(section + u"OpenConfig"_s);
    fields.openConfig->setText(tr("config.json…"));
    fields.openConfig->setToolTip(tr("Take the %1 model from a Hugging Face config.json: its architecture and "
                                     "parameter counts").arg(what.toLower()));
    const bool training = section == u"training"_s;
    connect(fields.openConfig, &QToolButton::clicked, this, [this, training] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open a Model's config.json"), QString(),
                                                          tr("Model config (*.json);;All files (*)"));
        if (path.isEmpty())
            return;
        if (Status opened = openModelConfig(training, path); !opened)
            QMessageBox::warning(this, tr("Cannot Read the Model Config"), opened.error().toString());
    });
    auto *presetRow = new QHBoxLayout;
    presetRow->addWidget(fields.preset, 1);
    presetRow->addWidget(fields.openConfig);
    form->addRow(tr("Preset"), presetRow);
    fields.params = lineEdit(group, section + u"Params"_s, tr("%1 model parameters").arg(what),
                             tr("e.g. %1").arg(paramsExample));
    form->addRow(tr("Parameters"), fields.params);
    fields.active = lineEdit(group, section + u"ActiveParams"_s, tr("%1 active parameters").arg(what),
                             tr("MoE only, e.g. %1").arg(activeExample));
    form->addRow(tr("Active per token"), fields.active);
    fields.precision = comboBox(group, section + u"Precision"_s, tr("%1 precision").arg(what), kPrecisions);
    form->addRow(tr("Precision"), fields.precision);
    fields.problemParams = tr("%1 parameters: a count such as %2").arg(what, paramsExample);
    fields.problemActive = tr("%1 active parameters: a count such as %2, or empty for a dense model").arg(what, activeExample);
    return fields;
}

void ScenarioEditor::buildTraining(QVBoxLayout *form)
{
    m_training = addGroup(form, tr("&Training"), u"trainingGroup"_s, true);
    auto *train = new QFormLayout(m_training);
    m_trainModel = addModelFields(m_training, train, u"training"_s, tr("Training"), u"70B or 7e10"_s, u"37B"_s);
    m_trainTokens = lineEdit(m_training, u"trainingTokens"_s, tr("Training tokens"), tr("e.g. 2T"));
    train->addRow(tr("Tokens"), m_trainTokens);
    m_framework = comboBox(m_training, u"framework"_s, tr("Framework"), {u"pytorch"_s, u"jax"_s, u"tensorflow"_s});
    train->addRow(tr("Framework"), m_framework);
    m_deadline = realBox(m_training, u"deadlineDays"_s, tr("Training deadline"), 0, 3650, 1, tr(" days"), tr("no deadline"));
    train->addRow(tr("Deadline"), m_deadline);
    m_runs = spinBox(m_training, u"runs"_s, tr("Training runs"), 1, 1000, QString());
    train->addRow(tr("Runs"), m_runs);
    m_steadyState = new QCheckBox(tr("Steady state only (a benchmark)"), m_training);
    m_steadyState->setObjectName(u"steadyState"_s);
    m_steadyState->setAccessibleName(tr("Steady-state projection"));
    m_steadyState->setToolTip(tr("Project the steady state a timed benchmark measures. Cleared (the default), a run is "
                                 "a campaign: evaluation, restarts, input stalls and warm-up, as published whole runs "
                                 "show"));
    connect(m_steadyState, &QCheckBox::toggled, this, &ScenarioEditor::edited);
    train->addRow(QString(), m_steadyState);
    m_startMonth = spinBox(m_training, u"startMonth"_s, tr("Training start month"), 1, 240, QString());
    m_startMonth->setPrefix(tr("month "));
    train->addRow(tr("Starts in"), m_startMonth);
}

void ScenarioEditor::buildInference(QVBoxLayout *form)
{
    m_inference = addGroup(form, tr("&Inference"), u"inferenceGroup"_s, true);
    auto *serve = new QFormLayout(m_inference);
    m_serveModel = addModelFields(m_inference, serve, u"inference"_s, tr("Inference"), u"8B"_s, u"13B"_s);
    m_inputTokens = spinBox(m_inference, u"inputTokens"_s, tr("Input tokens per request"), 0, 10'000'000, tr(" tokens"));
    serve->addRow(tr("Input per request"), m_inputTokens);
    m_outputTokens = spinBox(m_inference, u"outputTokens"_s, tr("Output tokens per request"), 1, 10'000'000, tr(" tokens"));
    serve->addRow(tr("Output per request"), m_outputTokens);
    m_qps = realBox(m_inference, u"requestsPerSecond"_s, tr("Requests per second"), 0.001, 1e7, 3, tr(" req/s"));
    serve->addRow(tr("Load"), m_qps);
    // A load that changes month by month: the constant load then gives way to the curve.
    m_demand = new DemandEditor(m_inference);
    connect(m_demand, &DemandEditor::edited, this, [this] {
        m_qps->setEnabled(m_demand->points().isEmpty());
        Q_EMIT edited();
    });
    serve->addRow(tr("Demand curve"), m_demand);
    m_ttft = realBox(m_inference, u"ttftMs"_s, tr("Time to first token target"), 0, 600'000, 0, tr(" ms"), tr("no target"));
    serve->addRow(tr("TTFT target"), m_ttft);
    m_tpot = realBox(m_inference, u"tpotMs"_s, tr("Time per output token target"), 0, 60'000, 1, tr(" ms"), tr("no target"));
    serve->addRow(tr("TPOT target"), m_tpot);
    m_serveUtilization = realBox(m_inference, u"servingUtilization"_s, tr("Target utilisation of replicas"), 0.05, 1, 2,
                              QString());
    m_serveUtilization->setSingleStep(0.05);
    serve->addRow(tr("Target utilisation"), m_serveUtilization);
    m_prefixCacheHit = realBox(m_inference, u"prefixCacheHit"_s,
                               tr("Share of each prompt found in the prefix cache: not computed again when self-hosted, "
                                  "billed at the cached-input price by a hosted API"),
                               0, 0.99, 2, QString(), tr("none"));
    m_prefixCacheHit->setSingleStep(0.05);
    serve->addRow(tr("Prefix cache hit"), m_prefixCacheHit);
    m_concurrency = spinBox(m_inference, u"concurrency"_s, tr("Sequences in flight per replica"), 0, 10'000'000, QString());
    m_concurrency->setSpecialValueText(tr("most that meet the targets"));
    serve->addRow(tr("Concurrency"), m_concurrency);
    m_phase = comboBox(m_inference, u"servePhase"_s, tr("Phase a replica serves"), {});
    m_phase->addItem(tr("prefill and decode"), u"both"_s);
    m_phase->addItem(tr("prefill only (disaggregated)"), u"prefill"_s);
    m_phase->addItem(tr("decode only (disaggregated)"), u"decode"_s);
    serve->addRow(tr("Phase"), m_phase);
    m_kvPrecision = comboBox(m_inference, u"kvPrecision"_s, tr("KV cache precision"), {});
    m_kvPrecision->addItem(tr("as the weights (fp8 for 8-bit)"), QString());
    m_kvPrecision->addItem(u"bf16"_s, u"bf16"_s);
    m_kvPrecision->addItem(u"fp8"_s, u"fp8"_s);
    serve->addRow(tr("KV cache"), m_kvPrecision);
    m_engine = comboBox(m_inference, u"engine"_s, tr("Serving engine"), {});
    for (const catalog::ServingEngine &engine : catalog::servingEngines())
        m_engine->addItem(engine.name, engine.id);
    m_engine->setToolTip(tr("Without a concurrency, an instance schedules no more sequences than its engine does by "
                            "default (vLLM's max_num_seqs, SGLang's max_running_requests, TensorRT-LLM's "
                            "max_batch_size)."));
    serve->addRow(tr("Engine"), m_engine);
    m_months = spinBox(m_inference, u"months"_s, tr("Serving horizon"), 1, 240, tr(" months"));
    serve->addRow(tr("Horizon"), m_months);
    connect(m_months, &QSpinBox::valueChanged, m_demand, &DemandEditor::setMonths);
    m_production = new QCheckBox(tr("Production (N+1, no spot)"), m_inference);
    m_production->setObjectName(u"production"_s);
    m_production->setAccessibleName(tr("Production service"));
    m_production->setToolTip(tr("A production service keeps one spare replica beyond the load and runs on no capacity the "
                                "provider can reclaim; clear it for a trial or an internal service"));
    connect(m_production, &QCheckBox::toggled, this, &ScenarioEditor::edited);
    serve->addRow(QString(), m_production);
}

void ScenarioEditor::buildConstraints(QVBoxLayout *form)
{
    auto *constraints = addGroup(form, tr("&Constraints"), u"constraintsGroup"_s, false);
    auto *limits = new QFormLayout(constraints);
    auto *constraintsNote = new QLabel(tr("Constraints change the plan: offers outside them are not planned. The "
                                          "filters above the options only hide rows of the plan."),
                                       constraints);
    constraintsNote->setObjectName(u"constraintsNote"_s);
    constraintsNote->setWordWrap(true);
    limits->addRow(constraintsNote);
    limits->addRow(tr("Offer kinds"), checkMenu(constraints, pricing::offerKindNames(), u"constraintOfferKinds"_s, tr("Allowed offer kinds"),
                                             &m_offerKinds));
    limits->addRow(tr("Price models"), checkMenu(constraints, pricing::priceModelNames(), u"constraintPriceModels"_s,
                                              tr("Allowed price models"), &m_priceModels));
    m_providers = lineEdit(constraints, u"constraintProviders"_s, tr("Allowed providers"), tr("all; or e.g. AWS, Lambda"));
    limits->addRow(tr("Providers"), m_providers);
    m_regions = lineEdit(constraints, u"constraintRegions"_s, tr("Allowed regions"), tr("all; or e.g. us-east-1, eastus"));
    limits->addRow(tr("Regions"), m_regions);
    m_accelerators = lineEdit(constraints, u"constraintAccelerators"_s, tr("Allowed accelerators"),
                          tr("all; or e.g. h100-sxm, tpu-v6e"));
    limits->addRow(tr("Accelerators"), m_accelerators);
    m_maxChips = spinBox(constraints, u"maxChips"_s, tr("Most chips"), 1, 1'000'000, tr(" chips"));
    limits->addRow(tr("At most"), m_maxChips);
    m_budget = realBox(constraints, u"budget"_s, tr("Training budget"), 0, 1e12, 0, QString(), tr("no budget"));
    limits->addRow(tr("Budget"), m_budget);
    m_excludeSpot = checkBox(constraints, u"excludeSpot"_s, tr("No spot capacity"));
    limits->addRow(QString(), m_excludeSpot);
    m_excludeMarketplace = checkBox(constraints, u"excludeMarketplace"_s, tr("No marketplace hosts"));
    limits->addRow(QString(), m_excludeMarketplace);
    m_wholeNodes = checkBox(constraints, u"wholeNodes"_s, tr("Whole nodes only"));
    limits->addRow(QString(), m_wholeNodes);
    m_minScaleOut = realBox(constraints, u"minScaleOutGbps"_s, tr("Minimum scale-out bandwidth per node"), 0, 1e5, 0,
                         tr(" Gb/s"), tr("any"));
    limits->addRow(tr("Scale-out"), m_minScaleOut);
    m_fabrics = lineEdit(constraints, u"constraintFabrics"_s, tr("Required fabric"), tr("any; or e.g. infiniband, efa"));
    limits->addRow(tr("Fabric"), m_fabrics);
}

void ScenarioEditor::buildLockin(QVBoxLayout *form)
{
    auto *lockin = addGroup(form, tr("&Lock-in"), u"lockinGroup"_s, false);
    auto *lock = new QFormLayout(lockin);
    m_exitProbability = realBox(lockin, u"exitProbability"_s, tr("Exit probability"), 0, 1, 2, QString());
    m_exitProbability->setSingleStep(0.05);
    lock->addRow(tr("Exit probability"), m_exitProbability);
    m_datasetGb = realBox(lockin, u"datasetGb"_s, tr("Dataset to move out"), 0, 1e9, 0, tr(" GB"));
    lock->addRow(tr("Dataset"), m_datasetGb);
    m_checkpointGb = realBox(lockin, u"checkpointGb"_s, tr("Checkpoints to move out"), 0, 1e9, 0, tr(" GB"),
                          tr("16 bytes per parameter"));
    lock->addRow(tr("Checkpoints"), m_checkpointGb);
    m_commitmentOtherUse = realBox(lockin, u"commitmentOtherUse"_s, tr("Share of a commitment other work uses"), 0, 100, 0,
                                tr(" %"));
    lock->addRow(tr("Terms' other use"), m_commitmentOtherUse);
    m_engineerWeek = realBox(lockin, u"engineerWeekCost"_s, tr("Cost of an engineer-week"), 0, 1e7, 0, QString());
    lock->addRow(tr("Engineer-week"), m_engineerWeek);
    m_customKernels = new QCheckBox(tr("Custom CUDA kernels"), lockin);
    m_customKernels->setObjectName(u"customCudaKernels"_s);
    m_customKernels->setAccessibleName(tr("Custom CUDA kernels"));
    connect(m_customKernels, &QCheckBox::toggled, this, &ScenarioEditor::edited);
    lock->addRow(QString(), m_customKernels);
}

void ScenarioEditor::buildOwnership(QVBoxLayout *form)
{
    auto *ownership = addGroup(form, tr("&Ownership"), u"ownershipGroup"_s, false);
    ownership->setToolTip(tr("How bought hardware is costed per hour of use"));
    auto *own = new QFormLayout(ownership);
    m_powerPrice = realBox(ownership, u"powerPrice"_s, tr("Electricity price per kWh"), 0, 10, 3, tr(" per kWh"));
    own->addRow(tr("Electricity"), m_powerPrice);
    m_pue = realBox(ownership, u"pue"_s, tr("Power usage effectiveness"), 1, 3, 2, QString());
    own->addRow(tr("PUE"), m_pue);
    m_lifetime = spinBox(ownership, u"lifetimeMonths"_s, tr("Hardware lifetime"), 1, 240, tr(" months"));
    own->addRow(tr("Lifetime"), m_lifetime);
    m_ownedUtilization = realBox(ownership, u"ownedUtilization"_s, tr("Utilisation of owned hardware"), 0.01, 1, 2, QString());
    own->addRow(tr("Utilisation"), m_ownedUtilization);
    m_colo = realBox(ownership, u"coloPerServerMonth"_s, tr("Colocation per server-month"), 0, 1e6, 0, tr(" per month"));
    own->addRow(tr("Colocation"), m_colo);
    m_networking = realBox(ownership, u"networkingPerServer"_s, tr("Cluster network bought per server"), 0, 1e7, 0,
                        tr(" per server"));
    m_networking->setToolTip(tr("NICs' share of switches and cables, paid with each server (a 400G InfiniBand fabric "
                                "was about 15,000 USD per node in 2024)"));
    own->addRow(tr("Network"), m_networking);
    m_installation = realBox(ownership, u"installationPerServer"_s, tr("Installation per server"), 0, 1e7, 0,
                             tr(" per server"), tr("not counted"));
    m_installation->setToolTip(tr("Racking, cabling and commissioning, paid once with each server"));
    own->addRow(tr("Installation"), m_installation);
    m_ownedOtherUse = realBox(ownership, u"ownedOtherUse"_s, tr("Share of the hardware's life other work fills"), 0, 100, 0,
                           tr(" %"));
    m_ownedOtherUse->setToolTip(tr("The capex this scenario's own use leaves idle is charged to the plan, less the share "
                                   "other work fills"));
    own->addRow(tr("Other use"), m_ownedOtherUse);
}

void ScenarioEditor::buildAllIn(QVBoxLayout *form)
{
    auto *allIn = addGroup(form, tr("All-i&n costs"), u"allInGroup"_s, false);
    allIn->setToolTip(tr("What the team pays beside the accelerators: storage, data out, a support plan"));
    auto *lines = new QFormLayout(allIn);
    m_allInStorage = checkBox(allIn, u"allInStorage"_s, tr("Dataset and checkpoints"));
    m_allInStorage->setToolTip(tr("Store the Lock-in group's dataset and checkpoints at the provider's storage price "
                                  "while training"));
    lines->addRow(tr("Storage"), m_allInStorage);
    m_trainingEgress = realBox(allIn, u"trainingEgressGb"_s, tr("Data moved out during the run"), 0, 1e12, 0, tr(" GB"),
                               tr("none"));
    lines->addRow(tr("Egress, training"), m_trainingEgress);
    m_responseKb = realBox(allIn, u"egressKbPerRequest"_s, tr("Bytes out in each response"), 0, 1e9, 1, tr(" KB"), tr("none"));
    lines->addRow(tr("Egress, serving"), m_responseKb);
    m_supportPlans = lineEdit(allIn, u"supportPlans"_s, tr("Support plans"), tr("none; or e.g. business, enhanced"));
    lines->addRow(tr("Support plans"), m_supportPlans);
}

void ScenarioEditor::buildSensitivity(QVBoxLayout *form)
{
    auto *sensitivity = addGroup(form, tr("&Sensitivity"), u"sensitivityGroup"_s, false);
    auto *sens = new QFormLayout(sensitivity);
    m_samples = spinBox(sensitivity, u"samples"_s, tr("Monte Carlo samples"), 100, 100'000, QString());
    sens->addRow(tr("Samples"), m_samples);
}

void ScenarioEditor::build()
{
    auto *form = new QVBoxLayout(this);
    buildGeneral(form);
    buildTraining(form);
    buildInference(form);
    buildConstraints(form);
    buildLockin(form);
    buildOwnership(form);
    buildAllIn(form);
    buildSensitivity(form);

    m_problemsLabel = new QLabel(this);
    m_problemsLabel->setObjectName(u"scenarioProblems"_s);
    m_problemsLabel->setWordWrap(true);
    m_problemsLabel->setStyleSheet(u"color: #b02a37;"_s);
    form->insertWidget(0, m_problemsLabel); // the problems first, where they are seen
    form->addStretch(1);

    // The mouse wheel scrolls the editor; it changes a value only in the field being edited.
    for (QWidget *field : findChildren<QWidget *>()) {
        if (qobject_cast<QAbstractSpinBox *>(field) || qobject_cast<QComboBox *>(field)) {
            field->setFocusPolicy(Qt::StrongFocus);
            field->installEventFilter(this);
        }
    }

    // A preset fills in its sourced sizes (the fields stay editable): one edit, one undo step.
    for (const ModelFields *fields : {&m_trainModel, &m_serveModel}) {
        disconnect(fields->preset, &QComboBox::currentIndexChanged, this, &ScenarioEditor::edited);
        connect(fields->preset, &QComboBox::currentIndexChanged, this, [this, fields] { presetChosen(*fields); });
    }
}


} // namespace accelplan::ui
