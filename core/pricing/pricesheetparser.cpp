#include "core/pricing/pricesheetparser.h"

#include "core/catalog/acceleratorcatalog.h"
#include "core/common/csvreader.h"
#include "core/common/isodate.h"
#include "core/common/jsonlocator.h"
#include "core/common/tr.h"
#include "core/pricing/currency.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QSet>

#include <algorithm>
#include <climits>
#include <cmath>
#include <functional>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

std::optional<SheetFormat> sheetFormatFromString(const QString &text)
{
    if (text == u"auto"_s)
        return SheetFormat::Auto;
    if (text == u"csv"_s)
        return SheetFormat::Csv;
    if (text == u"json"_s)
        return SheetFormat::Json;
    return std::nullopt;
}

namespace {

const QStringList kConfidences = {u"exact"_s, u"approximate"_s, u"remembered"_s};

/// Validates one row at a time and remembers what it needs to find duplicates.
class RowValidator
{
public:
    using Getter = std::function<QString(const QString &column)>;

    RowValidator(const catalog::AcceleratorCatalog &catalog, QDate defaultDate, ParsedSheet &sheet)
        : m_catalog(catalog), m_defaultDate(defaultDate), m_sheet(sheet)
    {}

    void validate(int line, const Getter &rawGet)
    {
        ++m_sheet.rowCount;
        const qsizetype diagnosticsBefore = m_sheet.diagnostics.size();
        auto error = [&](const QString &field, const QString &message) {
            m_sheet.diagnostics.append(Diagnostic::error(m_sheet.fileName, line, field, message));
        };
        // Text that is not text is refused, not stored: a NUL character, or bytes that were not
        // UTF-8 (decoded to U+FFFD). Each column is reported once.
        QSet<QString> badText;
        auto get = [&](const QString &column) {
            const QString value = rawGet(column);
            const bool nul = value.contains(QChar(0));
            if ((nul || value.contains(QChar::ReplacementCharacter)) && !badText.contains(column)) {
                badText.insert(column);
                error(column, nul ? Tr::tr("contains a NUL character")
                                  : Tr::tr("is not valid UTF-8 (the file must be UTF-8 encoded)"));
            }
            return value;
        };
        auto required = [&](const QString &column) {
            const QString value = get(column).trimmed();
            if (value.isEmpty())
                error(column, Tr::tr("missing required value"));
            return value;
        };
        auto enumValue = [&](const QString &column, const QStringList &allowed, auto convert) {
            const QString value = required(column);
            auto parsed = convert(value);
            if (!value.isEmpty() && !parsed)
                error(column, Tr::tr("unknown value '%1'; expected one of: %2").arg(value, allowed.join(u", "_s)));
            return parsed;
        };
        auto decimalValue = [&](const QString &column, bool isRequired) -> std::optional<Decimal> {
            const QString value = isRequired ? required(column) : get(column).trimmed();
            if (value.isEmpty())
                return std::nullopt;
            QString why;
            const auto parsed = Decimal::parse(value, &why);
            if (!parsed) {
                error(column, why);
                return std::nullopt;
            }
            if (parsed->isNegative()) {
                error(column, Tr::tr("'%1' is negative").arg(value));
                return std::nullopt;
            }
            return parsed;
        };
        auto dateValue = [&](const QString &column) {
            const QString value = get(column).trimmed();
            if (value.isEmpty())
                return QDate();
            // A date and nothing else: Qt's ISO parsing would also take "2026-11-01T10:00".
            const QDate date = parseIsoDate(value);
            if (!date.isValid())
                error(column, Tr::tr("'%1' is not an ISO date (YYYY-MM-DD)").arg(value));
            return date;
        };
        auto integerValue = [&](const QString &column, bool isRequired, int minimum) -> std::optional<int> {
            const QString value = isRequired ? required(column) : get(column).trimmed();
            if (value.isEmpty())
                return std::nullopt;
            bool ok = false;
            const int parsed = value.toInt(&ok);
            bool isNumber = false;
            const double number = value.toDouble(&isNumber);
            if (!ok && isNumber && std::isfinite(number) && std::floor(number) == number)
                error(column, number < minimum ? Tr::tr("%1 is below the minimum of %2").arg(value).arg(minimum)
                                               : Tr::tr("%1 is too large (at most %2)").arg(value).arg(INT_MAX));
            else if (!ok)
                error(column, Tr::tr("'%1' is not a whole number").arg(value));
            else if (parsed < minimum)
                error(column, Tr::tr("%1 is below the minimum of %2").arg(value).arg(minimum));
            else
                return parsed;
            return std::nullopt;
        };

        PriceRecord r;
        r.sheetLine = line;
        r.key.provider = required(u"provider"_s);
        r.key.sku = required(u"sku"_s);
        r.key.region = required(u"region"_s);
        const auto kind = enumValue(u"offer_kind"_s, offerKindNames(), offerKindFromString);
        const auto model = enumValue(u"price_model"_s, priceModelNames(), priceModelFromString);
        const auto unit = enumValue(u"unit"_s, priceUnitNames(), priceUnitFromString);
        if (model && unit && unitFor(*model) != *unit) {
            error(u"unit"_s, Tr::tr("'%1' contradicts price_model '%2', which is priced per %3")
                                 .arg(toString(*unit), toString(*model), toString(unitFor(*model))));
        }

        const QString acceleratorName = required(u"accelerator"_s);
        if (!acceleratorName.isEmpty()) {
            if (const catalog::Accelerator *a = m_catalog.find(acceleratorName)) {
                r.accelerator = a->id;
            } else {
                error(u"accelerator"_s, m_catalog.unknownMessage(acceleratorName));
            }
        }
        const auto count = integerValue(u"accelerator_count"_s, true, 1);
        if (count) {
            r.acceleratorCount = *count;
            if (kind == OfferKind::Tpu && *count != 1)
                error(u"accelerator_count"_s, Tr::tr("a TPU SKU is one chip: price it per chip with accelerator_count 1"));
        }

        if (const auto price = decimalValue(u"price"_s, true)) {
            if (price->isZero())
                error(u"price"_s, Tr::tr("is zero; a free offer is almost always a mistake in the sheet"));
            r.price = *price;
        }
        const QString currency = required(u"currency"_s).toUpper();
        if (!currency.isEmpty() && !isIsoCurrency(currency))
            error(u"currency"_s, currencyProblem(get(u"currency"_s).trimmed()));
        r.currency = currency;

        r.vcpus = integerValue(u"vcpus"_s, false, 0);
        r.ramGb = decimalValue(u"ram_gb"_s, false);
        r.setupFee = decimalValue(u"setup_fee"_s, false);
        r.asOf = dateValue(u"as_of"_s);
        r.effectiveDate = dateValue(u"effective_date"_s);
        if (!r.effectiveDate.isValid())
            r.effectiveDate = r.asOf.isValid() ? r.asOf : m_defaultDate;
        if (r.effectiveDate > m_defaultDate) {
            m_sheet.diagnostics.append(Diagnostic::warning(
                m_sheet.fileName, line, u"effective_date"_s,
                Tr::tr("%1 is in the future: the price is stored now and becomes current on that date")
                    .arg(r.effectiveDate.toString(Qt::ISODate))));
        }
        r.sourceUrl = get(u"source_url"_s).trimmed();
        r.confidence = get(u"confidence"_s).trimmed().toLower();
        if (!r.confidence.isEmpty() && !kConfidences.contains(r.confidence))
            error(u"confidence"_s, Tr::tr("unknown value '%1'; expected one of: %2")
                                       .arg(r.confidence, kConfidences.join(u", "_s)));
        r.notes = get(u"notes"_s).trimmed();

        if (kind)
            r.offerKind = *kind;
        if (model)
            r.key.priceModel = *model;
        if (unit)
            r.unit = *unit;

        if (!r.key.provider.isEmpty() && !r.key.sku.isEmpty() && !r.key.region.isEmpty() && model)
            checkDuplicate(r.key, line);
        const bool rowHasErrors = hasErrors(m_sheet.diagnostics.mid(diagnosticsBefore));
        if (!rowHasErrors)
            m_sheet.records.append(std::move(r));
    }

private:
    /// An error for an offer named on an earlier line too; otherwise remembers its line.
    void checkDuplicate(const OfferKey &key, int line)
    {
        const auto first = m_firstLine.constFind(key);
        if (first == m_firstLine.cend()) {
            m_firstLine.insert(key, line);
            return;
        }
        m_sheet.diagnostics.append(Diagnostic::error(
            m_sheet.fileName, line, u"sku"_s,
            Tr::tr("duplicate offer (provider, sku, region, price_model) = (%1, %2, %3, %4): "
                   "first on line %5, again on line %6")
                .arg(key.provider, key.sku, key.region, toString(key.priceModel))
                .arg(*first)
                .arg(line)));
    }

