#include "core/pricing/sheetreader.h"

#include "core/common/tr.h"
#include "core/pricing/importers/awsimporter.h"
#include "core/pricing/importers/azureimporter.h"
#include "core/pricing/importers/gcpimporter.h"
#include "core/pricing/importers/ociimporter.h"
#include "core/pricing/importers/skypilotimporter.h"
#include "core/pricing/outliers.h"

#include <QIODevice>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

namespace {

bool isJson(const QByteArray &start)
{
    return start.startsWith('{') || start.startsWith('[');
}

} // namespace

const QList<ImportFormatInfo> &importFormatRegistry()
{
    using R = SheetReader;
    using Cancel = const std::atomic<bool> *;
    static const QList<ImportFormatInfo> registry = {
        {ImportFormat::Auto, u"auto"_s, [] { return Tr::tr("Detect from the file"); }, nullptr, nullptr},
        {ImportFormat::Csv, u"csv"_s, [] { return Tr::tr("Accelplan sheet, CSV"); }, nullptr,
         [](R &r, QIODevice *d, const QString &f, Cancel) { return r.nativeParser().parse(d, f, SheetFormat::Csv); }},
        {ImportFormat::Json, u"json"_s, [] { return Tr::tr("Accelplan sheet, JSON"); }, nullptr,
         [](R &r, QIODevice *d, const QString &f, Cancel) { return r.nativeParser().parse(d, f, SheetFormat::Json); }},
        {ImportFormat::Aws, u"aws"_s, [] { return Tr::tr("AWS price list (AmazonEC2, CSV)"); },
         [](const QByteArray &start) {
             return start.startsWith("\"FormatVersion\"") || start.startsWith("\"SKU\",") || start.contains("\n\"SKU\",");
         },
         [](R &r, QIODevice *d, const QString &f, Cancel c) {
             return r.withTable(loadAwsInstances, f, [&](const auto &t) { return parseAwsCsv(d, f, t, c); });
         }},
        {ImportFormat::AwsJson, u"aws-json"_s, [] { return Tr::tr("AWS price list (AmazonEC2, JSON)"); },
         [](const QByteArray &start) {
             return isJson(start)
                    && (start.contains("\"offerCode\"") || (start.contains("\"products\"") && start.contains("\"productFamily\"")));
         },
         [](R &r, QIODevice *d, const QString &f, Cancel c) {
             return r.withTable(loadAwsInstances, f, [&](const auto &t) { return parseAwsJson(d, f, t, c); });
         }},
        {ImportFormat::Azure, u"azure"_s, [] { return Tr::tr("Azure Retail Prices API (JSON pages)"); },
         [](const QByteArray &start) {
             return isJson(start) && (start.contains("\"armSkuName\"") || start.contains("\"BillingCurrency\""));
         },
         [](R &r, QIODevice *d, const QString &f, Cancel c) {
             return r.withTable(loadAzureSkus, f, [&](const auto &t) { return parseAzureJson(d, f, t, c); });
         }},
        {ImportFormat::Gcp, u"gcp"_s, [] { return Tr::tr("Google Cloud Billing Catalog SKUs (JSON)"); },
         [](const QByteArray &start) {
             return isJson(start) && (start.contains("\"skus\"") || start.contains("\"pricingInfo\""));
         },
         [](R &r, QIODevice *d, const QString &f, Cancel c) {
             return r.withTable(loadGcpTables, f, [&](const auto &t) { return parseGcpJson(d, f, t, c); });
         }},
        {ImportFormat::Oci, u"oci"_s, [] { return Tr::tr("Oracle Cloud price list (JSON)"); },
         [](const QByteArray &start) { return isJson(start) && start.contains("\"currencyCodeLocalizations\""); },
         [](R &r, QIODevice *d, const QString &f, Cancel c) {
             return r.withTable(loadOciParts, f, [&](const auto &t) { return parseOciJson(d, f, t, c); });
         }},
        {ImportFormat::Skypilot, u"skypilot"_s, [] { return Tr::tr("SkyPilot catalog (vms.csv)"); },
         [](const QByteArray &start) { return start.startsWith("InstanceType,AcceleratorName,"); },
         [](R &r, QIODevice *d, const QString &f, Cancel c) {
             return r.withTable(loadSkypilotNames, f, [&](const auto &t) {
                 return parseSkypilotCsv(d, f, r.provider(), r.catalog(), t, r.defaultDate(), c);
             });
         }},
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
    ParsedSheet sheet = info && info->read ? info->read(*this, device, fileName, cancel)
                                           : m_native.parse(device, fileName, SheetFormat::Csv);
    sheet.format = toString(format);
    if (!(cancel && cancel->load()))
        quarantineOutliers(sheet, shippedFxTable(), m_acceptOutliers);
    return sheet;
}

ParsedSheet SheetReader::tableMissing(const QString &fileName, const Error &error)
{
    ParsedSheet sheet;
    sheet.fileName = fileName;
    sheet.diagnostics.append(Diagnostic::error(fileName, 0, {}, error.message));
    return sheet;
}

} // namespace accelplan::pricing
