#define CATCH_CONFIG_RUNNER
#include "tests/pg/pgserver.h"
#include "tests/qtstringmaker.h"

#include <catch2/catch.hpp>

#include <QCoreApplication>
#include <QStandardPaths>

#include <cstdio>
#include <cstring>

// The PostgreSQL tests' exit status when the server binaries are missing: ctest reports the test
// as skipped (SKIP_RETURN_CODE), and CI fails a run in which any test was skipped.
constexpr int kSkipped = 77;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("AccelplanTests"));
    QCoreApplication::setApplicationName(QStringLiteral("accelplan-tests"));
    QStandardPaths::setTestModeEnabled(true);
    bool listing = false;
    for (int i = 1; i < argc; ++i)
        listing = listing || std::strncmp(argv[i], "--list", 6) == 0;
    if (!listing && accelplan::test::PgServer::binDir().isEmpty()) {
        std::fprintf(stderr, "PostgreSQL server binaries not found under /usr/lib/postgresql (install the postgresql "
                             "package; packaging/deps.sh does): skipped\n");
        return kSkipped;
    }
    const int failed = Catch::Session().run(argc, argv);
    accelplan::test::PgServer::shutdown();
    return failed;
}
