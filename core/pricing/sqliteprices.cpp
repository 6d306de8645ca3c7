#include "core/pricing/sqliteprices.h"

#include "core/common/tr.h"
#include "core/pricing/sqlerror.h"

#include <QSqlDriver>

#include <sqlite3.h>

#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

namespace {

/// Each distinct UTF-8 text converted once: later rows share the first one's value.
template<typename T>
class Converted
{
public:
    template<typename Convert>
    const T &get(sqlite3_stmt *statement, int column, Convert convert)
    {
        const auto *text = reinterpret_cast<const char *>(sqlite3_column_text(statement, column));
        const std::string_view key(text ? text : "", text ? size_t(sqlite3_column_bytes(statement, column)) : 0);
        if (const auto it = m_values.find(key); it != m_values.end())
            return it->second;
        const std::string &stored = m_keys.emplace_back(key);
        return m_values.emplace(stored, convert(QString::fromUtf8(stored.data(), qsizetype(stored.size())))).first->second;
    }

private:
    std::deque<std::string> m_keys; ///< the map's keys point into these, which stay put
    std::unordered_map<std::string_view, T> m_values;
};

QString identity(QString text)
{
    return text;
}

struct Statement
{
    sqlite3_stmt *handle = nullptr;
    ~Statement() { sqlite3_finalize(handle); }
};

} // namespace

std::optional<Result<QList<PriceRecord>>> readPricesFromSqlite(const QSqlDatabase &db, const QString &path,
                                                                const QString &sql, const QVariantList &bindings)
{
    const QVariant handle = db.driver() ? db.driver()->handle() : QVariant();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
        return std::nullopt;
    sqlite3 *connection = *static_cast<sqlite3 *const *>(handle.data());
    if (!connection)
        return std::nullopt;
    auto message = [&] { return QString::fromUtf8(sqlite3_errmsg(connection)); };
    auto failed = [&](const QString &what) -> Result<QList<PriceRecord>> {
        return Error::internal(Tr::tr("%1: %2").arg(what, message()));
    };
    Statement statement;
    const QByteArray text = sql.toUtf8();
    // A damaged database (a table missing) fails here, as QSqlQuery::prepare does in the other reading.
    if (sqlite3_prepare_v2(connection, text.constData(), int(text.size()), &statement.handle, nullptr) != SQLITE_OK)
        return damagedDatabase(path, message());
    for (int i = 0; i < bindings.size(); ++i) {
        const QVariant &v = bindings[i];
        int rc = SQLITE_OK;
        if (v.typeId() == QMetaType::QString) {
            const QByteArray utf8 = v.toString().toUtf8(); // SQLITE_TRANSIENT: SQLite keeps a copy
            rc = sqlite3_bind_text(statement.handle, i + 1, utf8.constData(), int(utf8.size()), SQLITE_TRANSIENT);
        } else if (v.isNull()) {
            rc = sqlite3_bind_null(statement.handle, i + 1);
        } else {
            rc = sqlite3_bind_int64(statement.handle, i + 1, v.toLongLong());
        }
        if (rc != SQLITE_OK)
            return failed(Tr::tr("reading prices"));
    }

    Converted<QString> strings;
    Converted<QDate> dates;
    Converted<std::optional<Decimal>> decimals;
    Converted<PriceModel> models;
    Converted<OfferKind> kinds;
    Converted<PriceUnit> units;
    auto string = [&](int column) -> const QString & { return strings.get(statement.handle, column, identity); };
    auto date = [&](int column) -> const QDate & {
        return dates.get(statement.handle, column, [](const QString &s) { return QDate::fromString(s, Qt::ISODate); });
    };
    auto decimal = [&](int column) -> std::optional<Decimal> {
        if (sqlite3_column_type(statement.handle, column) == SQLITE_NULL)
            return std::nullopt;
        return decimals.get(statement.handle, column, [](const QString &s) { return Decimal::parse(s); });
    };
    QList<PriceRecord> records;
    int rc = SQLITE_ROW;
    while ((rc = sqlite3_step(statement.handle)) == SQLITE_ROW) {
        sqlite3_stmt *s = statement.handle;
        PriceRecord r;
        r.key.provider = string(0);
        r.key.sku = string(1);
        r.key.region = string(2);
        r.key.priceModel = models.get(s, 3, [](const QString &t) { return priceModelFromString(t).value_or(PriceModel::OnDemand); });
        r.offerKind = kinds.get(s, 4, [](const QString &t) { return offerKindFromString(t).value_or(OfferKind::CloudVm); });
        r.accelerator = string(5);
        r.acceleratorCount = sqlite3_column_int(s, 6);
        if (sqlite3_column_type(s, 7) != SQLITE_NULL)
            r.vcpus = sqlite3_column_int(s, 7);
        r.ramGb = decimal(8);
        r.price = decimal(9).value_or(Decimal());
        r.currency = string(10);
        r.unit = units.get(s, 11, [](const QString &t) { return priceUnitFromString(t).value_or(PriceUnit::Hour); });
        r.effectiveDate = date(12);
        r.asOf = date(13);
        r.setupFee = decimal(14);
        r.sourceUrl = string(15);
        r.confidence = string(16);
        // Notes are mostly one per row: converted, not remembered.
        if (const auto *notes = reinterpret_cast<const char *>(sqlite3_column_text(s, 17)))
            r.notes = QString::fromUtf8(notes, sqlite3_column_bytes(s, 17));
        r.sheetId = sqlite3_column_int64(s, 18);
        r.sheetLine = sqlite3_column_int(s, 19);
        records.append(std::move(r));
    }
    if (rc != SQLITE_DONE)
        return failed(Tr::tr("reading prices"));
    return records;
}

} // namespace accelplan::pricing
