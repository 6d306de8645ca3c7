#pragma once

#include "core/catalog/accelerator.h"

#include <algorithm>
#include <optional>

namespace accelplan::planning {

/// Efficiencies are measured at one precision and are shares of that precision's peak. Applied to
/// a run at a lower precision with a higher peak, they are credited with what the lower precision
/// is measured to gain, not with the ratio of the peaks.

/// What fp4 is worth where the efficiency was measured at fp8 or bf16. fp4 keeps attention, some
/// layers and the quantisation in higher precision: measured, NVFP4 training runs 1.35-1.38x FP8
/// (Megatron-Bridge performance summary, Llama 3.1 405B: GB300 1413 against 1048, GB200 1166
/// against 843 tokens/s/GPU), not the 2-3x of the peaks. Serving agrees: MLPerf Inference v5.1
/// Llama 2 70B Offline at fp4 on B200 (12,691 tokens/s a GPU) is 3.2x fp8 on H200 (3,913), where
/// the fp8 peaks differ 2.3x, i.e. 1.4x over fp8.
inline constexpr double kFp4OverFp8Speedup = 1.37;

/// What fp8 is worth to mixture-of-experts training where the efficiency was measured at bf16.
/// Only the expert and other linear GEMMs run in fp8; token dispatch and combine, permutation,
/// routing, attention and the optimizer do not. Measured in the same table, same chips, same
/// model, same container (tokens/s/GPU, fp8 over bf16):
///   Megatron-Bridge 25.11, DeepSeek-V3 (w/o MTP), 256 GPUs: DGX-GB300 4357 vs 3848 = 1.13x,
///   DGX-GB200 4018 vs 3139 = 1.28x
///   (https://github.com/NVIDIA-NeMo/Megatron-Bridge/blob/067f987df03b8355b03192d88d70f1709fedf51a/docs/performance-summary-archive.md);
///   MaxText on Ironwood (TPU7x), 256 chips, fp8_full vs bf16: DeepSeek-V3 2968.49 vs 2446.25 = 1.21x,
///   Qwen3-235B-A22B 4736.72 vs 4245.89 = 1.12x (128 chips DeepSeek-V3: 2917.15 vs 2425.75 = 1.20x)
///   (https://github.com/AI-Hypercomputer/tpu-recipes/blob/c8cfe2f689081d36701a101cd73a70965d80926b/training/ironwood/README.md).
/// The median of the four 256-chip pairs is 1.2x, not the 2x of the peaks.
///
/// Dense models gain more and are left alone: the same Ironwood table gives Llama 3.1 70B 1.54x
/// (64 and 256 chips) and 405B 1.53x, torchtitan Float8 on H100 Llama 3.1 8B 1.28-1.29x
/// (https://github.com/pytorch/torchtitan/blob/31a17bfdb70bab6f62a13d21816a5339b911d6e3/benchmarks/llama3_h100_202412_torchtitan.md),
/// and Megatron-Bridge publishes no dense bf16 rows to pair. Crediting dense fp8 on bf16
/// profiles with 1.53x moved the published AMD fp8 runs of data/measurements/training.csv
/// from +5..+24 % to +37..+61 % and the Gaudi 2 ones up 15-20 points (median error 10.4 -> 13.1 %):
/// the bf16 profiles standing in there (mi300x, the quartiles) are themselves low, so the
/// dense credit waits for profiles measured on those chips. TPU7x has its own dense bf16 and fp8
/// profiles (data/catalog/profiles.csv, from the Ironwood table's 70B runs on 256 chips), so its
/// fp8 runs take no credit.
inline constexpr double kMoeFp8OverBf16Speedup = 1.2;

/// What int8 training (AQT on TPU) is worth where the efficiency was measured at bf16: measured,
/// 1.17x (Marin/levanter on TPU v5e-256, 8B: "Throughput gets a 17.4% bump!", 72 % against 61 % MFU;
/// 1.4B: 60 % against 57 %; two slices: +14.7 %;
/// https://wandb.ai/marin-community/marin/reports/620-Int8-Training--VmlldzoxMTQ4NTY4Mg), not the 2x
/// of the peaks ("up to 2x faster" int8 tensor ops, Google Cloud's AQT blog of 2023-11). Training
/// only: int8 serving is weights-only quantisation, credited by its bytes.
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
