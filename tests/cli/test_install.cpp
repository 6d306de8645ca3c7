#include "core/common/csvreader.h"
#include "core/pricing/shippedprices.h"
#include "tests/qtstringmaker.h"
#include "tests/testsupport.h"

#include <catch2/catch.hpp>

#include <QDate>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;
using namespace accelplan;

namespace {

const QString kAppId = u"org.accelplan.Accelplan"_s;

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

Run run(const QString &program, const QStringList &arguments,
        const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment())
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(program, arguments);
    REQUIRE(process.waitForFinished(120'000));
    REQUIRE(process.exitStatus() == QProcess::NormalExit);
    return {process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

QString sourcePath(const QString &relative)
{
    return QDir::cleanPath(test::dataPath(u"../../"_s + relative));
}


// An environment in which a program that opened a window would fail: no display, and a
// platform plugin that needs one.
QProcessEnvironment withoutDisplay()
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(u"DISPLAY"_s);
    environment.remove(u"WAYLAND_DISPLAY"_s);
    environment.insert(u"QT_QPA_PLATFORM"_s, u"xcb"_s);
    return environment;
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

// Width and height from a PNG's IHDR chunk; {0, 0} when the file is not a PNG.
std::pair<int, int> pngSize(const QString &path)
{
    const QByteArray bytes = readFile(path);
    if (bytes.size() < 24 || !bytes.startsWith("\x89PNG\r\n\x1a\n") || bytes.mid(12, 4) != "IHDR")
        return {0, 0};
    const auto be32 = [&bytes](int at) {
        int value = 0;
        for (int i = 0; i < 4; ++i)
            value = (value << 8) | static_cast<unsigned char>(bytes.at(at + i));
        return value;
    };
    return {be32(16), be32(20)};
}

// The build folder: executables are written to <build>/bin (top-level CMakeLists.txt).
QString buildDirectory()
{
    QDir dir = QFileInfo(QStringLiteral(ACCELPLAN_CLI)).dir();
    REQUIRE(dir.cdUp());
    REQUIRE(QFileInfo::exists(dir.filePath(u"CMakeCache.txt"_s)));
    return dir.path();
}

// The commands a man page documents: the words at the head of each .TP item under COMMANDS.
QStringList manPageCommands(const QString &page)
{
    QStringList commands;
    const qsizetype start = page.indexOf(u"\n.SH COMMANDS"_s);
    const qsizetype end = page.indexOf(u"\n.SH "_s, start + 1);
    REQUIRE(start >= 0);
    const QStringList lines = page.mid(start, end - start).split(u'\n');
    for (qsizetype i = 1; i < lines.size(); ++i) {
        if (lines.at(i - 1) != u".TP"_s || !lines.at(i).startsWith(u".B "_s))
            continue;
        QStringList words;
        for (QString word : lines.at(i).mid(3).split(u' ', Qt::SkipEmptyParts)) {
            word.replace(u"\\-"_s, u"-"_s);
            if (word.startsWith(u'-') || word.startsWith(u'\\') || word.startsWith(u'['))
                break;
            words.append(word);
        }
        commands.append(words.join(u' '));
    }
    return commands;
}

} // namespace

TEST_CASE("install: --version of both programs gives the version and the date of the shipped prices",
          "[install][version]")
{
    const QDate newest = test::newestShippedPriceDate();
    CHECK(pricing::shippedPricesDate() == newest);

    const QString pricesLine = u"Shipped prices as of "_s + newest.toString(Qt::ISODate) + u'\n';
    const Run cli = run(QStringLiteral(ACCELPLAN_CLI), {u"--version"_s});
    CHECK(cli.exitCode == 0);
    CHECK(cli.out == u"accelplan-cli "_s + QStringLiteral(ACCELPLAN_VERSION) + u'\n' + pricesLine);
    CHECK(cli.err.isEmpty());

    // After --db too, as every global option may come first; the database is not opened.
    QTemporaryDir scratch;
    const QString database = scratch.filePath(u"never-created.sqlite"_s);
    CHECK(run(QStringLiteral(ACCELPLAN_CLI), {u"--db"_s, database, u"--version"_s}).out == cli.out);
    CHECK_FALSE(QFileInfo::exists(database));

    for (const QString &option : {u"--version"_s, u"-v"_s}) {
        CAPTURE(option);
        const Run gui = run(QStringLiteral(ACCELPLAN_GUI), {option}, withoutDisplay());
        CHECK(gui.exitCode == 0);
        CHECK(gui.out == u"accelplan "_s + QStringLiteral(ACCELPLAN_VERSION) + u'\n' + pricesLine);
    }
}

TEST_CASE("install: the man page documents every command of accelplan-cli --help", "[install][man]")
{
    const QString page = QString::fromUtf8(readFile(sourcePath(u"docs/man/accelplan-cli.1.in"_s)));
    const QStringList documented = manPageCommands(page);
    REQUIRE(documented.size() >= 10);

    const Run help = run(QStringLiteral(ACCELPLAN_CLI), {u"--help"_s});
    REQUIRE(help.exitCode == 0);
    const QStringList lines = help.out.section(u"Commands:\n"_s, 1).section(u"\n\n"_s, 0, 0).split(u'\n');
    REQUIRE(lines.size() >= 10);
    QSet<QString> listed;
    for (const QString &line : lines) {
        // The longest documented command the line starts with (names may run into the summary).
        QString match;
        for (const QString &command : documented) {
            if (line.mid(2).startsWith(command) && command.size() > match.size())
                match = command;
        }
        CAPTURE(line);
        CHECK_FALSE(match.isEmpty());
        listed.insert(match);
    }
    for (const QString &command : documented) {
        CAPTURE(command);
        CHECK(listed.contains(command));
    }
}

TEST_CASE("install: cmake --install lays out a desktop application that plans an installed example",
          "[install]")
{
    QTemporaryDir prefix;
    REQUIRE(prefix.isValid());
    const Run install = run(u"cmake"_s, {u"--install"_s, buildDirectory(), u"--prefix"_s, prefix.path()});
    INFO(install.out.toStdString() + install.err.toStdString());
    REQUIRE(install.exitCode == 0);
    const QDir root(prefix.path());

    // The two programs, and nothing else: no tests, no benchmarks.
    QStringList programs = QDir(root.filePath(u"bin"_s)).entryList(QDir::Files);
    programs.sort();
    CHECK(programs == QStringList{u"accelplan"_s, u"accelplan-cli"_s});
    for (const QString &program : programs)
        CHECK(QFileInfo(root.filePath(u"bin/"_s + program)).isExecutable());

    const QString desktop = QString::fromUtf8(readFile(root.filePath(u"share/applications/"_s + kAppId + u".desktop"_s)));
    CHECK(desktop.contains(u"\nExec=accelplan %f\n"_s));
    CHECK(desktop.contains(u"\nIcon="_s + kAppId + u'\n'));
    CHECK(desktop.contains(u"\nMimeType=application/x-accelplan-scenario;\n"_s));

    const QString metainfo = QString::fromUtf8(readFile(root.filePath(u"share/metainfo/"_s + kAppId + u".metainfo.xml"_s)));
    CHECK(metainfo.contains(u"<id>"_s + kAppId + u"</id>"_s));
    CHECK(metainfo.contains(u"<launchable type=\"desktop-id\">"_s + kAppId + u".desktop</launchable>"_s));
    // The newest release is the version the build reports.
    const QRegularExpression release(u"<release version=\"([^\"]+)\" date=\"(\\d{4}-\\d{2}-\\d{2})\""_s);
    const QRegularExpressionMatch newestRelease = release.match(metainfo);
    REQUIRE(newestRelease.hasMatch());
    CHECK(newestRelease.captured(1) == QStringLiteral(ACCELPLAN_VERSION));

    const QString mime = QString::fromUtf8(readFile(root.filePath(u"share/mime/packages/"_s + kAppId + u".xml"_s)));
    CHECK(mime.contains(u"<mime-type type=\"application/x-accelplan-scenario\">"_s));
    CHECK(mime.contains(u"<glob pattern=\"*.accelplan\"/>"_s));

    const QString icons = root.filePath(u"share/icons/hicolor/"_s);
    CHECK(readFile(icons + u"scalable/apps/"_s + kAppId + u".svg"_s).contains("<svg"));
    for (const int size : {16, 32, 48, 64, 128, 256}) {
        CAPTURE(size);
        CHECK(pngSize(icons + u"%1x%1/apps/"_s.arg(size) + kAppId + u".png"_s) == std::pair{size, size});
    }

    for (const QString &page : {u"accelplan"_s, u"accelplan-cli"_s}) {
        CAPTURE(page);
        const Run text = run(u"gzip"_s, {u"-dc"_s, root.filePath(u"share/man/man1/"_s + page + u".1.gz"_s)});
        CHECK(text.exitCode == 0);
        CHECK(text.out.startsWith(u".TH "_s));
        CHECK(text.out.contains(u"\"Accelplan "_s + QStringLiteral(ACCELPLAN_VERSION) + u'"'));
    }
    CHECK(QFileInfo::exists(root.filePath(u"share/doc/accelplan/copyright"_s)));
    const Run changelog = run(u"gzip"_s, {u"-dc"_s, root.filePath(u"share/doc/accelplan/changelog.gz"_s)});
    CHECK(changelog.out.startsWith(u"accelplan ("_s + QStringLiteral(ACCELPLAN_VERSION) + u") "_s));

    // The shipped data: every price sheet and example scenario.
    const QString data = root.filePath(u"share/accelplan/"_s);
    for (const QString &folder : {u"prices"_s, u"examples"_s, u"catalog"_s, u"fx"_s}) {
        CAPTURE(folder);
        const QStringList shipped = QDir(sourcePath(u"data/"_s + folder)).entryList(QDir::Files, QDir::Name);
        CHECK_FALSE(shipped.isEmpty());
        CHECK(QDir(data + folder).entryList(QDir::Files, QDir::Name) == shipped);
    }

    // The installed program plans the installed example on a scratch database.
    const QString cli = root.filePath(u"bin/accelplan-cli"_s);
    const Run version = run(cli, {u"--version"_s});
    CHECK(version.exitCode == 0);
    CHECK(version.out.contains(u"Shipped prices as of "_s + test::newestShippedPriceDate().toString(Qt::ISODate)));
    const Run plan = run(cli, {u"--db"_s, prefix.filePath(u"scratch.sqlite"_s), u"plan"_s,
                               data + u"examples/llama-70b.accelplan"_s, u"--format"_s, u"json"_s});
    INFO(plan.err.toStdString());
    REQUIRE(plan.exitCode == 0);
    const QJsonObject planned = QJsonDocument::fromJson(plan.out.toUtf8()).object();
    CHECK(planned.contains(u"recommendation"_s));
    CHECK_FALSE(planned.value(u"training"_s).toObject().value(u"options"_s).toArray().isEmpty());

    // ... and writes its report through the helper installed in libexec.
    CHECK(QFileInfo(root.filePath(u"libexec/accelplan/accelplan-report"_s)).isExecutable());
    const QString pdf = prefix.filePath(u"report.pdf"_s);
    const Run report = run(cli, {u"--db"_s, prefix.filePath(u"scratch.sqlite"_s), u"report"_s,
                                 data + u"examples/llama-70b.accelplan"_s, u"-o"_s, pdf});
    INFO(report.err.toStdString());
    CHECK(report.exitCode == 0);
    CHECK(readFile(pdf).startsWith("%PDF-"));
}
