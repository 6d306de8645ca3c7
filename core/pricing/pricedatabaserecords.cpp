#include "core/pricing/pricedatabase.h"

#include "core/catalog/acceleratorcatalog.h"
#include "core/common/tr.h"
#include "core/pricing/pricesheetparser.h"
#include "core/pricing/serverwatch.h"
#include "core/pricing/sqliteprices.h"
#include "core/pricing/sqlerror.h"

#include <QDir>
#include <QHash>
#include <QSqlQuery>
#include <QVariant>

#include <cmath>
#include <optional>

// The price records of a PriceDatabase: seeding the shipped sheets, importing one, and reading
// prices back (the connection, its transactions and errors are in pricedatabase.cpp).

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

namespace {

QVariant optionalDecimal(const std::optional<Decimal> &value)
{
    return value ? QVariant(value->toString()) : QVariant();
}

QVariant optionalInt(const std::optional<int> &value)
{
    return value ? QVariant(*value) : QVariant();
}

std::optional<Decimal> decimalFromColumn(const QVariant &value)
{
    if (value.isNull())
        return std::nullopt;
    return Decimal::parse(value.toString());
}

/// ORDER BY over an offer's prices p2 that puts its current price first: one not approximate
/// before an approximate one, then the latest effective, then the latest stored (as diffSheet
/// ranks them). The same SQL on SQLite and PostgreSQL.
QString currentPriceFirst()
{
    QStringList quoted;
    for (const QString &confidence : approximateConfidences())
        quoted.append(u'\'' + confidence + u'\'');
    return u"CASE WHEN p2.confidence IN ("_s + quoted.join(u", "_s)
           + u") THEN 1 ELSE 0 END, p2.effective_date DESC, p2.id DESC"_s;
}

} // namespace

Status PriceDatabase::seedSheetsAndRates(const catalog::AcceleratorCatalog &catalog)
{
    const PriceSheetParser parser(catalog, QDate::currentDate());
    QDir dir(u":/data/prices"_s);
    const QStringList files = dir.entryList({u"*.csv"_s, u"*.json"_s}, QDir::Files, QDir::Name);
    if (files.isEmpty())
        return Error::internal(Tr::tr("no shipped price sheets in the build"));
    for (const QString &file : files) {
        const QString shippedName = u"data/prices/"_s + file;
        ParsedSheet sheet = parser.parseFile(dir.filePath(file));
        sheet.fileName = shippedName;
        if (!sheet.ok()) {
            QStringList errors;
            for (const Diagnostic &d : std::as_const(sheet.diagnostics))
                errors.append(d.toString());
            return Error::internal(errors.join(u'\n'));
        }
        const auto imported = importSheet(sheet, Tr::tr("Shipped prices: %1").arg(file),
                                          u"accelplan:"_s + shippedName, false, SheetKind::Seed);
        if (!imported)
            return imported.error();
    }
    QFile fx(u":/data/fx/rates.csv"_s);
    if (!fx.open(QIODevice::ReadOnly))
        return Error::internal(Tr::tr("the shipped exchange rates are missing from the build"));
    const auto rates = FxTable::parse(&fx, u"data/fx/rates.csv"_s);
    if (!rates)
        return rates.error();
    const auto imported = importFxRates(*rates, false);
    if (!imported)
        return imported.error();
    return Done{};
}

