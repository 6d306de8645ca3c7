#include "core/common/decimal.h"

#include "core/common/tr.h"

#include <QJsonValue>

using namespace Qt::StringLiterals;

namespace accelplan {

namespace {
// The largest whole part we accept keeps nanos inside qint64 with room to spare.
constexpr qint64 kMaxWhole = 9'000'000'000LL;

bool fail(QString *why, const QString &reason)
{
    if (why)
        *why = reason;
    return false;
}
} // namespace

std::optional<Decimal> Decimal::parse(QStringView input, QString *why)
{
    const QStringView text = input.trimmed();
    if (text.isEmpty()) {
        fail(why, Tr::tr("empty"));
        return std::nullopt;
    }
    const QString lower = text.toString().toLower();
    if (lower == u"nan"_s || lower == u"-nan"_s || lower.contains(u"inf"_s)) {
        fail(why, Tr::tr("'%1' is not a number").arg(text));
        return std::nullopt;
    }

    qsizetype pos = 0;
    bool negative = false;
    if (text[0] == u'-' || text[0] == u'+') {
        negative = text[0] == u'-';
        ++pos;
    }
    qint64 whole = 0;
    qint64 fraction = 0;
    int fractionDigits = 0;
    int wholeDigits = 0;
    bool seenPoint = false;
    for (; pos < text.size(); ++pos) {
        const QChar c = text[pos];
        if (c == u'.') {
            if (seenPoint) {
                fail(why, Tr::tr("'%1' has more than one '.'").arg(text));
                return std::nullopt;
            }
            seenPoint = true;
            continue;
        }
        if (c == u',') {
            fail(why, Tr::tr("'%1' uses ','; write a plain decimal with '.' and no thousands separators")
                          .arg(text));
            return std::nullopt;
        }
        if (c == u'e' || c == u'E') {
            fail(why, Tr::tr("'%1' uses an exponent; write a plain decimal").arg(text));
            return std::nullopt;
        }
        if (!c.isDigit() || c.unicode() > 127) {
            fail(why, Tr::tr("'%1' is not a plain decimal number").arg(text));
            return std::nullopt;
        }
        const int digit = c.unicode() - u'0';
        if (seenPoint) {
            if (fractionDigits == kScaleDigits) {
                if (digit != 0) {
                    fail(why, Tr::tr("'%1' has more than %2 decimal places").arg(text).arg(kScaleDigits));
                    return std::nullopt;
                }
                continue;
            }
            fraction = fraction * 10 + digit;
            ++fractionDigits;
        } else {
            whole = whole * 10 + digit;
            ++wholeDigits;
            if (whole > kMaxWhole) {
                fail(why, Tr::tr("'%1' is too large").arg(text));
                return std::nullopt;
            }
        }
    }
    if (wholeDigits == 0 && fractionDigits == 0) {
        fail(why, Tr::tr("'%1' is not a number").arg(text));
        return std::nullopt;
    }
    for (int i = fractionDigits; i < kScaleDigits; ++i)
        fraction *= 10;
    const qint64 nanos = whole * kScale + fraction;
    return fromNanos(negative ? -nanos : nanos);
}

QString Decimal::toString() const
{
    const bool negative = m_nanos < 0;
    const quint64 magnitude = negative ? quint64(-(m_nanos + 1)) + 1 : quint64(m_nanos);
    QString out = QString::number(magnitude / quint64(kScale));
    quint64 fraction = magnitude % quint64(kScale);
    if (fraction != 0) {
        QString digits = QString::number(fraction).rightJustified(kScaleDigits, u'0');
        while (digits.endsWith(u'0'))
            digits.chop(1);
        out += u'.' + digits;
    }
    return negative ? u'-' + out : out;
}

std::optional<Decimal> decimalFromJson(const QJsonValue &value, QString *why)
{
    if (value.isString())
        return Decimal::parse(value.toString(), why);
    if (!value.isDouble()) {
        *why = Tr::tr("not a number");
        return std::nullopt;
    }
    const double number = value.toDouble();
    const QString text = QString::number(number, 'g', 15);
    if (!text.contains(u'e'))
        if (auto exact = Decimal::parse(text))
            return exact;
    return Decimal::parse(QString::number(number, 'f', Decimal::kScaleDigits), why);
}

} // namespace accelplan
