#pragma once

#include "core/common/diagnostic.h"
#include "core/pricing/parsedsheet.h"

#include <QList>
#include <QRegularExpression>

#include <atomic>
#include <optional>

class QIODevice;

namespace accelplan::pricing {

/// A Compute Engine machine type priced from its parts (data/catalog/gcp_machines.csv).
struct GcpMachine
{
    QString machineType; ///< "a3-highgpu-8g", the offer's SKU
    QString family;      ///< its vCPU and RAM components are "<family>-core" and "<family>-ram"
    int vcpus = 0;
    int ramGib = 0; ///< whole GiB, as the RAM SKU bills it
    QString accelerator; ///< catalog id
    int acceleratorCount = 1;
    QString gpuComponent; ///< the component its GPUs are priced by ("h100")
    std::optional<int> bundledLocalSsdGib; ///< billed by its own SKU; never added to the price
    /// The GPU SKU prices the whole machine per GPU ("A4 Nvidia B200 (1 gpu slice)"): no vCPU or
    /// RAM SKU is added.
    bool pricedPerGpu = false;
};

/// One row of data/catalog/gcp_skus.csv: a SKU description pattern and the component it prices.
struct GcpSkuPattern
{
    enum class Kind { Core, Ram, Gpu, Tpu };

    QString pattern;       ///< as written: SQL LIKE, '%' any run of characters, whole description, any case
    QString resourceGroup; ///< category.resourceGroup that must match too, or empty for any
    QString component;     ///< "a3-core", "a3-ram", "h100", "tpu-v6e"
    Kind kind = Kind::Gpu; ///< Ram is priced per GiB-hour ("GiBy.h"), the others per hour ("h")
    QString accelerator;   ///< catalog id (GPU and TPU rows)
    QString offerSku;      ///< TPU rows: the offer's SKU, one chip ("tpu-v6e (Trillium)")
    int chipsPerUnit = 1;  ///< TPU rows: chips the SKU's price covers (TPU v4 Pod: one 4-chip host)
    QRegularExpression regex;
    int line = 0; ///< in gcp_skus.csv

    bool matches(const QString &description, const QString &group) const;
};

/// What the Google Cloud importer needs to know that a SKU list does not say: machine shapes,
/// and which SKU descriptions price which component. Data, not code, so a renamed SKU is a
/// one-line fix in data/catalog.
struct GcpTables
{
    QList<GcpMachine> machines;
    QList<GcpSkuPattern> patterns; ///< in file order; the first match wins
    QRegularExpression any;        ///< matches where one of the patterns does

    /// The first pattern that matches, or nullptr.
    const GcpSkuPattern *match(const QString &description, const QString &resourceGroup) const;
};

/// The shipped tables: data/catalog/gcp_machines.csv (machine shapes) and data/catalog/gcp_skus.csv
/// (description patterns → component). Checked against each other: every machine's components exist
/// and its accelerator agrees with its GPU component's.
Result<GcpTables> loadGcpTables();

/// Reads Cloud Billing Catalog v1 `services/{id}/skus` responses: one page
/// {"skus":[...],"nextPageToken":...}, or many pages one after another in one file, or a JSON array
/// of pages. Streaming: each SKU is built on its own, so memory stays flat.
///
/// Only Compute Engine (6F81-5844-456A) and Cloud TPU (E000-3F24-B8AA) SKUs are read. A SKU is
/// classified by its description (the pattern table) and its term by both the description
/// ("Commitment v1: … 1 Year", "Spot", "Preemptible") and category.usageType; where usageType says
/// OnDemand the description decides (commitments and preemptible TPUs labelled OnDemand), where
/// they contradict each other the SKU is skipped. The price is the tier that starts at 0, exact
/// from units + nanos; its usageUnit must be "h" (or "GiBy.h" for RAM). A multi-regional SKU ("us",
/// "europe", "asia") applies to every region of this file named "<code>-…" ("global": every
/// region) unless a region-specific SKU prices the same component there.
///
/// Offers are whole machines: vCPUs × core + GiB × RAM + GPUs × GPU in one region on one price
/// model, made only when all three parts are priced there; bundled local SSD is named in the notes,
/// not priced. TPU SKUs become one offer per chip. Every SKU left out is counted by reason; GPU and
/// TPU SKUs no pattern knows are listed. Malformed or negative money is an error at the SKU's line;
/// a commitment not below on-demand, a spot price above it, or two SKUs pricing one part
/// differently, a warning. Reading stops when \a cancel is set.
ParsedSheet parseGcpJson(QIODevice *device, const QString &fileName, const GcpTables &tables,
                         const std::atomic<bool> *cancel = nullptr);

} // namespace accelplan::pricing
