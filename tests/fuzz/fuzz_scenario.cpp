// The scenario loader (core/scenario/scenario.h): a scenario that loads must load again, the
// same, from the JSON it is saved as.
#include "tests/fuzz/fuzzsupport.h"

#include "core/scenario/scenario.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;
using namespace accelplan;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz::setUp();
    const auto loaded = scenario::parseScenario(fuzz::bytes(data, size), u"fuzz.accelplan"_s);
    if (!loaded) {
        FUZZ_CHECK(!loaded.error().message.isEmpty());
        return 0;
    }
    const QJsonObject saved = scenario::toJson(*loaded);
    const auto again = scenario::parseScenario(QJsonDocument(saved).toJson(), u"saved.accelplan"_s);
    FUZZ_CHECK(again.ok());
    FUZZ_CHECK(scenario::toJson(*again) == saved);
    return 0;
}
