#include "core/pricing/dbcopy.h"

#include "core/common/tr.h"
#include "core/pricing/pricedatabase.h"
#include "core/pricing/serverwatch.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QStandardPaths>
#include <QVariant>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

namespace {

struct Table
{
    QString name;
    QStringList columns; ///< id first
};

/// Every table of the schema with its columns, in an order that keeps references valid
/// (sheets and offers before the prices that name them).
const QList<Table> &tables()
{
    static const QList<Table> all = {
        {u"sheets"_s,
         {u"id"_s, u"name"_s, u"source"_s, u"imported_at"_s, u"file_hash"_s, u"row_count"_s, u"added_count"_s,
          u"changed_count"_s, u"unchanged_count"_s, u"kind"_s, u"historical_count"_s}},
        {u"offers"_s,
         {u"id"_s, u"provider"_s, u"sku"_s, u"region"_s, u"price_model"_s, u"offer_kind"_s, u"accelerator"_s,
          u"accelerator_count"_s, u"vcpus"_s, u"ram_gb"_s}},
        {u"prices"_s,
         {u"id"_s, u"offer_id"_s, u"sheet_id"_s, u"sheet_line"_s, u"price"_s, u"currency"_s, u"unit"_s,
          u"effective_date"_s, u"as_of"_s, u"setup_fee"_s, u"source_url"_s, u"confidence"_s, u"notes"_s}},
        {u"fx_rates"_s,
         {u"id"_s, u"date"_s, u"base"_s, u"quote"_s, u"rate"_s, u"source_url"_s, u"notes"_s, u"imported_at"_s}},
        {u"user_profile_files"_s, {u"id"_s, u"name"_s, u"added_at"_s, u"content"_s, u"disabled"_s}},
        {u"spot_rates"_s,
         {u"id"_s, u"provider"_s, u"instance_type"_s, u"region"_s, u"as_of"_s, u"band"_s, u"source_url"_s,
          u"imported_at"_s}},
        {u"discounts"_s,
         {u"id"_s, u"provider"_s, u"sku_pattern"_s, u"price_model"_s, u"valid_from"_s, u"valid_to"_s, u"percent"_s,
          u"source"_s, u"entered_by"_s, u"entered_at"_s}},
        {u"actuals"_s,
         {u"id"_s, u"file_name"_s, u"file_sha256"_s, u"imported_at"_s, u"line"_s, u"provider"_s, u"sku"_s, u"region"_s,
          u"month"_s, u"effective_cost"_s, u"currency"_s, u"quantity"_s, u"unit"_s}},
        {u"quotes"_s,
         {u"id"_s, u"vendor"_s, u"kind"_s, u"sku"_s, u"region"_s, u"accelerator"_s, u"accelerator_count"_s,
          u"price_model"_s, u"price"_s, u"currency"_s, u"valid_until"_s, u"min_term_months"_s, u"min_instances"_s,
          u"source"_s, u"entered_by"_s, u"entered_at"_s}},
    };
    return all;
}

/// A value as the digest sees it, the same whichever engine returned it.
void addToDigest(QCryptographicHash &hash, const QVariant &value)
{
    if (value.isNull()) {
        hash.addData("\x01");
    } else if (value.typeId() == QMetaType::QByteArray) {
        hash.addData("\x02");
        hash.addData(value.toByteArray().toHex());
    } else {
        hash.addData(value.toString().toUtf8());
    }
    hash.addData("\x1f");
}

QString selectAll(const Table &table)
{
    return u"SELECT "_s + table.columns.join(u", "_s) + u" FROM "_s + table.name + u" ORDER BY id"_s;
}

} // namespace

Result<ContentDigest> PriceDatabase::contentDigest() const
{
    const ServerWatch::Scope watching(m_watch.get());
    ContentDigest digest;
    QCryptographicHash hash(QCryptographicHash::Sha256);
    QSqlQuery query(database());
    query.setForwardOnly(true);
    for (const Table &table : tables()) {
        if (!query.exec(selectAll(table)))
            return readError(Tr::tr("reading %1 of %2").arg(table.name, path()), query);
        hash.addData(table.name.toUtf8());
        hash.addData("\x1e");
        qint64 rows = 0;
        while (query.next()) {
            watching.touch();
            for (int i = 0; i < table.columns.size(); ++i)
                addToDigest(hash, query.value(i));
            hash.addData("\x1e");
            ++rows;
        }
        // A connection lost halfway ends the rows early: not a smaller database.
        if (query.lastError().isValid())
            return readError(Tr::tr("reading %1 of %2").arg(table.name, path()), query);
        digest.rows.append({table.name, rows});
    }
    digest.sha256 = hash.result().toHex();
    return digest;
}

