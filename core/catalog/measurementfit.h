#pragma once

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace accelplan::catalog {

/// The median of \a values (0 when empty).
double median(QList<double> values);

/// What a published measurement is a figure of (data/measurements/README.md, column `figure`).
enum class Figure {
    TimedRun,          ///< training: a timed benchmark run (MLPerf time to train)
    SteadyThroughput,  ///< training: steady-state tokens/s from a throughput table or log
    WholeRun,          ///< training: a whole campaign's chip-hours (model cards, papers)
    FineTuning,        ///< training: fine-tuning, not pretraining (kept, not fitted)
    OfflineMaximum,    ///< serving: throughput at the batch the engine or memory allows
    FixedConcurrency,  ///< serving: throughput at a stated number of requests in flight
    LatencyBound,      ///< serving: throughput at the most load that meets latency limits
};
std::optional<Figure> figureFromString(const QString &text);
QString toString(Figure figure);
/// The `figure` values, for error messages.
QStringList figureNames();

/// What the planner has learnt from the published measurements: for each class of workload,
/// published ÷ projected (the factor a projection is multiplied by), fitted along a path of
/// classes from the most general ("training/dense") to the most specific (".../fp8/NVIDIA/h100-sxm/h200").
/// Each level's median log ratio is shrunk towards its parent's by kShrinkRows rows, so a chip
/// with one measurement keeps mostly its vendor's or its class's figure, and a chip with none
/// takes the deepest level that has rows (the fallbacks by chip, generation, vendor, class).
class MeasurementFit
{
public:
    /// One measurement as the fit sees it: its class path and log(published ÷ projected).
    struct Row
    {
        QString id;
        QString group; ///< its source: rows of one group are left out together
        QStringList path;
        double logRatio = 0;
    };
    /// The rows' weight against the parent level: a level with n rows takes n / (n + kShrinkRows)
    /// of its own median. 2 is within a point of the best out-of-sample error of the shipped tables
    /// (tried 1, 2, 3, 5).
    static constexpr double kShrinkRows = 2.0;

    /// Fits \a rows, leaving out those of \a excludeGroup (empty: none).
    static MeasurementFit fit(const QList<Row> &rows, const QString &excludeGroup = {});

    struct Factor
    {
        double logFactor = 0;
        QString level;        ///< the deepest class of the path that has rows
        int measurements = 0; ///< rows at that level
    };
    /// The factor for a path (most general first); 0 (a factor of 1) when no level has rows.
    Factor factor(const QStringList &path) const;
    bool isEmpty() const { return m_log.isEmpty(); }

private:
    QHash<QString, double> m_log;
    QHash<QString, int> m_count;
};

/// What backs a band: the out-of-sample residuals of the published measurements of one class.
struct BandBasis
{
    QString className;      ///< "training/steady/dense", "serving/moe/latency_bound"…
    int measurements = 0;   ///< rows whose residuals set the band
    double lowFactor = 1;   ///< low end ÷ typical
    double highFactor = 1;  ///< high end ÷ typical
    double coverage = 0;    ///< share of those rows inside the band built without their own source
    bool widened = false;   ///< too few rows of its own: the kind's band, widened
    QString text() const;   ///< "×0.71–1.45: 41 published runs of this kind, 80 % of them inside out of sample"
};

/// The fits the planner applies (set on the PlanningCatalog by planning::fitMeasurements()).
struct MeasurementFits
{
    MeasurementFit steady;   ///< training: steady state (timed runs and throughput tables)
    MeasurementFit campaign; ///< training: whole runs ÷ the steady-state projection
    MeasurementFit serving;
    QHash<QString, BandBasis> bands; ///< by class name
    /// Chip id → its generation (the root of its first stand-ins: h200 → h100-sxm, gb300 → b200).
    QHash<QString, QString> generation;
    int trainingRows = 0;
    int servingRows = 0;

    const BandBasis *band(const QString &className) const;
    QString generationOf(const QString &chip, const QStringList &standIns) const;
};

/// The fraction of rows a band is built to hold (split-conformal, 10 % out at each end).
constexpr double kBandCoverage = 0.80;
/// A class with fewer rows than this takes its kind's band, widened by kFewRowsWidening (in log).
constexpr int kBandMinimumRows = 10;
constexpr double kFewRowsWidening = 1.5;

/// The split-conformal band of \a residuals (log published ÷ projected, out of sample): the
/// ⌊(n+1)·0.1⌋-th and ⌈(n+1)·0.9⌉-th of them, as factors on the typical projection.
BandBasis conformalBand(const QString &className, QList<double> residuals);

} // namespace accelplan::catalog
