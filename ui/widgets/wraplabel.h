#pragma once

#include <QLabel>
#include <QVarLengthArray>

#include <utility>

namespace accelplan::ui {

/// A word-wrapped label that lays its text out once per width asked. QLabel lays its whole
/// document out again for every size question a layout asks: three times for its minimum size,
/// once or twice for its preferred size, once per heightForWidth() call, even at a width it has
/// just been asked about. For the plan's summary, set anew by every edit, that was an eighth of
/// the window's work on an edit. Its minimum size is a line of 20 average characters (QLabel's
/// is its longest word, found by a layout at width 0) and its preferred width 80 characters,
/// the width QLabel tries first.
class WrapLabel : public QLabel
{
    Q_OBJECT

public:
    explicit WrapLabel(QWidget *parent = nullptr);

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;
    int heightForWidth(int width) const override;

protected:
    void changeEvent(QEvent *event) override;

private:
    mutable QString m_measured; ///< the text the heights below are of
    mutable QVarLengthArray<std::pair<int, int>, 4> m_heights; ///< (width, height)
};

} // namespace accelplan::ui
