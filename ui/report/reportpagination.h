#pragma once

class QTextDocument;

namespace accelplan::ui::report {

/// Sets page breaks in \a document, laid out on pages \a pageHeight tall, so that no paragraph
/// runs across a page boundary and no heading ends a page; a table longer than a page runs on
/// with its rows whole and its header repeated.
void keepParagraphsWhole(QTextDocument &document, double pageHeight);

} // namespace accelplan::ui::report
