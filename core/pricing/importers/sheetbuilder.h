#pragma once

#include "core/pricing/parsedsheet.h"

#include <QSet>
#include <QString>

#include <optional>

namespace accelplan::pricing {

/// What every importer does to the sheet it fills, said once: errors and warnings named by file,
/// line and field, rows left out counted by reason, accelerator types the mapping table lacks,
/// and the end of a read (nothing written from a cancelled read; no prices at all is an error).
/// An importer's rules derive from it.
class SheetBuilder
{
public:
    explicit SheetBuilder(ParsedSheet &sheet) : m_sheet(sheet) {}

    ParsedSheet &sheet() { return m_sheet; }

    void error(int line, const QString &field, const QString &message);
    void warning(int line, const QString &field, const QString &message);
    /// Counts \a count rows left out for \a reason.
    void skip(const QString &reason, int count = 1) { m_sheet.skip(reason, count); }
    /// Counts one row left out for \a reason; returns "nothing" for an importer's optional result.
    std::nullopt_t skipped(const QString &reason)
    {
        skip(reason);
        return std::nullopt;
    }
    /// Notes an accelerator type the mapping table does not know, listed once, sorted, by finish.
    void unknownType(const QString &type) { m_unknown.insert(type); }

protected:
    /// Lists the unknown types; then a cancelled read keeps no records (a part of a file is no
    /// import), and a complete one without records or errors gets \a nothingFound as an error at
    /// \a lastLine.
    void finishSheet(bool cancelled, int lastLine, const QString &nothingFound);

    ParsedSheet &m_sheet;

private:
    QSet<QString> m_unknown;
};

} // namespace accelplan::pricing
