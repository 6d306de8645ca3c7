#include "core/pricing/fxtable.h"

#include "core/common/csvreader.h"
#include "core/common/isodate.h"
#include "core/common/tr.h"
#include "core/pricing/currency.h"

#include <QHash>
#include <QSet>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

FxTable::FxTable(QList<FxRate> rates) : m_rates(std::move(rates)) {}

Result<QList<FxRate>> FxTable::parse(QIODevice *device, const QString &fileName)
{
    CsvReader reader(device);
    QStringList fields;
    if (!reader.next(fields)) {
        if (!reader.error().isEmpty())
            return Error::badInput(Tr::tr("%1: not an exchange-rate file").arg(fileName),
                                   {Diagnostic::error(fileName, reader.recordLine(), {}, reader.error())});
        return Error::badInput(Tr::tr("%1: the file is empty").arg(fileName));
    }
    const CsvColumns columns(fields);
    Diagnostics problems;
    for (const QString &required : {u"date"_s, u"base"_s, u"quote"_s, u"rate"_s, u"source_url"_s}) {
        if (!columns.contains(required))
            problems.append(Diagnostic::error(fileName, 1, required, Tr::tr("required column is missing")));
    }
    if (!problems.isEmpty())
        return Error::badInput(Tr::tr("%1: not an exchange-rate file").arg(fileName), problems);

    QList<FxRate> rates;
    QHash<QString, int> seen;
    while (true) {
        const bool more = reader.next(fields);
        const int line = reader.recordLine();
        if (!reader.error().isEmpty()) {
            problems.append(Diagnostic::error(fileName, line, {}, reader.error()));
            continue;
        }
        if (!more)
            break;
        auto text = [&](const QString &column) { return columns.value(fields, column); };
        FxRate rate;
        rate.date = parseIsoDate(text(u"date"_s));
        if (!rate.date.isValid())
            problems.append(Diagnostic::error(fileName, line, u"date"_s,
                                              Tr::tr("'%1' is not an ISO date (YYYY-MM-DD)").arg(text(u"date"_s))));
        rate.base = text(u"base"_s).toUpper();
        rate.quote = text(u"quote"_s).toUpper();
        for (const auto &[field, code] : {std::pair{u"base"_s, rate.base}, std::pair{u"quote"_s, rate.quote}}) {
            if (const QString problem = currencyProblem(code); !problem.isEmpty())
                problems.append(Diagnostic::error(fileName, line, field, problem));
        }
        QString why;
        const auto value = Decimal::parse(text(u"rate"_s), &why);
        if (!value)
            problems.append(Diagnostic::error(fileName, line, u"rate"_s, why));
        else if (value->isNegative() || value->isZero())
            problems.append(Diagnostic::error(fileName, line, u"rate"_s, Tr::tr("must be greater than zero")));
        else
            rate.rate = *value;
        if (!rate.base.isEmpty() && rate.base == rate.quote)
            problems.append(Diagnostic::error(fileName, line, u"quote"_s, Tr::tr("is the same currency as base")));
        rate.sourceUrl = text(u"source_url"_s);
        if (rate.sourceUrl.isEmpty())
            problems.append(Diagnostic::error(fileName, line, u"source_url"_s, Tr::tr("missing value")));
        rate.notes = text(u"notes"_s);
        const QString key = rate.date.toString(Qt::ISODate) + rate.base + rate.quote;
        if (const int first = seen.value(key); first > 0)
            problems.append(Diagnostic::error(fileName, line, u"rate"_s,
                                              Tr::tr("duplicate of line %1 (same date, base and quote)").arg(first)));
        seen.insert(key, line);
        rates.append(rate);
    }
    if (hasErrors(problems)) {
        QSet<int> badLines;
        for (const Diagnostic &d : std::as_const(problems))
            badLines.insert(d.line);
        return Error::badInput(Tr::tr("%1: %2 of %3 exchange-rate rows are bad; nothing was imported")
                                   .arg(fileName)
                                   .arg(badLines.size())
                                   .arg(rates.size()),
                               problems);
    }
    return rates;
}

std::optional<double> FxTable::directRate(const QString &from, const QString &to, QDate on, FxRate *used) const
{
    const FxRate *best = nullptr;
    bool inverse = false;
    for (const FxRate &r : m_rates) {
        if (on.isValid() && r.date > on)
            continue;
        const bool forward = r.base == from && r.quote == to;
        const bool backward = r.base == to && r.quote == from;
        if ((forward || backward) && (!best || r.date > best->date)) {
            best = &r;
            inverse = backward;
        }
    }
    if (!best)
        return std::nullopt;
    *used = *best;
    const double rate = best->rate.toDouble();
    return inverse ? 1.0 / rate : rate;
}

std::optional<Conversion> FxTable::convert(double amount, const QString &from, const QString &to, QDate on) const
{
    if (from == to)
        return Conversion{amount, {}};
    FxRate used;
    if (const auto rate = directRate(from, to, on, &used))
        return Conversion{amount * *rate, {used}};
    QStringList pivots;
    for (const FxRate &r : m_rates)
        pivots << r.base << r.quote;
    pivots.sort();
    pivots.removeDuplicates();
    for (const QString &pivot : std::as_const(pivots)) {
        FxRate first;
        FxRate second;
        const auto a = directRate(from, pivot, on, &first);
        const auto b = a ? directRate(pivot, to, on, &second) : std::nullopt;
        if (a && b)
            return Conversion{amount * *a * *b, {first, second}};
    }
    return std::nullopt;
}

} // namespace accelplan::pricing
