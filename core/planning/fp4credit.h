#pragma once

#include "core/catalog/accelerator.h"

#include <algorithm>
#include <optional>

namespace accelplan::planning {

/// What fp4 is worth where the efficiency was measured at fp8 or bf16. fp4 keeps attention, some
/// layers and the quantisation in higher precision: measured, NVFP4 training runs 1.35-1.38x FP8
/// (Megatron-Bridge performance summary, Llama 3.1 405B: GB300 1413 against 1048, GB200 1166
/// against 843 tokens/s/GPU), not the 2-3x of the peaks. Serving agrees: MLPerf Inference v5.1
/// Llama 2 70B Offline at fp4 on B200 (12,691 tokens/s a GPU) is 3.2x fp8 on H200 (3,913), where
/// the fp8 peaks differ 2.3x, i.e. 1.4x over fp8.
inline constexpr double kFp4OverFp8Speedup = 1.37;

/// The share of the fp4 peak an efficiency measured at a higher precision may be applied to
/// (1 where the chip has no fp8 peak to compare with, or fp4 is not faster).
inline double fp4PeakCredit(const catalog::Accelerator &accelerator)
{
    const auto fp4 = accelerator.peakTflops(catalog::Precision::Fp4);
    const auto fp8 = accelerator.peakTflops(catalog::Precision::Fp8);
    if (!fp4 || !fp8 || *fp4 <= 0)
        return 1.0;
    return std::min(1.0, kFp4OverFp8Speedup * *fp8 / *fp4);
}

} // namespace accelplan::planning