Result<ImportSummary> PriceDatabase::importSheet(const ParsedSheet &sheet, const QString &name, const QString &source,
                                                 bool dryRun, SheetKind kind)
{
    if (!sheet.ok()) {
        Diagnostics errors;
        for (const Diagnostic &d : sheet.diagnostics) {
            if (d.severity == Diagnostic::Severity::Error)
                errors.append(d);
        }
        return Error::badInput(Tr::tr("%1: %n error(s); nothing was imported", nullptr, int(errors.size()))
                                   .arg(sheet.fileName),
                               errors);
    }
    const ServerWatch::Scope watching(m_watch.get());
    QSqlDatabase db = database();
    QSqlQuery query(db);
    query.setForwardOnly(true);

    // An import looks for the same file and diffs against the stored offers inside its exclusive
    // write transaction: of two imports of one file at once, the second waits and finds the first.
    if (!dryRun) {
        if (Status begun = beginWrite(u"sheets"_s); !begun)
            return begun.error();
    }
    auto fail = [&](const Error &error) {
        query.finish();
        if (!dryRun)
            rollbackWrite();
        return error;
    };

    ImportSummary summary;
    summary.rowCount = int(sheet.records.size());
    query.prepare(u"SELECT id FROM sheets WHERE file_hash = ? ORDER BY id LIMIT 1"_s);
    query.addBindValue(QString::fromLatin1(sheet.sha256));
    if (!query.exec())
        return fail(readError(Tr::tr("looking up earlier sheets"), query));
    if (query.next()) {
        summary.alreadyImportedAs = query.value(0).toLongLong();
        query.finish();
        if (!dryRun)
            rollbackWrite();
        return summary;
    }

    QHash<OfferKey, StoredOffer> stored;
    if (!query.exec(u"SELECT o.id, o.provider, o.sku, o.region, o.price_model, o.offer_kind, o.accelerator,"
                    " o.accelerator_count, o.vcpus, o.ram_gb, p.price, p.currency, p.unit, p.effective_date,"
                    " p.confidence FROM offers o LEFT JOIN prices p ON p.id = (SELECT p2.id FROM prices p2"
                    " WHERE p2.offer_id = o.id ORDER BY "_s
                    + currentPriceFirst() + u" LIMIT 1)"_s))
        return fail(readError(Tr::tr("reading the stored offers"), query));
    while (query.next()) {
        watching.touch();
        const auto model = priceModelFromString(query.value(4).toString());
        if (!model)
            continue;
        StoredOffer offer{query.value(0).toLongLong(), query.value(5).toString(), query.value(6).toString(),
                          query.value(7).toInt(), query.value(8), query.value(9),
                          query.value(10).toString(), query.value(11).toString(), query.value(12).toString(),
                          QDate::fromString(query.value(13).toString(), Qt::ISODate), query.value(14).toString()};
        stored.insert(OfferKey{query.value(1).toString(), query.value(2).toString(), query.value(3).toString(), *model},
                      offer);
    }
    query.finish();

    diffSheet(sheet.records, stored, &summary);
    if (dryRun)
        return summary;
    watching.touch();

    auto failWrite = [&](const QString &what, const QSqlQuery &q) { return fail(writeError(what, q)); };

    query.prepare(u"INSERT INTO sheets (name, source, imported_at, file_hash, row_count, added_count, changed_count,"
                  " unchanged_count, historical_count, kind) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    for (const QVariant &v : {QVariant(name), QVariant(source),
                              QVariant(QDateTime::currentDateTimeUtc().toString(Qt::ISODate)),
                              QVariant(QString::fromLatin1(sheet.sha256)), QVariant(summary.rowCount),
                              QVariant(summary.added), QVariant(summary.changed), QVariant(summary.unchanged),
                              QVariant(summary.historical), QVariant(toString(kind))})
        query.addBindValue(v);
    if (!query.exec())
        return failWrite(Tr::tr("recording the sheet"), query);
    const qint64 sheetId = query.lastInsertId().toLongLong();

    QSqlQuery insertOffer(db);
    insertOffer.prepare(u"INSERT INTO offers (provider, sku, region, price_model, offer_kind, accelerator,"
                        " accelerator_count, vcpus, ram_gb) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    QSqlQuery updateOffer(db);
    updateOffer.prepare(u"UPDATE offers SET offer_kind = ?, accelerator = ?, accelerator_count = ?, vcpus = ?,"
                        " ram_gb = ? WHERE id = ?"_s);
    QSqlQuery insertPrice(db);
    insertPrice.prepare(u"INSERT INTO prices (offer_id, sheet_id, sheet_line, price, currency, unit, effective_date,"
                        " as_of, setup_fee, source_url, confidence, notes)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, coalesce(?, ''), coalesce(?, ''), coalesce(?, ''))"_s);

    for (qsizetype i = 0; i < sheet.records.size(); ++i) {
        watching.touch();
        const PriceRecord &r = sheet.records[i];
        const PriceChange::Kind changeKind = summary.changes[i].kind;
        qint64 offerId = 0;
        if (changeKind == PriceChange::Kind::Added) {
            insertOffer.bindValue(0, r.key.provider);
            insertOffer.bindValue(1, r.key.sku);
            insertOffer.bindValue(2, r.key.region);
            insertOffer.bindValue(3, toString(r.key.priceModel));
            insertOffer.bindValue(4, toString(r.offerKind));
            insertOffer.bindValue(5, r.accelerator);
            insertOffer.bindValue(6, r.acceleratorCount);
            insertOffer.bindValue(7, optionalInt(r.vcpus));
            insertOffer.bindValue(8, optionalDecimal(r.ramGb));
            if (!insertOffer.exec())
                return failWrite(Tr::tr("adding an offer"), insertOffer);
            offerId = insertOffer.lastInsertId().toLongLong();
        } else {
            offerId = stored.value(r.key).id;
            if (changeKind != PriceChange::Kind::Historical) {
                updateOffer.bindValue(0, toString(r.offerKind));
                updateOffer.bindValue(1, r.accelerator);
                updateOffer.bindValue(2, r.acceleratorCount);
                updateOffer.bindValue(3, optionalInt(r.vcpus));
                updateOffer.bindValue(4, optionalDecimal(r.ramGb));
                updateOffer.bindValue(5, offerId);
                if (!updateOffer.exec())
                    return failWrite(Tr::tr("updating an offer"), updateOffer);
            }
        }
        insertPrice.bindValue(0, offerId);
        insertPrice.bindValue(1, sheetId);
        insertPrice.bindValue(2, r.sheetLine);
        insertPrice.bindValue(3, r.price.toString());
        insertPrice.bindValue(4, r.currency);
        insertPrice.bindValue(5, toString(r.unit));
        insertPrice.bindValue(6, r.effectiveDate.toString(Qt::ISODate));
        insertPrice.bindValue(7, r.asOf.isValid() ? QVariant(r.asOf.toString(Qt::ISODate)) : QVariant());
        insertPrice.bindValue(8, optionalDecimal(r.setupFee));
        insertPrice.bindValue(9, r.sourceUrl);
        insertPrice.bindValue(10, r.confidence);
        insertPrice.bindValue(11, r.notes);
        if (!insertPrice.exec())
            return failWrite(Tr::tr("adding a price"), insertPrice);
    }
    if (Status committed = commitWrite(); !committed)
        return fail(committed.error());
    summary.sheetId = sheetId;
    return summary;
}

