#include "core/pricing/serverwatch.h"

#include <algorithm>

#include <sys/socket.h>

namespace accelplan::pricing {

ServerWatch::ServerWatch(int socket, std::chrono::milliseconds limit)
    : m_socket(socket), m_limit(limit), m_thread([this] { run(); })
{}

ServerWatch::~ServerWatch()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_stopped.notify_all();
    m_thread.join();
}

void ServerWatch::touch()
{
    m_lastActivity.store(std::chrono::steady_clock::now().time_since_epoch().count());
}

void ServerWatch::run()
{
    // A tenth of the limit: late by at most that, and idle otherwise.
    const auto tick = std::max(std::chrono::milliseconds(20), m_limit / 10);
    std::unique_lock lock(m_mutex);
    while (!m_stopped.wait_for(lock, tick, [this] { return m_stop; })) {
        if (m_depth.load() == 0 || m_expired.load())
            continue;
        const auto last = std::chrono::steady_clock::time_point(std::chrono::steady_clock::duration(m_lastActivity.load()));
        if (std::chrono::steady_clock::now() - last < m_limit)
            continue;
        // Wakes the read blocked on the socket: it sees the connection end and fails.
        ::shutdown(m_socket, SHUT_RDWR);
        m_expired = true;
    }
}

ServerWatch::Scope::Scope(ServerWatch *watch) : m_watch(watch)
{
    if (m_watch) {
        m_watch->touch();
        ++m_watch->m_depth;
    }
}

ServerWatch::Scope::~Scope()
{
    if (m_watch)
        --m_watch->m_depth;
}

void ServerWatch::Scope::touch() const
{
    if (m_watch)
        m_watch->touch();
}

} // namespace accelplan::pricing
