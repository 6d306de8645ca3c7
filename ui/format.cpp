#include "ui/format.h"

using namespace Qt::StringLiterals;

namespace accelplan::ui::format {

QString Numbers::number(double value, int decimals) const
{
    return locale.toString(value, 'f', decimals);
}

QString Numbers::money(double value, const QString &currency, int decimals) const
{
    return number(value, decimals) + u' ' + currency;
}

const Numbers &report()
{
    static const Numbers fixed{QLocale(QLocale::English, QLocale::UnitedStates)};
    return fixed;
}

QString number(double value, int decimals, const QLocale &locale)
{
    return Numbers{locale}.number(value, decimals);
}

QString money(double value, const QString &currency, int decimals, const QLocale &locale)
{
    return Numbers{locale}.money(value, currency, decimals);
}

} // namespace accelplan::ui::format
