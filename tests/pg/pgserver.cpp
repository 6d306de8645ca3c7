#include "tests/pg/pgserver.h"

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>

#include <QThread>

#include <pwd.h>
#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <memory>

using namespace Qt::StringLiterals;

namespace accelplan::test {

QString PgServer::binDir()
{
    // Debian installs each major version under /usr/lib/postgresql/VERSION/bin; take the newest.
    QDir root(u"/usr/lib/postgresql"_s);
    QStringList versions = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    std::sort(versions.begin(), versions.end(), [](const QString &a, const QString &b) { return a.toDouble() > b.toDouble(); });
    for (const QString &version : std::as_const(versions)) {
        const QString bin = root.filePath(version + u"/bin"_s);
        if (QFileInfo(bin + u"/initdb"_s).isExecutable() && QFileInfo(bin + u"/pg_ctl"_s).isExecutable())
            return bin;
    }
    return {};
}

namespace {
std::unique_ptr<PgServer> &theServer()
{
    static std::unique_ptr<PgServer> server;
    return server;
}
} // namespace

PgServer &PgServer::instance()
{
    if (!theServer())
        theServer().reset(new PgServer);
    return *theServer();
}

void PgServer::shutdown()
{
    theServer().reset();
}

PgServer::PgServer()
{
    REQUIRE_FALSE(binDir().isEmpty());
    QByteArray pattern = QDir::tempPath().toLocal8Bit() + "/accelplan-pg-XXXXXX";
    REQUIRE(mkdtemp(pattern.data()) != nullptr);
    m_dir = QString::fromLocal8Bit(pattern);
    if (geteuid() == 0) {
        // initdb refuses to run as root: the folder goes to the postgres user the package creates.
        const passwd *postgres = getpwnam("postgres");
        REQUIRE(postgres != nullptr);
        REQUIRE(chown(pattern.constData(), postgres->pw_uid, postgres->pw_gid) == 0);
    }
    runAsServerUser(u"initdb"_s, {u"-D"_s, m_dir + u"/data"_s, u"-A"_s, u"trust"_s, u"-U"_s, u"postgres"_s,
                                  u"-E"_s, u"UTF8"_s, u"--no-sync"_s});
    start();
}

PgServer::~PgServer()
{
    resume();
    if (m_running) {
        QProcess::execute(geteuid() == 0 ? u"runuser"_s : binDir() + u"/pg_ctl"_s,
                          (geteuid() == 0 ? QStringList{u"-u"_s, u"postgres"_s, u"--"_s, binDir() + u"/pg_ctl"_s}
                                          : QStringList{})
                              + QStringList{u"-D"_s, m_dir + u"/data"_s, u"-m"_s, u"immediate"_s, u"-w"_s, u"stop"_s});
    }
    if (!m_dir.isEmpty())
        QDir(m_dir).removeRecursively();
}

void PgServer::runAsServerUser(const QString &program, const QStringList &arguments)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    const QString path = binDir() + u'/' + program;
    if (geteuid() == 0)
        process.start(u"runuser"_s, QStringList{u"-u"_s, u"postgres"_s, u"--"_s, path} + arguments);
    else
        process.start(path, arguments);
    REQUIRE(process.waitForFinished(120'000));
    INFO(program.toStdString() << ": " << process.readAll().toStdString());
    REQUIRE(process.exitStatus() == QProcess::NormalExit);
    REQUIRE(process.exitCode() == 0);
}

void PgServer::start()
{
    // Only the socket in the test's folder: nothing listens on the network.
    runAsServerUser(u"pg_ctl"_s, {u"-D"_s, m_dir + u"/data"_s, u"-l"_s, m_dir + u"/server.log"_s, u"-w"_s, u"-o"_s,
                                  u"-k %1 -c listen_addresses='' -c fsync=off"_s.arg(m_dir), u"start"_s});
    m_running = true;
}

void PgServer::addPasswordRole(const QString &role, const QString &password)
{
    psql(u"postgres"_s, u"CREATE ROLE %1 LOGIN PASSWORD '%2'"_s.arg(role, password));
    QFile hba(m_dir + u"/data/pg_hba.conf"_s);
    REQUIRE(hba.open(QIODevice::ReadOnly));
    const QByteArray rules = hba.readAll();
    hba.close();
    // The first matching line wins: this role must authenticate, before the trust lines.
    REQUIRE(hba.open(QIODevice::WriteOnly | QIODevice::Truncate));
    hba.write("local all " + role.toUtf8() + " scram-sha-256\n" + rules);
    hba.close();
    runAsServerUser(u"pg_ctl"_s, {u"-D"_s, m_dir + u"/data"_s, u"reload"_s});
}

void PgServer::stop()
{
    runAsServerUser(u"pg_ctl"_s, {u"-D"_s, m_dir + u"/data"_s, u"-m"_s, u"fast"_s, u"-w"_s, u"stop"_s});
    m_running = false;
}

void PgServer::pause()
{
    QFile pidFile(m_dir + u"/data/postmaster.pid"_s);
    REQUIRE(pidFile.open(QIODevice::ReadOnly));
    const qint64 postmaster = pidFile.readLine().trimmed().toLongLong();
    REQUIRE(postmaster > 0);
    // The postmaster first, so that it starts no new process, then its children.
    REQUIRE(::kill(pid_t(postmaster), SIGSTOP) == 0);
    m_paused = {postmaster};
    const QStringList entries = QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool numeric = false;
        const qint64 pid = entry.toLongLong(&numeric);
        if (!numeric)
            continue;
        QFile stat(u"/proc/%1/stat"_s.arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        // "pid (comm) state ppid ...": the name may hold spaces, so count from its closing bracket.
        const QByteArray text = stat.readAll();
        const QList<QByteArray> fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
        if (fields.size() > 1 && fields[1].toLongLong() == postmaster && ::kill(pid_t(pid), SIGSTOP) == 0)
            m_paused.append(pid);
    }
}

void PgServer::resume()
{
    for (const qint64 pid : std::as_const(m_paused))
        ::kill(pid_t(pid), SIGCONT);
    m_paused.clear();
}

QString PgServer::url(const QString &database, const QString &user) const
{
    return u"postgresql://%1@/%2?host=%3"_s.arg(user, database, m_dir);
}

void PgServer::createDatabase(const QString &name)
{
    psql(u"postgres"_s, u"CREATE DATABASE \"%1\""_s.arg(name));
}

namespace {

QString runPsql(const QString &socket, const QString &database, const QStringList &what)
{
    QProcess process;
    process.start(PgServer::binDir() + u"/psql"_s,
                  QStringList{u"-X"_s, u"-q"_s, u"-A"_s, u"-t"_s, u"-v"_s, u"ON_ERROR_STOP=1"_s, u"-h"_s, socket,
                              u"-U"_s, u"postgres"_s, u"-d"_s, database}
                      + what);
    REQUIRE(process.waitForFinished(60'000));
    const QString out = QString::fromUtf8(process.readAllStandardOutput());
    INFO("psql " << what.join(u' ').toStdString() << ": " << process.readAllStandardError().toStdString());
    REQUIRE(process.exitCode() == 0);
    return out.trimmed();
}

} // namespace

QString PgServer::psql(const QString &database, const QString &sql)
{
    return runPsql(m_dir, database, {u"-c"_s, sql});
}

PsqlSession::PsqlSession(const PgServer &server, const QString &database, const QString &user)
    : m_process(std::make_unique<QProcess>())
{
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    m_process->start(PgServer::binDir() + u"/psql"_s,
                     {u"-X"_s, u"-q"_s, u"-A"_s, u"-t"_s, u"-v"_s, u"ON_ERROR_STOP=1"_s, u"-h"_s, server.socketDir(),
                      u"-U"_s, user, u"-d"_s, database});
    REQUIRE(m_process->waitForStarted());
}

void PsqlSession::run(const QString &sql)
{
    const QByteArray mark = "mark-" + QByteArray::number(++m_marks);
    m_process->write(sql.toUtf8() + ";\nSELECT '" + mark + "';\n");
    QByteArray seen;
    while (!seen.contains(mark) && m_process->state() == QProcess::Running) {
        m_process->waitForReadyRead(100);
        seen += m_process->readAll();
    }
    INFO("psql as a second client: " << sql.toStdString() << ": " << seen.toStdString());
    REQUIRE(seen.contains(mark));
}

PsqlSession::~PsqlSession()
{
    m_process->write("\\q\n");
    m_process->closeWriteChannel();
    if (!m_process->waitForFinished(10'000))
        m_process->kill();
    m_process->waitForFinished(10'000);
}

QString PgServer::psqlFile(const QString &database, const QString &file)
{
    return runPsql(m_dir, database, {u"-f"_s, file});
}

} // namespace accelplan::test
