// The price database's exchange rates, fetched spot interruption bands, negotiated discounts, quotes, actual
// spend and user throughput-profile files.
#include "core/pricing/pricedatabase.h"

#include "core/common/tr.h"
#include "core/pricing/importers/spotadvisor.h"
#include "core/pricing/serverwatch.h"

#include <QCryptographicHash>
#include <QFile>
#include <QSqlQuery>
#include <QVariant>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

Status PriceDatabase::writeRows(QSqlQuery &write, qsizetype count, const std::function<QVariantList(qsizetype)> &row,
                                const QString &what, QList<qint64> *ids)
{
    const ServerWatch::Scope watching(m_watch.get());
    for (qsizetype i = 0; i < count; ++i) {
        watching.touch();
        for (const QVariant &v : row(i))
            write.addBindValue(v);
        if (!write.exec()) {
            const Error error = writeError(what, write);
            rollbackWrite();
            return error;
        }
        if (ids)
            ids->append(write.lastInsertId().toLongLong());
    }
    if (Status committed = commitWrite(); !committed) {
        rollbackWrite();
        return committed;
    }
    return Done{};
}

Result<FxTable> PriceDatabase::fxTable() const
{
    const ServerWatch::Scope watching(m_watch.get());
    QSqlQuery query(database());
    if (!query.exec(u"SELECT date, base, quote, rate, source_url, notes FROM fx_rates ORDER BY date, base, quote"_s))
        return readError(Tr::tr("reading exchange rates"), query);
    QList<FxRate> rates;
    while (query.next()) {
        rates.append({QDate::fromString(query.value(0).toString(), Qt::ISODate), query.value(1).toString(),
                      query.value(2).toString(), Decimal::parse(query.value(3).toString()).value_or(Decimal()),
                      query.value(4).toString(), query.value(5).toString()});
    }
    return FxTable(rates);
}

Result<FxImportSummary> PriceDatabase::importFxRates(const QList<FxRate> &rates, bool dryRun)
{
    const ServerWatch::Scope watching(m_watch.get());
    QSqlDatabase db = database();
    QSqlQuery lookup(db);
    lookup.prepare(u"SELECT rate FROM fx_rates WHERE date = ? AND base = ? AND quote = ?"_s);
    FxImportSummary summary;
    for (const FxRate &r : rates) {
        watching.touch();
        lookup.addBindValue(r.date.toString(Qt::ISODate));
        lookup.addBindValue(r.base);
        lookup.addBindValue(r.quote);
        if (!lookup.exec())
            return readError(Tr::tr("reading exchange rates"), lookup);
        if (!lookup.next())
            ++summary.added;
        else if (Decimal::parse(lookup.value(0).toString()) == r.rate)
            ++summary.unchanged;
        else
            ++summary.changed;
    }
    lookup.finish();
    if (dryRun)
        return summary;
    if (Status begun = beginWrite(u"fx_rates"_s); !begun)
        return begun.error();
    QSqlQuery write(db);
    // A second rate for the same date, base and quote is a correction of the first.
    write.prepare(u"INSERT INTO fx_rates (date, base, quote, rate, source_url, notes, imported_at)"
                  " VALUES (?, ?, ?, ?, ?, coalesce(?, ''), ?) ON CONFLICT (date, base, quote) DO UPDATE SET"
                  " rate = excluded.rate, source_url = excluded.source_url, notes = excluded.notes,"
                  " imported_at = excluded.imported_at"_s);
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    const auto row = [&](qsizetype i) -> QVariantList {
        const FxRate &r = rates[i];
        return {r.date.toString(Qt::ISODate), r.base, r.quote, r.rate.toString(), r.sourceUrl, r.notes, now};
    };
    if (Status written = writeRows(write, rates.size(), row, Tr::tr("writing exchange rates")); !written)
        return written.error();
    return summary;
}

Result<QList<catalog::SpotRate>> PriceDatabase::spotRates() const
{
    const ServerWatch::Scope watching(m_watch.get());
    QSqlQuery query(database());
    // Oldest first, so that the newest band of a key is the one kept (addSpotRates replaces).
    if (!query.exec(u"SELECT provider, instance_type, region, band, source_url, as_of FROM spot_rates"
                    " ORDER BY as_of, id"_s))
        return readError(Tr::tr("reading spot interruption rates"), query);
    QHash<QString, qsizetype> index;
    QList<catalog::SpotRate> rates;
    while (query.next()) {
        std::optional<catalog::SpotRate> rate = catalog::SpotRate::fromBand(query.value(3).toString());
        if (!rate)
            continue; // written by this code only: a band fromBand reads
        rate->provider = query.value(0).toString();
        rate->instanceType = query.value(1).toString();
        rate->region = query.value(2).toString();
        rate->source = spotAdvisorSource(rate->band, query.value(4).toString(),
                                         QDate::fromString(query.value(5).toString(), Qt::ISODate));
        const QString key = rate->key();
        if (const auto at = index.constFind(key); at != index.constEnd())
            rates[*at] = *rate;
        else {
            index.insert(key, rates.size());
            rates.append(*rate);
        }
    }
    return rates;
}

