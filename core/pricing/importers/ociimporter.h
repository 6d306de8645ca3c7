#pragma once

#include "core/common/diagnostic.h"
#include "core/pricing/importers/instanceshape.h"
#include "core/pricing/parsedsheet.h"

#include <QHash>

#include <atomic>
#include <optional>

class QIODevice;

namespace accelplan::pricing {

/// An Oracle Cloud GPU price-list part as the catalog knows it (data/catalog/oci_parts.csv): the
/// price list names a part ("B98415", "OCI - Compute - GPU - H100") priced per GPU-hour, never the
/// shape it is sold as, so the table says which shape and how many GPUs it holds.
struct OciPart : InstanceShape
{
    QString shape; ///< "BM.GPU.H100.8"
};

/// The shipped part table, keyed by part number.
Result<QHash<QString, OciPart>> loadOciParts();

/// Reads Oracle Cloud's public price list (the cetools products API: an object whose "items" hold
/// partNumber, displayName, metricName, serviceCategory and currencyCodeLocalizations[].prices[]
/// of {model, value}), streaming. Kept: parts in \a parts with metricName "GPU Per Hour" and a
/// PAY_AS_YOU_GO price; the price per GPU-hour times the shape's GPUs becomes the shape's
/// on-demand price per hour, region "global" (one list price in every commercial region). USD is
/// taken where the item has several currencies. Left out and counted: other metrics, NVIDIA AI
/// Enterprise licences, Cloud@Customer and other on-premises parts, other price models. A GPU
/// part not in the table is listed so the table can grow. The sheet is dated by "lastUpdated".
ParsedSheet parseOciJson(QIODevice *device, const QString &fileName, const QHash<QString, OciPart> &parts,
                         const std::atomic<bool> *cancel = nullptr);

} // namespace accelplan::pricing
