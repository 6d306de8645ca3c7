#include "tests/testsupport.h"

#include "core/common/csvreader.h"

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QProcess>

#include <unistd.h>

using namespace Qt::StringLiterals;

namespace accelplan::test {

const catalog::AcceleratorCatalog &shippedCatalog()
{
    static const catalog::AcceleratorCatalog catalog = [] {
        auto loaded = catalog::AcceleratorCatalog::loadShipped();
        REQUIRE(loaded.ok());
        return std::move(loaded).value();
    }();
    return catalog;
}

QString dataPath(const QString &relative)
{
    // ACCELPLAN_TEST_DATA in the environment reads another checkout's tests/data (a validation
    // table being extended, say) with this build.
    const QString root = qEnvironmentVariableIsEmpty("ACCELPLAN_TEST_DATA") ? QStringLiteral(ACCELPLAN_TEST_DATA)
                                                                              : qEnvironmentVariable("ACCELPLAN_TEST_DATA");
    return root + u'/' + relative;
}

QString examplePath(const QString &name)
{
    return QStringLiteral(ACCELPLAN_TEST_DATA) + u"/../../data/examples/"_s + name;
}

// The newest as_of (else effective_date) of data/prices/*.csv, read here with nothing but the CSV
// tokenizer, so the program's own reading of the sheets is checked, not repeated.
QDate newestShippedPriceDate()
{
    QDate newest;
    const QDir prices(QStringLiteral(ACCELPLAN_TEST_DATA) + u"/../../data/prices"_s);
    const QStringList files = prices.entryList({u"*.csv"_s}, QDir::Files);
    REQUIRE_FALSE(files.isEmpty());
    for (const QString &name : files) {
        QFile file(prices.filePath(name));
        REQUIRE(file.open(QIODevice::ReadOnly));
        CsvReader reader(&file);
        QStringList fields;
        REQUIRE(reader.next(fields));
        const int asOf = fields.indexOf(u"as_of"_s);
        const int effective = fields.indexOf(u"effective_date"_s);
        REQUIRE((asOf >= 0 || effective >= 0));
        while (reader.next(fields)) {
            QString text = asOf >= 0 ? fields.value(asOf).trimmed() : QString();
            if (text.isEmpty() && effective >= 0)
                text = fields.value(effective).trimmed();
            const QDate date = QDate::fromString(text, Qt::ISODate);
            if (date.isValid() && (!newest.isValid() || date > newest))
                newest = date;
        }
        REQUIRE(reader.error().isEmpty());
    }
    REQUIRE(newest.isValid());
    return newest;
}

const pricing::PriceRecord *findRecord(const pricing::ParsedSheet &sheet, const QString &sku, const QString &region,
                                       pricing::PriceModel model)
{
    for (const pricing::PriceRecord &r : sheet.records)
        if (r.key.sku == sku && r.key.region == region && r.key.priceModel == model)
            return &r;
    return nullptr;
}

int skippedFor(const pricing::ParsedSheet &sheet, const QString &reason)
{
    for (const auto &[why, count] : sheet.skipped)
        if (why == reason)
            return count;
    return 0;
}

bool runCommand(const QString &program, const QStringList &arguments)
{
    QProcess process;
    process.start(program, arguments);
    return process.waitForFinished(30'000) && process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
}

TmpfsMount::TmpfsMount(const QString &options)
{
    mounted = ::geteuid() == 0
              && runCommand(u"mount"_s, {u"-t"_s, u"tmpfs"_s, u"-o"_s, options, u"accelplan-test"_s, dir.path()});
}

TmpfsMount::~TmpfsMount()
{
    if (mounted)
        runCommand(u"umount"_s, {dir.path()});
}

void TmpfsMount::fill(const QString &name) const
{
    runCommand(u"dd"_s, {u"if=/dev/zero"_s, u"of="_s + dir.filePath(name), u"bs=4096"_s});
}

} // namespace accelplan::test
