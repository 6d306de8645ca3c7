#pragma once
// The AWS Spot Instance Advisor's public feed (spot-advisor-data.json, served without credentials,
// recomputed by AWS over the trailing month): each instance type's "frequency of interruption" band
// per region, read for the accelerator instance types Accelplan knows (data/catalog/aws_instances.csv).
#include "core/catalog/planningcatalog.h"
#include "core/common/diagnostic.h"

#include <QDate>
#include <QIODevice>
#include <QSet>

namespace accelplan::pricing {

/// Reads the feed from \a device: `ranges` (index → label) and `spot_advisor.REGION.Linux.TYPE.r`.
/// Kept: the Linux bands of \a instanceTypes, each dated \a asOf and sourced to \a sourceUrl. A
/// file that is not the feed, or a band index `ranges` does not define, is an error naming
/// \a fileName and the JSON path; a file that holds none of the instance types is one too.
Result<QList<catalog::SpotRate>> readSpotAdvisor(QIODevice *device, const QString &fileName,
                                                 const QSet<QString> &instanceTypes, const QString &sourceUrl,
                                                 QDate asOf);

/// readSpotAdvisor() of the file at \a path for the instance types of data/catalog/aws_instances.csv,
/// dated \a asOf: what `prices update` and the window's update store.
Result<QList<catalog::SpotRate>> readSpotAdvisorFile(const QString &path, const QString &sourceUrl, QDate asOf);

/// The provenance of a fetched band: the feed's URL, the day it was fetched, approximate (a band).
catalog::Source spotAdvisorSource(const QString &band, const QString &url, QDate asOf);

/// The import format name of the feed in data/catalog/endpoints.csv.
inline constexpr char16_t kSpotAdvisorFormat[] = u"spot-advisor";

} // namespace accelplan::pricing
