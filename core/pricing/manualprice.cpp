#include "core/pricing/manualprice.h"

#include <QCryptographicHash>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

ParsedSheet manualPriceSheet(const PriceRecord &offer, const QString &priceText, QDate effectiveDate,
                             const QString &note, const QDateTime &editedAt)
{
    ParsedSheet sheet;
    sheet.fileName = u"manual edit"_s;
    sheet.rowCount = 1;
    auto fail = [&](const QString &field, const QString &message) {
        sheet.diagnostics.append(Diagnostic::error(sheet.fileName, 1, field, message));
    };
    QString why;
    const auto price = Decimal::parse(priceText.trimmed(), &why);
    if (!price)
        fail(u"price"_s, u"\"%1\" is not a number: %2"_s.arg(priceText, why));
    else if (*price <= Decimal())
        fail(u"price"_s, u"must be greater than 0, got %1"_s.arg(priceText.trimmed()));
    if (!effectiveDate.isValid())
        fail(u"effective_date"_s, u"give the date the price takes effect"_s);
    if (note.trimmed().isEmpty())
        fail(u"source_url"_s, u"say where the new price comes from"_s);
    if (!sheet.ok())
        return sheet;

    PriceRecord record = offer;
    record.price = *price;
    record.effectiveDate = effectiveDate;
    record.asOf = editedAt.date();
    record.sourceUrl = note.trimmed();
    record.confidence = u"exact"_s;
    record.sheetId = 0;
    record.sheetLine = 1;
    sheet.records = {record};

    // Each edit is its own sheet version: the hash covers the offer, the price and the moment.
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString &part : {record.key.provider, record.key.sku, record.key.region,
                                toString(record.key.priceModel), record.price.toString(),
                                effectiveDate.toString(Qt::ISODate), record.sourceUrl,
                                editedAt.toString(Qt::ISODateWithMs)})
        hash.addData(part.toUtf8().append('\x1f'));
    sheet.sha256 = hash.result().toHex();
    return sheet;
}

} // namespace accelplan::pricing