    const catalog::AcceleratorCatalog &m_catalog;
    QDate m_defaultDate;
    ParsedSheet &m_sheet;
    QHash<OfferKey, int> m_firstLine;
};

void warnUnknownColumns(ParsedSheet &sheet, const QStringList &columns, int line)
{
    const QStringList known = nativeColumns();
    for (const QString &column : columns) {
        if (column.isEmpty())
            sheet.diagnostics.append(Diagnostic::warning(sheet.fileName, line, {},
                                                         Tr::tr("a column has no name (a trailing comma?); ignored")));
        else if (!known.contains(column))
            sheet.diagnostics.append(Diagnostic::warning(sheet.fileName, line, column,
                                                         Tr::tr("unknown column, ignored")));
    }
}

void parseCsv(QIODevice *device, ParsedSheet &sheet, RowValidator &validator)
{
    CsvReader reader(device);
    QStringList header;
    if (!reader.next(header)) {
        sheet.diagnostics.append(Diagnostic::error(sheet.fileName, 1, {},
                                                   reader.error().isEmpty() ? Tr::tr("the file is empty; expected a header row")
                                                                            : reader.error()));
        return;
    }
    const CsvColumns columns(header);
    for (const QString &name : columns.repeated()) {
        sheet.diagnostics.append(Diagnostic::error(sheet.fileName, reader.recordLine(), name,
                                                   Tr::tr("column appears twice in the header")));
    }
    bool headerOk = true;
    for (const QString &column : requiredNativeColumns()) {
        if (!columns.contains(column)) {
            sheet.diagnostics.append(Diagnostic::error(sheet.fileName, reader.recordLine(), column,
                                                       Tr::tr("required column is missing from the header")));
            headerOk = false;
        }
    }
    warnUnknownColumns(sheet, columns.names(), reader.recordLine());
    if (!headerOk)
        return;

    QStringList fields;
    while (true) {
        const bool more = reader.next(fields);
        if (!reader.error().isEmpty()) {
            sheet.diagnostics.append(Diagnostic::error(sheet.fileName, reader.recordLine(), {}, reader.error()));
            ++sheet.rowCount;
            continue;
        }
        if (!more)
            break;
        // Spreadsheets export empty rows as ",,,,": they hold no offer.
        if (std::all_of(fields.cbegin(), fields.cend(), [](const QString &f) { return f.trimmed().isEmpty(); }))
            continue;
        if (fields.size() != header.size()) {
            sheet.diagnostics.append(Diagnostic::error(
                sheet.fileName, reader.recordLine(), {},
                Tr::tr("%1 fields where the header has %2").arg(fields.size()).arg(header.size())));
            ++sheet.rowCount;
            continue;
        }
        validator.validate(reader.recordLine(), [&](const QString &column) { return columns.value(fields, column); });
    }
}

int lineAtOffset(const QByteArray &data, int offset)
{
    return int(data.left(offset).count('\n')) + 1;
}

QString jsonText(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isDouble())
        return QString::number(value.toDouble(), 'f', QLocale::FloatingPointShortest);
    if (value.isBool())
        return value.toBool() ? u"true"_s : u"false"_s;
    return {};
}

