#pragma once

#include <QString>
#include <QStringView>
#include <QtGlobal>

#include <optional>

class QJsonValue;

namespace accelplan {

/// An exact decimal amount with nine fractional digits (nano-units), for money and rates.
/// Stored and exchanged as a canonical decimal string; never held as binary floating point
/// until the planner does arithmetic with toDouble().
class Decimal
{
public:
    static constexpr int kScaleDigits = 9;
    static constexpr qint64 kScale = 1'000'000'000;

    Decimal() = default;
    static Decimal fromNanos(qint64 nanos) { Decimal d; d.m_nanos = nanos; return d; }

    /// Parses a plain '.' decimal ("55.04", "-3", "0.000001"). On failure returns nullopt and,
    /// if \a why is given, a user-facing reason (comma decimal, exponent, NaN, too precise…).
    static std::optional<Decimal> parse(QStringView text, QString *why = nullptr);

    /// The shortest exact decimal text that parses back to the same value ("55.04", "2").
    QString toString() const;
    double toDouble() const { return double(m_nanos) / double(kScale); }
    qint64 nanos() const { return m_nanos; }
    bool isNegative() const { return m_nanos < 0; }
    bool isZero() const { return m_nanos == 0; }

    friend bool operator==(Decimal a, Decimal b) { return a.m_nanos == b.m_nanos; }
    friend auto operator<=>(Decimal a, Decimal b) { return a.m_nanos <=> b.m_nanos; }

private:
    qint64 m_nanos = 0;
};

/// A price as JSON writes it, exactly: a string is parsed as written; a number is read back with
/// 15 significant digits, which undoes binary rounding (98.32 stays 98.32), or with 9 decimals
/// where that would need an exponent. Empty with \a why set when it is neither.
std::optional<Decimal> decimalFromJson(const QJsonValue &value, QString *why);

} // namespace accelplan
