#include "core/planning/options/sensitivity.h"

#include "core/common/statistics.h"

#include "core/common/tr.h"

#include <algorithm>
#include <cmath>
#include <random>

using namespace Qt::StringLiterals;

namespace accelplan::planning {

namespace {

/// A deterministic uniform in [0, 1) from the generator's raw bits (the standard distributions
/// differ between library implementations; the raw mt19937_64 sequence does not).
double uniform(std::mt19937_64 &rng)
{
    return double(rng() >> 11) * (1.0 / 9007199254740992.0);
}

/// Inverse CDF of the triangular distribution (low, mode, high).
double triangular(double u, double low, double mode, double high)
{
    if (high <= low)
        return mode;
    const double f = (mode - low) / (high - low);
    return u < f ? low + std::sqrt(u * (high - low) * (mode - low))
                 : high - std::sqrt((1 - u) * (high - low) * (high - mode));
}

} // namespace

double priceBand(const QString &confidence)
{
    const QString c = confidence.toLower();
    if (c == u"exact"_s)
        return 0.05;
    if (c == u"derived"_s || c == u"approximate"_s)
        return 0.10;
    return 0.25;
}

Sensitivity planSensitivity(const TrainingOption *train, const InferenceOption *serve, double utilisation,
                            const scenario::SensitivitySection &section, const QString &currency)
{
    const double trainingTotal = train ? train->cost.typical : 0;
    const double inferenceTotal = serve ? serve->lockin.planCost : 0;
    Sensitivity x;
    x.base = trainingTotal + inferenceTotal;
    x.samples = section.samples;
    x.seed = section.seed;
    const double trainLow = train && train->cost.typical > 0 ? train->cost.low / train->cost.typical : 1.0;
    const double trainHigh = train && train->cost.typical > 0 ? train->cost.high / train->cost.typical : 1.0;
    const double trainPrice = train ? priceBand(train->offer.confidence) : 0;
    const double servePrice = serve ? priceBand(serve->offer.confidence) : 0;
    const double trainFx = train && train->offer.currency != currency ? section.fxBand : 0;
    const double serveFx = serve && serve->offer.currency != currency ? section.fxBand : 0;
    const double u = utilisation;
    const double uLow = std::max(0.05, u - section.utilizationBand);
    const double uHigh = std::min(1.0, u + section.utilizationBand);
    const double volume = section.volumeBand;
    auto total = [&](double mfu, double tPrice, double tFx, double sPrice, double sFx, double util, double vol) {
        return trainingTotal * mfu * tPrice * tFx + inferenceTotal * sPrice * sFx * util * vol;
    };
    if (train)
        x.factors.append({u"mfu"_s, Tr::tr("MFU (training)"), Tr::tr("low MFU"), Tr::tr("high MFU"),
                          total(trainHigh, 1, 1, 1, 1, 1, 1), total(trainLow, 1, 1, 1, 1, 1, 1)});
    x.factors.append({u"price"_s, Tr::tr("Prices"),
                      Tr::tr("−%1% / −%2%").arg(trainPrice * 100).arg(servePrice * 100),
                      Tr::tr("+%1% / +%2%").arg(trainPrice * 100).arg(servePrice * 100),
                      total(1, 1 - trainPrice, 1, 1 - servePrice, 1, 1, 1), total(1, 1 + trainPrice, 1, 1 + servePrice, 1, 1, 1)});
    if (serve) {
        x.factors.append({u"utilization"_s, Tr::tr("Utilisation (inference)"), Tr::tr("%1").arg(uLow, 0, 'f', 2),
                          Tr::tr("%1").arg(uHigh, 0, 'f', 2), total(1, 1, 1, 1, 1, u / uLow, 1),
                          total(1, 1, 1, 1, 1, u / uHigh, 1)});
        x.factors.append({u"volume"_s, Tr::tr("Token volume"), Tr::tr("−%1%").arg(volume * 100),
                          Tr::tr("+%1%").arg(volume * 100), total(1, 1, 1, 1, 1, 1, 1 - volume),
                          total(1, 1, 1, 1, 1, 1, 1 + volume)});
    }
    if (trainFx > 0 || serveFx > 0)
        x.factors.append({u"fx"_s, Tr::tr("Exchange rates"), Tr::tr("−%1%").arg(section.fxBand * 100),
                          Tr::tr("+%1%").arg(section.fxBand * 100), total(1, 1, 1 - trainFx, 1, 1 - serveFx, 1, 1),
                          total(1, 1, 1 + trainFx, 1, 1 + serveFx, 1, 1)});
    std::stable_sort(x.factors.begin(), x.factors.end(), [](const SensitivityFactor &a, const SensitivityFactor &b) {
        return std::abs(a.totalAtHigh - a.totalAtLow) > std::abs(b.totalAtHigh - b.totalAtLow);
    });
    std::mt19937_64 rng(x.seed);
    QList<double> totals;
    totals.reserve(x.samples);
    for (int i = 0; i < x.samples; ++i) {
        const double mfu = triangular(uniform(rng), std::min(trainLow, 1.0), 1.0, std::max(trainHigh, 1.0));
        const double tPrice = triangular(uniform(rng), 1 - trainPrice, 1, 1 + trainPrice);
        const double sPrice = triangular(uniform(rng), 1 - servePrice, 1, 1 + servePrice);
        const double tFx = triangular(uniform(rng), 1 - trainFx, 1, 1 + trainFx);
        const double sFx = triangular(uniform(rng), 1 - serveFx, 1, 1 + serveFx);
        const double util = u / triangular(uniform(rng), uLow, u, uHigh);
        const double vol = triangular(uniform(rng), 1 - volume, 1, 1 + volume);
        totals.append(total(mfu, tPrice, tFx, sPrice, sFx, util, vol));
    }
    x.p10 = percentile(totals, 10);
    x.p50 = percentile(totals, 50);
    x.p90 = percentile(totals, 90);
    return x;
}

} // namespace accelplan::planning
