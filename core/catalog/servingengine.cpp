#include "core/catalog/servingengine.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace accelplan::catalog {

const QList<ServingEngine> &servingEngines()
{
    static const QList<ServingEngine> engines = {
        {u"vllm"_s, u"vLLM"_s, 1024, 256, std::nullopt,
         u"vLLM's default max_num_seqs: 1,024 on accelerators with at least 70 GiB that are not A100s, 256 on "
         "the others (vllm/engine/arg_utils.py _set_default_args at 99d7eb5d6a512cfcc5a2b104f24ebf2d6cda772b: "
         "'For GPUs like H100 and MI300x, use larger default values'; exact)"_s},
        {u"sglang"_s, u"SGLang"_s, 2048, 2048, std::nullopt,
         u"SGLang's max_running_requests when not set: min(KV tokens / 2, the request pool), the pool "
         "clamp(KV tokens / context × 512, 2048, 4096) (python/sglang/srt/managers/tp_worker.py at 4f34e24a; "
         "model_runner_kv_cache_mixin.py at 226149ac); 2,048 with a long-context model's pool (derived)"_s},
        {u"trtllm"_s, u"TensorRT-LLM"_s, 2048, 2048, std::nullopt,
         u"TensorRT-LLM's max_batch_size: trtllm-serve takes BuildConfig.max_batch_size "
         "(tensorrt_llm/commands/serve.py at 4c05a748); 2,048 as trtllm-build's help reports it, not read from "
         "the source (reported, unverified)"_s},
        {u"jetstream"_s, u"JetStream"_s, std::nullopt, std::nullopt, 11,
         u"JetStream's per_device_batch_size, the sequences each chip decodes: 11 in JetStream's MaxText serving "
         "guide for Llama 2 7B and Gemma 7B at bf16 (4 for Llama 2 13B, 12 for Gemma 7B at int8; "
         "AI-Hypercomputer/JetStream docs/online-inference-with-maxtext-engine.md at 3fa2e265; the guide's "
         "value, set per deployment: exact for the guide)"_s},
        {u"other"_s, u"another engine"_s, std::nullopt, std::nullopt, std::nullopt,
         u"an engine without a known default limit: memory decides"_s},
    };
    return engines;
}

const ServingEngine *findServingEngine(const QString &id)
{
    const QString key = id.trimmed().toLower();
    for (const ServingEngine &engine : servingEngines())
        if (engine.id == key || (key.isEmpty() && engine.id == u"vllm"_s))
            return &engine;
    return nullptr;
}

QStringList servingEngineIds()
{
    QStringList ids;
    for (const ServingEngine &engine : servingEngines())
        ids.append(engine.id);
    return ids;
}

std::optional<int> engineMaxSequences(const ServingEngine &engine, const Accelerator &accelerator, int chips)
{
    if (engine.maxSequencesPerChip)
        return *engine.maxSequencesPerChip * std::max(1, chips);
    const bool large = accelerator.memoryGb * 1e9 >= 70.0 * (1ull << 30) && !accelerator.id.startsWith(u"a100"_s);
    return large ? engine.maxSequencesLarge : engine.maxSequencesSmall;
}

} // namespace accelplan::catalog
