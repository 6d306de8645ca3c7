#pragma once

#include "core/catalog/measurementfit.h"
#include "core/common/diagnostic.h"
#include "core/planning/model/inference.h"
#include "core/planning/model/training.h"

#include <QList>
#include <QString>

class QIODevice;

namespace accelplan::catalog {
class AcceleratorCatalog;
}

namespace accelplan::planning {

/// One row of data/measurements/training.csv: a published run with the setup its source states.
struct TrainingMeasurement
{
    QString id;
    QString group;
    catalog::Figure figure = catalog::Figure::TimedRun;
    QString accelerator;
    TrainingInput input;
    int chips = 0;
    bool chipsPublished = true;
    double publishedChipHours = 0;
};

/// One row of data/measurements/serving.csv.
struct ServingMeasurement
{
    QString id;
    QString group;
    catalog::Figure figure = catalog::Figure::OfflineMaximum;
    QString accelerator;
    InferenceInput input;
    int chips = 1;
    bool system = false; ///< a whole system whose submitter laid out the replicas (MLPerf)
    std::optional<double> concurrency; ///< the stated concurrency (the system's where system)
    double publishedTokensPerSecondPerChip = 0;
    QString skipped; ///< why the row cannot be projected as published (no lengths, no preset)
};

struct Measurements
{
    QList<TrainingMeasurement> training;
    QList<ServingMeasurement> serving;
};

/// Model cards do not say how many chips ran: a cluster of this size is assumed for scaling and
/// goodput (Meta and others report runs on thousands of GPUs).
constexpr int kAssumedChipsWhenUnpublished = 2048;

/// Reads measurement tables with the shipped columns; every bad field is a FILE:LINE: error.
Result<QList<TrainingMeasurement>> readTrainingMeasurements(QIODevice *device, const QString &fileName);
Result<QList<ServingMeasurement>> readServingMeasurements(QIODevice *device, const QString &fileName,
                                                          const catalog::PlanningCatalog &catalog);
/// data/measurements/training.csv and serving.csv as shipped.
Result<Measurements> loadShippedMeasurements(const catalog::PlanningCatalog &catalog);

/// The user's own measured points (profiles added with `catalog add-profile`, with the measured
/// columns) as rows of the fit, group "user:FILE-ID": a training log as a steady-state run, a
/// serving benchmark at its concurrency. An MoE training log, whose active parameters a profile does
/// not keep, is left out.
Measurements measurementsFromProfiles(const QList<catalog::Profile> &profiles, const catalog::PlanningCatalog &catalog);

/// A row projected as its source ran it: a timed run or a throughput table at goodput 1 and
/// steady state, a whole run as a campaign; a system at the replica size that serves most per chip.
TrainingProjection projectMeasurement(const TrainingMeasurement &m, const catalog::Accelerator &accelerator,
                                      const catalog::PlanningCatalog &catalog);
InferenceProjection projectMeasurement(const ServingMeasurement &m, const catalog::Accelerator &accelerator,
                                       const catalog::PlanningCatalog &catalog);

/// A measurement scored three ways: by the profiles alone (prior), by the fit of every row (in
/// sample) and by the fit without its group (out of sample, what a user meets on a new workload).
/// Training figures are chip-hours, serving figures tokens/s per chip.
struct MeasurementScore
{
    QString id;
    QString group;
    QString accelerator;
    catalog::Figure figure = catalog::Figure::TimedRun;
    bool moe = false;
    int chips = 0;
    QString bandClass;
    double published = 0;
    double prior = 0;
    double inSample = 0;
    double outOfSample = 0;
    double bandLow = 0;  ///< the band a user would have seen: from the other groups' residuals
    double bandHigh = 0;
    QString cannotProject; ///< why it is not scored (kept in the list, never dropped silently)

    bool scored() const { return cannotProject.isEmpty(); }
    bool inBand() const { return bandLow <= published && published <= bandHigh; }
    double error(bool outOfSampleFigure = true) const { return (outOfSampleFigure ? outOfSample : inSample) / published - 1.0; }
};

struct Accuracy
{
    QList<MeasurementScore> training;
    QList<MeasurementScore> serving;
};

/// The figures of one class of scored rows (accuracySummary()).
struct AccuracyClass
{
    QString name; ///< "all", "dense", "moe", "NVIDIA", "whole_run"…
    int rows = 0;
    double medianError = 0;         ///< median |error|, out of sample
    double medianErrorInSample = 0; ///< the same with every row in the fit
    double medianErrorPrior = 0;    ///< the profiles alone, before any fit
    double within25 = 0;            ///< share within 25 %, out of sample
    double within2x = 0;            ///< share within a factor 2, out of sample
    double inBand = 0;              ///< share inside the band built without the row's group
    double medianBandWidth = 0;     ///< high ÷ low
    double medianRatio = 0;         ///< projected ÷ published, out of sample (> 1: optimistic for serving)
};
/// \a scores (one kind) summed up: all, then by class (dense/moe), figure and vendor.
QList<AccuracyClass> accuracySummary(const QList<MeasurementScore> &scores,
                                     const catalog::AcceleratorCatalog &accelerators);

/// The classes a projection's factor and band are looked up by (MeasurementFit paths).
QStringList trainingFitPath(bool moe, const catalog::Accelerator &accelerator, catalog::Precision precision,
                            const catalog::MeasurementFits &fits);
/// One class for whole runs: 16 published totals do not split by dense and MoE (out of sample, one
/// class misses by 19.5 %, two by 20.7 %).
QStringList campaignFitPath();
QStringList servingFitPath(bool moe, const catalog::Accelerator &accelerator, catalog::Precision precision,
                           const catalog::MeasurementFits &fits);
QString trainingBandClass(bool moe, bool steadyState);
QString servingBandClass(bool moe, bool latencyBound);
/// The band of a class, or its kind's widened (BandBasis::widened) when the class has too few rows.
catalog::BandBasis bandFor(const catalog::MeasurementFits &fits, const QString &className);

/// Fits \a measurements on \a catalog (whose own fits are ignored: the projections are the
/// profiles' alone), sets the result on \a catalog and scores every row in and out of sample.
Accuracy fitMeasurements(catalog::PlanningCatalog &catalog, const catalog::AcceleratorCatalog &accelerators,
                         const Measurements &measurements);

} // namespace accelplan::planning
