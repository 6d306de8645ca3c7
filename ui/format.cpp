#include "ui/format.h"

using namespace Qt::StringLiterals;

namespace accelplan::ui::format {

QString number(double value, int decimals, const QLocale &locale)
{
    return locale.toString(value, 'f', decimals);
}

QString money(double value, const QString &currency, int decimals, const QLocale &locale)
{
    return number(value, decimals, locale) + u' ' + currency;
}

} // namespace accelplan::ui::format
