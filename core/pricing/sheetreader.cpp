#include "core/pricing/sheetreader.h"

#include "core/common/tr.h"
#include "core/pricing/outliers.h"

#include <QIODevice>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

namespace {

/// Loads a mapping table once; a table that fails to load is an error on the sheet.
/// What \a parse reads with the mapping table \a load gives, loaded once into \a cache; a table that
/// fails to load is the sheet's error.
template<typename Table, typename Load, typename Parse>
ParsedSheet withTable(std::optional<Table> &cache, Load load, const QString &fileName, Parse parse)
{
    if (!cache) {
        auto loaded = load();
        if (!loaded) {
            ParsedSheet sheet;
            sheet.fileName = fileName;
            sheet.diagnostics.append(Diagnostic::error(fileName, 0, {}, loaded.error().message));
            return sheet;
        }
        cache = std::move(loaded).value();
    }
    return parse(*cache);
}

bool isJson(const QByteArray &start)
{
    return start.startsWith('{') || start.startsWith('[');
}

} // namespace

const QList<ImportFormatInfo> &importFormatRegistry()
{
    using R = SheetReader;
    static const QList<ImportFormatInfo> registry = {
        {ImportFormat::Auto, u"auto"_s, [] { return Tr::tr("Detect from the file"); }, nullptr, nullptr},
        {ImportFormat::Csv, u"csv"_s, [] { return Tr::tr("Accelplan sheet, CSV"); }, nullptr, &R::readCsv},
        {ImportFormat::Json, u"json"_s, [] { return Tr::tr("Accelplan sheet, JSON"); }, nullptr, &R::readJson},
        {ImportFormat::Aws, u"aws"_s, [] { return Tr::tr("AWS price list (AmazonEC2, CSV)"); },
         [](const QByteArray &start) {
             return start.startsWith("\"FormatVersion\"") || start.startsWith("\"SKU\",") || start.contains("\n\"SKU\",");
         },
         &R::readAwsCsv},
        {ImportFormat::AwsJson, u"aws-json"_s, [] { return Tr::tr("AWS price list (AmazonEC2, JSON)"); },
         [](const QByteArray &start) {
             return isJson(start)
                    && (start.contains("\"offerCode\"") || (start.contains("\"products\"") && start.contains("\"productFamily\"")));
         },
         &R::readAwsJson},
        {ImportFormat::Azure, u"azure"_s, [] { return Tr::tr("Azure Retail Prices API (JSON pages)"); },
         [](const QByteArray &start) {
             return isJson(start) && (start.contains("\"armSkuName\"") || start.contains("\"BillingCurrency\""));
         },
         &R::readAzure},
        {ImportFormat::Gcp, u"gcp"_s, [] { return Tr::tr("Google Cloud Billing Catalog SKUs (JSON)"); },
         [](const QByteArray &start) {
             return isJson(start) && (start.contains("\"skus\"") || start.contains("\"pricingInfo\""));
         },
         &R::readGcp},
        {ImportFormat::Oci, u"oci"_s, [] { return Tr::tr("Oracle Cloud price list (JSON)"); },
         [](const QByteArray &start) { return isJson(start) && start.contains("\"currencyCodeLocalizations\""); },
         &R::readOci},
        {ImportFormat::Skypilot, u"skypilot"_s, [] { return Tr::tr("SkyPilot catalog (vms.csv)"); },
         [](const QByteArray &start) { return start.startsWith("InstanceType,AcceleratorName,"); }, &R::readSkypilot},
    };
    return registry;
}

namespace {

const ImportFormatInfo *formatInfo(ImportFormat format)
{
    for (const ImportFormatInfo &info : importFormatRegistry())
        if (info.format == format)
            return &info;
    return nullptr;
}

} // namespace

QString toString(ImportFormat format)
{
    const ImportFormatInfo *info = formatInfo(format);
    return info ? info->name : QString();
}

std::optional<ImportFormat> importFormatFromString(const QString &text)
{
    for (const ImportFormatInfo &info : importFormatRegistry())
        if (info.name.compare(text.trimmed(), Qt::CaseInsensitive) == 0)
            return info.format;
    return std::nullopt;
}

