#pragma once

#include "core/planning/plan/compare.h"
#include "core/planning/plan/planinputs.h"
#include "core/scenario/scenario.h"

#include <QThreadPool>
#include <QWidget>

#include <atomic>
#include <memory>

class QChartView;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QStandardItemModel;
class QTableView;

namespace accelplan::ui {

class ScenarioDocument;

/// Two to four scenarios side by side (five for the standard strategies) — files, the open scenario, or the open scenario's standard
/// strategies (on demand, 1y/3y commitments, TPU, buy) — each planned on the window's inputs: the
/// recommendation, training cost and days, inference per month, budget with P10/P90, lock-in and
/// the budget delta against a chosen baseline, and the cash out of each added up month by month.
/// The figures are `accelplan-cli compare`'s. The scenarios are planned off the GUI thread, with
/// progress and Cancel; a change while planning starts again with the new set.
class CompareView : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kMaxScenarios = 4;

    explicit CompareView(ScenarioDocument *current, QWidget *parent = nullptr);
    ~CompareView() override; ///< stops and waits for a comparison being planned

    void setInputs(planning::PlanInputs inputs);

    /// Adds a scenario file; false (with \a why) when it cannot be read or four are shown.
    bool addScenarioFile(const QString &path, QString *why = nullptr);
    /// Adds the open scenario as it is now.
    bool addCurrent();
    /// Replaces the comparison by the open scenario's five standard strategies: cloud on demand,
    /// 1-year and 3-year commitments, TPU and buy.
    void showStrategies();
    void removeScenario(int index);
    void clear();
    void setBaseline(int index);
    /// Stops planning after the scenario being planned; the table keeps those already planned.
    void cancel();
    /// Whether scenarios are being planned.
    bool busy() const { return m_job != nullptr; }
    QChartView *cashFlowView() const { return m_chart; }

    int count() const { return int(m_entries.size()); }
    const QList<planning::ComparedScenario> &compared() const { return m_compared; }
    QStandardItemModel *model() const { return m_model; }

Q_SIGNALS:
    /// The comparison is complete (or was cancelled): compared() holds it.
    void compareChanged();

private:
    struct Entry
    {
        QString label;
        scenario::Scenario scenario;
    };
    struct Job
    {
        std::atomic_bool stop{false};
        bool cancelled = false; ///< by the user (a newer request only stops it)
    };
    void recompute();
    void addFileDialog();
    /// Shows the comparison of generation \a generation (planned \a done of the scenarios).
    void deliver(quint64 generation, QList<planning::ComparedScenario> compared, QStringList problems);
    void showComparison();

    ScenarioDocument *m_current;
    planning::PlanInputs m_inputs;
    QList<Entry> m_entries;
    QList<planning::ComparedScenario> m_compared;
    int m_baseline = 0;
    QThreadPool m_pool;
    std::shared_ptr<Job> m_job;
    QString m_strategiesOf; ///< the scenario whose standard strategies are shown, if they are
    QStringList m_problems; ///< why scenarios could not be planned, shown under the table
    quint64 m_generation = 0;

    QStandardItemModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QComboBox *m_baselineBox = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_remove = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_cancel = nullptr;
    QChartView *m_chart = nullptr;
};

} // namespace accelplan::ui
