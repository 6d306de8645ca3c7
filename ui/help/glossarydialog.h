#pragma once

#include <QDialog>

class QTextBrowser;

namespace accelplan::ui {

/// Help > Glossary: the planner's terms (MFU, goodput, lock-in score, adjusted and exit cost,
/// P50/P90, cash out against budget, capex, the all-in cost per 1M output tokens, N+1 serving,
/// spot capacity risk), each in a few plain sentences that agree with docs/planning.md.
class GlossaryDialog : public QDialog
{
    Q_OBJECT

public:
    explicit GlossaryDialog(QWidget *parent = nullptr);

    /// The glossary as HTML: one heading per term, then what it means.
    static QString html();
    QTextBrowser *browser() const { return m_browser; }

private:
    QTextBrowser *m_browser = nullptr;
};

} // namespace accelplan::ui
