// Benchmark: import a generated native price sheet of N rows (default 100,000) into a fresh
// database, timing validation and the write separately. See docs/benchmarks.md.
#include "core/catalog/acceleratorcatalog.h"
#include "core/pricing/pricedatabase.h"
#include "core/pricing/pricesheetparser.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>

#include <cstdio>

using namespace Qt::StringLiterals;
using namespace accelplan;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    const int rows = args.size() > 1 ? args[1].toInt() : 100'000;
    const QString keep = args.size() > 2 ? args[2] : QString();

    auto catalog = catalog::AcceleratorCatalog::loadShipped();
    if (!catalog) {
        std::fprintf(stderr, "%s\n", qPrintable(catalog.error().message));
        return 3;
    }
    QTemporaryDir dir;
    const QString sheetPath = keep.isEmpty() ? dir.filePath(u"bench.csv"_s) : keep;
    {
        QFile file(sheetPath);
        if (!file.open(QIODevice::WriteOnly))
            return 3;
        QTextStream out(&file);
        out << "provider,offer_kind,sku,accelerator,accelerator_count,region,price_model,price,currency,unit,"
               "effective_date,source_url,notes\n";
        // Realistic prices, so the sheet passes the outlier check as a provider's would: each SKU one
        // accelerator type and count in one region, sold in four price models at the usual ratios
        // to on demand, per accelerator-hour between 0.5 and 6 USD.
        const char *accelerators[] = {"h100-sxm", "a100-80gb", "l4", "l40s", "h200", "b200", "mi300x"};
        const double perAcceleratorHour[] = {3.9, 1.8, 0.7, 1.4, 4.3, 6.0, 2.9};
        const char *models[] = {"on_demand", "spot", "commit_1y", "commit_3y"};
        const double toOnDemand[] = {1.0, 0.4, 0.7, 0.5};
        for (int i = 0; i < rows; ++i) {
            const int sku = i / 4;
            const int count = 1 << (sku % 4);
            const double price = perAcceleratorHour[sku % 7] * count * toOnDemand[i % 4] * (1.0 + (sku % 97) / 1000.0);
            out << "BenchCloud,cloud_vm,bench-" << sku << ".xlarge," << accelerators[sku % 7] << ',' << count
                << ",region-" << sku % 30 << ',' << models[i % 4] << ',' << QString::number(price, 'f', 4)
                << ",USD,hour,2026-10-01,https://example.test/bench,\"row " << i << ", generated\"\n";
        }
    }
    QElapsedTimer total;
    total.start();
    QElapsedTimer timer;
    timer.start();
    const pricing::PriceSheetParser parser(*catalog, QDate::currentDate());
    const pricing::ParsedSheet sheet = parser.parseFile(sheetPath);
    const qint64 parseMs = timer.elapsed();
    if (!sheet.ok()) {
        std::fprintf(stderr, "generated sheet did not validate: %s\n", qPrintable(sheet.diagnostics.first().toString()));
        return 3;
    }
    timer.restart();
    auto db = pricing::PriceDatabase::open(dir.filePath(u"bench.sqlite"_s), *catalog);
    if (!db)
        return 3;
    const qint64 openMs = timer.elapsed();
    timer.restart();
    const auto summary = (*db)->importSheet(sheet, u"bench"_s, sheetPath, false);
    const qint64 writeMs = timer.elapsed();
    if (!summary || summary->added != rows) {
        std::fprintf(stderr, "import failed\n");
        return 3;
    }
    std::printf("rows: %d\nparse+validate: %lld ms\nopen+seed new db: %lld ms\nwrite: %lld ms\n"
                "import total (parse+validate+write): %lld ms\n",
                rows, parseMs, openMs, writeMs, parseMs + writeMs);
    return 0;
}
