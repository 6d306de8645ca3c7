#pragma once

#include "core/scenario/scenario.h"
#include "ui/planner/planrunner.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTableView;
class QTabWidget;
class QTextBrowser;
class QTimer;
class QUndoStack;

namespace accelplan::ui {

class OfferFilterBar;
class OfferFilterProxyModel;
class OptionTableModel;
class PlanCharts;

/// The planner: a scenario editor (units shown, validated as you type, every change undoable)
/// and the plan computed from it off the GUI thread — the ranked, filterable training and
/// inference options, the recommendation, the budget and the charts — with the formula and
/// provenance of the selected option. It presents what core computes and computes nothing itself.
class PlannerView : public QWidget
{
    Q_OBJECT

public:
    explicit PlannerView(QWidget *parent = nullptr);

    void setInputs(PlanInputs inputs);
    /// Fills the editor from \a scenario, clears the undo history and plans it.
    void setScenario(const scenario::Scenario &scenario);
    /// The scenario as the editor holds it (unknown keys of a loaded file kept).
    scenario::Scenario scenario() const;
    /// A new scenario's contents.
    static scenario::Scenario newScenario();
    /// Why the editor's scenario cannot be planned, field by field; empty when it can.
    QStringList problems() const { return m_problems; }
    bool stale() const;

    OptionTableModel *trainingModel() const { return m_trainingModel; }
    OptionTableModel *inferenceModel() const { return m_inferenceModel; }
    OfferFilterProxyModel *trainingProxy() const { return m_trainingProxy; }
    OfferFilterProxyModel *inferenceProxy() const { return m_inferenceProxy; }
    OfferFilterBar *optionFilter() const { return m_filterBar; }
    PlanCharts *charts() const { return m_charts; }
    QUndoStack *undoStack() const { return m_undo; }
    const planning::Plan *plan() const { return m_plan.get(); }
    std::shared_ptr<const planning::Plan> sharedPlan() const { return m_plan; }
    bool busy() const { return m_runner->busy(); }
    QLabel *summaryLabel() const { return m_summary; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

Q_SIGNALS:
    void planUpdated(qint64 elapsedMs);
    void scenarioEdited();
    /// The user selected an option: the window shows the offer's price history.
    void offerSelected(const accelplan::pricing::PriceRecord &offer);

private:
    friend class ScenarioCommand;
    void build();
    QWidget *buildEditor();
    QWidget *buildResults();
    void fill(const scenario::Scenario &scenario);
    void restore(const scenario::Scenario &scenario); ///< undo/redo: fill without recording
    void edited();
    /// The editor's scenario; each count field parsed once (bad ones turn red and, with
    /// \a problems, are listed there).
    scenario::Scenario readEditor(QStringList *problems) const;
    /// Marks the results as those of the last valid inputs while the inputs are not valid.
    void setStale(bool stale);
    /// Selects the recommended (first) option so the details never show a previous plan's.
    void selectRecommended();
    void presetChosen(QComboBox *combo, QLineEdit *params, QLineEdit *active);
    void replan();
    void showPlan(std::shared_ptr<const planning::Plan> plan, qint64 elapsedMs);
    void applyOptionFilters();
    QTableView *makeTable(OptionTableModel *model, OfferFilterProxyModel *proxy, const QString &name);

    PlanRunner *m_runner = nullptr;
    QTimer *m_debounce = nullptr;
    QUndoStack *m_undo = nullptr;
    scenario::Scenario m_base; ///< the loaded scenario, for fields the editor does not show
    scenario::Scenario m_last; ///< the scenario after the last recorded edit
    std::shared_ptr<const catalog::PlanningCatalog> m_catalog;
    const catalog::AcceleratorCatalog *m_accelerators = nullptr;
    std::shared_ptr<const planning::Plan> m_plan;
    QStringList m_problems;
    bool m_filling = false;

    QLineEdit *m_name = nullptr;
    QComboBox *m_currency = nullptr;
    QGroupBox *m_training = nullptr;
    QComboBox *m_trainModel = nullptr;
    QLineEdit *m_trainParams = nullptr;
    QLineEdit *m_trainActive = nullptr;
    QLineEdit *m_trainTokens = nullptr;
    QComboBox *m_trainPrecision = nullptr;
    QComboBox *m_framework = nullptr;
    QDoubleSpinBox *m_deadline = nullptr;
    QSpinBox *m_runs = nullptr;
    QSpinBox *m_startMonth = nullptr;
    QGroupBox *m_inference = nullptr;
    QComboBox *m_serveModel = nullptr;
    QLineEdit *m_serveParams = nullptr;
    QLineEdit *m_serveActive = nullptr;
    QComboBox *m_servePrecision = nullptr;
    QSpinBox *m_inputTokens = nullptr;
    QSpinBox *m_outputTokens = nullptr;
    QDoubleSpinBox *m_qps = nullptr;
    QDoubleSpinBox *m_ttft = nullptr;
    QDoubleSpinBox *m_tpot = nullptr;
    QDoubleSpinBox *m_serveUtilization = nullptr;
    QSpinBox *m_months = nullptr;
    QLineEdit *m_providers = nullptr;
    QSpinBox *m_maxChips = nullptr;
    QDoubleSpinBox *m_budget = nullptr;
    QDoubleSpinBox *m_exitProbability = nullptr;
    QDoubleSpinBox *m_datasetGb = nullptr;
    QDoubleSpinBox *m_engineerWeek = nullptr;
    QCheckBox *m_customKernels = nullptr;
    QDoubleSpinBox *m_powerPrice = nullptr;
    QDoubleSpinBox *m_pue = nullptr;
    QSpinBox *m_lifetime = nullptr;
    QDoubleSpinBox *m_ownedUtilization = nullptr;
    QDoubleSpinBox *m_colo = nullptr;
    QSpinBox *m_samples = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_problemsLabel = nullptr;
    QLabel *m_staleBanner = nullptr;
    QTableView *m_trainingTable = nullptr;
    QTableView *m_inferenceTable = nullptr;
    QTabWidget *m_optionTabs = nullptr;
    OptionTableModel *m_trainingModel = nullptr;
    OptionTableModel *m_inferenceModel = nullptr;
    OfferFilterProxyModel *m_trainingProxy = nullptr;
    OfferFilterProxyModel *m_inferenceProxy = nullptr;
    OfferFilterBar *m_filterBar = nullptr;
    PlanCharts *m_charts = nullptr;
    QTextBrowser *m_detail = nullptr;
};

} // namespace accelplan::ui
