// The Oracle Cloud price-list importer, read through SheetReader with its format fixed (core/pricing/sheetreader.h).
#include "tests/fuzz/fuzzsupport.h"

#include "core/pricing/sheetreader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    accelplan::fuzz::readProviderFile(data, size, accelplan::pricing::ImportFormat::Oci, "fuzz.json");
    return 0;
}