Result<ContentDigest> PriceDatabase::copyFrom(const PriceDatabase &source, bool replace)
{
    const auto expected = source.contentDigest();
    if (!expected)
        return expected.error();
    // Every table is written: the lock of sheets, as an import takes it, of FX rates, spot rates, discounts, actuals and quotes.
    if (Status begun = beginWrite(u"sheets, fx_rates, spot_rates, discounts, actuals, quotes"_s); !begun)
        return begun.error();
    const ServerWatch::Scope watching(m_watch.get());
    const ServerWatch::Scope watchingSource(source.m_watch.get());
    QSqlDatabase db = database();
    QSqlQuery query(db);
    auto fail = [&](const Error &error) {
        query.finish();
        rollbackWrite();
        return error;
    };
    if (!query.exec(u"SELECT count(*) FROM sheets"_s) || !query.next())
        return fail(readError(Tr::tr("reading %1").arg(path()), query));
    const qint64 sheetsThere = query.value(0).toLongLong();
    query.finish();
    if (sheetsThere > 0 && !replace)
        return fail(Error::badInput(Tr::tr("%1 already holds %2 sheet(s); copy into an empty database, or add "
                                           "--replace to overwrite everything in it")
                                        .arg(path())
                                        .arg(sheetsThere)));
    // Emptied in the reverse order of the references, then filled in their order.
    for (qsizetype t = tables().size() - 1; t >= 0; --t) {
        if (!query.exec(u"DELETE FROM "_s + tables()[t].name))
            return fail(writeError(Tr::tr("emptying %1").arg(tables()[t].name), query));
    }
    QSqlQuery read(source.database());
    read.setForwardOnly(true);
    for (const Table &table : tables()) {
        if (!read.exec(selectAll(table)))
            return fail(source.readError(Tr::tr("reading %1 of %2").arg(table.name, source.path()), read));
        QStringList marks(table.columns.size(), u"?"_s);
        if (!query.prepare(u"INSERT INTO "_s + table.name + u" ("_s + table.columns.join(u", "_s) + u") VALUES ("_s
                           + marks.join(u", "_s) + u')'))
            return fail(writeError(Tr::tr("copying %1").arg(table.name), query));
        while (read.next()) {
            watching.touch();
            watchingSource.touch();
            for (int i = 0; i < table.columns.size(); ++i)
                query.bindValue(i, read.value(i));
            if (!query.exec())
                return fail(writeError(Tr::tr("copying %1").arg(table.name), query));
        }
        if (read.lastError().isValid())
            return fail(source.readError(Tr::tr("reading %1 of %2").arg(table.name, source.path()), read));
        read.finish();
        // PostgreSQL numbers new rows from a sequence, which copied ids do not advance.
        if (m_location.isPostgres()
            && !query.exec(u"SELECT setval(pg_get_serial_sequence('%1', 'id'), coalesce(max(id), 1), max(id) IS NOT NULL)"
                           " FROM %1"_s.arg(table.name)))
            return fail(writeError(Tr::tr("numbering %1").arg(table.name), query));
    }
    query.finish();
    const auto copied = contentDigest();
    if (!copied)
        return fail(copied.error());
    if (!(*copied == *expected))
        return fail(Error::internal(Tr::tr("the copy in %1 differs from %2 (checksum %3 against %4); nothing was written")
                                        .arg(path(), source.path(), QString::fromLatin1(copied->sha256),
                                             QString::fromLatin1(expected->sha256))));
    if (Status committed = commitWrite(); !committed)
        return fail(committed.error());
    return *copied;
}

QString snapshotPath(const DbLocation &team)
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + u"/snapshots/"_s + team.snapshotName();
}

QDateTime snapshotTime(const DbLocation &team)
{
    const QFileInfo info(snapshotPath(team));
    return info.exists() ? info.lastModified() : QDateTime();
}

Status refreshSnapshot(const PriceDatabase &team, const catalog::AcceleratorCatalog &catalog)
{
    const QString target = snapshotPath(team.location());
    const QString part = target + u".part"_s;
    for (const QString &suffix : {QString(), u"-wal"_s, u"-shm"_s, u"-journal"_s})
        QFile::remove(part + suffix);
    {
        // A snapshot is read with SQLITE_OPEN_READONLY, which a WAL journal would not allow
        // without its -shm file: it keeps a plain rollback journal.
        auto opened = PriceDatabase::open(part, catalog, OpenOptions{.seed = false, .walJournal = false});
        if (!opened)
            return opened.error();
        if (auto copied = (*opened)->copyFrom(team); !copied)
            return copied.error();
    }
    QFile::remove(target);
    if (!QFile::rename(part, target))
        return Error::internal(Tr::tr("cannot replace the snapshot %1").arg(target));
    return Done{};
}

} // namespace accelplan::pricing