Result<QList<PriceRecord>> PriceDatabase::selectPrices(const QString &joinAndWhere, const QVariantList &bindings,
                                                       const QString &orderBy, bool withNotes) const
{
    const QString sql = u"SELECT o.provider, o.sku, o.region, o.price_model, o.offer_kind, o.accelerator, o.accelerator_count,"
                        " o.vcpus, o.ram_gb, p.price, p.currency, p.unit, p.effective_date, p.as_of, p.setup_fee,"
                        " p.source_url, p.confidence, "_s
                        + (withNotes ? u"p.notes"_s : u"''"_s) + u", p.sheet_id, p.sheet_line FROM offers o "_s + joinAndWhere
                        + u" ORDER BY "_s + orderBy;
    if (auto read = readPricesFromSqlite(database(), path(), sql, bindings))
        return std::move(*read);
    const ServerWatch::Scope watching(m_watch.get());
    QSqlQuery query(database());
    query.setForwardOnly(true);
    // A prepare that fails (a damaged database: a table missing) says why; exec would only say
    // "Parameter count mismatch". A connection that is gone is no damage.
    if (!query.prepare(sql))
        return connectionLost() ? readError(Tr::tr("reading prices"), query)
                                : damagedDatabase(path(), query.lastError().text());
    for (const QVariant &v : bindings)
        query.addBindValue(v);
    if (!query.exec())
        return readError(Tr::tr("reading prices"), query);
    QList<PriceRecord> records;
    while (query.next()) {
        watching.touch();
        PriceRecord r;
        r.key.provider = query.value(0).toString();
        r.key.sku = query.value(1).toString();
        r.key.region = query.value(2).toString();
        r.key.priceModel = priceModelFromString(query.value(3).toString()).value_or(PriceModel::OnDemand);
        r.offerKind = offerKindFromString(query.value(4).toString()).value_or(OfferKind::CloudVm);
        r.accelerator = query.value(5).toString();
        r.acceleratorCount = query.value(6).toInt();
        if (!query.value(7).isNull())
            r.vcpus = query.value(7).toInt();
        r.ramGb = decimalFromColumn(query.value(8));
        r.price = Decimal::parse(query.value(9).toString()).value_or(Decimal());
        r.currency = query.value(10).toString();
        r.unit = priceUnitFromString(query.value(11).toString()).value_or(PriceUnit::Hour);
        r.effectiveDate = QDate::fromString(query.value(12).toString(), Qt::ISODate);
        r.asOf = QDate::fromString(query.value(13).toString(), Qt::ISODate);
        r.setupFee = decimalFromColumn(query.value(14));
        r.sourceUrl = query.value(15).toString();
        r.confidence = query.value(16).toString();
        r.notes = query.value(17).toString();
        r.sheetId = query.value(18).toLongLong();
        r.sheetLine = query.value(19).toInt();
        records.append(std::move(r));
    }
    // A connection lost halfway ends the rows early: not a shorter list of prices.
    if (query.lastError().isValid())
        return readError(Tr::tr("reading prices"), query);
    return records;
}

