// Benchmark: how long until the window is usable on the shipped database (catalog loaded,
// database opened, window shown with every offer, first plan delivered), and how long a
// recompute takes to show after an edit of the training tokens and of the serving load (edit →
// plan on the worker → tables, summary and charts updated). Runs under the offscreen platform unless QT_QPA_PLATFORM says otherwise.
// Usage: accelplan_bench_window [RUNS] [DATABASE]. See the README for the figures.
#include "core/catalog/acceleratorcatalog.h"
#include "core/pricing/pricedatabase.h"
#include "ui/mainwindow.h"
#include "ui/planner/plannerview.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

using namespace Qt::StringLiterals;
using namespace accelplan;

namespace {

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    return values.at(values.size() / 2);
}

bool waitUntil(const std::function<bool()> &done)
{
    QElapsedTimer timer;
    timer.start();
    while (!done()) {
        if (timer.elapsed() > 30'000)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 1);
    }
    return true;
}

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(u"AccelplanBench"_s);
    QCoreApplication::setApplicationName(u"accelplan-bench-window"_s);
    const int runs = argc > 1 ? std::max(1, atoi(argv[1])) : 5;

    // A database given as the second argument (e.g. one of 17,800 offers) is used as it is.
    QTemporaryDir dir;
    const QString path = argc > 2 ? QString::fromLocal8Bit(argv[2]) : dir.filePath(u"prices.sqlite"_s);
    QElapsedTimer timer;
    timer.start();
    {
        auto catalog = catalog::AcceleratorCatalog::loadShipped();
        auto opened = catalog.ok() ? pricing::PriceDatabase::open(path, catalog.value())
                                   : Result<std::unique_ptr<pricing::PriceDatabase>>(catalog.error());
        if (!opened.ok())
            return 3;
        std::printf("offers:                         %8lld\n", qlonglong((*opened)->prices()->size()));
    }
    if (argc <= 2)
        std::printf("seed a new database:            %8.1f ms\n", timer.nsecsElapsed() / 1e6);

    QList<double> startups;
    for (int run = 0; run < runs; ++run) {
        timer.restart();
        auto catalog = catalog::AcceleratorCatalog::loadShipped();
        auto database = pricing::PriceDatabase::open(path, catalog.value());
        if (!database.ok())
            return 3;
        ui::MainWindow window(*database.value(), catalog.value());
        window.show();
        if (!waitUntil([&] { return window.planner()->plan() != nullptr && !window.planner()->busy(); }))
            return 4;
        startups.append(timer.nsecsElapsed() / 1e6);
    }
    std::printf("usable window (median of %d):   %8.1f ms  (target < 1000 ms)\n", runs, median(startups));

    auto catalog = catalog::AcceleratorCatalog::loadShipped();
    auto database = pricing::PriceDatabase::open(path, catalog.value());
    ui::MainWindow window(*database.value(), catalog.value());
    window.resize(1400, 800);
    window.show();
    ui::PlannerView *planner = window.planner();
    waitUntil([&] { return planner->plan() != nullptr && !planner->busy(); });
    auto *tokens = planner->findChild<QLineEdit *>(u"trainingTokens"_s);
    QList<double> recomputes;
    QList<double> planning;
    qint64 lastPlanMs = 0;
    QObject::connect(planner, &ui::PlannerView::planUpdated, planner, [&](qint64 ms) { lastPlanMs = ms; });
    for (int edit = 0; edit < 20 * runs; ++edit) {
        const planning::Plan *before = planner->plan();
        timer.restart();
        tokens->setText(edit % 2 ? u"2T"_s : u"3T"_s);
        if (!waitUntil([&] { return planner->plan() != before && !planner->busy(); }))
            return 4;
        window.repaint(); // the updated tables and charts painted
        recomputes.append(timer.nsecsElapsed() / 1e6);
        planning.append(double(lastPlanMs));
    }
    std::printf("recompute after an edit:        %8.1f ms median, %.1f ms max over %d edits (target < 100 ms)\n",
                median(recomputes), *std::max_element(recomputes.cbegin(), recomputes.cend()),
                int(recomputes.size()));
    std::printf("  of which planning (worker):   %8.1f ms median\n", median(planning));

    // An edit on the serving side: the training plan of the same snapshot is taken again.
    auto *qps = planner->findChild<QDoubleSpinBox *>(u"requestsPerSecond"_s);
    if (!qps)
        return 5;
    recomputes.clear();
    planning.clear();
    for (int edit = 0; edit < 20 * runs; ++edit) {
        const planning::Plan *before = planner->plan();
        timer.restart();
        qps->setValue(edit % 2 ? 20.0 : 30.0);
        if (!waitUntil([&] { return planner->plan() != before && !planner->busy(); }))
            return 4;
        window.repaint();
        recomputes.append(timer.nsecsElapsed() / 1e6);
        planning.append(double(lastPlanMs));
    }
    std::printf("an inference edit:              %8.1f ms median, %.1f ms max over %d edits\n", median(recomputes),
                *std::max_element(recomputes.cbegin(), recomputes.cend()), int(recomputes.size()));
    std::printf("  of which planning (worker):   %8.1f ms median\n", median(planning));
    return 0;
}
