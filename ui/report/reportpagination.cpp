#include "ui/report/reportpagination.h"

#include <QAbstractTextDocumentLayout>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextDocumentFragment>
#include <QTextLayout>
#include <QTextTable>

#include <optional>

namespace accelplan::ui::report {

namespace {

// Moves the rows of \a table from \a row on into a new table right after it, under a copy of its
// header rows, on a new page.
void splitTableBefore(QTextTable *table, int row)
{
    const int rows = table->rows();
    const int columns = table->columns();
    const int header = table->format().headerRowCount();
    auto cells = [table](int fromRow, int toRow, int lastColumn) {
        QTextCursor cursor(table->cellAt(fromRow, 0).firstCursorPosition());
        cursor.setPosition(table->cellAt(toRow, lastColumn).lastCursorPosition().position(), QTextCursor::KeepAnchor);
        return cursor;
    };
    const QTextDocumentFragment rest = cells(row, rows - 1, columns - 1).selection();
    QTextCursor after(table->document());
    after.setPosition(table->lastPosition() + 1);
    QTextTableFormat format = table->format();
    table->removeRows(row, rows - row);
    after.insertFragment(rest);
    QTextTable *next = QTextCursor(table->document()->findBlock(table->lastPosition() + 2)).currentTable();
    Q_ASSERT(next && next != table);
    format.setPageBreakPolicy(format.pageBreakPolicy() | QTextFormat::PageBreak_AlwaysBefore);
    next->setFormat(format);
    next->insertRows(0, header);
    for (int r = 0; r < header; ++r) {
        for (int c = 0; c < columns; ++c) {
            const QTextTableCell from = table->cellAt(r, c);
            QTextTableCell to = next->cellAt(r, c);
            to.setFormat(from.format());
            QTextCursor source(from.firstCursorPosition());
            source.setPosition(from.lastCursorPosition().position(), QTextCursor::KeepAnchor);
            QTextCursor target = to.firstCursorPosition();
            target.setBlockFormat(from.firstCursorPosition().blockFormat());
            target.insertFragment(source.selection());
        }
    }
}

} // namespace

// A paragraph that would run across a page boundary starts on the next page instead. A split
// paragraph is drawn on both pages and clipped: it looks right, but text extraction (search,
// copy, screen readers) would read its hidden half under the next page's header. A heading is
// kept with what follows it: one that would end a page (what follows did not fit) starts the next
// page, as do the headings just above a paragraph or table moved there. QTextDocument knows no
// page-break-after: avoid, so the breaks are set before the blocks.
void keepParagraphsWhole(QTextDocument &document, double pageHeight)
{
    QAbstractTextDocumentLayout *layout = document.documentLayout();
    // Lay the whole document out first. Read block by block from a lazy, partial layout, the
    // page breaks set below left Qt's later full layout short: it dropped the report's last
    // paragraphs (the Sources list) from the PDF.
    layout->documentSize();
    auto page = [pageHeight](double y) { return int(y / pageHeight); };
    // The top of a block's first line and the bottom of its last, in the document.
    auto linesOf = [layout](const QTextBlock &block) -> std::optional<std::pair<double, double>> {
        if (!block.isValid())
            return std::nullopt;
        const QRectF bounds = layout->blockBoundingRect(block); // lays the document out up to it
        const QTextLayout *lines = block.layout();
        if (!lines || lines->lineCount() == 0)
            return std::nullopt;
        // A block in a table cell is placed relative to the frame (the cell) it lies in.
        const double frameTop = bounds.top() - lines->position().y();
        const QTextLine last = lines->lineAt(lines->lineCount() - 1);
        return std::pair{frameTop + lines->position().y() + lines->lineAt(0).y(),
                         frameTop + lines->position().y() + last.y() + last.height()};
    };
    auto isHeading = [](const QTextBlock &block) { return block.isValid() && block.blockFormat().headingLevel() > 0; };
    // Whether something of the page comes before \a block (a break before it would move it).
    auto followsOnPage = [&](const QTextBlock &block) {
        const auto lines = linesOf(block);
        const auto before = linesOf(block.previous());
        return lines && before && page(before->second - 1) == page(lines->first);
    };
    auto breakBefore = [](const QTextBlock &block) {
        QTextBlockFormat format = block.blockFormat();
        format.setPageBreakPolicy(format.pageBreakPolicy() | QTextFormat::PageBreak_AlwaysBefore);
        QTextCursor(block).setBlockFormat(format);
    };
    // One block at a time: each break moves everything after it, so the layout is read again.
    QTextBlock from = document.begin();
    while (from.isValid()) {
        QTextBlock moved;
        for (QTextBlock block = from; block.isValid(); block = block.next()) {
            const auto lines = linesOf(block);
            if (!lines)
                continue;
            const auto [top, bottom] = *lines;
            const bool straddles = block.layout()->lineCount() > 1 && bottom - top < pageHeight
                                   && page(top) != page(bottom - 1);
            const auto next = isHeading(block) ? linesOf(block.next()) : std::nullopt;
            const bool orphaned = next && page(next->first) != page(bottom - 1) && followsOnPage(block);
            if (straddles || orphaned) {
                moved = block;
                break;
            }
        }
        if (!moved.isValid())
            return;
        QTextTable *table = isHeading(moved) ? nullptr : QTextCursor(moved).currentTable();
        if (table && layout->frameBoundingRect(table).height() >= pageHeight) {
            // A table longer than a page runs on, its rows whole. Qt moves a row to the next page
            // only when none of its cells' first lines fits there, so a row of wrapped cells would
            // split; the rows from this one on become a table of their own on the next page.
            const QTextTableCell cell = table->cellAt(moved.position());
            if (cell.row() > table->format().headerRowCount()) {
                splitTableBefore(table, cell.row());
                from = moved;
                continue;
            }
        }
        // The headings just above go with it.
        QTextBlock first = table ? document.findBlock(table->firstPosition() - 1) : moved.previous();
        QTextBlock heading;
        for (; isHeading(first) && followsOnPage(first); first = first.previous())
            heading = first;
        if (heading.isValid()) {
            breakBefore(heading);
        } else if (table) {
            // A table whose row would run across the page and that fits on one moves whole (Qt
            // splits a row of multi-line cells, and breaks set in its cells push each cell apart).
            QTextTableFormat format = table->format();
            format.setPageBreakPolicy(format.pageBreakPolicy() | QTextFormat::PageBreak_AlwaysBefore);
            table->setFormat(format);
        } else {
            breakBefore(moved);
        }
        from = (table ? table->lastCursorPosition().block() : moved).next();
    }
}

} // namespace accelplan::ui::report
