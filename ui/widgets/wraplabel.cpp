#include "ui/widgets/wraplabel.h"

#include <QEvent>

namespace accelplan::ui {

WrapLabel::WrapLabel(QWidget *parent) : QLabel(parent)
{
    setWordWrap(true);
}

QSize WrapLabel::minimumSizeHint() const
{
    const QMargins margins = contentsMargins();
    return QSize(fontMetrics().averageCharWidth() * 20 + margins.left() + margins.right(),
                 fontMetrics().lineSpacing() + margins.top() + margins.bottom());
}

QSize WrapLabel::sizeHint() const
{
    // Its height is the text's at the width it has now: layouts that ask heightForWidth() (all
    // of them, for a word-wrapped label) ask that width next, so that is one layout, not two.
    const int width = fontMetrics().averageCharWidth() * 80 + contentsMargins().left() + contentsMargins().right();
    return QSize(width, heightForWidth(this->width() > 0 ? this->width() : width));
}

int WrapLabel::heightForWidth(int width) const
{
    if (const QString current = text(); !m_measured.isSharedWith(current) && m_measured != current) {
        m_measured = current;
        m_heights.clear();
    }
    for (const auto &[w, h] : m_heights)
        if (w == width)
            return h;
    const int height = QLabel::heightForWidth(width);
    if (m_heights.size() == 8) // widths asked while a splitter is dragged: keep the latest
        m_heights.clear();
    m_heights.append({width, height});
    return height;
}

void WrapLabel::changeEvent(QEvent *event)
{
    // A new font or style changes every height.
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        m_heights.clear();
    QLabel::changeEvent(event);
}

} // namespace accelplan::ui
