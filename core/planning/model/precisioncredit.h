#pragma once

#include "core/catalog/accelerator.h"

#include <algorithm>
#include <optional>

namespace accelplan::planning {

/// Efficiencies are measured at one precision and are shares of that precision's peak. Applied to
/// a run at a lower precision with a higher peak, they are credited with what the lower precision
/// is measured to gain, not with the ratio of the peaks. The measurements behind each figure:
/// docs/planning.md, "Precision credits".

/// fp4 over fp8: NVFP4 training 1.35-1.38x FP8 on GB200/GB300 (Megatron-Bridge performance summary).
inline constexpr double kFp4OverFp8Speedup = 1.37;
/// fp8 over bf16 for MoE training: the median of four 256-chip pairs (Megatron-Bridge 25.11, MaxText
/// on Ironwood), 1.13-1.28x. Dense fp8 on bf16 profiles takes no credit (see the docs).
inline constexpr double kMoeFp8OverBf16Speedup = 1.2;
/// int8 (AQT) over bf16 for TPU training: Marin/levanter on v5e-256, 8B, +17.4 %.
inline constexpr double kInt8OverBf16TrainingSpeedup = 1.17;

/// The share of \a fast's peak an efficiency measured at \a slow may be applied to, where running at
/// \a fast is measured to be \a speedup times faster (1 where the chip lacks either peak, or the
/// measured gain is at least the peaks' ratio).
inline double measuredPeakCredit(const catalog::Accelerator &accelerator, catalog::Precision fast,
                                 catalog::Precision slow, double speedup)
{
    const auto fastPeak = accelerator.peakTflops(fast);
    const auto slowPeak = accelerator.peakTflops(slow);
    if (!fastPeak || !slowPeak || *fastPeak <= 0)
        return 1.0;
    return std::min(1.0, speedup * *slowPeak / *fastPeak);
}

/// The share of the fp4 peak an efficiency measured at fp8 (or bf16) may be applied to.
inline double fp4PeakCredit(const catalog::Accelerator &accelerator)
{
    return measuredPeakCredit(accelerator, catalog::Precision::Fp4, catalog::Precision::Fp8, kFp4OverFp8Speedup);
}

/// The share of the fp8 peak an MoE efficiency measured at bf16 may be applied to.
inline double moeFp8PeakCredit(const catalog::Accelerator &accelerator)
{
    return measuredPeakCredit(accelerator, catalog::Precision::Fp8, catalog::Precision::Bf16, kMoeFp8OverBf16Speedup);
}

/// The share of the int8 peak a training efficiency measured at bf16 may be applied to.
inline double int8TrainingPeakCredit(const catalog::Accelerator &accelerator)
{
    return measuredPeakCredit(accelerator, catalog::Precision::Int8, catalog::Precision::Bf16,
                              kInt8OverBf16TrainingSpeedup);
}

} // namespace accelplan::planning
