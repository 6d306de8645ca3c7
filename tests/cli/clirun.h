#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QSqlDatabase>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>
#include <utility>

namespace accelplan::test {

/// One run of the real accelplan-cli: its exit code and what it printed.
struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

/// How long a test waits for one accelplan-cli command: 60 s, times the build's slowdown (5 under
/// the sanitizers).
inline constexpr int kCliWaitMs = 60'000 * ACCELPLAN_TEST_SLOWDOWN;

/// Runs accelplan-cli with \a arguments (a test failure if it does not finish in kCliWaitMs or crashes).
Run cli(const QStringList &arguments);

/// A scratch database, created and seeded by the first command that uses it.
struct Scratch
{
    QTemporaryDir dir;
    QString db = dir.filePath(QStringLiteral("prices.sqlite"));

    Run run(QStringList arguments) const;
    /// Writes \a content to the file \a name in the scratch folder (replacing it); its path.
    QString write(const QString &name, const QByteArray &content) const;
};

/// The JSON array a run printed (a test failure if it is not one).
QJsonArray jsonArray(const Run &run);
/// The JSON object a successful run printed (a test failure if it failed or printed none).
QJsonObject jsonObject(const Run &run);
/// A PDF's text as pdftotext gives it, whitespace simplified (a test failure if it cannot be read).
QString pdfFlatText(const QString &pdf);
/// How many sheets `prices sheets` lists.
int sheetCount(const Scratch &scratch);

/// A native price sheet of \a rows offers of one provider (big enough to import for a while).
QByteArray bulkSheet(const QString &provider, int rows);
/// accelplan-cli started, not waited for, with \a settings added to its environment (the timeouts
/// a test shortens).
std::unique_ptr<QProcess> startCli(const QStringList &arguments, const QList<std::pair<QString, QString>> &settings);
/// Waits up to \a seconds for a process started by startCli, killing it when it does not end: a Run
/// with exit code -1 then (-2 when it crashed).
Run finish(QProcess &process, int seconds);

/// A second SQLite connection holding the write lock of \a path (BEGIN IMMEDIATE) until released.
struct WriteLockHolder
{
    QString name = QStringLiteral("holder");
    QSqlDatabase db;

    explicit WriteLockHolder(const QString &path);
    void release();
    ~WriteLockHolder();
};

} // namespace accelplan::test
