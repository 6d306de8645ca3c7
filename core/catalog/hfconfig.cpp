#include "core/catalog/hfconfig.h"

#include "core/common/tr.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonArray>
#include <QJsonParseError>

#include <cmath>

#include <optional>

using namespace Qt::StringLiterals;

namespace accelplan::catalog {

namespace {

int lineAt(const QByteArray &json, qsizetype offset)
{
    return int(json.left(offset).count('\n')) + 1;
}

/// Reads the config's integer fields, each error naming the field and the line it is on.
class ConfigReader
{
public:
    ConfigReader(const QByteArray &json, QJsonObject object, QString fileName)
        : m_json(json), m_object(std::move(object)), m_fileName(std::move(fileName))
    {
    }

    /// The first of \a keys the config has, as a positive integer; empty when none is there.
    std::optional<int> optional(std::initializer_list<const char *> keys)
    {
        for (const char *key : keys) {
            const QJsonValue value = m_object.value(QLatin1StringView(key));
            if (value.isUndefined() || value.isNull())
                continue;
            const double number = value.toDouble(-1);
            if (!value.isDouble() || number < 0 || number != std::floor(number) || number > 1e9) {
                m_problems.append(Diagnostic::error(m_fileName, lineOf(key), QString::fromLatin1(key),
                                                    Tr::tr("expected a whole number of at least 0")));
                return std::nullopt;
            }
            return int(number);
        }
        return std::nullopt;
    }
    /// As optional(), and an error naming \a key when it is missing.
    int required(const char *key)
    {
        if (const auto value = optional({key}); value && *value > 0)
            return *value;
        if (!m_object.contains(QLatin1StringView(key)))
            m_problems.append(Diagnostic::error(m_fileName, 1, QString::fromLatin1(key),
                                                Tr::tr("missing: a Hugging Face config.json gives it; without it the "
                                                       "architecture is unknown")));
        else if (m_problems.isEmpty() || m_problems.last().field != QString::fromLatin1(key))
            m_problems.append(Diagnostic::error(m_fileName, lineOf(key), QString::fromLatin1(key), Tr::tr("must be above 0")));
        return 0;
    }
    bool flag(const char *key, bool fallback) const { return m_object.value(QLatin1StringView(key)).toBool(fallback); }
    QString text(const char *key) const { return m_object.value(QLatin1StringView(key)).toString(); }
    const QJsonObject &object() const { return m_object; }
    const Diagnostics &problems() const { return m_problems; }

private:
    int lineOf(const char *key) const
    {
        const qsizetype at = m_json.indexOf(QByteArray('"' + QByteArray(key) + '"'));
        return at < 0 ? 1 : lineAt(m_json, at);
    }

    const QByteArray &m_json;
    QJsonObject m_object;
    QString m_fileName;
    Diagnostics m_problems;
};

} // namespace

Result<ModelPreset> modelFromHfConfig(const QByteArray &json, const QString &fileName)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return Error::badInput(
            Tr::tr("%1 is not a Hugging Face config.json").arg(fileName),
            {Diagnostic::error(fileName, parseError.error != QJsonParseError::NoError ? lineAt(json, parseError.offset) : 1, {},
                               parseError.error != QJsonParseError::NoError ? parseError.errorString()
                                                                             : Tr::tr("expected a JSON object"))});
    QJsonObject object = document.object();
    // Multimodal configs (Llama 4, Gemma 3) keep the language model's architecture in text_config.
    if (!object.contains(u"num_hidden_layers"_s) && object.value(u"text_config"_s).isObject())
        object = object.value(u"text_config"_s).toObject();
    ConfigReader r(json, object, fileName);

