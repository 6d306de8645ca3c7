#include "core/common/csvtable.h"

#include "core/common/isodate.h"
#include "core/common/tr.h"

#include <algorithm>
#include <cmath>

namespace accelplan {

CsvRecord::CsvRecord(const QString &fileName, int line, const QStringList &fields, const CsvColumns &columns,
                     Diagnostics &problems)
    : m_fileName(fileName), m_line(line), m_fields(fields), m_columns(columns), m_problems(problems)
{}

QString CsvRecord::text(const QString &column) const
{
    return m_columns.value(m_fields, column);
}

void CsvRecord::error(const QString &column, const QString &message) const
{
    m_problems.append(Diagnostic::error(m_fileName, m_line, column, message));
}

QString CsvRecord::required(const QString &column) const
{
    const QString value = text(column);
    if (value.isEmpty())
        error(column, Tr::tr("missing value"));
    return value;
}

std::optional<double> CsvRecord::number(const QString &column, bool isRequired) const
{
    const QString value = isRequired ? required(column) : text(column);
    if (value.isEmpty())
        return std::nullopt;
    bool ok = false;
    const double parsed = value.toDouble(&ok);
    if (!ok || parsed < 0 || !std::isfinite(parsed)) {
        error(column, Tr::tr("'%1' is not a non-negative number").arg(value));
        return std::nullopt;
    }
    return parsed;
}

std::optional<double> CsvRecord::fraction(const QString &column, bool isRequired) const
{
    const auto value = number(column, isRequired);
    if (value && *value > 1.0) {
        error(column, Tr::tr("%1 is not a fraction between 0 and 1").arg(*value));
        return std::nullopt;
    }
    return value;
}

QDate CsvRecord::date(const QString &column, bool isRequired) const
{
    const QString value = isRequired ? required(column) : text(column);
    if (value.isEmpty())
        return {};
    const QDate parsed = parseIsoDate(value);
    if (!parsed.isValid())
        error(column, Tr::tr("'%1' is not an ISO date (YYYY-MM-DD)").arg(value));
    return parsed;
}

Diagnostics readCsvTable(QIODevice *device, const QString &fileName, const QStringList &requiredColumns,
                         const std::function<void(const CsvRecord &)> &readRecord)
{
    Diagnostics problems;
    CsvReader reader(device);
    QStringList fields;
    if (!reader.next(fields)) {
        problems.append(Diagnostic::error(fileName, std::max(1, reader.recordLine()), {},
                                          reader.error().isEmpty() ? Tr::tr("the file is empty; expected a header row")
                                                                   : reader.error()));
        return problems;
    }
    const CsvColumns columns(fields);
    for (const QString &column : requiredColumns) {
        if (!columns.contains(column))
            problems.append(Diagnostic::error(fileName, 1, column, Tr::tr("required column is missing")));
    }
    if (!problems.isEmpty())
        return problems;
    while (true) {
        const bool more = reader.next(fields);
        if (!reader.error().isEmpty()) {
            problems.append(Diagnostic::error(fileName, reader.recordLine(), {}, reader.error()));
            continue;
        }
        if (!more)
            break;
        if (std::all_of(fields.cbegin(), fields.cend(), [](const QString &f) { return f.trimmed().isEmpty(); }))
            continue;
        readRecord(CsvRecord(fileName, reader.recordLine(), fields, columns, problems));
    }
    return problems;
}

} // namespace accelplan
