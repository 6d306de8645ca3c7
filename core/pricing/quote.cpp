#include "core/pricing/quote.h"

#include "core/common/csvtable.h"
#include "core/common/tr.h"
#include "core/common/units.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

namespace {

bool quotable(PriceModel model)
{
    return model == PriceModel::OnDemand || model == PriceModel::Commit1y || model == PriceModel::Commit3y
           || model == PriceModel::Monthly || model == PriceModel::Purchase;
}

/// The unit's suffix a price is quoted in ("/h", "/month", "").
QString perUnit(PriceModel model)
{
    switch (unitFor(model)) {
    case PriceUnit::Hour: return u"/h"_s;
    case PriceUnit::Month: return u"/month"_s;
    case PriceUnit::OneTime: return {};
    }
    return {};
}

/// A price per chip-hour (per chip for a one-time price), in the price's own currency.
double perChip(const Decimal &price, PriceUnit unit, int chips)
{
    const double each = price.toDouble() / std::max(1, chips);
    return unit == PriceUnit::Month ? each / kHoursPerMonth : each;
}

QString money(double value) { return QString::number(value, 'f', 2); }

} // namespace

QString Quote::describe() const
{
    QString text = Tr::tr("%1 %2 (%3 × %4) %5 %6 %7%8 until %9")
                       .arg(vendor, sku)
                       .arg(acceleratorCount)
                       .arg(accelerator, toString(priceModel), price.toString(), currency, perUnit(priceModel),
                            validUntil.toString(Qt::ISODate));
    QStringList minimums;
    if (minimumTermMonths > 0)
        minimums << Tr::tr("%1 month(s)").arg(minimumTermMonths);
    if (minimumInstances > 0)
        minimums << Tr::tr("%1 instance(s)").arg(minimumInstances);
    if (!minimums.isEmpty())
        text += Tr::tr(", at least %1").arg(minimums.join(Tr::tr(" and ")));
    text += u": "_s + source;
    if (!enteredBy.isEmpty() || !enteredAt.isEmpty())
        text += Tr::tr(" (entered by %1, %2)").arg(enteredBy.isEmpty() ? Tr::tr("unknown") : enteredBy, enteredAt.left(10));
    return text;
}

QString Quote::problem() const
{
    if (vendor.trimmed().isEmpty())
        return Tr::tr("vendor: empty");
    if (sku.trimmed().isEmpty())
        return Tr::tr("sku: empty (name the instance, server or system quoted)");
    if (accelerator.trimmed().isEmpty())
        return Tr::tr("accelerator: empty (a catalog id such as h100-sxm)");
    if (acceleratorCount < 1)
        return Tr::tr("accelerator_count: %1 is not a positive count").arg(acceleratorCount);
    if (!quotable(priceModel))
        return Tr::tr("price_model: %1 is not quoted (on_demand, commit_1y, commit_3y, monthly or purchase)")
            .arg(toString(priceModel));
    if (price.nanos() <= 0)
        return Tr::tr("price: %1 is not a positive price").arg(price.toString());
    if (currency.size() != 3 || currency.toUpper() != currency)
        return Tr::tr("currency: '%1' is not an ISO 4217 code (USD, EUR)").arg(currency);
    if (!validUntil.isValid())
        return Tr::tr("valid_until: needed (the last day the quoted price holds)");
    if (minimumTermMonths < 0)
        return Tr::tr("min_term_months: %1 is negative").arg(minimumTermMonths);
    if (minimumInstances < 0)
        return Tr::tr("min_instances: %1 is negative").arg(minimumInstances);
    if (source.trimmed().isEmpty())
        return Tr::tr("source: empty (name the quote's reference)");
    return {};
}

