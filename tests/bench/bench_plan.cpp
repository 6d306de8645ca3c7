// Benchmark: rank every shipped offer × every valid chip count for one training scenario, and
// the same with 10× as many offers. Prints the median of repeated runs. See docs/benchmarks.md.
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

    QList<pricing::PriceRecord> tenfold;
    for (int copy = 0; copy < 10; ++copy) {
        for (pricing::PriceRecord r : offers) {
            r.key.sku += u"-copy"_s + QString::number(copy);
            tenfold.append(r);
        }
    }
    int options = 0;
    const double shipped = medianMs([&] { options = int(planning::planTraining(request, *accelerators, *planning, offers, fx).options.size()); }, 21);
    const double tenTimes = medianMs([&] { planning::planTraining(request, *accelerators, *planning, tenfold, fx); }, 11);
    std::printf("offers: %lld (options %d)\nrank shipped offers: %.2f ms (median of 21)\n"
                "rank 10x offers (%lld): %.2f ms (median of 11)\n",
                qlonglong(offers.size()), options, shipped, qlonglong(tenfold.size()), tenTimes);
    return 0;
}
