#pragma once

#include "core/common/csvtable.h"
#include "core/common/decimal.h"

#include <QString>

#include <optional>

namespace accelplan::pricing {

/// What a provider's mapping table says a size or shape holds, when the price file does not.
struct InstanceShape
{
    QString accelerator; ///< catalog id
    int acceleratorCount = 1;
    std::optional<int> vcpus;
    std::optional<Decimal> ramGb;
};

/// The accelerator, accelerator_count (a whole number, 1 or more), vcpus and ram_gb of one row of
/// a mapping table (data/catalog/azure_skus.csv, oci_parts.csv), each bad value an error on the row.
InstanceShape readInstanceShape(const CsvRecord &r);

} // namespace accelplan::pricing