void parseJson(const QByteArray &data, ParsedSheet &sheet, RowValidator &validator)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(data, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        sheet.diagnostics.append(Diagnostic::error(sheet.fileName, lineAtOffset(data, parseError.offset), {},
                                                   Tr::tr("invalid JSON: %1").arg(parseError.errorString())));
        return;
    }
    QJsonArray offers;
    if (document.isArray()) {
        offers = document.array();
    } else if (document.isObject() && document.object().value(u"offers"_s).isArray()) {
        offers = document.object().value(u"offers"_s).toArray();
    } else {
        sheet.diagnostics.append(Diagnostic::error(sheet.fileName, 1, {},
                                                   Tr::tr("expected an array of offers or {\"offers\": [...]}")));
        return;
    }
    const QList<int> lines = jsonRecordLines(data, "offers");
    QSet<QString> warned;
    for (qsizetype i = 0; i < offers.size(); ++i) {
        const int line = i < lines.size() ? lines[i] : 0;
        if (!offers[i].isObject()) {
            sheet.diagnostics.append(Diagnostic::error(sheet.fileName, line, {},
                                                       Tr::tr("offer %1 is not a JSON object").arg(i + 1)));
            ++sheet.rowCount;
            continue;
        }
        QHash<QString, QJsonValue> values; // keys compare like CSV headers: trimmed, any case
        QStringList firstSeen;
        bool nested = false;
        const QJsonObject object = offers[i].toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            const QString key = it.key().trimmed().toLower();
            if (it.value().isArray() || it.value().isObject()) {
                sheet.diagnostics.append(Diagnostic::error(sheet.fileName, line, key,
                                                           Tr::tr("expected a string or a number, not a JSON %1")
                                                               .arg(it.value().isArray() ? u"array"_s : u"object"_s)));
                nested = true;
            }
            values.insert(key, it.value());
            if (!warned.contains(key)) {
                warned.insert(key);
                firstSeen.append(key);
            }
        }
        warnUnknownColumns(sheet, firstSeen, line);
        if (nested) {
            ++sheet.rowCount;
            continue;
        }
        validator.validate(line, [&](const QString &column) { return jsonText(values.value(column)); });
    }
}

} // namespace

