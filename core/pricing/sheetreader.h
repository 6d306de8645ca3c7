#pragma once

#include "core/pricing/pricesheetparser.h"

#include <atomic>
#include <map>
#include <memory>
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
/// window's import dialog all iterate importFormatRegistry(); a new provider is one entry there
/// (and its ImportFormat value), its importer's file and its mapping table.
struct ImportFormatInfo
{
    ImportFormat format;
    QString name;      ///< the CLI's --format value: "aws-json"
    QString (*title)(); ///< for people, translated: "AWS price list (AmazonEC2, JSON)"
    /// Whether a file's first 64 KiB (BOM removed, trimmed) are this format's; null for auto and
    /// for the native sheets, which are what a file is when no provider's format claims it.
    bool (*sniff)(const QByteArray &start);
    /// Reads a file in this format, with what \a reader holds (the catalog, the provider, the
    /// mapping tables); null for auto.
    ParsedSheet (*read)(SheetReader &reader, QIODevice *device, const QString &fileName,
                        const std::atomic<bool> *cancel);
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

    const catalog::AcceleratorCatalog &catalog() const { return m_catalog; }
    QDate defaultDate() const { return m_defaultDate; }
    const QString &provider() const { return m_provider; }
    PriceSheetParser &nativeParser() { return m_native; }

    /// What \a parse reads with the mapping table \a load gives (a Result), loaded once per reader
    /// and shared by the formats that load it; a table that fails to load is the sheet's error.
    template<typename Load, typename Parse>
    ParsedSheet withTable(Load *load, const QString &fileName, Parse parse)
    {
        using Table = std::decay_t<decltype(load().value())>;
        std::shared_ptr<void> &cached = m_tables[reinterpret_cast<const void *>(load)];
        if (!cached) {
            auto loaded = load();
            if (!loaded)
                return tableMissing(fileName, loaded.error());
            cached = std::make_shared<Table>(std::move(loaded).value());
        }
        return parse(*static_cast<const Table *>(cached.get()));
    }

private:
    static ParsedSheet tableMissing(const QString &fileName, const Error &error);

    const catalog::AcceleratorCatalog &m_catalog;
    QDate m_defaultDate;
    QString m_provider;
    bool m_acceptOutliers = false;
    PriceSheetParser m_native;
    std::map<const void *, std::shared_ptr<void>> m_tables; ///< by the function that loads each
};

} // namespace accelplan::pricing
