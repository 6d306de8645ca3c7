#pragma once

#include "core/planning/plan/planinputs.h"

#include <QObject>
#include <QThreadPool>

#include <memory>

namespace accelplan::ui {

using planning::PlanInputs;

/// Computes plans off the GUI thread. Only the newest request's result is delivered: a result
/// that an edit has overtaken is dropped. Plans of one inputs snapshot share a memo, so an edit on
/// one side (training or inference) does not plan the other again.
class PlanRunner : public QObject
{
    Q_OBJECT

public:
    explicit PlanRunner(QObject *parent = nullptr);
    ~PlanRunner() override; ///< waits for a running computation

    void setInputs(PlanInputs inputs);
    bool hasInputs() const { return m_inputs.complete(); }
    /// Starts planning \a scenario; returns the request's generation.
    quint64 request(const scenario::Scenario &scenario);
    bool busy() const { return m_delivered != m_generation; }

Q_SIGNALS:
    void planned(std::shared_ptr<const accelplan::planning::Plan> plan, quint64 generation, qint64 elapsedMs);
    void failed(const QString &message, quint64 generation);

private:
    PlanInputs m_inputs;
    std::shared_ptr<planning::PlanMemo> m_memo; ///< of m_inputs; used by the one worker thread
    QThreadPool m_pool;
    quint64 m_generation = 0;
    quint64 m_delivered = 0;
};

} // namespace accelplan::ui