QList<ImportFormat> importFormats()
{
    QList<ImportFormat> formats;
    for (const ImportFormatInfo &info : importFormatRegistry())
        formats << info.format;
    return formats;
}

QStringList importFormatNames()
{
    QStringList names;
    for (const ImportFormatInfo &info : importFormatRegistry())
        names << info.name;
    return names;
}

QString importFormatTitle(ImportFormat format)
{
    const ImportFormatInfo *info = formatInfo(format);
    return info ? info->title() : QString();
}

ImportFormat detectImportFormat(QIODevice *device)
{
    QByteArray start = device->peek(64 * 1024);
    if (start.startsWith("\xEF\xBB\xBF"))
        start.remove(0, 3);
    start = start.trimmed();
    for (const ImportFormatInfo &info : importFormatRegistry())
        if (info.sniff && info.sniff(start))
            return info.format;
    return isJson(start) ? ImportFormat::Json : ImportFormat::Csv;
}

SheetReader::SheetReader(const catalog::AcceleratorCatalog &catalog, QDate defaultDate)
    : m_catalog(catalog), m_defaultDate(defaultDate), m_native(catalog, defaultDate)
{
}

ParsedSheet SheetReader::read(QIODevice *device, const QString &fileName, ImportFormat format,
                              const std::atomic<bool> *cancel)
{
    if (format == ImportFormat::Auto)
        format = detectImportFormat(device);
    const ImportFormatInfo *info = formatInfo(format);
    ParsedSheet sheet = info && info->read ? (this->*info->read)(device, fileName, cancel)
                                           : readCsv(device, fileName, cancel);
    sheet.format = toString(format);
    if (!(cancel && cancel->load()))
        quarantineOutliers(sheet, shippedFxTable(), m_acceptOutliers);
    return sheet;
}

ParsedSheet SheetReader::readCsv(QIODevice *device, const QString &fileName, const std::atomic<bool> *)
{
    return m_native.parse(device, fileName, SheetFormat::Csv);
}

ParsedSheet SheetReader::readJson(QIODevice *device, const QString &fileName, const std::atomic<bool> *)
{
    return m_native.parse(device, fileName, SheetFormat::Json);
}

ParsedSheet SheetReader::readAwsCsv(QIODevice *device, const QString &fileName, const std::atomic<bool> *cancel)
{
    return withTable(m_aws, loadAwsInstances, fileName, [&](const auto &instances) {
        return parseAwsCsv(device, fileName, instances, cancel);
    });
}

ParsedSheet SheetReader::readAwsJson(QIODevice *device, const QString &fileName, const std::atomic<bool> *cancel)
{
    return withTable(m_aws, loadAwsInstances, fileName, [&](const auto &instances) {
        return parseAwsJson(device, fileName, instances, cancel);
    });
}

ParsedSheet SheetReader::readAzure(QIODevice *device, const QString &fileName, const std::atomic<bool> *cancel)
{
    return withTable(m_azure, loadAzureSkus, fileName, [&](const auto &skus) {
        return parseAzureJson(device, fileName, skus, cancel);
    });
}

ParsedSheet SheetReader::readGcp(QIODevice *device, const QString &fileName, const std::atomic<bool> *cancel)
{
    return withTable(m_gcp, loadGcpTables, fileName, [&](const auto &tables) {
        return parseGcpJson(device, fileName, tables, cancel);
    });
}

ParsedSheet SheetReader::readOci(QIODevice *device, const QString &fileName, const std::atomic<bool> *cancel)
{
    return withTable(m_oci, loadOciParts, fileName, [&](const auto &parts) {
        return parseOciJson(device, fileName, parts, cancel);
    });
}

ParsedSheet SheetReader::readSkypilot(QIODevice *device, const QString &fileName, const std::atomic<bool> *cancel)
{
    return withTable(m_skypilot, loadSkypilotNames, fileName, [&](const auto &names) {
        return parseSkypilotCsv(device, fileName, m_provider, m_catalog, names, m_defaultDate, cancel);
    });
}

} // namespace accelplan::pricing