PriceRecord Quote::offer(const QuoteComparison &comparison) const
{
    PriceRecord r;
    r.key = {vendor, sku, region.isEmpty() ? Tr::tr("quoted") : region, priceModel};
    r.offerKind = kind;
    r.accelerator = accelerator;
    r.acceleratorCount = acceleratorCount;
    r.price = price;
    r.currency = currency;
    r.unit = unitFor(priceModel);
    const QDate entered = QDate::fromString(enteredAt.left(10), Qt::ISODate);
    r.effectiveDate = entered;
    r.asOf = entered;
    r.sourceUrl = Tr::tr("quote %1").arg(id);
    r.confidence = u"exact"_s;
    auto terms = std::make_shared<QuoteTerms>();
    terms->id = id;
    terms->description = describe();
    terms->validUntil = validUntil;
    terms->minimumTermMonths = minimumTermMonths;
    terms->minimumInstances = minimumInstances;
    terms->comparison = comparison;
    r.quote = std::move(terms);
    return r;
}

QString QuoteComparison::text() const
{
    QString line = Tr::tr("quote %1 %2").arg(money(perChip), unit);
    line += list ? Tr::tr("; list %1").arg(money(*list)) : Tr::tr("; no list price here");
    if (marketOffers > 0)
        line += *marketLow == *marketHigh ? Tr::tr("; market %1 (1 offer)").arg(money(*marketLow))
                                          : Tr::tr("; market %1–%2 across %3 offers")
                                                .arg(money(*marketLow), money(*marketHigh))
                                                .arg(marketOffers);
    else
        line += Tr::tr("; no other offer of the chip here");
    return line;
}

QuoteComparison compareQuote(const Quote &quote, const QList<PriceRecord> &offers, const FxTable &fx)
{
    QuoteComparison c;
    const PriceUnit unit = unitFor(quote.priceModel);
    c.perChip = perChip(quote.price, unit, quote.acceleratorCount);
    c.unit = quote.currency + (unit == PriceUnit::OneTime ? Tr::tr("/chip") : Tr::tr("/chip-h"));
    for (const PriceRecord &o : offers) {
        if (o.accelerator != quote.accelerator || o.key.priceModel != quote.priceModel || o.quote)
            continue;
        const auto converted = fx.convert(perChip(o.price, o.unit, o.acceleratorCount), o.currency, quote.currency);
        if (!converted)
            continue; // no rate: left out rather than compared in another currency
        const double value = converted->amount;
        if (o.key.provider.compare(quote.vendor, Qt::CaseInsensitive) == 0
            && o.key.sku.compare(quote.sku, Qt::CaseInsensitive) == 0) {
            c.list = std::min(c.list.value_or(value), value);
            continue;
        }
        c.marketLow = std::min(c.marketLow.value_or(value), value);
        c.marketHigh = std::max(c.marketHigh.value_or(value), value);
        ++c.marketOffers;
    }
    return c;
}

QList<PriceRecord> quotedOffers(const QList<Quote> &quotes, const QList<PriceRecord> &offers, const FxTable &fx,
                                QDate on, QStringList *expired)
{
    QList<PriceRecord> quoted;
    for (const Quote &q : quotes) {
        if (q.expired(on)) {
            if (expired)
                expired->append(Tr::tr("quote %1 expired on %2; not ranked: %3")
                                    .arg(q.id)
                                    .arg(q.validUntil.toString(Qt::ISODate), q.describe()));
            continue;
        }
        quoted.append(q.offer(compareQuote(q, offers, fx)));
    }
    return quoted;
}

QStringList quoteColumns()
{
    return {u"vendor"_s,    u"kind"_s,     u"sku"_s,         u"region"_s,          u"accelerator"_s,
            u"accelerator_count"_s, u"price_model"_s, u"price"_s, u"currency"_s, u"valid_until"_s,
            u"min_term_months"_s, u"min_instances"_s, u"source"_s};
}

