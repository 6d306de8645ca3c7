// Benchmark: rank every shipped offer × every valid chip count for one training scenario, and
// the same with copies of the offers (the counts of copies on the command line). Prints the median of repeated runs. See docs/benchmarks.md.
#include "core/catalog/acceleratorcatalog.h"
#include "core/pricing/pricedatabase.h"
#include "core/planning/options/trainingplanner.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

using namespace Qt::StringLiterals;
using namespace accelplan;

namespace {

double medianMs(const std::function<void()> &work, int runs)
{
    QList<double> times;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer timer;
        timer.start();
        work();
        times.append(timer.nsecsElapsed() / 1e6);
    }
    std::sort(times.begin(), times.end());
    return times[runs / 2];
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    auto accelerators = catalog::AcceleratorCatalog::loadShipped();
    auto planning = catalog::PlanningCatalog::loadShipped();
    if (!accelerators || !planning)
        return 3;
    QTemporaryDir dir;
    auto db = pricing::PriceDatabase::open(dir.filePath(u"bench.sqlite"_s), *accelerators);
    if (!db)
        return 3;
    const QList<pricing::PriceRecord> offers = *(*db)->prices();
    const pricing::FxTable fx = *(*db)->fxTable();

    // Llama-3-70B-class pretraining with a deadline: each offer searches its chip counts.
    planning::TrainingRequest request;
    request.input.modelParams = 70e9;
    request.input.tokens = 2e12;
    request.input.layers = 80;
    request.input.hidden = 8192;
    request.input.seqLen = 8192;
    request.deadlineDays = 60;
    request.constraints.maxChips = 4096;

    // The shipped offers, then copies of them (each copy a new SKU name), for the planner's growth:
    // arguments are the numbers of copies (default 1 10; `1 10 100 300` reaches 114,300 offers).
    QList<int> scales;
    for (int i = 1; i < argc; ++i)
        scales << QString::fromLocal8Bit(argv[i]).toInt();
    if (scales.isEmpty())
        scales = {1, 10};
    double previousMs = 0;
    qsizetype previousOffers = 0;
    for (const int copies : std::as_const(scales)) {
        QList<pricing::PriceRecord> scaled;
        scaled.reserve(offers.size() * copies);
        for (int copy = 0; copy < copies; ++copy) {
            for (pricing::PriceRecord r : offers) {
                if (copy > 0)
                    r.key.sku += u"-copy"_s + QString::number(copy);
                scaled.append(r);
            }
        }
        const int runs = copies >= 100 ? 3 : copies >= 10 ? 11 : 21;
        qsizetype options = 0;
        const double ms = medianMs(
            [&] { options = planning::planTraining(request, *accelerators, *planning, scaled, fx).options.size(); }, runs);
        std::printf("rank %lld offers (%lld options): %.2f ms (median of %d)", qlonglong(scaled.size()),
                    qlonglong(options), ms, runs);
        if (previousMs > 0)
            std::printf("; %.1fx the time of %lld offers for %.1fx the offers", ms / previousMs,
                        qlonglong(previousOffers), double(scaled.size()) / double(previousOffers));
        std::printf("\n");
        std::fflush(stdout);
        previousMs = ms;
        previousOffers = scaled.size();
    }
    return 0;
}