Result<FxImportSummary> PriceDatabase::importSpotRates(const QList<catalog::SpotRate> &rates, bool dryRun)
{
    const auto stored = spotRates();
    if (!stored)
        return stored.error();
    QHash<QString, QString> bands;
    for (const catalog::SpotRate &r : *stored)
        bands.insert(r.key(), r.band);
    FxImportSummary summary;
    for (const catalog::SpotRate &r : rates) {
        const auto was = bands.constFind(r.key());
        if (was == bands.constEnd())
            ++summary.added;
        else if (*was == r.band)
            ++summary.unchanged;
        else
            ++summary.changed;
    }
    if (dryRun)
        return summary;
    const ServerWatch::Scope watching(m_watch.get());
    if (Status begun = beginWrite(u"spot_rates"_s); !begun)
        return begun.error();
    QSqlQuery write(database());
    // The same key fetched twice on one day: the later fetch is the band of that day.
    write.prepare(u"INSERT INTO spot_rates (provider, instance_type, region, as_of, band, source_url, imported_at)"
                  " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (provider, instance_type, region, as_of) DO UPDATE SET"
                  " band = excluded.band, source_url = excluded.source_url, imported_at = excluded.imported_at"_s);
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    const auto row = [&](qsizetype i) -> QVariantList {
        const catalog::SpotRate &r = rates[i];
        return {r.provider, r.instanceType, r.region, r.source.asOf.toString(Qt::ISODate), r.band, r.source.url, now};
    };
    if (Status written = writeRows(write, rates.size(), row, Tr::tr("writing spot interruption rates")); !written)
        return written.error();
    return summary;
}

Result<QList<Discount>> PriceDatabase::discounts() const
{
    const ServerWatch::Scope watching(m_watch.get());
    QSqlQuery query(database());
    if (!query.exec(u"SELECT id, provider, sku_pattern, price_model, valid_from, valid_to, percent, source,"
                    " entered_by, entered_at FROM discounts ORDER BY id"_s))
        return readError(Tr::tr("reading discounts"), query);
    QList<Discount> discounts;
    while (query.next()) {
        Discount d;
        d.id = query.value(0).toLongLong();
        d.provider = query.value(1).toString();
        d.skuPattern = query.value(2).toString();
        if (const QString model = query.value(3).toString(); !model.isEmpty())
            d.priceModel = priceModelFromString(model);
        d.from = QDate::fromString(query.value(4).toString(), Qt::ISODate);
        d.to = QDate::fromString(query.value(5).toString(), Qt::ISODate);
        d.percent = Decimal::parse(query.value(6).toString()).value_or(Decimal());
        d.source = query.value(7).toString();
        d.enteredBy = query.value(8).toString();
        d.enteredAt = query.value(9).toString();
        discounts.append(d);
    }
    return discounts;
}

