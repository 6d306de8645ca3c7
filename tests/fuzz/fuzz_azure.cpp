// The Azure Retail Prices importer, read through SheetReader with its format fixed (core/pricing/sheetreader.h).
#include "tests/fuzz/fuzzsupport.h"

#include "core/pricing/sheetreader.h"

#include <QBuffer>

using namespace Qt::StringLiterals;
using namespace accelplan;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz::setUp();
    QBuffer buffer;
    buffer.setData(fuzz::bytes(data, size));
    buffer.open(QIODevice::ReadOnly);
    const pricing::ParsedSheet sheet =
        fuzz::sheetReader().read(&buffer, u"fuzz.json"_s, pricing::ImportFormat::Azure);
    FUZZ_CHECK(sheet.format == pricing::toString(pricing::ImportFormat::Azure));
    fuzz::checkSheet(sheet);
    return 0;
}
