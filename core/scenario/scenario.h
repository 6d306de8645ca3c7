#pragma once
#include "core/catalog/planningcatalog.h"

#include "core/common/diagnostic.h"
#include "core/scenario/constraints.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace accelplan::scenario {

constexpr int kFormatVersion = 1;
constexpr int kMaxNameLength = 200; ///< a scenario's name, in UTF-16 code units
/// The largest scenario file read: real ones are a few KiB; a bigger one is refused unread.
constexpr qint64 kMaxScenarioBytes = 4 << 20;
inline const QString kFormatName = QStringLiteral("accelplan-scenario");
inline const QString kFileExtension = QStringLiteral("accelplan");

/// What the training and the inference section both say of their model (the file's members
/// model, model_params, active_params and precision), read, written and edited once.
struct ModelSection
{
    QString model; ///< preset id; its sizes apply where the section gives none
    /// A model read from a Hugging Face config.json (catalog::modelFromHfConfig), in place of a
    /// preset: `--model-config FILE`.
    std::optional<catalog::ModelPreset> modelConfig;
    QJsonObject modelConfigJson; ///< that config as given: a scenario keeps it under `model_config`
    double modelParams = 0;
    std::optional<double> activeParams; ///< mixture of experts: the parameters each token uses
    QString precision = QStringLiteral("bf16");

    /// Takes the model from the Hugging Face config.json at \a path (`--model-config FILE`, the
    /// window's Open config.json): modelConfig and modelConfigJson set, the preset and sizes cleared.
    /// A file that cannot be read or is no model config is an error naming it; nothing changes then.
    Status setModelConfigFile(const QString &path);
};

struct TrainingSection : ModelSection
{
    double tokens = 0;
    QString framework = QStringLiteral("pytorch");
    std::optional<double> deadlineDays;
    int runs = 1;
    int startMonth = 1; ///< the budget month training starts in (1 = the first)
    std::optional<int> seqLen;
    std::optional<double> globalBatchTokens; ///< tokens per optimizer step, all replicas
    std::optional<int> chips;
    std::optional<double> mfu;
    /// Project the steady state (what a timed benchmark measures) instead of the campaign a real
    /// run is (evaluation, restarts, stalls, warm-up: the published whole runs' factor).
    bool steadyState = false;
};

/// A point of a service's demand curve: from month `month` (1 = the first of the horizon) the
/// load is `requestsPerSecond` (held, or ramped to the next point).
struct DemandPoint
{
    int month = 1;
    double requestsPerSecond = 0;

    bool operator==(const DemandPoint &) const = default;
};

struct InferenceSection : ModelSection
{
    double inputTokens = 0;
    double outputTokens = 0;
    std::optional<double> requestsPerSecond;
    std::optional<double> requestsPerMonth;
    std::optional<double> ttftMs;
    std::optional<double> tpotMs;
    double months = 12;
    bool offline = false;
    std::optional<int> chipsPerReplica;
    double utilization = 0.7; ///< replicas are sized to run at this share of capacity
    std::optional<int> concurrency;  ///< sequences in flight per replica; empty: the largest meeting the targets
    QString phase = QStringLiteral("both"); ///< both | prefill | decode
    QString engine;                  ///< serving engine id (catalog::servingEngines); empty: vLLM
    QString kvPrecision;             ///< bf16 | fp8; empty: fp8 with 8-bit or narrower weights, else bf16
    int speculativeTokens = 0;       ///< draft / MTP tokens proposed per step
    double speculativeAcceptance = 0;
    double prefixCacheHit = 0; ///< share of each prompt already in the prefix cache (0..0.99)
    /// A production service (online): no spot or marketplace capacity, which can be reclaimed, and
    /// one spare replica beyond the load (N+1). false: a trial or internal service that may use them.
    bool production = true;
    /// The load month by month (issue 39): points in month order; empty: the constant load above.
    /// With points, the load fields may be left out.
    QList<DemandPoint> demand;
    bool demandSteps = false; ///< hold each point's load until the next (step); false: ramp linearly between them
};

struct LockinSection
{
    std::optional<double> datasetGb;    ///< default 0 (reported)
    std::optional<double> checkpointGb; ///< default: 16 bytes per parameter (weights and Adam states) when training; a service: its weights at the served precision
    double engineerWeekCost = 6000;
    double exitProbability = 0.3;
    bool customCudaKernels = false;
    double exitAtFraction = 0.5;     ///< how far into a commitment's term the exit happens
    double commitmentOtherUse = 0;   ///< share of a commitment other work uses
};

