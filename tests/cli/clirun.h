#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>
#include <QTemporaryDir>

namespace accelplan::test {

/// One run of the real accelplan-cli: its exit code and what it printed.
struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

/// Runs accelplan-cli with \a arguments (a test failure if it does not finish in 60 s or crashes).
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
/// How many sheets `prices sheets` lists.
int sheetCount(const Scratch &scratch);

} // namespace accelplan::test
