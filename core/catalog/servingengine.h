#pragma once

#include "core/catalog/accelerator.h"

#include <QList>
#include <QString>

#include <optional>

namespace accelplan::catalog {

/// A serving engine and the sequences one instance of it schedules at most when its deployment
/// does not set the limit (vLLM's max_num_seqs, SGLang's max_running_requests, TensorRT-LLM's
/// max_batch_size). The planner takes that limit where a load gives no concurrency: engines do not
/// run at the batch memory allows.
struct ServingEngine
{
    QString id;   ///< as a scenario, `serve --engine` and the measurement tables name it
    QString name;
    /// Sequences scheduled at most on an accelerator with at least 70 GiB that is not an A100, and
    /// on the others; empty: no default limit is known, memory decides.
    std::optional<int> maxSequencesLarge;
    std::optional<int> maxSequencesSmall;
    /// Sequences each chip decodes at most (JetStream's per_device_batch_size): the instance's limit
    /// is this times its chips. Empty for engines whose limit is per instance.
    std::optional<int> maxSequencesPerChip;
    QString source; ///< where the limit is read, with the confidence in words
};

/// Every engine known, vLLM first (the default).
const QList<ServingEngine> &servingEngines();
/// The engine with \a id (case-insensitive), nullptr when unknown; an empty id is vLLM.
const ServingEngine *findServingEngine(const QString &id);
/// The ids, for messages and the scenario format.
QStringList servingEngineIds();
/// The sequences one instance of \a engine on \a chips of \a accelerator schedules at most, empty
/// where memory decides.
std::optional<int> engineMaxSequences(const ServingEngine &engine, const Accelerator &accelerator, int chips);

} // namespace accelplan::catalog
