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
class QTextBrowser;
class QTimer;

namespace accelplan::ui {

class OptionTableModel;

/// The planner: a scenario editor (units shown, validated as you type) and the plan computed
/// from it off the GUI thread — the ranked training and inference options, the recommendation
/// and the budget — with the formula and provenance of the selected option. It presents what
/// core computes and computes nothing itself.
class PlannerView : public QWidget
{
    Q_OBJECT

public:
    explicit PlannerView(QWidget *parent = nullptr);

    void setInputs(PlanInputs inputs);
    /// Fills the editor from \a scenario and plans it.
    void setScenario(const scenario::Scenario &scenario);
    /// The scenario as the editor holds it (unknown keys of a loaded file kept).
    scenario::Scenario scenario() const;
    /// Why the editor's scenario cannot be planned, field by field; empty when it can.
    QStringList problems() const { return m_problems; }

    OptionTableModel *trainingModel() const { return m_trainingModel; }
    OptionTableModel *inferenceModel() const { return m_inferenceModel; }
    const planning::Plan *plan() const { return m_plan.get(); }
    bool busy() const { return m_runner->busy(); }
    QLabel *summaryLabel() const { return m_summary; }

Q_SIGNALS:
    void planUpdated(qint64 elapsedMs);
    void scenarioEdited();

private:
    void build();
    void edited();
    void replan();
    void showPlan(std::shared_ptr<const planning::Plan> plan, qint64 elapsedMs);
    QTableView *makeTable(OptionTableModel *model, const QString &name);

    PlanRunner *m_runner = nullptr;
    QTimer *m_debounce = nullptr;
    scenario::Scenario m_base; ///< the loaded scenario, for fields the editor does not show
    std::shared_ptr<const planning::Plan> m_plan;
    QStringList m_problems;
    bool m_filling = false;

    QLineEdit *m_name = nullptr;
    QComboBox *m_currency = nullptr;
    QGroupBox *m_training = nullptr;
    QComboBox *m_trainModel = nullptr;
    QLineEdit *m_trainParams = nullptr;
    QLineEdit *m_trainTokens = nullptr;
    QComboBox *m_trainPrecision = nullptr;
    QComboBox *m_framework = nullptr;
    QDoubleSpinBox *m_deadline = nullptr;
    QSpinBox *m_runs = nullptr;
    QGroupBox *m_inference = nullptr;
    QLineEdit *m_serveParams = nullptr;
    QComboBox *m_servePrecision = nullptr;
    QSpinBox *m_inputTokens = nullptr;
    QSpinBox *m_outputTokens = nullptr;
    QDoubleSpinBox *m_qps = nullptr;
    QSpinBox *m_months = nullptr;
    QDoubleSpinBox *m_exitProbability = nullptr;
    QDoubleSpinBox *m_datasetGb = nullptr;
    QCheckBox *m_customKernels = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_problemsLabel = nullptr;
    OptionTableModel *m_trainingModel = nullptr;
    OptionTableModel *m_inferenceModel = nullptr;
    QTextBrowser *m_detail = nullptr;
};

} // namespace accelplan::ui
