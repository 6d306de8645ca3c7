#pragma once

#include "core/common/range.h"
#include "core/catalog/accelerator.h"
#include "core/catalog/measurementfit.h"
#include "core/common/diagnostic.h"
#include "core/common/texthash.h"

#include <QDate>
#include <QHash>
#include <QList>
#include <QRegularExpression>
#include <QString>

#include <memory>
#include <optional>

class QIODevice;

namespace accelplan::catalog {

/// Where a figure came from, for every efficiency, preset and band.
struct Source
{
    QString url;
    QDate asOf;
    QString confidence; ///< exact | approximate | remembered | derived | user
    QString notes;

    bool operator==(const Source &) const = default;
};

enum class Workload { DenseTraining, MoeTraining, InferencePrefill, InferenceDecode };
QString toString(Workload workload);
std::optional<Workload> workloadFromString(const QString &text);
std::optional<Precision> precisionFromString(const QString &text); ///< fp16 is the bf16 tensor rate
QString toString(Precision precision);

/// A measured efficiency for (accelerator, workload, precision, framework): MFU for training,
/// compute efficiency for prefill, bandwidth efficiency for decode.
struct Profile
{
    QString accelerator;
    Workload workload = Workload::DenseTraining;
    Precision precision = Precision::Bf16;
    QString precisionName; ///< as written ("fp16" and "bf16" share a peak but not a name)
    QString framework;     ///< pytorch | jax | tensorflow | any
    Range efficiency;
    // An optional absolute measurement behind the band.
    std::optional<double> measuredTokensPerSecondPerChip;
    std::optional<double> measuredModelParams;
    std::optional<double> measuredInputTokens;
    std::optional<double> measuredOutputTokens;
    std::optional<double> measuredBatch;
    std::optional<int> measuredChips;
    /// Decode: the time each layer adds to a step besides reading and computing (kernels and
    /// the tensor-parallel collectives' latency), where the chip's own batch-1 latency shows it
    /// differs from the generic floor.
    std::optional<double> decodeLayerOverheadUs;
    Source source;
    bool userSupplied = false;
    qint64 userFileId = 0; ///< a user profile: the id of the stored file it came from
};

/// How well a framework runs on a vendor's accelerators, and what moving there costs.
struct FrameworkFit
{
    enum class Support { Native, Translation, Unsupported };
    QString framework;
    QString vendor;
    Support support = Support::Native;
    std::optional<double> efficiencyFactor;
    std::optional<double> portingWeeks;
    Source source;
};

/// A published model's shape, so FLOPs, memory and KV cache can use more than a parameter count.
struct ModelPreset
{
    QString id;
    QString name;
    QStringList aliases; ///< other names people use (Hugging Face repository names, "Llama-3.1-70B-Instruct")
    double totalParams = 0;
    double activeParams = 0;
    std::optional<int> layers;
    std::optional<int> hidden;
    std::optional<int> heads;
    std::optional<int> kvHeads;
    std::optional<int> ffnHidden;
    std::optional<int> vocab;
    std::optional<int> context;
    std::optional<int> experts;
    std::optional<int> activeExperts;
    std::optional<int> sharedExperts;
    std::optional<int> headDim;       ///< empty: hidden / heads
    std::optional<int> kvLoraRank;    ///< multi-head latent attention (DeepSeek): the cached latent
    std::optional<int> qkRopeHeadDim; ///< MLA: the decoupled rotary key cached beside the latent
    std::optional<int> slidingWindow; ///< tokens a sliding-window layer attends to
    std::optional<int> slidingLayers; ///< how many of the layers use that window
    /// The checkpoint's 4-bit format covers only the experts' weights, activations stay wider
    /// (gpt-oss: MXFP4 experts, everything else bf16).
    bool fp4ExpertsOnly = false;
    std::optional<double> trainingTokens;
    Source source;
};

/// One tier of a provider's internet egress price: GB from `fromGb` (inclusive) to `toGb`
/// (exclusive; unbounded when empty) cost `pricePerGb`, after `freeGbPerMonth` free.
struct EgressTier
{
    QString provider;
    double fromGb = 0;
    std::optional<double> toGb;
    double pricePerGb = 0;
    QString currency;
    double freeGbPerMonth = 0;
    Source source;
};

/// A per-token price of a hosted model API (data/catalog/api_prices.csv): per 1M input, output
/// and cached input tokens, with the batch discount where the provider gives one. modelPreset
/// names the preset it serves (empty: a frontier model, listed as a reference).
struct ApiPrice
{
    QString provider;
    QString apiModel; ///< as the provider spells it
    QString modelPreset;
    double inputPer1M = 0;
    double outputPer1M = 0;
    std::optional<double> cachedInputPer1M;
    std::optional<double> batchDiscountPct;
    QString currency;
    Source source;

