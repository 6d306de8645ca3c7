#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace accelplan::pricing {

/// Gives up on a database server that stops answering. While armed, a thread shuts the
/// connection's socket down once nothing has happened for the limit; the statement waiting on it
/// then fails at once. A frozen or partitioned server answers nothing, and neither the server's
/// own statement_timeout nor TCP keepalives (which the client's and server's kernels answer)
/// notice that. Used from the connection's thread; the watching thread only reads the clock.
class ServerWatch
{
public:
    ServerWatch(int socket, std::chrono::milliseconds limit);
    ~ServerWatch();
    ServerWatch(const ServerWatch &) = delete;
    ServerWatch &operator=(const ServerWatch &) = delete;

    /// Watches while at least one Scope lives; touch() restarts the clock (a row arrived or went).
    class Scope
    {
    public:
        explicit Scope(ServerWatch *watch);
        ~Scope();
        Scope(const Scope &) = delete;
        Scope &operator=(const Scope &) = delete;
        void touch() const;

    private:
        ServerWatch *m_watch;
    };

    /// Whether the limit passed and the connection was shut down.
    bool expired() const { return m_expired.load(); }
    std::chrono::milliseconds limit() const { return m_limit; }

private:
    void touch();
    void run();

    int m_socket;
    std::chrono::milliseconds m_limit;
    std::atomic<int> m_depth{0};
    std::atomic<std::chrono::steady_clock::rep> m_lastActivity{0};
    std::atomic<bool> m_expired{false};
    std::mutex m_mutex;
    std::condition_variable m_stopped;
    bool m_stop = false;
    std::thread m_thread;
};

} // namespace accelplan::pricing
