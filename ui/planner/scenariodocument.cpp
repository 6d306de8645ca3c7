#include "ui/planner/scenariodocument.h"

#include <QAbstractSpinBox>
#include <QFileInfo>
#include <QLineEdit>
#include <QUndoStack>
#include <QWidget>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

/// One scenario edit: the scenario before and after. Typing in one field is one step.
class ScenarioEdit : public QUndoCommand
{
public:
    ScenarioEdit(ScenarioDocument *document, scenario::Scenario before, scenario::Scenario after, QObject *source)
        : m_document(document), m_before(std::move(before)), m_after(std::move(after)), m_source(source)
    {
        const auto *widget = qobject_cast<const QWidget *>(source);
        const QString field = widget && !widget->accessibleName().isEmpty() ? widget->accessibleName()
                                                                           : ScenarioDocument::tr("the scenario");
        setText(ScenarioDocument::tr("edit %1").arg(field));
    }

    int id() const override { return 1; }
    bool mergeWith(const QUndoCommand *other) override
    {
        const auto *next = static_cast<const ScenarioEdit *>(other);
        const bool typing = qobject_cast<QLineEdit *>(m_source) || qobject_cast<QAbstractSpinBox *>(m_source);
        if (!typing || next->m_source != m_source)
            return false;
        m_after = next->m_after;
        return true;
    }
    void undo() override { m_document->restore(m_before); }
    void redo() override
    {
        if (m_pushed)
            m_document->restore(m_after);
        m_pushed = true; // the first redo is the edit itself, already in the document and on screen
    }

private:
    ScenarioDocument *m_document;
    scenario::Scenario m_before;
    scenario::Scenario m_after;
    QObject *m_source;
    bool m_pushed = false;
};

ScenarioDocument::ScenarioDocument(QObject *parent)
    : QObject(parent), m_scenario(newScenario()), m_undo(new QUndoStack(this))
{
    connect(m_undo, &QUndoStack::cleanChanged, this, [this](bool clean) { Q_EMIT modificationChanged(!clean); });
}

scenario::Scenario ScenarioDocument::newScenario()
{
    auto loaded = scenario::parseScenario(R"({"format": "accelplan-scenario", "version": 1, "name": "New scenario",
        "training": {"model_params": 7e10, "tokens": 2e12, "deadline_days": 60},
        "inference": {"model_params": 7e10, "input_tokens": 1000, "output_tokens": 300,
                      "requests_per_second": 20, "ttft_ms": 2000, "tpot_ms": 50, "months": 12}})",
                                          u"new"_s);
    Q_ASSERT(loaded.ok());
    return loaded.value();
}

QString ScenarioDocument::displayName() const
{
    return m_path.isEmpty() ? tr("Untitled") : QFileInfo(m_path).fileName();
}

bool ScenarioDocument::isModified() const
{
    return !m_undo->isClean();
}

void ScenarioDocument::reset(scenario::Scenario scenario, const QString &path)
{
    m_scenario = std::move(scenario);
    const bool wasModified = isModified();
    m_undo->clear(); // clean again
    if (const QString absolute = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath(); absolute != m_path) {
        m_path = absolute;
        Q_EMIT filePathChanged(m_path);
    }
    Q_EMIT replaced(m_scenario);
    Q_EMIT changed();
    if (wasModified)
        Q_EMIT modificationChanged(false);
}

Result<Diagnostics> ScenarioDocument::open(const QString &path, const QStringList *modelIds)
{
    auto loaded = scenario::readScenario(path, modelIds);
    if (!loaded.ok())
        return loaded.error();
    const Diagnostics warnings = loaded.value().warnings;
    reset(std::move(loaded).value(), path);
    return warnings;
}

Status ScenarioDocument::saveAs(const QString &path)
{
    if (const Status saved = scenario::saveScenario(m_scenario, path); !saved.ok())
        return saved;
    if (const QString absolute = QFileInfo(path).absoluteFilePath(); absolute != m_path) {
        m_path = absolute;
        Q_EMIT filePathChanged(m_path);
    }
    m_undo->setClean();
    return Done{};
}

void ScenarioDocument::edit(const scenario::Scenario &before, const scenario::Scenario &after, QObject *source)
{
    m_scenario = after;
    m_undo->push(new ScenarioEdit(this, before, after, source));
    Q_EMIT changed();
}

void ScenarioDocument::restore(const scenario::Scenario &scenario)
{
    m_scenario = scenario;
    Q_EMIT replaced(m_scenario);
    Q_EMIT changed();
}

} // namespace accelplan::ui
