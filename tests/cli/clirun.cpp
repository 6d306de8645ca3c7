#include "tests/cli/clirun.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QJsonDocument>
#include <QProcess>

using namespace Qt::StringLiterals;

namespace accelplan::test {

Run cli(const QStringList &arguments)
{
    QProcess process;
    process.start(QStringLiteral(ACCELPLAN_CLI), arguments);
    REQUIRE(process.waitForFinished(60'000));
    REQUIRE(process.exitStatus() == QProcess::NormalExit);
    return {process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

Run Scratch::run(QStringList arguments) const
{
    arguments.prepend(db);
    arguments.prepend(u"--db"_s);
    return cli(arguments);
}

QString Scratch::write(const QString &name, const QByteArray &content) const
{
    const QString path = dir.filePath(name);
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    REQUIRE(file.write(content) == content.size());
    return path;
}

QJsonArray jsonArray(const Run &run)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(run.out.toUtf8(), &error);
    INFO(run.out.left(400).toStdString());
    REQUIRE(error.error == QJsonParseError::NoError);
    REQUIRE(document.isArray());
    return document.array();
}

QJsonObject jsonObject(const Run &run)
{
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    const QJsonDocument document = QJsonDocument::fromJson(run.out.toUtf8());
    REQUIRE(document.isObject());
    return document.object();
}

int sheetCount(const Scratch &scratch)
{
    return int(jsonArray(scratch.run({u"prices"_s, u"sheets"_s, u"--format"_s, u"json"_s})).size());
}

} // namespace accelplan::test
