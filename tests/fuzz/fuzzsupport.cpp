#include "tests/fuzz/fuzzsupport.h"

#include "core/catalog/acceleratorcatalog.h"
#include "core/pricing/pricesheetparser.h"
#include "core/pricing/sheetreader.h"

#include <QBuffer>
#include <QtGlobal>

#include <cstdio>
#include <cstdlib>

namespace accelplan::fuzz {

namespace {

void dropMessage(QtMsgType, const QMessageLogContext &, const QString &) {}

} // namespace

void setUp()
{
    static const bool done = [] {
        qInstallMessageHandler(dropMessage);
        catalog();
        return true;
    }();
    (void)done;
}

const catalog::AcceleratorCatalog &catalog()
{
    static const catalog::AcceleratorCatalog shipped = [] {
        auto loaded = catalog::AcceleratorCatalog::loadShipped();
        if (!loaded) {
            std::fprintf(stderr, "fuzz: the shipped catalog does not load: %s\n",
                         qPrintable(loaded.error().message));
            std::abort();
        }
        return std::move(loaded).value();
    }();
    return shipped;
}

pricing::SheetReader &sheetReader()
{
    static pricing::SheetReader reader(catalog(), defaultDate());
    return reader;
}

void checkSheet(const pricing::ParsedSheet &sheet)
{
    FUZZ_CHECK(sheet.rowCount >= 0);
    for (const Diagnostic &d : sheet.diagnostics) {
        FUZZ_CHECK(d.line >= 0);
        FUZZ_CHECK(!d.message.isEmpty());
    }
    for (const auto &[reason, count] : sheet.skipped) {
        FUZZ_CHECK(!reason.isEmpty());
        FUZZ_CHECK(count > 0);
    }
    if (!sheet.ok())
        return;
    FUZZ_CHECK(sheet.sha256.size() == 64);
    for (const pricing::PriceRecord &r : sheet.records) {
        FUZZ_CHECK(!r.key.provider.isEmpty());
        FUZZ_CHECK(!r.key.sku.isEmpty());
        FUZZ_CHECK(!r.currency.isEmpty());
        FUZZ_CHECK(r.acceleratorCount > 0);
        FUZZ_CHECK(r.effectiveDate.isValid());
        FUZZ_CHECK(!r.price.isNegative());
        // What the database stores is the text form: it must read back as the same amount.
        FUZZ_CHECK(Decimal::parse(r.price.toString()) == r.price);
    }
}

void fail(const char *check, const char *file, int line)
{
    std::fprintf(stderr, "%s:%d: fuzz check failed: %s\n", file, line, check);
    std::abort();
}

void readProviderFile(const uint8_t *data, size_t size, pricing::ImportFormat format, const char *fileName)
{
    setUp();
    QBuffer buffer;
    buffer.setData(bytes(data, size));
    buffer.open(QIODevice::ReadOnly);
    const pricing::ParsedSheet sheet = sheetReader().read(&buffer, QString::fromLatin1(fileName), format);
    FUZZ_CHECK(sheet.format == pricing::toString(format));
    checkSheet(sheet);
}

void readNativeSheet(const uint8_t *data, size_t size, pricing::SheetFormat format, const char *fileName)
{
    setUp();
    static const pricing::PriceSheetParser parser(catalog(), defaultDate());
    QBuffer buffer;
    buffer.setData(bytes(data, size));
    buffer.open(QIODevice::ReadOnly);
    checkSheet(parser.parse(&buffer, QString::fromLatin1(fileName), format));
}

} // namespace accelplan::fuzz