    bool operator==(const ApiPrice &) const = default;
};

/// A provider's storage for checkpoints and datasets (storage.csv): its standard object or file
/// storage, per GB-month.
struct StoragePrice
{
    QString provider;
    QString storage; ///< "S3 Standard"
    QString region;
    double pricePerGbMonth = 0;
    QString currency;
    Source source;
};

/// One tier of a provider's paid support plan (support_plans.csv): `percent` of the monthly spend
/// from `fromUsd` to `toUsd` (unbounded when empty), with the plan's monthly minimum.
struct SupportTier
{
    QString provider;
    QString plan; ///< "business"
    double fromUsd = 0;
    std::optional<double> toUsd;
    double percent = 0;
    double minimumPerMonth = 0;
    QString currency;
    Source source;
};

/// Scaling efficiency (per-chip throughput kept at scale) or goodput (productive share of wall
/// time) over a range of chip counts.
struct ScaleBand
{
    enum class Kind { Scaling, Goodput };
    Kind kind = Kind::Scaling;
    QString domain; ///< nvlink | ici | xgmi | pcie | any
    int chipsFrom = 1;
    int chipsTo = 1;
    Range band;
    Source source;
};

/// A case-insensitive wildcard (* and ?): "*" and patterns without wildcards are answered
/// without a regular expression (a plan matches thousands of SKUs against them).
class WildcardPattern
{
public:
    WildcardPattern() = default;
    explicit WildcardPattern(const QString &pattern);
    bool matches(const QString &text) const;

private:
    enum class Kind { Any, Literal, Expression };
    Kind m_kind = Kind::Any;
    QString m_literal;
    QRegularExpression m_expression;
};

/// How the offers of a provider and SKU form a cluster (data/catalog/fabrics.csv): accelerators
/// per node, the fast (NVLink / xGMI / ICI) domain, the scale-out fabric per node and the largest
/// cluster one job can get. Rules are read in file order; the first that matches an offer wins,
/// so the file ends with one default per offer kind (confidence "assumed").
struct FabricRule
{
    QString offerKind;  ///< cloud_vm | dedicated_server | tpu | marketplace | owned | *
    QString provider;   ///< or *
    QString skuPattern; ///< wildcard (* and ?), case-insensitive
    std::optional<int> acceleratorsPerNode; ///< empty: the offer's own count
    std::optional<int> fastDomainChips;     ///< empty: the node (capped by the accelerator's domain)
    QString fabric;                         ///< none | ethernet | roce | infiniband | efa | dcn
    double gbpsPerNode = 0;
    std::optional<int> maxNodes;            ///< empty: no stated limit
    Source source;
    WildcardPattern providerMatch; ///< provider and skuPattern compiled
    WildcardPattern skuMatch;
};

/// How a provider sells reserved capacity by the block: durations from `fromDays` to `toDays` in
/// steps of `incrementDays` counted from `fromDays`, at most `maxInstances` instances per block.
struct CapacityBlockRule
{
    QString provider;
    int fromDays = 1;
    int toDays = 1;
    int incrementDays = 1;
    std::optional<int> maxInstances;
    Source source;
};

/// The average carbon intensity of the grid a cloud region draws from (data/catalog/grid_intensity.csv).
struct GridIntensity
{
    QString provider;
    QString region;
    double gramsCo2ePerKwh = 0;
    int year = 0; ///< the year the average is for
    Source source;
};

/// How often spot capacity of one instance type in one region is reclaimed, as a share of its
/// instances a month (data/catalog/spot_interruption.csv: the AWS Spot Advisor's bands), or the
/// stated default where none is published.
struct SpotRate
{
    QString provider;
    QString instanceType;
    QString region;
    QString band; ///< "<5%" … ">20%"; empty for the default
    double monthlyLow = 0.05;
    double monthlyTypical = 0.15;
    double monthlyHigh = 0.30;
    Source source;
    bool published() const { return !band.isEmpty(); }
    /// What a rate is looked up by: provider, instance type and region, case ignored.
    static QString key(const QString &provider, const QString &instanceType, const QString &region)
    {
        return (provider + u'|' + instanceType + u'|' + region).toLower();
    }
    QString key() const { return key(provider, instanceType, region); }
    /// The share reclaimed a month that a Spot Advisor band stands for: the band's edges, with a
    /// 1 % floor for "<5%" and a 50 % ceiling for ">20%" (assumed; data/README.md). The one reading
    /// of a band, for the shipped table and for a fetched advisor file alike; nullopt for a label
    /// that is not one of the five.
    static std::optional<SpotRate> fromBand(const QString &band);
};

/// Everything the planner reads besides prices: accelerators are in AcceleratorCatalog; this
/// holds profiles, framework fit, model presets and scale bands. An immutable value.
class PlanningCatalog
{
public:
    /// Loads the shipped files (data/catalog/profiles.csv, frameworks.csv, models.csv, scaling.csv,
    /// egress.csv).
    static Result<PlanningCatalog> loadShipped();
    /// Parses a profiles file (shipped or user, CSV or JSON) with the shipped columns.
    static Result<QList<Profile>> parseProfiles(QIODevice *device, const QString &fileName, bool userSupplied);

