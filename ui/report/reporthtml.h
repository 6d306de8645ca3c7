#pragma once

#include "core/pricing/pricetypes.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

// The pieces the report's sections are written with (budgetreport.cpp, appendixsections.cpp).
namespace accelplan::ui::report::html {

using namespace Qt::StringLiterals;

inline QString tr(const char *text)
{
    return QCoreApplication::translate("accelplan::ui::report", text);
}

inline QString esc(const QString &text)
{
    return text.toHtmlEscaped();
}

inline QString optionName(const pricing::PriceRecord &offer)
{
    return offer.key.provider + u' ' + offer.key.sku + u" ("_s + pricing::toString(offer.key.priceModel) + u')';
}

// A table with a header row that the layout repeats on every page the table runs across.
struct Table
{
    QStringList headers;
    QList<int> numeric; ///< right-aligned columns
    QString rows;
    /// Column widths in percent. A table with widths is set small (7 pt) with room enough that each
    /// row stays on one line: Qt lays a table cell's lines out one by one across a page break, so a
    /// wrapped row at the foot of a page would be split over two pages. (CSS white-space: nowrap
    /// is no help: with it Qt's final layout drops text that follows the table.)
    QList<int> widths;

    void add(const QStringList &cells, bool bold = false)
    {
        rows += u"<tr>"_s;
        for (int i = 0; i < cells.size(); ++i) {
            const QString cell = bold ? u"<b>"_s + esc(cells.at(i)) + u"</b>"_s : esc(cells.at(i));
            rows += (numeric.contains(i) ? u"<td align=\"right\""_s : u"<td"_s) + style() + u'>' + cell + u"</td>"_s;
        }
        rows += u"</tr>"_s;
    }
    QString style() const
    {
        return widths.isEmpty() ? QString() : u" style=\"font-size: 7pt;\""_s;
    }
    QString html() const
    {
        QString head;
        for (int i = 0; i < headers.size(); ++i) {
            head += numeric.contains(i) ? u"<th align=\"right\""_s : u"<th align=\"left\""_s;
            if (i < widths.size())
                head += u" width=\"%1%\""_s.arg(widths.at(i));
            head += style() + u'>' + esc(headers.at(i)) + u"</th>"_s;
        }
        return u"<table width=\"100%\" border=\"1\" cellspacing=\"0\" cellpadding=\""_s
               + (widths.isEmpty() ? u'3' : u'2')
               + u"\" style=\"border-collapse: collapse; border-color: #9aa5b1;\">"
                 "<thead><tr style=\"background-color: #e3e9f0;\">"_s
               + head + u"</tr></thead>"_s + rows + u"</table>"_s;
    }
};

} // namespace accelplan::ui::report::html
