#pragma once

#include <QDate>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace accelplan::catalog {

/// Numeric precisions for which a dense peak is catalogued.
enum class Precision { Fp32, Bf16, Fp8, Fp4, Int8 };

/// One accelerator model as shipped in data/catalog/accelerators.csv. Peaks are dense (no
/// sparsity), per chip; an empty optional means the chip has no such precision (or, for fp32,
/// that no sourced figure is shipped — see notes).
struct Accelerator
{
    QString id;          ///< catalog id, lowercase ("h100-sxm")
    QString name;        ///< display name
    QString vendor;
    QStringList aliases; ///< other spellings seen in price sheets
    double memoryGb = 0;
    std::optional<double> memoryBandwidthGBps; ///< empty when no sourced figure is shipped
    std::optional<double> peakFp32Tflops;
    std::optional<double> peakBf16Tflops;
    std::optional<double> peakFp8Tflops;
    std::optional<double> peakFp4Tflops;
    std::optional<double> peakInt8Tops;
    std::optional<double> tdpWatts;
    QString interconnect;
    std::optional<double> interconnectGBps; ///< per chip, per direction
    std::optional<int> maxDomainChips;      ///< chips in one NVLink / ICI domain
    std::optional<int> releaseYear;
    /// Accelerators whose measured profiles stand in where this one has none: the same die in
    /// another package, or the same vendor's nearest generation (data/README.md says which).
    QStringList profileStandIns;
    /// The stand-ins' own specs, in the order of profileStandIns, resolved by the catalog that
    /// loaded this one (their own stand-ins left empty): a calibration measured on a stand-in is
    /// carried over at the stand-in's hardware. Empty for an accelerator built by hand.
    std::vector<Accelerator> standInSpecs;
    /// Built for inference only (accelerators.csv `workloads` = inference): not offered for training.
    bool inferenceOnly = false;
    QString sourceUrl;
    QDate asOf;
    QString confidence; ///< exact | approximate | remembered
    QString notes;

    std::optional<double> peakTflops(Precision precision) const;
};

} // namespace accelplan::catalog