PriceSheetParser::PriceSheetParser(const catalog::AcceleratorCatalog &catalog, QDate defaultDate)
    : m_catalog(catalog), m_defaultDate(defaultDate)
{}

ParsedSheet PriceSheetParser::parseFile(const QString &path, SheetFormat format) const
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        ParsedSheet sheet;
        sheet.fileName = path;
        sheet.diagnostics.append(Diagnostic::error(path, 0, {}, Tr::tr("cannot open: %1").arg(file.errorString())));
        return sheet;
    }
    if (format == SheetFormat::Auto) {
        const QString suffix = QFileInfo(path).suffix().toLower();
        if (suffix == u"json"_s)
            format = SheetFormat::Json;
        else if (suffix == u"csv"_s)
            format = SheetFormat::Csv;
    }
    return parse(&file, path, format);
}

ParsedSheet PriceSheetParser::parse(QIODevice *device, const QString &fileName, SheetFormat format) const
{
    ParsedSheet sheet;
    sheet.fileName = fileName;
    // A JSON sheet is parsed whole, so it has a size limit; a CSV sheet streams, however long.
    auto tooLarge = [&] {
        if (device->size() <= kMaxJsonSheetBytes)
            return false;
        sheet.diagnostics.append(Diagnostic::error(fileName, 0, {},
                                                   Tr::tr("a JSON sheet larger than %1 MiB is not read; give it as CSV, "
                                                          "which is read as it streams")
                                                       .arg(kMaxJsonSheetBytes >> 20)));
        return true;
    };
    if (format == SheetFormat::Json && tooLarge())
        return sheet;
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(device);
    sheet.sha256 = hash.result().toHex();
    device->seek(0);

    if (format == SheetFormat::Auto) {
        QByteArray start = device->peek(4096);
        if (start.startsWith("\xEF\xBB\xBF"))
            start.remove(0, 3);
        start = start.trimmed();
        format = start.startsWith('[') || start.startsWith('{') ? SheetFormat::Json : SheetFormat::Csv;
    }
    if (format == SheetFormat::Json && tooLarge())
        return sheet;
    RowValidator validator(m_catalog, m_defaultDate, sheet);
    if (format == SheetFormat::Json) {
        QByteArray data = device->readAll();
        if (data.startsWith("\xEF\xBB\xBF"))
            data.remove(0, 3);
        parseJson(data, sheet, validator);
    } else {
        parseCsv(device, sheet, validator);
    }
    if (sheet.rowCount == 0 && !hasErrors(sheet.diagnostics))
        sheet.diagnostics.append(Diagnostic::error(fileName, 1, {}, Tr::tr("the sheet holds no offers")));
    return sheet;
}

} // namespace accelplan::pricing
