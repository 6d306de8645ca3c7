#pragma once

#include "core/pricing/fxtable.h"

#include <QJsonArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace accelplan::cli {

enum ExitCode { ExitOk = 0, ExitUsage = 1, ExitBadInput = 2, ExitInternal = 3, ExitInterrupted = 130 };

enum class OutputFormat { Table, Csv, Json };
std::optional<OutputFormat> outputFormatFromString(const QString &text);

/// A plain-text table with a header row, columns padded to their widest cell.
QString renderTable(const QStringList &headers, const QList<QStringList> &rows);
/// The same rows as CSV with a header.
QString renderCsv(const QStringList &headers, const QList<QStringList> &rows);
/// Indented JSON text of an array.
QString renderJson(const QJsonArray &array);
/// The exchange rates behind a converted amount, for provenance in JSON.

/// The same result in the chosen format: rows under headers for table and CSV, \a json for JSON.
QString render(OutputFormat format, const QStringList &headers, const QList<QStringList> &rows,
               const QJsonArray &json);

} // namespace accelplan::cli
