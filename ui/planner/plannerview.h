#pragma once

#include "core/scenario/scenario.h"
#include "ui/planner/planrunner.h"

#include <QWidget>

class QLabel;
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
class ScenarioDocument;
class ScenarioEditor;

/// The planner: the scenario editor beside the plan computed from it off the GUI thread — the
/// ranked, filterable training and inference options, the recommendation, the budget and the
/// charts — with the formula and provenance of the selected option. It presents what core computes and computes nothing itself.
class PlannerView : public QWidget
{
    Q_OBJECT

public:
    /// Plans what \a document holds; the editor in the view edits it.
    explicit PlannerView(ScenarioDocument *document, QWidget *parent = nullptr);

    void setInputs(PlanInputs inputs);
    ScenarioDocument *document() const { return m_document; }
    ScenarioEditor *editor() const { return m_editor; }
    /// The scenario planned: the document's (unknown keys of a loaded file kept).
    const scenario::Scenario &scenario() const;
    /// Why the editor's scenario cannot be planned, field by field; empty when it can.
    QStringList problems() const;
    bool stale() const;

    OptionTableModel *trainingModel() const { return m_trainingModel; }
    OptionTableModel *inferenceModel() const { return m_inferenceModel; }
    OfferFilterProxyModel *trainingProxy() const { return m_trainingProxy; }
    OfferFilterProxyModel *inferenceProxy() const { return m_inferenceProxy; }
    OfferFilterBar *optionFilter() const { return m_filterBar; }
    PlanCharts *charts() const { return m_charts; }
    QUndoStack *undoStack() const;
    const planning::Plan *plan() const { return m_plan.get(); }
    std::shared_ptr<const planning::Plan> sharedPlan() const { return m_plan; }
    bool busy() const { return m_runner->busy(); }
    QLabel *summaryLabel() const { return m_summary; }

Q_SIGNALS:
    void planUpdated(qint64 elapsedMs);
    /// The user selected an option: the window shows the offer's price history.
    void offerSelected(const accelplan::pricing::PriceRecord &offer);

private:
    void build();
    QWidget *buildResults();
    /// The editor checked the fields: plan them when they are valid, else mark the results stale.
    void edited();
    /// Marks the results as those of the last valid inputs while the inputs are not valid.
    void setStale(bool stale);
    /// Selects the recommended (first) option so the details never show a previous plan's.
    void selectRecommended();
    /// Shows \a html in the detail pane unless it shows that already.
    void showDetail(const QString &html);
    void replan();
    void showPlan(std::shared_ptr<const planning::Plan> plan, qint64 elapsedMs);
    void applyOptionFilters();
    QTableView *makeTable(OptionTableModel *model, OfferFilterProxyModel *proxy, const QString &name);

    ScenarioDocument *m_document;
    ScenarioEditor *m_editor = nullptr;
    PlanRunner *m_runner = nullptr;
    QTimer *m_debounce = nullptr;
    const catalog::AcceleratorCatalog *m_accelerators = nullptr;
    std::shared_ptr<const planning::Plan> m_plan;

    QLabel *m_summary = nullptr;
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
    QString m_detailHtml; ///< what m_detail shows
};

} // namespace accelplan::ui
