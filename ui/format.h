#pragma once

#include <QLocale>
#include <QString>

namespace accelplan::ui::format {

/// Numbers and amounts in one locale, with its group separators: "1,111,454" / "1.111.454".
/// The window uses the user's locale (the free functions below); the PDF report a fixed one.
struct Numbers
{
    QLocale locale;

    QString number(double value, int decimals = 0) const;
    /// "1,111,454 USD".
    QString money(double value, const QString &currency, int decimals = 0) const;
};

/// The PDF report's: one fixed locale (English digits, "," groups), so a report reads the same
/// wherever it was written.
const Numbers &report();

/// As the window shows them everywhere (tables, summary, charts' hover text): the user's locale.
QString number(double value, int decimals = 0, const QLocale &locale = QLocale());
QString money(double value, const QString &currency, int decimals = 0, const QLocale &locale = QLocale());

} // namespace accelplan::ui::format
