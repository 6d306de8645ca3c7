#include "app/cli/output.h"

#include "core/common/csvwriter.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace accelplan::cli {

std::optional<OutputFormat> outputFormatFromString(const QString &text)
{
    if (text == u"table"_s)
        return OutputFormat::Table;
    if (text == u"csv"_s)
        return OutputFormat::Csv;
    if (text == u"json"_s)
        return OutputFormat::Json;
    return std::nullopt;
}

QString renderTable(const QStringList &headers, const QList<QStringList> &rows)
{
    QList<qsizetype> widths;
    for (const QString &h : headers)
        widths.append(h.size());
    for (const QStringList &row : rows) {
        for (qsizetype i = 0; i < row.size() && i < widths.size(); ++i)
            widths[i] = std::max(widths[i], row[i].size());
    }
    auto line = [&](const QStringList &cells) -> QString {
        QString out;
        for (qsizetype i = 0; i < cells.size(); ++i) {
            if (i + 1 == cells.size()) {
                out += cells[i];
            } else {
                out += cells[i].leftJustified(widths[i]);
                out += u"  "_s;
            }
        }
        return out + u'\n';
    };
    QString out = line(headers);
    for (const QStringList &row : rows)
        out += line(row);
    return out;
}

QString renderCsv(const QStringList &headers, const QList<QStringList> &rows)
{
    QString out = csvRecord(headers);
    for (const QStringList &row : rows)
        out += csvRecord(row);
    return out;
}

QString renderJson(const QJsonArray &array)
{
    return QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Indented));
}


QString render(OutputFormat format, const QStringList &headers, const QList<QStringList> &rows,
               const QJsonArray &json)
{
    switch (format) {
    case OutputFormat::Table: return renderTable(headers, rows);
    case OutputFormat::Csv: return renderCsv(headers, rows);
    case OutputFormat::Json: return renderJson(json);
    }
    return {};
}

} // namespace accelplan::cli
