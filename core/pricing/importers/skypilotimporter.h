#pragma once

#include "core/catalog/acceleratorcatalog.h"
#include "core/common/diagnostic.h"
#include "core/pricing/parsedsheet.h"

#include <QHash>

#include <atomic>

class QIODevice;

namespace accelplan::pricing {

/// What a SkyPilot accelerator name means where it differs from the catalog's aliases
/// (data/catalog/skypilot_names.csv): SkyPilot calls every 80 GB H100 "H100", and its "A100" is
/// the 40 GB card.
struct SkypilotName
{
    QString accelerator;     ///< catalog id
    QString pcieAccelerator; ///< catalog id when the instance type says "pcie"; empty: none known
};

/// The shipped name table, keyed by the SkyPilot name in lower case.
Result<QHash<QString, SkypilotName>> loadSkypilotNames();

/// A SkyPilot catalog directory name ("lambda", "vast") as Accelplan names the provider
/// ("Lambda", "Vast.ai") and the kind of offer it sells; a name it does not know is kept as
/// given, as cloud VMs.
std::pair<QString, OfferKind> skypilotProvider(const QString &name);

/// Reads a SkyPilot catalog file (catalogs/v8/<provider>/vms.csv: InstanceType, AcceleratorName,
/// AcceleratorCount, vCPUs, MemoryGiB, Price, Region, GpuInfo, SpotPrice, and on some clouds
/// AvailabilityZone). The file does not name its provider: \a provider does. Kept: rows with a
/// whole number of accelerators the catalog knows (through \a names, then its own aliases; a
/// "pcie" instance type picks the PCIe card); Price becomes the on-demand row and SpotPrice a spot
/// row, per instance type and region. Rows repeated per zone keep one on-demand price and the
/// lowest spot price. An accelerator name the catalog does not know is a warning naming the
/// first line it is on, and its rows are left out. The catalog is an undated snapshot: prices are
/// dated \a date, in USD, with confidence "approximate".
ParsedSheet parseSkypilotCsv(QIODevice *device, const QString &fileName, const QString &provider,
                             const catalog::AcceleratorCatalog &catalog, const QHash<QString, SkypilotName> &names,
                             QDate date, const std::atomic<bool> *cancel = nullptr);

} // namespace accelplan::pricing