Result<QList<qint64>> PriceDatabase::addDiscounts(const QList<Discount> &discounts, const QString &enteredBy)
{
    const ServerWatch::Scope watching(m_watch.get());
    if (Status begun = beginWrite(u"discounts"_s); !begun)
        return begun.error();
    QSqlQuery write(database());
    write.prepare(u"INSERT INTO discounts (provider, sku_pattern, price_model, valid_from, valid_to, percent, source,"
                  " entered_by, entered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    QList<qint64> ids;
    const auto row = [&](qsizetype i) -> QVariantList {
        const Discount &d = discounts[i];
        // An open field is stored as '' (bound as text, not NULL).
        return {d.provider, d.skuPattern, d.priceModel ? toString(*d.priceModel) : u""_s,
                d.from.isValid() ? d.from.toString(Qt::ISODate) : u""_s,
                d.to.isValid() ? d.to.toString(Qt::ISODate) : u""_s, d.percent.toString(), d.source, enteredBy, now};
    };
    if (Status written = writeRows(write, discounts.size(), row, Tr::tr("writing discounts"), &ids); !written)
        return written.error();
    return ids;
}

Result<bool> PriceDatabase::removeRow(const QString &table, qint64 id, const QString &what)
{
    if (Status writable = checkWritable(); !writable)
        return writable.error();
    const ServerWatch::Scope watching(m_watch.get());
    QSqlQuery query(database());
    query.prepare(u"DELETE FROM %1 WHERE id = ?"_s.arg(table));
    query.addBindValue(id);
    if (!query.exec())
        return writeError(what, query);
    return query.numRowsAffected() > 0;
}

Result<bool> PriceDatabase::removeDiscount(qint64 id)
{
    return removeRow(u"discounts"_s, id, Tr::tr("removing discount %1").arg(id));
}

Result<QList<Quote>> PriceDatabase::quotes() const
{
    const ServerWatch::Scope watching(m_watch.get());
    QSqlQuery query(database());
    if (!query.exec(u"SELECT id, vendor, kind, sku, region, accelerator, accelerator_count, price_model, price, currency,"
                    " valid_until, min_term_months, min_instances, source, entered_by, entered_at FROM quotes ORDER BY id"_s))
        return readError(Tr::tr("reading quotes"), query);
    QList<Quote> quotes;
    while (query.next()) {
        Quote q;
        q.id = query.value(0).toLongLong();
        q.vendor = query.value(1).toString();
        q.kind = offerKindFromString(query.value(2).toString()).value_or(OfferKind::CloudVm);
        q.sku = query.value(3).toString();
        q.region = query.value(4).toString();
        q.accelerator = query.value(5).toString();
        q.acceleratorCount = query.value(6).toInt();
        q.priceModel = priceModelFromString(query.value(7).toString()).value_or(PriceModel::OnDemand);
        q.price = Decimal::parse(query.value(8).toString()).value_or(Decimal());
        q.currency = query.value(9).toString();
        q.validUntil = QDate::fromString(query.value(10).toString(), Qt::ISODate);
        q.minimumTermMonths = query.value(11).toInt();
        q.minimumInstances = query.value(12).toInt();
        q.source = query.value(13).toString();
        q.enteredBy = query.value(14).toString();
        q.enteredAt = query.value(15).toString();
        quotes.append(q);
    }
    return quotes;
}

Result<QList<qint64>> PriceDatabase::addQuotes(const QList<Quote> &quotes, const QString &enteredBy)
{
    const ServerWatch::Scope watching(m_watch.get());
    if (Status begun = beginWrite(u"quotes"_s); !begun)
        return begun.error();
    QSqlQuery write(database());
    write.prepare(u"INSERT INTO quotes (vendor, kind, sku, region, accelerator, accelerator_count, price_model, price,"
                  " currency, valid_until, min_term_months, min_instances, source, entered_by, entered_at)"
                  " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    QList<qint64> ids;
    const auto row = [&](qsizetype i) -> QVariantList {
        const Quote &q = quotes[i];
        return {q.vendor, toString(q.kind), q.sku, q.region.isEmpty() ? u""_s : q.region, q.accelerator,
                q.acceleratorCount, toString(q.priceModel), q.price.toString(), q.currency,
                q.validUntil.toString(Qt::ISODate), q.minimumTermMonths, q.minimumInstances, q.source, enteredBy, now};
    };
    if (Status written = writeRows(write, quotes.size(), row, Tr::tr("writing quotes"), &ids); !written)
        return written.error();
    return ids;
}

Result<bool> PriceDatabase::removeQuote(qint64 id)
{
    return removeRow(u"quotes"_s, id, Tr::tr("removing quote %1").arg(id));
}

Result<QList<ActualCharge>> PriceDatabase::actuals() const
{
    const ServerWatch::Scope watching(m_watch.get());
    QSqlQuery query(database());
    if (!query.exec(u"SELECT provider, sku, region, month, effective_cost, currency, quantity, unit, line FROM actuals"
                    " ORDER BY id"_s))
        return readError(Tr::tr("reading actual spend"), query);
    QList<ActualCharge> charges;
    while (query.next())
        charges.append({query.value(0).toString(), query.value(1).toString(), query.value(2).toString(),
                        QDate::fromString(query.value(3).toString(), Qt::ISODate), query.value(4).toString().toDouble(),
                        query.value(5).toString(), query.value(6).toString().toDouble(), query.value(7).toString(),
                        query.value(8).toInt()});
    return charges;
}

Status PriceDatabase::importActuals(const QList<ActualCharge> &charges, const QString &fileName, const QByteArray &sha256)
{
    const ServerWatch::Scope watching(m_watch.get());
    if (Status begun = beginWrite(u"actuals"_s); !begun)
        return begun;
    QSqlDatabase db = database();
    QSqlQuery query(db);
    query.prepare(u"SELECT file_name FROM actuals WHERE file_sha256 = ? LIMIT 1"_s);
    query.addBindValue(QString::fromLatin1(sha256));
    if (!query.exec()) {
        const Error error = readError(Tr::tr("reading actual spend"), query);
        rollbackWrite();
        return error;
    }
    if (query.next()) {
        const QString earlier = query.value(0).toString();
        query.finish();
        rollbackWrite();
        return Error::badInput(Tr::tr("%1 was imported already (as %2, the same SHA-256); nothing was written")
                                   .arg(fileName, earlier));
    }
    query.finish();
    QSqlQuery write(db);
    write.prepare(u"INSERT INTO actuals (file_name, file_sha256, imported_at, line, provider, sku, region, month,"
                  " effective_cost, currency, quantity, unit) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    auto text = [](const QString &value) { return value.isNull() ? u""_s : value; }; // '' for NOT NULL
    const QString hash = QString::fromLatin1(sha256);
    const auto row = [&](qsizetype i) -> QVariantList {
        const ActualCharge &c = charges[i];
        return {fileName, hash, now, c.line, c.provider, c.sku, text(c.region), c.month.toString(Qt::ISODate),
                QString::number(c.effectiveCost, 'g', 17), c.currency, QString::number(c.quantity, 'g', 17), text(c.unit)};
    };
    return writeRows(write, charges.size(), row, Tr::tr("writing actual spend"));
}

Result<PriceDatabase::ActualsImport> PriceDatabase::importActualsFile(const QString &path, const QSet<QString> &skus,
                                                                     bool dryRun,
                                                                     const std::optional<OpenCostTarget> &openCost)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error::badInput(Tr::tr("cannot open %1: %2").arg(path, file.errorString()));
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&file);
    file.seek(0);
    ActualsImport done;
    const bool fromOpenCost = isOpenCostExport(&file);
    if (fromOpenCost && !openCost)
        return Error::badInput(Tr::tr("%1 is an OpenCost allocation export: it names workloads, not SKUs; say which "
                                      "offer ran them (actuals import --provider P --sku S)")
                                   .arg(path));
    const auto charges = fromOpenCost ? readOpenCostActuals(&file, path, *openCost, &done.leftOut)
                                      : readFocusActuals(&file, path, skus, &done.leftOut);
    if (!charges)
        return charges.error();
    if (!dryRun) {
        if (Status stored = importActuals(*charges, path, hash.result().toHex()); !stored)
            return stored.error();
    }
    done.charges = charges->size();
    for (const ActualCharge &c : *charges)
        done.total += c.effectiveCost;
    return done;
}

Result<QSet<QString>> PriceDatabase::pricedSkus() const
{
    const auto offers = prices();
    if (!offers)
        return offers.error();
    QSet<QString> skus;
    for (const PriceRecord &r : *offers)
        skus.insert(actualsKey(r.key.provider, r.key.sku));
    return skus;
}

Status PriceDatabase::addProfileFile(const ProfileFile &file)
{
    if (Status writable = checkWritable(); !writable)
        return writable;
    const ServerWatch::Scope watching(m_watch.get());
    QSqlQuery query(database());
    query.prepare(u"INSERT INTO user_profile_files (name, added_at, content) VALUES (?, ?, ?)"_s);
    query.addBindValue(file.name);
    query.addBindValue(QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    query.addBindValue(file.content);
    if (!query.exec())
        return writeError(Tr::tr("storing the profile file"), query);
    return Done{};
}

Result<QList<PriceDatabase::ProfileFile>> PriceDatabase::profileFiles() const
{
    const ServerWatch::Scope watching(m_watch.get());
    QSqlQuery query(database());
    // Oldest first: each file added later is put in front, so the newest measurement wins.
    if (!query.exec(u"SELECT name, content, id, added_at, disabled FROM user_profile_files ORDER BY id"_s))
        return readError(Tr::tr("reading profile files"), query);
    QList<ProfileFile> files;
    while (query.next())
        files.append({query.value(0).toString(), query.value(1).toByteArray(), query.value(2).toLongLong(),
                      query.value(3).toString(), query.value(4).toInt() == 0});
    return files;
}

Result<bool> PriceDatabase::removeProfileFile(qint64 id)
{
    if (Status writable = checkWritable(); !writable)
        return writable.error();
    const ServerWatch::Scope watching(m_watch.get());
    QSqlQuery query(database());
    query.prepare(u"DELETE FROM user_profile_files WHERE id = ?"_s);
    query.addBindValue(id);
    if (!query.exec())
        return writeError(Tr::tr("removing profile file %1").arg(id), query);
    return query.numRowsAffected() > 0;
}

Result<bool> PriceDatabase::setProfileFileEnabled(qint64 id, bool enabled)
{
    if (Status writable = checkWritable(); !writable)
        return writable.error();
    const ServerWatch::Scope watching(m_watch.get());
    QSqlQuery query(database());
    query.prepare(u"UPDATE user_profile_files SET disabled = ? WHERE id = ?"_s);
    query.addBindValue(enabled ? 0 : 1);
    query.addBindValue(id);
    if (!query.exec())
        return writeError(Tr::tr("changing profile file %1").arg(id), query);
    return query.numRowsAffected() > 0;
}

} // namespace accelplan::pricing
