#pragma once

#include <QLocale>
#include <QString>

namespace accelplan::ui::format {

/// Numbers and amounts as the window shows them everywhere (tables, summary, charts' hover text):
/// in the user's locale, with its group separators: "1,111,454" / "1.111.454".
QString number(double value, int decimals = 0, const QLocale &locale = QLocale());
/// "1,111,454 USD".
QString money(double value, const QString &currency, int decimals = 0, const QLocale &locale = QLocale());

} // namespace accelplan::ui::format
