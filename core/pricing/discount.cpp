#include "core/pricing/discount.h"

#include "core/common/tr.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

__extension__ using Int128 = __int128; // a price in nano-units times a percent in nano-units

Decimal Discount::apply(Decimal listPrice) const
{
    // price × (100 − percent) / 100, in nano-units, rounded half away from zero.
    const Int128 hundred = Int128(100) * Decimal::kScale;
    const Int128 scaled = Int128(listPrice.nanos()) * (hundred - percent.nanos());
    const Int128 half = hundred / 2;
    return Decimal::fromNanos(qint64(scaled >= 0 ? (scaled + half) / hundred : (scaled - half) / hundred));
}

QString Discount::describe() const
{
    const QString period = !from.isValid() && !to.isValid()
        ? Tr::tr("no end date")
        : u"%1..%2"_s.arg(from.isValid() ? from.toString(Qt::ISODate) : QString(),
                          to.isValid() ? to.toString(Qt::ISODate) : QString());
    QString text = Tr::tr("-%1 % %2 %3 %4 %5: %6")
                       .arg(percent.toString(), provider, skuPattern,
                            priceModel ? toString(*priceModel) : Tr::tr("every price model"), period, source);
    if (!enteredBy.isEmpty() || !enteredAt.isEmpty())
        text += Tr::tr(" (entered by %1, %2)").arg(enteredBy.isEmpty() ? Tr::tr("unknown") : enteredBy, enteredAt.left(10));
    return text;
}

QString Discount::problem() const
{
    if (provider.trimmed().isEmpty())
        return Tr::tr("provider: empty");
    if (skuPattern.trimmed().isEmpty())
        return Tr::tr("sku_pattern: empty (\"*\" is every SKU)");
    if (!(percent.nanos() > 0 && percent.nanos() < 100 * Decimal::kScale))
        return Tr::tr("percent: %1 is not between 0 and 100 (22 is 22 % off)").arg(percent.toString());
    if (from.isValid() && to.isValid() && to < from)
        return Tr::tr("to: %1 is before from, %2").arg(to.toString(Qt::ISODate), from.toString(Qt::ISODate));
    if (source.trimmed().isEmpty())
        return Tr::tr("source: empty (name the contract or agreement)");
    return {};
}

qsizetype applyDiscounts(QList<PriceRecord> &offers, const QList<Discount> &discounts, QDate on)
{
    qsizetype discounted = 0;
    if (discounts.isEmpty())
        return discounted;
    // Patterns compiled once per overlay; the overlay entered last wins where several match.
    struct Compiled
    {
        const Discount *discount;
        QRegularExpression pattern;
        QString text;
    };
    QList<Compiled> compiled;
    for (auto it = discounts.crbegin(); it != discounts.crend(); ++it)
        compiled.append({&*it, QRegularExpression(QRegularExpression::wildcardToRegularExpression(it->skuPattern),
                                                  QRegularExpression::CaseInsensitiveOption),
                             it->describe()});
    for (PriceRecord &offer : offers) {
        for (const Compiled &c : std::as_const(compiled)) {
            const Discount &d = *c.discount;
            if (offer.key.provider.compare(d.provider, Qt::CaseInsensitive) != 0
                || (d.priceModel && offer.key.priceModel != *d.priceModel)
                || (d.from.isValid() && on < d.from) || (d.to.isValid() && on > d.to)
                || !c.pattern.match(offer.key.sku).hasMatch())
                continue;
            offer.listPrice = offer.price;
            offer.price = d.apply(offer.price);
            offer.discountSource = c.text;
            ++discounted;
            break;
        }
    }
    return discounted;
}

QString loginName()
{
    const QString user = qEnvironmentVariable("USER", qEnvironmentVariable("LOGNAME"));
    return user.isEmpty() ? Tr::tr("unknown") : user;
}

QString unknownProvider(const QString &provider, const QStringList &providers)
{
    if (providers.contains(provider, Qt::CaseInsensitive))
        return {};
    return Tr::tr("'%1' has no prices here (providers: %2)").arg(provider, providers.join(u", "_s));
}

namespace {

std::optional<Discount> readDiscount(const CsvRecord &r, const QStringList &providers)
{
    Discount d;
    d.provider = r.required(u"provider"_s);
    if (const QString unknown = unknownProvider(d.provider, providers); !d.provider.isEmpty() && !unknown.isEmpty()) {
        r.error(u"provider"_s, unknown);
        return std::nullopt;
    }
    d.skuPattern = r.required(u"sku_pattern"_s);
    if (const QString model = r.text(u"price_model"_s); !model.isEmpty()) {
        d.priceModel = priceModelFromString(model);
        if (!d.priceModel) {
            r.error(u"price_model"_s, Tr::tr("'%1' is not a price model").arg(model));
            return std::nullopt;
        }
    }
    d.from = r.date(u"from"_s);
    d.to = r.date(u"to"_s);
    QString why;
    const auto percent = Decimal::parse(r.required(u"percent"_s), &why);
    if (!percent) {
        r.error(u"percent"_s, why);
        return std::nullopt;
    }
    d.percent = *percent;
    d.source = r.required(u"source"_s);
    if (const QString problem = d.problem(); !problem.isEmpty()) {
        const qsizetype colon = problem.indexOf(u':');
        r.error(problem.left(colon), problem.mid(colon + 2));
        return std::nullopt;
    }
    return d;
}

} // namespace

Result<QList<Discount>> readDiscounts(QIODevice *device, const QString &fileName, const QStringList &providers)
{
    QList<Discount> discounts;
    const Diagnostics problems =
        readCsvTable(device, fileName, {u"provider"_s, u"sku_pattern"_s, u"percent"_s, u"source"_s},
                     [&](const CsvRecord &r) {
                         if (auto d = readDiscount(r, providers))
                             discounts.append(*d);
                     });
    if (hasErrors(problems))
        return Error::badInput(Tr::tr("%1 has errors; no discount was stored").arg(fileName), problems);
    if (discounts.isEmpty())
        return Error::badInput(Tr::tr("%1 holds no discount").arg(fileName));
    return discounts;
}

} // namespace accelplan::pricing
