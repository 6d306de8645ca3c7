#pragma once

#include <QJsonValue>
#include <QList>
#include <QString>

#include <utility>

namespace accelplan::ui::report {

/// The scenario file's inputs, grouped by topic (scenario, training, inference, constraints,
/// lock-in, owned hardware, sensitivity), as the report's Assumptions rows: each key in
/// words with its value and unit ("Training: tokens", "2,000,000,000,000"); an unknown key keeps
/// its path. Appends to \a out.
void flatten(const QJsonValue &value, const QString &path, QList<std::pair<QString, QString>> &out);

/// A "key = value (default)" line of the plan's defaults with the key in words, as flatten()
/// names it; other lines unchanged.
QString defaultInWords(const QString &line);

} // namespace accelplan::ui::report
