#pragma once
// A model as people name it (issue 39): a Hugging Face `config.json` read into a model preset —
// its architecture and the parameter counts computed from it.
#include "core/catalog/planningcatalog.h"
#include "core/common/diagnostic.h"

#include <QByteArray>

namespace accelplan::catalog {

/// Reads \a json (the text of \a fileName, a Hugging Face config.json; a multimodal config's
/// `text_config` when the top level has no layers) into a preset: layers, hidden size, heads, KV
/// heads, head size, feed-forward size, vocabulary, context, experts (routed, active, shared),
/// multi-head latent attention's ranks and sliding windows, with the total and active parameter
/// counts computed from them (docs/planning.md "A model from its config.json"). A missing or
/// unreadable field is an error naming the file, the line and the field.
Result<ModelPreset> modelFromHfConfig(const QByteArray &json, const QString &fileName);

} // namespace accelplan::catalog
