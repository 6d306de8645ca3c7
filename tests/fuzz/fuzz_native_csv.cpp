// The native price-sheet parser, CSV form (core/pricing/pricesheetparser.h).
#include "tests/fuzz/fuzzsupport.h"

#include "core/pricing/pricesheetparser.h"

#include <QBuffer>

using namespace Qt::StringLiterals;
using namespace accelplan;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz::setUp();
    static const pricing::PriceSheetParser parser(fuzz::catalog(), fuzz::defaultDate());
    QBuffer buffer;
    buffer.setData(fuzz::bytes(data, size));
    buffer.open(QIODevice::ReadOnly);
    const pricing::ParsedSheet sheet = parser.parse(&buffer, u"fuzz.csv"_s, pricing::SheetFormat::Csv);
    fuzz::checkSheet(sheet);
    return 0;
}
