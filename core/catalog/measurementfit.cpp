#include "core/catalog/measurementfit.h"

#include "core/common/tr.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace accelplan::catalog {

namespace {

struct FigureName
{
    Figure figure;
    QLatin1StringView name;
};
constexpr FigureName kFigures[] = {
    {Figure::TimedRun, "timed_run"_L1},
    {Figure::SteadyThroughput, "steady_throughput"_L1},
    {Figure::WholeRun, "whole_run"_L1},
    {Figure::FineTuning, "fine_tuning"_L1},
    {Figure::OfflineMaximum, "offline_maximum"_L1},
    {Figure::FixedConcurrency, "fixed_concurrency"_L1},
    {Figure::LatencyBound, "latency_bound"_L1},
};

} // namespace

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    const qsizetype n = values.size();
    return n == 0 ? 0.0 : n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

std::optional<Figure> figureFromString(const QString &text)
{
    for (const FigureName &f : kFigures) {
        if (text == f.name)
            return f.figure;
    }
    return std::nullopt;
}

QString toString(Figure figure)
{
    for (const FigureName &f : kFigures) {
        if (f.figure == figure)
            return f.name;
    }
    return {};
}

QStringList figureNames()
{
    QStringList names;
    for (const FigureName &f : kFigures)
        names.append(f.name);
    return names;
}

MeasurementFit MeasurementFit::fit(const QList<Row> &rows, const QString &excludeGroup)
{
    QHash<QString, QList<double>> byLevel;
    QHash<QString, QString> parentOf;
    QHash<QString, int> depthOf;
    for (const Row &row : rows) {
        if (!excludeGroup.isEmpty() && row.group == excludeGroup)
            continue;
        for (qsizetype i = 0; i < row.path.size(); ++i) {
            byLevel[row.path[i]].append(row.logRatio);
            depthOf[row.path[i]] = int(i);
            if (i > 0)
                parentOf[row.path[i]] = row.path[i - 1];
        }
    }
    QStringList levels = byLevel.keys();
    std::sort(levels.begin(), levels.end(), [&](const QString &a, const QString &b) {
        return depthOf[a] != depthOf[b] ? depthOf[a] < depthOf[b] : a < b;
    });
    MeasurementFit f;
    for (const QString &level : std::as_const(levels)) {
        const QList<double> &ratios = byLevel[level];
        const double n = double(ratios.size());
        const double own = median(ratios);
        const auto parent = parentOf.constFind(level);
        f.m_log[level] = parent == parentOf.cend() ? own : (n * own + kShrinkRows * f.m_log.value(*parent)) / (n + kShrinkRows);
        f.m_count[level] = int(ratios.size());
    }
    return f;
}

MeasurementFit::Factor MeasurementFit::factor(const QStringList &path) const
{
    Factor found;
    for (const QString &level : path) {
        const auto it = m_log.constFind(level);
        if (it == m_log.cend())
            break;
        found = {*it, level, m_count.value(level)};
    }
    return found;
}

QString BandBasis::text() const
{
    const QLocale c = QLocale::c();
    QString s = Tr::tr("×%1–%2: %3 published measurements of this kind (%4), %5 % of them inside out of sample")
                    .arg(c.toString(lowFactor, 'f', 2), c.toString(highFactor, 'f', 2))
                    .arg(measurements)
                    .arg(className)
                    .arg(std::lround(coverage * 100));
    if (widened)
        s += Tr::tr("; too few of this class for a band of its own: its kind's band, widened");
    return s;
}

const BandBasis *MeasurementFits::band(const QString &className) const
{
    const auto it = bands.constFind(className);
    return it == bands.cend() ? nullptr : &*it;
}

QString MeasurementFits::generationOf(const QString &chip, const QStringList &standIns) const
{
    if (const auto it = generation.constFind(chip); it != generation.cend())
        return *it;
    return standIns.isEmpty() ? chip : generation.value(standIns.first(), standIns.first());
}

BandBasis conformalBand(const QString &className, QList<double> residuals)
{
    BandBasis b;
    b.className = className;
    b.measurements = int(residuals.size());
    if (residuals.isEmpty())
        return b;
    std::sort(residuals.begin(), residuals.end());
    const qsizetype n = residuals.size();
    const double tail = (1.0 - kBandCoverage) / 2.0;
    // 1-based ranks ⌊(n+1)·tail⌋ and ⌈(n+1)·(1−tail)⌉, kept inside the sample.
    const qsizetype lowRank = std::clamp<qsizetype>(qsizetype(std::floor((n + 1) * tail + 1e-9)), 1, n);
    const qsizetype highRank = std::clamp<qsizetype>(qsizetype(std::ceil((n + 1) * (1.0 - tail) - 1e-9)), 1, n);
    const double low = std::min(0.0, residuals[lowRank - 1]);
    const double high = std::max(0.0, residuals[highRank - 1]);
    b.lowFactor = std::exp(low);
    b.highFactor = std::exp(high);
    b.coverage = std::count_if(residuals.cbegin(), residuals.cend(), [&](double r) { return r >= low && r <= high; })
                 / double(n);
    return b;
}

} // namespace accelplan::catalog