    ModelPreset m;
    m.name = r.text("_name_or_path");
    if (m.name.isEmpty())
        m.name = document.object().value(u"_name_or_path"_s).toString();
    if (m.name.isEmpty())
        m.name = QFileInfo(fileName).fileName();
    m.id = u"config:"_s + QFileInfo(fileName).fileName();
    const int layers = r.required("num_hidden_layers");
    const int hidden = r.required("hidden_size");
    const int heads = r.required("num_attention_heads");
    const int vocab = r.required("vocab_size");
    const int kvHeads = r.optional({"num_key_value_heads"}).value_or(heads);
    const int headDim = r.optional({"head_dim"}).value_or(heads > 0 ? hidden / heads : 0);
    const std::optional<int> ffn = r.optional({"intermediate_size"});
    const int experts = r.optional({"num_local_experts", "n_routed_experts", "num_experts"}).value_or(0);
    const int activeExperts = r.optional({"num_experts_per_tok", "experts_per_token", "moe_topk"}).value_or(0);
    const int sharedExperts = r.optional({"n_shared_experts", "num_shared_experts"}).value_or(0);
    const std::optional<int> expertFfn = r.optional({"moe_intermediate_size"});
    const int sharedFfn = r.optional({"shared_expert_intermediate_size"}).value_or(0);
    const int firstDense = r.optional({"first_k_dense_replace"}).value_or(0);
    const int moeStep = std::max(1, r.optional({"interleave_moe_layer_step"}).value_or(1));
    const std::optional<int> kvLora = r.optional({"kv_lora_rank"});
    const std::optional<int> qLora = r.optional({"q_lora_rank"});
    const int qkRope = r.optional({"qk_rope_head_dim"}).value_or(0);
    const int qkNope = r.optional({"qk_nope_head_dim"}).value_or(0);
    const int vHead = r.optional({"v_head_dim"}).value_or(headDim);
    const std::optional<int> context = r.optional({"max_position_embeddings"});
    const std::optional<int> window = r.optional({"sliding_window"});
    const bool moe = experts > 1 && activeExperts > 0;
    if (!moe && !ffn)
        r.required("intermediate_size"); // a dense model's feed-forward size
    if (moe && !expertFfn && !ffn)
        r.required("moe_intermediate_size");
    if (hasErrors(r.problems()))
        return Error::badInput(Tr::tr("%1: not a usable Hugging Face config.json").arg(fileName), r.problems());

    // Parameters, from the shapes (bias and norm weights left out: under 0.1 %).
    const double h = hidden;
    double attention = 0;
    if (kvLora) { // multi-head latent attention
        const double qHead = qkNope + qkRope;
        attention = (qLora ? h * *qLora + double(*qLora) * heads * qHead : h * heads * qHead)
                    + h * (*kvLora + qkRope) + double(*kvLora) * heads * (qkNope + vHead) + double(heads) * vHead * h;
    } else {
        attention = 2.0 * h * heads * headDim + 2.0 * h * kvHeads * headDim;
    }
    const double gated = 3.0; // gate, up and down projections (SwiGLU, GeGLU)
    const double denseMlp = ffn ? gated * h * *ffn : 0;
    const int moeLayers = moe ? (layers - firstDense + moeStep - 1) / moeStep : 0;
    const int denseLayers = layers - moeLayers;
    const double expert = gated * h * expertFfn.value_or(ffn.value_or(0));
    const double shared = sharedFfn > 0 ? gated * h * sharedFfn : sharedExperts * expert;
    const double router = h * experts;
    const double embeddings = double(vocab) * h * (r.flag("tie_word_embeddings", false) ? 1 : 2);
    const double common = embeddings + layers * attention + denseLayers * denseMlp;
    m.totalParams = common + moeLayers * (experts * expert + shared + router);
    m.activeParams = moe ? common + moeLayers * (activeExperts * expert + shared + router) : m.totalParams;

    m.layers = layers;
    m.hidden = hidden;
    m.heads = heads;
    m.kvHeads = kvHeads;
    m.headDim = headDim;
    m.ffnHidden = moe ? expertFfn.value_or(ffn.value_or(0)) : ffn.value_or(0);
    m.vocab = vocab;
    m.context = context;
    if (moe) {
        m.experts = experts;
        m.activeExperts = activeExperts;
        if (sharedExperts > 0)
            m.sharedExperts = sharedExperts;
    }
    if (kvLora) {
        m.kvLoraRank = kvLora;
        m.qkRopeHeadDim = qkRope;
    }
    // A sliding window: every layer (Mistral), or the layers layer_types marks (Gemma 3, gpt-oss).
    if (window && *window > 0 && r.flag("use_sliding_window", true)) {
        m.slidingWindow = window;
        int sliding = layers;
        if (const QJsonValue types = object.value(u"layer_types"_s); types.isArray()) {
            sliding = 0;
            for (const QJsonValue &type : types.toArray())
                sliding += type.toString() == u"sliding_attention"_s;
        }
        if (sliding > 0)
            m.slidingLayers = sliding;
        else
            m.slidingWindow.reset();
    }
    m.source = {fileName, {}, u"user"_s, Tr::tr("architecture from a Hugging Face config.json; parameters computed from it")};
    return m;
}

} // namespace accelplan::catalog
