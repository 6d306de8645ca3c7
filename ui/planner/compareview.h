#pragma once

#include "core/planning/compare.h"
#include "core/planning/planinputs.h"
#include "core/scenario/scenario.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QStandardItemModel;
class QTableView;

namespace accelplan::ui {

class ScenarioDocument;

/// Two to four scenarios side by side (five for the standard strategies) — files, the open scenario, or the open scenario's standard
/// strategies (on demand, 1y/3y commitments, TPU, buy) — each planned on the window's inputs: the
/// recommendation, training cost and days, inference per month, budget with P10/P90, lock-in and
/// the budget delta against a chosen baseline. The figures are `accelplan-cli compare`'s.
class CompareView : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kMaxScenarios = 4;

    explicit CompareView(ScenarioDocument *current, QWidget *parent = nullptr);

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

    int count() const { return int(m_entries.size()); }
    const QList<planning::ComparedScenario> &compared() const { return m_compared; }
    QStandardItemModel *model() const { return m_model; }

Q_SIGNALS:
    void compareChanged();

private:
    struct Entry
    {
        QString label;
        scenario::Scenario scenario;
    };
    void recompute();
    void addFileDialog();

    ScenarioDocument *m_current;
    planning::PlanInputs m_inputs;
    QList<Entry> m_entries;
    QList<planning::ComparedScenario> m_compared;
    int m_baseline = 0;

    QStandardItemModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QComboBox *m_baselineBox = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_remove = nullptr;
};

} // namespace accelplan::ui