    /// Adds profiles that take precedence over shipped ones for the same key.
    void addUserProfiles(const QList<Profile> &profiles);
    /// Adds interruption rates (a fetched Spot Advisor file) that replace the shipped ones for the
    /// same provider, instance type and region.
    void addSpotRates(const QList<SpotRate> &rates);

    const QList<Profile> &profiles() const { return m_profiles; }
    const QList<FrameworkFit> &frameworks() const { return m_frameworks; }
    const QList<ModelPreset> &models() const { return m_models; }
    /// The names a scenario may give a preset by, for scenario::readScenario(): every id, then
    /// every alias written "alias=id" (namesModel() and presetIds() read this list).
    QStringList modelIds() const;
    /// Parses a models file with the shipped columns (data/catalog/models.csv); an id or alias that
    /// names two presets (compared by modelKey()) is an error at its line, in the aliases column.
    static Result<QList<ModelPreset>> parseModels(QIODevice *device, const QString &fileName);
    /// The key model names are compared by: lower case; an "owner/" prefix (a Hugging Face
    /// repository) dropped; '-', '_', '.' and ' ' dropped next to a letter, so "Llama-3.1-70B",
    /// "llama3.1 70b" and "meta-llama/Llama-3.1-70B" agree. Between two digits a separator stays
    /// significant: a run with a '.' becomes '.', any other run '-' ("qwen2.5-7b" is not
    /// "qwen2-57b", "qwen3-1.7b" is not "qwen3.1-7b").
    static QString modelKey(const QString &name);
    /// Whether \a name is one of \a modelNames (as modelIds() writes them), by modelKey().
    static bool namesModel(const QStringList &modelNames, const QString &name);
    /// The ids in \a modelNames (as modelIds() writes them), without the aliases.
    static QStringList presetIds(const QStringList &modelNames);
    const QList<ScaleBand> &scaleBands() const { return m_scaleBands; }
    const QList<EgressTier> &egress() const { return m_egress; }
    /// Storage prices (storage.csv), in the file's order.
    const QList<StoragePrice> &storagePrices() const { return m_storage; }
    /// A provider's storage price (storage.csv; case-insensitive); null when none is shipped.
    const StoragePrice *storagePrice(const QString &provider) const;
    /// A provider's support plan tiers, lowest first (support_plans.csv; case-insensitive); empty when none.
    QList<SupportTier> supportTiers(const QString &provider, const QString &plan) const;
    /// The support plans priced (lower case, sorted), each with the providers that sell it.
    QList<std::pair<QString, QStringList>> supportPlans() const;
    /// Hosted model APIs' per-token prices (api_prices.csv), in the file's order.
    const QList<ApiPrice> &apiPrices() const { return m_apiPrices; }
    /// The API prices serving the same model as \a model: its preset or one of the same shape
    /// (Llama 3, 3.1 and 3.3 70B are one model to serve).
    QList<const ApiPrice *> apiPricesFor(const ModelPreset &model) const;
    const QList<FabricRule> &fabrics() const { return m_fabrics; }
    /// The grid intensity of a provider's region; null when none is known.
    const GridIntensity *findGridIntensity(const QString &provider, const QString &region) const;
    /// The spot interruption rate of an instance type in a region: the published band, else the default.
    const SpotRate &spotRate(const QString &provider, const QString &instanceType, const QString &region) const;
    /// The first fabric rule for an offer of this kind, provider and SKU; null if none matches.
    const FabricRule *findFabric(const QString &offerKind, const QString &provider, const QString &sku) const;
    /// A provider's egress tiers, lowest first (case-insensitive); empty when none is shipped.
    QList<EgressTier> egressTiers(const QString &provider) const;
    /// A provider's capacity-block durations, shortest first (case-insensitive); empty when none.
    QList<CapacityBlockRule> capacityBlockRules(const QString &provider) const;

