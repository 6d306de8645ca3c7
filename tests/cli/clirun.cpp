#include "tests/cli/clirun.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace accelplan::test {

Run cli(const QStringList &arguments)
{
    QProcess process;
    process.start(QStringLiteral(ACCELPLAN_CLI), arguments);
    REQUIRE(process.waitForFinished(kCliWaitMs));
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

QString pdfFlatText(const QString &pdf)
{
    QProcess text;
    text.start(u"pdftotext"_s, {pdf, u"-"_s});
    REQUIRE(text.waitForFinished(30'000));
    REQUIRE(text.exitCode() == 0);
    return QString::fromUtf8(text.readAllStandardOutput()).simplified();
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

QByteArray bulkSheet(const QString &provider, int rows)
{
    QByteArray text = "provider,offer_kind,sku,accelerator,accelerator_count,region,price_model,price,currency,unit,"
                      "effective_date,as_of,source_url,confidence\n";
    for (int i = 0; i < rows; ++i) {
        text += QStringLiteral("%1,cloud_vm,bulk-%2,h100-sxm,8,region-%3,on_demand,%4,USD,hour,2026-11-01,2026-11-01,"
                               "https://example.com/%1,exact\n")
                    .arg(provider)
                    .arg(i)
                    .arg(i % 7)
                    .arg(20.0 + (i % 100) / 10.0, 0, 'f', 2)
                    .toUtf8();
    }
    return text;
}

std::unique_ptr<QProcess> startCli(const QStringList &arguments, const QList<std::pair<QString, QString>> &settings)
{
    auto process = std::make_unique<QProcess>();
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const auto &[name, value] : settings)
        environment.insert(name, value);
    process->setProcessEnvironment(environment);
    process->start(QStringLiteral(ACCELPLAN_CLI), arguments);
    REQUIRE(process->waitForStarted());
    return process;
}

Run finish(QProcess &process, int seconds)
{
    Run run;
    if (process.waitForFinished(seconds * 1000)) {
        run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    } else {
        process.kill();
        process.waitForFinished(10'000);
    }
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

WriteLockHolder::WriteLockHolder(const QString &path)
{
    db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
    db.setDatabaseName(path);
    REQUIRE(db.open());
    REQUIRE(QSqlQuery(db).exec(QStringLiteral("BEGIN IMMEDIATE")));
}

void WriteLockHolder::release()
{
    QSqlQuery(db).exec(QStringLiteral("ROLLBACK"));
}

WriteLockHolder::~WriteLockHolder()
{
    release();
    db.close();
    db = QSqlDatabase();
    QSqlDatabase::removeDatabase(name);
}

} // namespace accelplan::test
