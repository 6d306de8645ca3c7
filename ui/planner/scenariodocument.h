#pragma once

#include "core/common/diagnostic.h"
#include "core/scenario/scenario.h"

#include <QObject>

class QUndoStack;

namespace accelplan::ui {

/// One open scenario, as Tiled's Document: it owns the scenario, the file it belongs to, the undo
/// stack of its edits and whether it is saved. The editor edits it through edit(); the window
/// observes it (title, modified mark, Save) and the planner plans what it holds.
class ScenarioDocument : public QObject
{
    Q_OBJECT

public:
    /// A document holding newScenario(), untitled and clean.
    explicit ScenarioDocument(QObject *parent = nullptr);
    /// A new scenario's contents: a 70B model trained on 2T tokens in 60 days and served.
    static scenario::Scenario newScenario();

    const scenario::Scenario &scenario() const { return m_scenario; }
    /// The absolute path of the file, empty while untitled.
    QString filePath() const { return m_path; }
    /// The file's name, or "Untitled".
    QString displayName() const;
    QUndoStack *undoStack() const { return m_undo; }
    bool isModified() const;

    /// Replaces the contents (a new scenario, an opened file, an example): the undo history is
    /// cleared and the document is clean. \a path empty makes it untitled.
    void reset(scenario::Scenario scenario, const QString &path = {});
    /// Reads \a path (unknown model presets refused when \a modelIds is given) and, when it can be
    /// read, makes it the contents; otherwise nothing changes. Returns the file's warnings.
    Result<Diagnostics> open(const QString &path, const QStringList *modelIds);
    /// Writes the scenario atomically to \a path, makes that the document's file and marks it clean.
    Status saveAs(const QString &path);
    /// One edit made in the editor, recorded for undo: from \a before (what the editor showed) to
    /// \a after. Consecutive typing in the same field (\a source) is one undo step.
    void edit(const scenario::Scenario &before, const scenario::Scenario &after, QObject *source);

Q_SIGNALS:
    /// The contents were replaced from outside the editor (reset, open, undo, redo): show them.
    void replaced(const accelplan::scenario::Scenario &scenario);
    /// The contents changed in any way, an edit included.
    void changed();
    void filePathChanged(const QString &path);
    void modificationChanged(bool modified);

private:
    friend class ScenarioEdit;
    void restore(const scenario::Scenario &scenario); ///< undo and redo

    scenario::Scenario m_scenario;
    QString m_path;
    QUndoStack *m_undo = nullptr;
};

} // namespace accelplan::ui