    /// The best profile for the request: user before shipped; exact framework before "any";
    /// exact precision before another precision of the same accelerator. Null if none.
    const Profile *findProfile(const QString &accelerator, Workload workload, Precision precision,
                               const QString &framework) const;
    /// Where \a accelerator has no profile of its own: its stand-ins' (accelerators.csv: the same die
    /// or the vendor's nearest generation), one each, in the order listed.
    QList<const Profile *> findStandIns(const Accelerator &accelerator, Workload workload, Precision precision,
                                        const QString &framework) const;
    const FrameworkFit *findFramework(const QString &framework, const QString &vendor) const;
    /// A model preset by id or alias (compared by modelKey()); null if none.
    const ModelPreset *findModel(const QString &idOrAlias) const;
    /// The band covering \a chips for that kind and domain (domain "any" matches all).
    const ScaleBand *findScaleBand(ScaleBand::Kind kind, const QString &domain, int chips) const;

    /// What the published measurements (data/measurements/) say of the profiles' projections;
    /// null until planning::fitMeasurements() sets it (the projections are then the profiles' alone).
    const MeasurementFits *measurementFits() const { return m_fits.get(); }
    void setMeasurementFits(std::shared_ptr<const MeasurementFits> fits) { m_fits = std::move(fits); }

private:
    QList<Profile> m_profiles;
    QList<FrameworkFit> m_frameworks;
    QList<ModelPreset> m_models;
    QHash<QString, qsizetype> m_modelByKey; ///< modelKey() of every id and alias: index in m_models
    QList<GridIntensity> m_grid;
    QHash<TextKey, SpotRate> m_spotRates; ///< by lower-case "provider|instance type|region"
    SpotRate m_defaultSpotRate;
    QList<ScaleBand> m_scaleBands;
    QList<EgressTier> m_egress;
    QList<ApiPrice> m_apiPrices;
    QList<StoragePrice> m_storage;
    QList<SupportTier> m_support;
    QList<FabricRule> m_fabrics;
    QList<CapacityBlockRule> m_capacityBlocks;
    std::shared_ptr<const MeasurementFits> m_fits;
};

} // namespace accelplan::catalog
