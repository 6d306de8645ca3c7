#pragma once

#include <QList>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <memory>

namespace accelplan::test {

/// A real PostgreSQL server for this test process: initdb and pg_ctl from Debian's postgresql
/// package in a temporary folder, listening only on a Unix socket in that folder, trusting local
/// connections. Run as root (CI's fresh root), the server runs as the postgres user. Started on
/// first use, stopped and removed when the process ends.
class PgServer
{
public:
    /// The folder holding initdb and pg_ctl; empty when the server binaries are not installed
    /// (the only case in which the PostgreSQL tests may skip; CI installs them and refuses a skip).
    static QString binDir();
    static PgServer &instance();
    /// Stops and removes the server, if one was started (main calls it before Qt goes away).
    static void shutdown();

    QString socketDir() const { return m_dir; }
    /// The --db URL of \a database on this server, connecting as \a user.
    QString url(const QString &database, const QString &user = QStringLiteral("postgres")) const;
    /// Creates an empty database (a test failure if it cannot).
    void createDatabase(const QString &name);
    /// Runs SQL in \a database as the superuser with psql (ON_ERROR_STOP); its output.
    QString psql(const QString &database, const QString &sql);
    /// Runs an SQL file with psql, as an administrator following the README would.
    QString psqlFile(const QString &database, const QString &file);
    /// Creates a login role that must give \a password (scram-sha-256 on the socket; everyone
    /// else stays trusted).
    void addPasswordRole(const QString &role, const QString &password);
    void stop();
    void start();
    bool running() const { return m_running; }
    /// Freezes the server (SIGSTOP to the postmaster and every backend), as a hung or partitioned
    /// server looks to a client: connections stay open and nothing answers. resume() thaws it.
    void pause();
    void resume();

    ~PgServer();
    PgServer(const PgServer &) = delete;
    PgServer &operator=(const PgServer &) = delete;

private:
    PgServer();
    /// Runs a server binary, as the postgres user when this process is root.
    void runAsServerUser(const QString &program, const QStringList &arguments);

    QString m_dir;
    bool m_running = false;
    QList<qint64> m_paused;
};

/// A psql session held open as a second client (one that holds a lock, say) until it ends.
class PsqlSession
{
public:
    PsqlSession(const PgServer &server, const QString &database, const QString &user);
    /// Runs \a sql in the session and waits until it has run (a test failure if it fails).
    void run(const QString &sql);
    ~PsqlSession();
    PsqlSession(const PsqlSession &) = delete;
    PsqlSession &operator=(const PsqlSession &) = delete;

private:
    std::unique_ptr<QProcess> m_process;
    int m_marks = 0;
};

} // namespace accelplan::test