/// The cluster network bought with each owned server when a scenario gives none: a 400G InfiniBand
/// fabric's switch share and cables per node, one switch tier, 64 nodes (the H100 cost sheet of
/// Aug 2024 quoted in data/README.md, about 15,060 USD). Not zero: a server without its network
/// cannot join a cluster.
inline constexpr double kNetworkingPerServer = 15060;

struct OwnershipSection
{
    double powerPriceKwh = 0.12;
    double pue = 1.3;
    double lifetimeMonths = 48;
    double utilization = 0.7;
    double coloPerServerMonth = 1500;
    double networkingPerServer = kNetworkingPerServer; ///< cluster network bought with each server, in the scenario's currency
    /// Racking, cabling and commissioning paid once per server; 0: not given (and said so in the
    /// cost basis: no sourced figure is shipped).
    double installationPerServer = 0;
    double otherUse = 0; ///< share of the hardware's life, beyond this scenario's work, that other work fills
};

/// The lines a team pays beside the accelerators (issue 39): storage of the dataset and checkpoints
/// (lockin.dataset_gb and checkpoint_gb) while training, data moved out during the run and in the
/// service's responses, and a provider's paid support plan.
struct AllInSection
{
    double trainingEgressGb = 0;   ///< data moved out of the provider during the run (logs, checkpoint copies)
    double egressKbPerRequest = 0; ///< a response's bytes out of the provider, in KB
    /// Plans of support_plans.csv ("business", "enhanced"), lower case: each provider's options pay
    /// the first listed that it sells; empty: none. The file's support_plan: one, a comma-separated
    /// list, or an array.
    QStringList supportPlans;
    bool storage = true;           ///< store the dataset and checkpoints at the provider's storage price

    bool operator==(const AllInSection &) const = default;
};

struct SensitivitySection
{
    int samples = 2000;
    quint64 seed = 20261122;
    double volumeBand = 0.25;      ///< ± share of the token volume
    double utilizationBand = 0.15; ///< ± absolute change of the inference target utilisation
    double fxBand = 0.05;          ///< ± share of a converted amount
};

/// A whole planning question in one file (`.accelplan`, JSON). Every section but format,
/// version and name is optional; `defaults` names each default the file left to the planner.
struct Scenario
{
    QString name;
    QString currency = QStringLiteral("USD");
    std::optional<TrainingSection> training;
    std::optional<InferenceSection> inference;
    Constraints constraints;
    LockinSection lockin;
    OwnershipSection ownership;
    AllInSection allIn;
    SensitivitySection sensitivity;

    QJsonObject document;   ///< the file as read: keys Accelplan does not know survive a save
    QStringList defaults;   ///< "lockin.exit_probability = 0.3 (default)" for each default used
    Diagnostics warnings;   ///< unknown keys and the like
};

/// A rule a scenario's values break, whoever entered them: "training.model_params: training needs
/// model_params and tokens (or a model preset)".
struct Problem
{
    QString section; ///< "training"; empty for a top-level key
    QString key;
    QString message;
    QString path() const;
};

/// The rules every scenario must meet beyond each field's own type and range: a name, a training
/// or inference section, model sizes (or a preset), active ≤ total parameters, token counts, one
/// load unless offline. The file parser reports each at its line; the editor lists them.
QList<Problem> validate(const Scenario &scenario);

/// Parses a scenario; every problem names the file, line and field. A file of a newer version
/// is refused.
/// With \a knownModels (the model presets' names, as PlanningCatalog::modelIds() gives them), a
/// model that names none of them (by id or alias, compared by PlanningCatalog::modelKey()) is an
/// error at its line too.
Result<Scenario> parseScenario(const QByteArray &json, const QString &fileName,
                               const QStringList *knownModels = nullptr);
/// Reads the file at \a path and parses it: only a regular file of at most kMaxScenarioBytes
/// (a device, a FIFO or a bigger file is refused unread, as bad input).
Result<Scenario> readScenario(const QString &path, const QStringList *knownModels = nullptr);

/// A demand curve from a CSV of `month` and `requests` (a month's requests) or
/// `requests_per_second`, a row per point in month order; every bad row named by file, line and
/// column: a month outside 1..\a months (the service's horizon), out of order, a negative load.
Result<QList<DemandPoint>> readDemandCsv(const QString &path, double months);

/// The scenario as JSON: the document it was read from with the known fields rewritten.
QJsonObject toJson(const Scenario &scenario);
/// Writes atomically (writeFileAtomically()): the old file stays whole if anything fails.
Status saveScenario(const Scenario &scenario, const QString &path);

} // namespace accelplan::scenario
