#include "core/pricing/importers/sheetbuilder.h"

namespace accelplan::pricing {

void SheetBuilder::error(int line, const QString &field, const QString &message)
{
    m_sheet.diagnostics.append(Diagnostic::error(m_sheet.fileName, line, field, message));
}

void SheetBuilder::warning(int line, const QString &field, const QString &message)
{
    m_sheet.diagnostics.append(Diagnostic::warning(m_sheet.fileName, line, field, message));
}

void SheetBuilder::finishSheet(bool cancelled, int lastLine, const QString &nothingFound)
{
    m_sheet.unknownTypes = m_unknown.values();
    m_sheet.unknownTypes.sort();
    if (cancelled)
        m_sheet.records.clear();
    else if (m_sheet.records.isEmpty() && m_sheet.ok())
        error(lastLine, {}, nothingFound);
}

} // namespace accelplan::pricing
