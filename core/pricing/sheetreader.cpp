#include "core/pricing/sheetreader.h"

#include "core/common/tr.h"
#include "core/pricing/outliers.h"

#include <QIODevice>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

namespace {

struct FormatName
{
    ImportFormat format;
    QString name;
};

const QList<FormatName> &formatNames()
{
    static const QList<FormatName> names = {
        {ImportFormat::Auto, u"auto"_s},   {ImportFormat::Csv, u"csv"_s},
        {ImportFormat::Json, u"json"_s},   {ImportFormat::Aws, u"aws"_s},
        {ImportFormat::AwsJson, u"aws-json"_s}, {ImportFormat::Azure, u"azure"_s},
        {ImportFormat::Gcp, u"gcp"_s},     {ImportFormat::Oci, u"oci"_s},
        {ImportFormat::Skypilot, u"skypilot"_s},
    };
    return names;
}

/// Loads a mapping table once; a table that fails to load is an error on the sheet.
template<typename Table, typename Load>
const Table *table(std::optional<Table> &cache, Load load, ParsedSheet &sheet)
{
    if (!cache) {
        auto loaded = load();
        if (!loaded) {
            sheet.diagnostics.append(Diagnostic::error(sheet.fileName, 0, {}, loaded.error().message));
            return nullptr;
        }
        cache = std::move(loaded).value();
    }
    return &*cache;
}

} // namespace

QString toString(ImportFormat format)
{
    for (const FormatName &n : formatNames())
        if (n.format == format)
            return n.name;
    return {};
}

std::optional<ImportFormat> importFormatFromString(const QString &text)
{
    for (const FormatName &n : formatNames())
        if (n.name.compare(text.trimmed(), Qt::CaseInsensitive) == 0)
            return n.format;
    return std::nullopt;
}

QList<ImportFormat> importFormats()
{
    QList<ImportFormat> formats;
    for (const FormatName &n : formatNames())
        formats << n.format;
    return formats;
}

QStringList importFormatNames()
{
    QStringList names;
    for (const FormatName &n : formatNames())
        names << n.name;
    return names;
}

QString importFormatTitle(ImportFormat format)
{
    switch (format) {
    case ImportFormat::Auto: return Tr::tr("Detect from the file");
    case ImportFormat::Csv: return Tr::tr("Accelplan sheet, CSV");
    case ImportFormat::Json: return Tr::tr("Accelplan sheet, JSON");
    case ImportFormat::Aws: return Tr::tr("AWS price list (AmazonEC2, CSV)");
    case ImportFormat::AwsJson: return Tr::tr("AWS price list (AmazonEC2, JSON)");
    case ImportFormat::Azure: return Tr::tr("Azure Retail Prices API (JSON pages)");
    case ImportFormat::Gcp: return Tr::tr("Google Cloud Billing Catalog SKUs (JSON)");
    case ImportFormat::Oci: return Tr::tr("Oracle Cloud price list (JSON)");
    case ImportFormat::Skypilot: return Tr::tr("SkyPilot catalog (vms.csv)");
    }
    return {};
}

ImportFormat detectImportFormat(QIODevice *device)
{
    QByteArray start = device->peek(64 * 1024);
    if (start.startsWith("\xEF\xBB\xBF"))
        start.remove(0, 3);
    start = start.trimmed();
    if (start.startsWith("\"FormatVersion\"") || start.startsWith("\"SKU\",") || start.contains("\n\"SKU\","))
        return ImportFormat::Aws;
    if (start.startsWith("InstanceType,AcceleratorName,"))
        return ImportFormat::Skypilot;
    if (!start.startsWith('{') && !start.startsWith('['))
        return ImportFormat::Csv;
    if (start.contains("\"offerCode\"") || (start.contains("\"products\"") && start.contains("\"productFamily\"")))
        return ImportFormat::AwsJson;
    if (start.contains("\"armSkuName\"") || start.contains("\"BillingCurrency\""))
        return ImportFormat::Azure;
    if (start.contains("\"skus\"") || start.contains("\"pricingInfo\""))
        return ImportFormat::Gcp;
    if (start.contains("\"currencyCodeLocalizations\""))
        return ImportFormat::Oci;
    return ImportFormat::Json;
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
    ParsedSheet sheet;
    sheet.fileName = fileName;
    switch (format) {
    case ImportFormat::Auto:
    case ImportFormat::Csv:
        sheet = m_native.parse(device, fileName, SheetFormat::Csv);
        break;
    case ImportFormat::Json:
        sheet = m_native.parse(device, fileName, SheetFormat::Json);
        break;
    case ImportFormat::Aws:
    case ImportFormat::AwsJson:
        if (const auto *instances = table(m_aws, loadAwsInstances, sheet))
            sheet = format == ImportFormat::Aws ? parseAwsCsv(device, fileName, *instances, cancel)
                                                : parseAwsJson(device, fileName, *instances, cancel);
        break;
    case ImportFormat::Azure:
        if (const auto *skus = table(m_azure, loadAzureSkus, sheet))
            sheet = parseAzureJson(device, fileName, *skus, cancel);
        break;
    case ImportFormat::Gcp:
        if (const auto *tables = table(m_gcp, loadGcpTables, sheet))
            sheet = parseGcpJson(device, fileName, *tables, cancel);
        break;
    case ImportFormat::Oci:
        if (const auto *parts = table(m_oci, loadOciParts, sheet))
            sheet = parseOciJson(device, fileName, *parts, cancel);
        break;
    case ImportFormat::Skypilot:
        if (const auto *names = table(m_skypilot, loadSkypilotNames, sheet))
            sheet = parseSkypilotCsv(device, fileName, m_provider, m_catalog, *names, m_defaultDate, cancel);
        break;
    }
    sheet.format = toString(format);
    if (!(cancel && cancel->load()))
        quarantineOutliers(sheet, shippedFxTable(), m_acceptOutliers);
    return sheet;
}

} // namespace accelplan::pricing
