#pragma once

#include "core/pricing/importers/awsimporter.h"
#include "core/pricing/importers/azureimporter.h"
#include "core/pricing/importers/gcpimporter.h"
#include "core/pricing/importers/ociimporter.h"
#include "core/pricing/importers/skypilotimporter.h"
#include "core/pricing/pricesheetparser.h"

#include <atomic>
#include <optional>

namespace accelplan::pricing {

/// Every format a price file can be imported from: Accelplan's own sheets and the providers'
/// price lists. The spellings ("aws-json") are the CLI's --format values.
enum class ImportFormat { Auto, Csv, Json, Aws, AwsJson, Azure, Gcp, Oci, Skypilot };
QString toString(ImportFormat format);
std::optional<ImportFormat> importFormatFromString(const QString &text);
QList<ImportFormat> importFormats();
QStringList importFormatNames();
/// For people: "AWS price list (AmazonEC2, JSON)".
QString importFormatTitle(ImportFormat format);

class SheetReader;

/// One import format, said once: its --format name, its title for people, how it is recognised
/// and how it is read. The sheet reader's detection, the CLI's --format choices and help, and the
/// window's import dialog all iterate importFormatRegistry(); a new provider is one line there.
struct ImportFormatInfo
{
    ImportFormat format;
    QString name;      ///< the CLI's --format value: "aws-json"
    QString (*title)(); ///< for people, translated: "AWS price list (AmazonEC2, JSON)"
    /// Whether a file's first 64 KiB (BOM removed, trimmed) are this format's; null for auto and
    /// for the native sheets, which are what a file is when no provider's format claims it.
    bool (*sniff)(const QByteArray &start);
    /// Reads a file in this format; null for auto.
    ParsedSheet (SheetReader::*read)(QIODevice *device, const QString &fileName, const std::atomic<bool> *cancel);
};
/// Every import format, in the order the CLI and the window list them and detection tries them.
const QList<ImportFormatInfo> &importFormatRegistry();

/// The format of an open file, from its first 64 KiB (peeked, nothing consumed): the AWS CSV
/// preamble or header, a SkyPilot catalog's header; for JSON, the keys only one provider's files
/// have; otherwise a native sheet, CSV or JSON by its first character.
ImportFormat detectImportFormat(QIODevice *device);

/// Reads and validates a file in any import format. The providers' mapping tables are loaded
/// once, when first needed. Not thread-safe: one reader per thread.
class SheetReader
{
public:
    SheetReader(const catalog::AcceleratorCatalog &catalog, QDate defaultDate);

    /// The provider of files that do not name theirs (SkyPilot catalogs): "lambda" or "Lambda".
    void setProvider(const QString &provider) { m_provider = provider; }
    /// Whether prices found to be outliers are imported (as warnings, confidence approximate)
    /// rather than quarantined as errors; off by default.
    void setAcceptOutliers(bool accept) { m_acceptOutliers = accept; }

    /// \a device must be open (and seekable for native sheets). Auto detects the format; the
    /// format read is in the returned sheet. Reading stops early when \a cancel is set.
    ParsedSheet read(QIODevice *device, const QString &fileName, ImportFormat format,
                     const std::atomic<bool> *cancel = nullptr);

private:
    friend const QList<ImportFormatInfo> &importFormatRegistry();

    ParsedSheet readCsv(QIODevice *device, const QString &fileName, const std::atomic<bool> *cancel);
    ParsedSheet readJson(QIODevice *device, const QString &fileName, const std::atomic<bool> *cancel);
    ParsedSheet readAwsCsv(QIODevice *device, const QString &fileName, const std::atomic<bool> *cancel);
    ParsedSheet readAwsJson(QIODevice *device, const QString &fileName, const std::atomic<bool> *cancel);
    ParsedSheet readAzure(QIODevice *device, const QString &fileName, const std::atomic<bool> *cancel);
    ParsedSheet readGcp(QIODevice *device, const QString &fileName, const std::atomic<bool> *cancel);
    ParsedSheet readOci(QIODevice *device, const QString &fileName, const std::atomic<bool> *cancel);
    ParsedSheet readSkypilot(QIODevice *device, const QString &fileName, const std::atomic<bool> *cancel);

    const catalog::AcceleratorCatalog &m_catalog;
    QDate m_defaultDate;
    QString m_provider;
    bool m_acceptOutliers = false;
    PriceSheetParser m_native;
    std::optional<QHash<QString, AwsInstance>> m_aws;
    std::optional<QHash<QString, AzureSku>> m_azure;
    std::optional<GcpTables> m_gcp;
    std::optional<QHash<QString, OciPart>> m_oci;
    std::optional<QHash<QString, SkypilotName>> m_skypilot;
};

} // namespace accelplan::pricing