Result<QList<PriceRecord>> PriceDatabase::prices(const OfferFilter &filter) const
{
    QString sql;
    QVariantList bindings;
    if (filter.sheetId > 0) {
        sql = u"JOIN prices p ON p.offer_id = o.id WHERE p.sheet_id = ?"_s;
        bindings.append(filter.sheetId);
    } else {
        const QDate asOf = filter.asOf.isValid() ? filter.asOf : QDate::currentDate();
        sql = u"JOIN prices p ON p.id = (SELECT p2.id FROM prices p2 WHERE p2.offer_id = o.id"
              " AND p2.effective_date <= ? ORDER BY "_s
              + currentPriceFirst() + u" LIMIT 1) WHERE 1 = 1"_s;
        bindings.append(asOf.toString(Qt::ISODate));
    }
    if (!filter.provider.isEmpty()) {
        sql += u" AND lower(o.provider) = lower(?)"_s;
        bindings.append(filter.provider);
    }
    if (!filter.accelerator.isEmpty()) {
        sql += u" AND o.accelerator = ?"_s;
        bindings.append(filter.accelerator);
    }
    if (!filter.region.isEmpty()) {
        sql += u" AND lower(o.region) = lower(?)"_s;
        bindings.append(filter.region);
    }
    if (filter.kind) {
        sql += u" AND o.offer_kind = ?"_s;
        bindings.append(toString(*filter.kind));
    }
    if (filter.priceModel) {
        sql += u" AND o.price_model = ?"_s;
        bindings.append(toString(*filter.priceModel));
    }
    return selectPrices(sql, bindings, u"o.provider, o.sku, o.region, o.price_model"_s, filter.withNotes);
}

Result<QList<PriceRecord>> PriceDatabase::history(const QString &sku, const QString &provider,
                                                  const QString &region) const
{
    QString sql = u"JOIN prices p ON p.offer_id = o.id WHERE lower(o.sku) = lower(?)"_s;
    QVariantList bindings{sku};
    if (!provider.isEmpty()) {
        sql += u" AND lower(o.provider) = lower(?)"_s;
        bindings.append(provider);
    }
    if (!region.isEmpty()) {
        sql += u" AND lower(o.region) = lower(?)"_s;
        bindings.append(region);
    }
    return selectPrices(sql, bindings, u"o.provider, o.region, o.price_model, p.effective_date, p.id"_s);
}

Result<QList<SheetInfo>> PriceDatabase::sheets() const
{
    const ServerWatch::Scope watching(m_watch.get());
    QSqlQuery query(database());
    if (!query.exec(u"SELECT id, name, source, kind, imported_at, file_hash, row_count, added_count, changed_count,"
                    " unchanged_count, historical_count FROM sheets ORDER BY id"_s))
        return readError(Tr::tr("reading sheets"), query);
    QList<SheetInfo> sheets;
    while (query.next()) {
        SheetInfo s;
        s.id = query.value(0).toLongLong();
        s.name = query.value(1).toString();
        s.source = query.value(2).toString();
        s.kind = query.value(3).toString();
        s.importedAt = QDateTime::fromString(query.value(4).toString(), Qt::ISODate);
        s.fileHash = query.value(5).toString();
        s.rowCount = query.value(6).toInt();
        s.addedCount = query.value(7).toInt();
        s.changedCount = query.value(8).toInt();
        s.unchangedCount = query.value(9).toInt();
        s.historicalCount = query.value(10).toInt();
        sheets.append(s);
    }
    return sheets;
}

Result<int> PriceDatabase::pricesEffectiveAfter(QDate date) const
{
    const ServerWatch::Scope watching(m_watch.get());
    QSqlQuery query(database());
    query.prepare(u"SELECT count(*) FROM prices WHERE effective_date > ?"_s);
    query.addBindValue(date.toString(Qt::ISODate));
    if (!query.exec() || !query.next())
        return readError(Tr::tr("counting scheduled prices"), query);
    return query.value(0).toInt();
}

QDate PriceDatabase::pricesAsOf() const
{
    const ServerWatch::Scope watching(m_watch.get());
    QSqlQuery query(database());
    query.prepare(u"SELECT max(coalesce(as_of, effective_date)) FROM prices WHERE effective_date <= ?"_s);
    query.addBindValue(QDate::currentDate().toString(Qt::ISODate));
    if (!query.exec() || !query.next())
        return {};
    return QDate::fromString(query.value(0).toString(), Qt::ISODate);
}
} // namespace accelplan::pricing
