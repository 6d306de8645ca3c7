#pragma once

#include "core/common/diagnostic.h"
#include "core/pricing/parsedsheet.h"

#include <QHash>

#include <atomic>

class QIODevice;

namespace accelplan::pricing {

/// An AWS instance type as the catalog knows it (data/catalog/aws_instances.csv).
struct AwsInstance
{
    QString accelerator; ///< catalog id
    int acceleratorCount = 1;
};

/// A PricePerUnit: AWS writes 10 decimal places ("55.0400000000"); a 10th significant one is
/// rounded half up to the 9 a Decimal holds, and \a rounded says so (a nonzero digit was cut).
std::optional<Decimal> parseAwsPrice(const QString &text, QString *why, bool *rounded);

/// The shipped instance-type table.
Result<QHash<QString, AwsInstance>> loadAwsInstances();

/// Reads the AWS Price List Bulk API AmazonEC2 offer file in its CSV form, streaming: the
/// preamble is skipped up to the header, columns are found by name, a line is rejected by
/// substring before it is split, and only the rows kept are held in memory. Kept: Linux, shared
/// tenancy, used capacity, no pre-installed software; on-demand hourly prices, and standard
/// reserved 1yr/3yr terms whose no/partial/all-upfront options are each folded into an effective
/// hourly rate (hourly + upfront / (years × 8760)), the lowest kept as commit_1y / commit_3y.
/// Instance types not in \a instances are skipped; GPU ones are listed so the table can grow.
/// Every skipped row is counted by reason in the sheet. Reading stops when \a cancel is set.
ParsedSheet parseAwsCsv(QIODevice *device, const QString &fileName, const QHash<QString, AwsInstance> &instances,
                        const std::atomic<bool> *cancel = nullptr);

/// The same offer file in its JSON form (products, then terms), streamed: each product and each
/// term is built on its own, kept products are remembered by SKU, and the terms of products left
/// out are passed over without being built. The same rules as the CSV form.
ParsedSheet parseAwsJson(QIODevice *device, const QString &fileName, const QHash<QString, AwsInstance> &instances,
                         const std::atomic<bool> *cancel = nullptr);

} // namespace accelplan::pricing