QString entryProblem(Quote &quote, const catalog::AcceleratorCatalog &accelerators, QDate today)
{
    if (QString problem = quote.problem(); !problem.isEmpty())
        return problem;
    const catalog::Accelerator *accelerator = accelerators.find(quote.accelerator);
    if (!accelerator)
        return u"accelerator: "_s + accelerators.unknownMessage(quote.accelerator);
    quote.accelerator = accelerator->id;
    if (quote.expired(today))
        return Tr::tr("valid_until: the quote expired on %1 (today is %2); an expired quote is not stored")
            .arg(quote.validUntil.toString(Qt::ISODate), today.toString(Qt::ISODate));
    return {};
}

namespace {

std::optional<Quote> readQuote(const CsvRecord &r, const catalog::AcceleratorCatalog &accelerators, QDate today)
{
    Quote q;
    q.vendor = r.required(u"vendor"_s);
    const QString kind = r.text(u"kind"_s);
    if (!kind.isEmpty()) {
        const auto parsed = offerKindFromString(kind);
        if (!parsed) {
            r.error(u"kind"_s, Tr::tr("'%1' is not an offer kind (%2)").arg(kind, offerKindNames().join(u", "_s)));
            return std::nullopt;
        }
        q.kind = *parsed;
    }
    q.sku = r.required(u"sku"_s);
    q.region = r.text(u"region"_s);
    q.accelerator = r.required(u"accelerator"_s);
    auto count = [&](const QString &column, int fallback) -> std::optional<int> {
        const QString text = r.text(column);
        if (text.isEmpty())
            return fallback;
        bool ok = false;
        const int value = text.toInt(&ok);
        if (!ok) {
            r.error(column, Tr::tr("'%1' is not a whole number").arg(text));
            return std::nullopt;
        }
        return value;
    };
    const auto chips = count(u"accelerator_count"_s, 1);
    const auto months = count(u"min_term_months"_s, 0);
    const auto instances = count(u"min_instances"_s, 0);
    if (!chips || !months || !instances)
        return std::nullopt;
    q.acceleratorCount = *chips;
    q.minimumTermMonths = *months;
    q.minimumInstances = *instances;
    if (const QString model = r.text(u"price_model"_s); !model.isEmpty()) {
        const auto parsed = priceModelFromString(model);
        if (!parsed) {
            r.error(u"price_model"_s, Tr::tr("'%1' is not a price model").arg(model));
            return std::nullopt;
        }
        q.priceModel = *parsed;
    }
    QString why;
    const auto price = Decimal::parse(r.required(u"price"_s), &why);
    if (!price) {
        r.error(u"price"_s, why);
        return std::nullopt;
    }
    q.price = *price;
    q.currency = r.required(u"currency"_s);
    q.validUntil = r.date(u"valid_until"_s, true);
    q.source = r.required(u"source"_s);
    if (!q.validUntil.isValid() || q.vendor.isEmpty() || q.sku.isEmpty() || q.currency.isEmpty() || q.source.isEmpty())
        return std::nullopt; // already reported by field
    if (const QString problem = entryProblem(q, accelerators, today); !problem.isEmpty()) {
        const qsizetype colon = problem.indexOf(u':');
        r.error(problem.left(colon), problem.mid(colon + 2));
        return std::nullopt;
    }
    return q;
}

} // namespace

Result<QList<Quote>> readQuotes(QIODevice *device, const QString &fileName,
                                const catalog::AcceleratorCatalog &accelerators, QDate today)
{
    QList<Quote> quotes;
    const Diagnostics problems = readCsvTable(device, fileName,
                                              {u"vendor"_s, u"sku"_s, u"accelerator"_s, u"price"_s, u"currency"_s,
                                               u"valid_until"_s, u"source"_s},
                                              [&](const CsvRecord &r) {
                                                  if (auto q = readQuote(r, accelerators, today))
                                                      quotes.append(*q);
                                              });
    if (hasErrors(problems))
        return Error::badInput(Tr::tr("%1 has errors; no quote was stored").arg(fileName), problems);
    if (quotes.isEmpty())
        return Error::badInput(Tr::tr("%1 holds no quote").arg(fileName));
    return quotes;
}

} // namespace accelplan::pricing
