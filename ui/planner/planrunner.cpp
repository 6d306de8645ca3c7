#include "ui/planner/planrunner.h"

#include <QElapsedTimer>
#include <QMetaObject>

namespace accelplan::ui {

PlanRunner::PlanRunner(QObject *parent) : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
}

PlanRunner::~PlanRunner()
{
    m_pool.clear();
    m_pool.waitForDone();
}

void PlanRunner::setInputs(PlanInputs inputs)
{
    m_inputs = std::move(inputs);
    // A computation still running keeps the old snapshot and its memo; new ones start afresh.
    m_memo = std::make_shared<planning::PlanMemo>();
}

quint64 PlanRunner::request(const scenario::Scenario &scenario)
{
    const quint64 generation = ++m_generation;
    if (!hasInputs()) {
        m_delivered = generation;
        Q_EMIT failed(tr("no prices loaded"), generation);
        return generation;
    }
    m_pool.clear(); // a queued request not yet started is overtaken by this one
    const PlanInputs inputs = m_inputs;
    m_pool.start([this, inputs, memo = m_memo, scenario, generation] {
        QElapsedTimer timer;
        timer.start();
        auto result = planning::planScenario(scenario, inputs, memo.get());
        const qint64 elapsed = timer.elapsed();
        QMetaObject::invokeMethod(
            this,
            [this, result = std::move(result), generation, elapsed]() {
                if (generation != m_generation)
                    return; // overtaken by a newer edit
                m_delivered = generation;
                if (result)
                    Q_EMIT planned(std::make_shared<const planning::Plan>(*result), generation, elapsed);
                else
                    Q_EMIT failed(result.error().message, generation);
            },
            Qt::QueuedConnection);
    });
    return generation;
}

} // namespace accelplan::ui
