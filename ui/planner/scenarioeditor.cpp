#include "ui/planner/scenarioeditor.h"

#include "core/catalog/planningcatalog.h"
#include "core/catalog/servingengine.h"
#include "core/common/units.h"
#include "core/planning/model/counts.h"
#include "ui/planner/demandeditor.h"
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

namespace {

/// The preset box's entry for a model given by its config.json (a section's model_config).
const QString kConfigModel = u"config:"_s;

} // namespace

void ScenarioEditor::showScenario(const scenario::Scenario &s)
{
    fill(s);
    QStringList problems;
    m_last = read(&problems);
    m_lastUnreadable = problems;
    check(m_last, problems);
}

Status ScenarioEditor::openModelConfig(bool training, const QString &path)
{
    scenario::Scenario now = m_last;
    scenario::ModelSection *section = nullptr;
    if (training) {
        if (!now.training)
            now.training = scenario::TrainingSection{};
        section = &*now.training;
    } else {
        if (!now.inference)
            now.inference = scenario::InferenceSection{};
        section = &*now.inference;
    }
    if (Status read = section->setModelConfigFile(path); !read)
        return read;
    m_document->edit(m_last, now, this);
    showScenario(now);
    return Done{};
}

void ScenarioEditor::presetChosen(const ModelFields &fields)
{
    if (m_filling)
        return;
    if (const catalog::ModelPreset *preset = m_catalog ? m_catalog->findModel(fields.preset->currentData().toString())
                                                       : nullptr) {
        m_filling = true;
        fields.params->setText(countText(preset->totalParams));
        fields.active->setText(preset->activeParams > 0 && preset->activeParams < preset->totalParams
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

void ScenarioEditor::fillModel(const ModelFields &fields, const scenario::ModelSection &m)
{
    // A model the scenario gives by its config.json (model_config): its own entry, its sizes shown
    // and not editable (they follow from the architecture).
    const int configIndex = fields.preset->findData(kConfigModel);
    if (configIndex >= 0)
        fields.preset->removeItem(configIndex);
    if (m.modelConfig) {
        fields.preset->addItem(tr("config.json: %1").arg(m.modelConfig->name), kConfigModel);
        fields.preset->setCurrentIndex(fields.preset->count() - 1);
    } else {
        fields.preset->setCurrentIndex(presetIndex(fields.preset, m.model));
    }
    const double params = m.modelConfig ? m.modelConfig->totalParams : m.modelParams;
    const std::optional<double> active = m.modelConfig && m.modelConfig->activeParams < params
                                             ? std::optional<double>(m.modelConfig->activeParams)
                                             : m.activeParams;
    fields.params->setText(params > 0 ? countText(params) : QString());
    fields.active->setText(optionalCountText(active));
    fields.params->setReadOnly(m.modelConfig.has_value());
    fields.active->setReadOnly(m.modelConfig.has_value());
    fields.precision->setCurrentText(m.precision);
}

void ScenarioEditor::readModel(const ModelFields &fields, scenario::ModelSection &m, const CountReader &count) const
{
    const bool fromConfig = fields.preset->currentData().toString() == kConfigModel && m.modelConfig;
    fields.params->setReadOnly(fromConfig);
    fields.active->setReadOnly(fromConfig);
    m.precision = fields.precision->currentText();
    if (fromConfig) { // the section's model_config stands; the sizes shown are its own
        m.model.clear();
        m.modelParams = 0;
        m.activeParams.reset();
        return;
    }
    m.modelConfig.reset(); // a preset or sizes chosen instead
    m.modelConfigJson = {};
    m.model = fields.preset->currentData().toString();
    m.modelParams = count(fields.params, m.model.isEmpty(), fields.problemParams).value_or(0);
    m.activeParams = count(fields.active, false, fields.problemActive);
}

void ScenarioEditor::fill(const scenario::Scenario &s)
{
    m_base = s;
    m_filling = true;
    m_name->setText(s.name);
    m_currency->setCurrentText(s.currency);
    m_training->setChecked(s.training.has_value());
    const scenario::TrainingSection t = s.training.value_or(scenario::TrainingSection{});
    fillModel(m_trainModel, t);
    m_trainTokens->setText(t.tokens > 0 ? countText(t.tokens) : QString());
    m_framework->setCurrentText(t.framework);
    m_deadline->setValue(t.deadlineDays.value_or(0));
    m_runs->setValue(t.runs);
    m_steadyState->setChecked(t.steadyState);
    m_startMonth->setValue(t.startMonth);
    m_inference->setChecked(s.inference.has_value());
    const scenario::InferenceSection i = s.inference.value_or(scenario::InferenceSection{});
    fillModel(m_serveModel, i);
    m_inputTokens->setValue(int(std::max(0.0, i.inputTokens)));
    m_outputTokens->setValue(int(std::max(1.0, i.outputTokens)));
    m_qps->setValue(i.requestsPerSecond.value_or(i.requestsPerMonth.value_or(0) / (kHoursPerMonth * 3600.0)));
    m_demand->setCurve(i.demand, i.demandSteps, int(std::ceil(i.months - 1e-9)));
    m_qps->setEnabled(i.demand.isEmpty());
    m_ttft->setValue(i.ttftMs.value_or(0));
    m_tpot->setValue(i.tpotMs.value_or(0));
    m_serveUtilization->setValue(i.utilization);
    m_prefixCacheHit->setValue(i.prefixCacheHit);
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
    m_allInStorage->setChecked(s.allIn.storage);
    m_trainingEgress->setValue(s.allIn.trainingEgressGb);
    m_responseKb->setValue(s.allIn.egressKbPerRequest);
    m_supportPlans->setText(s.allIn.supportPlans.join(u", "_s));
    m_networking->setValue(s.ownership.networkingPerServer);
    m_installation->setValue(s.ownership.installationPerServer);
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
        readModel(m_trainModel, t, count);
        t.tokens = count(m_trainTokens, true, tr("Training tokens: a count such as 2T")).value_or(0);
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
        readModel(m_serveModel, i, count);
        i.inputTokens = m_inputTokens->value();
        i.outputTokens = m_outputTokens->value();
        i.requestsPerSecond = m_qps->value();
        i.requestsPerMonth.reset();
        i.ttftMs = positive(m_ttft->value());
        i.tpotMs = positive(m_tpot->value());
        i.utilization = m_serveUtilization->value();
        i.prefixCacheHit = m_prefixCacheHit->value();
        i.concurrency = m_concurrency->value() > 0 ? std::optional<int>(m_concurrency->value()) : std::nullopt;
        i.phase = m_phase->currentData().toString();
        i.kvPrecision = m_kvPrecision->currentData().toString();
        // vLLM, the default, is written as no engine: a scenario saved untouched stays as it was.
        const QString engine = m_engine->currentData().toString();
        i.engine = engine == u"vllm"_s ? QString() : engine;
        i.months = m_months->value();
        i.production = m_production->isChecked();
        i.demand = m_demand->points();
        i.demandSteps = m_demand->steps();
        s.inference = i;
    } else {
        s.inference.reset();
    }
    // A comma-separated field's items, trimmed.
    auto listOf = [](const QLineEdit *edit, bool lower) {
        QStringList items;
        for (const QString &item : edit->text().split(u',', Qt::SkipEmptyParts))
            if (!item.trimmed().isEmpty())
                items.append(lower ? item.trimmed().toLower() : item.trimmed());
        return items;
    };
    s.constraints.providers = listOf(m_providers, false);
    s.constraints.maxChips = m_maxChips->value();
    s.constraints.budget = positive(m_budget->value());
    s.constraints.excludeSpot = m_excludeSpot->isChecked();
    s.constraints.excludeMarketplace = m_excludeMarketplace->isChecked();
    s.constraints.wholeNodes = m_wholeNodes->isChecked();
    s.constraints.minScaleOutGbps = positive(m_minScaleOut->value());
    s.constraints.fabrics = listOf(m_fabrics, true);
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
    s.allIn.storage = m_allInStorage->isChecked();
    s.allIn.trainingEgressGb = m_trainingEgress->value();
    s.allIn.egressKbPerRequest = m_responseKb->value();
    s.allIn.supportPlans = listOf(m_supportPlans, true);
    s.ownership.networkingPerServer = m_networking->value();
    s.ownership.installationPerServer = m_installation->value();
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
    if (m_trainModel.preset->count() != 1 || !m_catalog)
        return;
    const QSignalBlocker trainBlocker(m_trainModel.preset);
    const QSignalBlocker serveBlocker(m_serveModel.preset);
    for (const catalog::ModelPreset &m : m_catalog->models()) {
        const QString tip = tr("%1 parameters (%2 active); source: %3")
                                .arg(countText(m.totalParams), countText(m.activeParams), m.source.url);
        for (QComboBox *box : {m_trainModel.preset, m_serveModel.preset}) {
            box->addItem(m.name, m.id);
            box->setItemData(box->count() - 1, tip, Qt::ToolTipRole);
        }
    }
    // The support plans the catalog prices, each with the providers that sell it.
    QStringList plans;
    for (const auto &[plan, providers] : m_catalog->supportPlans())
        plans.append(tr("%1 (%2)").arg(plan, providers.join(u", "_s)));
    m_supportPlans->setToolTip(tr("Each provider's options pay the first plan listed that it sells. Priced: %1")
                                   .arg(plans.join(u"; "_s)));
    // The shown scenario may name a preset that was not listed yet.
    const scenario::Scenario &shown = m_document->scenario();
    m_trainModel.preset->setCurrentIndex(presetIndex(m_trainModel.preset, shown.training ? shown.training->model : QString()));
    m_serveModel.preset->setCurrentIndex(presetIndex(m_serveModel.preset, shown.inference ? shown.inference->model : QString()));
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
