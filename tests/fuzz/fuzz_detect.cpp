// Format auto-detection (detectImportFormat), then the import the detected format leads to, as
// `accelplan-cli import --format auto` and the import dialog do it.
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
    const pricing::ImportFormat format = pricing::detectImportFormat(&buffer);
    // Detection peeks: nothing is consumed, and the same bytes give the same answer.
    FUZZ_CHECK(buffer.pos() == 0);
    FUZZ_CHECK(format != pricing::ImportFormat::Auto);
    FUZZ_CHECK(pricing::detectImportFormat(&buffer) == format);
    const pricing::ParsedSheet sheet = fuzz::sheetReader().read(&buffer, u"fuzz"_s, pricing::ImportFormat::Auto);
    FUZZ_CHECK(sheet.format == pricing::toString(format));
    fuzz::checkSheet(sheet);
    return 0;
}
