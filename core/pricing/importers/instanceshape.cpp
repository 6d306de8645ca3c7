#include "core/pricing/importers/instanceshape.h"

#include "core/common/tr.h"

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

InstanceShape readInstanceShape(const CsvRecord &r)
{
    InstanceShape shape;
    shape.accelerator = r.required(u"accelerator"_s);
    const auto count = r.number(u"accelerator_count"_s, true);
    if (count && (*count < 1 || *count != int(*count)))
        r.error(u"accelerator_count"_s, Tr::tr("must be a whole number of accelerators, 1 or more"));
    shape.acceleratorCount = int(count.value_or(1));
    if (const auto vcpus = r.number(u"vcpus"_s))
        shape.vcpus = int(*vcpus);
    if (const QString ram = r.text(u"ram_gb"_s); !ram.isEmpty()) {
        QString why;
        shape.ramGb = Decimal::parse(ram, &why);
        if (!shape.ramGb)
            r.error(u"ram_gb"_s, why);
    }
    return shape;
}

} // namespace accelplan::pricing
