// The exchange-rate importer (FxTable::parse, as `accelplan-cli fx import` uses it): rates that
// load convert on their own date.
#include "tests/fuzz/fuzzsupport.h"

#include "core/pricing/fxtable.h"

#include <QBuffer>

using namespace Qt::StringLiterals;
using namespace accelplan;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz::setUp();
    QBuffer buffer;
    buffer.setData(fuzz::bytes(data, size));
    buffer.open(QIODevice::ReadOnly);
    const auto rates = pricing::FxTable::parse(&buffer, u"fuzz.csv"_s);
    if (!rates) {
        FUZZ_CHECK(!rates.error().message.isEmpty());
        return 0;
    }
    const pricing::FxTable table(*rates);
    // Conversion is a scan of every rate: a few suffice, and keep each input fast.
    for (qsizetype i = 0; i < std::min<qsizetype>(rates->size(), 4); ++i) {
        const pricing::FxRate &rate = rates->at(i);
        FUZZ_CHECK(rate.date.isValid());
        FUZZ_CHECK(rate.base != rate.quote);
        FUZZ_CHECK(!rate.rate.isNegative() && !rate.rate.isZero());
        const auto conversion = table.convert(1.0, rate.base, rate.quote, rate.date);
        FUZZ_CHECK(conversion.has_value());
        FUZZ_CHECK(conversion->ratesUsed.size() == 1);
        FUZZ_CHECK(conversion->ratesUsed.first().date <= rate.date);
    }
    return 0;
}
