// The native price-sheet parser, JSON form (core/pricing/pricesheetparser.h).
#include "tests/fuzz/fuzzsupport.h"

#include "core/pricing/pricesheetparser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    accelplan::fuzz::readNativeSheet(data, size, accelplan::pricing::SheetFormat::Json, "fuzz.json");
    return 0;
}
