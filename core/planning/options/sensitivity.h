#pragma once

#include "core/planning/options/inferenceplanner.h"
#include "core/planning/options/trainingplanner.h"
#include "core/scenario/scenario.h"

#include <QList>

namespace accelplan::planning {

/// The plan total at the low and at the high end of one input.
struct SensitivityFactor
{
    QString id;     ///< mfu, price, utilization, volume, fx
    QString label;
    QString lowInput;  ///< the input at its low end, in words
    QString highInput;
    double totalAtLow = 0;
    double totalAtHigh = 0;
};

struct Sensitivity
{
    double base = 0;
    QList<SensitivityFactor> factors; ///< widest swing first (the tornado)
    int samples = 0;
    quint64 seed = 0;
    double p10 = 0;
    double p50 = 0;
    double p90 = 0;
};

/// The plan total (\a train's cost plus \a serve's plan cost; either may be null) at each input's low
/// and high end, widest swing first, and a seeded Monte Carlo of it (P10/P50/P90). \a utilisation
/// is the inference target utilisation. Pure: the same seed gives the same percentiles.
Sensitivity planSensitivity(const TrainingOption *train, const InferenceOption *serve, double utilisation,
                            const scenario::SensitivitySection &section, const QString &currency);

/// The price uncertainty used for a price row of this confidence (± share): exact 5 %,
/// derived or approximate 10 %, remembered or unknown 25 %. A judgement, reported as a default.
double priceBand(const QString &confidence);

} // namespace accelplan::planning
