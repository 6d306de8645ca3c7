// The price database's exchange rates and user throughput-profile files.
#include "core/pricing/pricedatabase.h"

#include "core/common/tr.h"
#include "core/pricing/serverwatch.h"

#include <QSqlQuery>
#include <QVariant>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

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
    for (const FxRate &r : rates) {
        watching.touch();
        for (const QVariant &v : {QVariant(r.date.toString(Qt::ISODate)), QVariant(r.base), QVariant(r.quote),
                                  QVariant(r.rate.toString()), QVariant(r.sourceUrl), QVariant(r.notes), QVariant(now)})
            write.addBindValue(v);
        if (!write.exec()) {
            const Error error = writeError(Tr::tr("writing exchange rates"), write);
            rollbackWrite();
            return error;
        }
    }
    if (Status committed = commitWrite(); !committed) {
        rollbackWrite();
        return committed.error();
    }
    return summary;
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
