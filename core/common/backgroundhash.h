#pragma once

#include <QByteArray>

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

class QIODevice;

namespace accelplan {

/// SHA-256 of a stream, computed on a thread of its own so that hashing a multi-gigabyte file
/// overlaps with parsing it. Chunks are queued (at most a few, so memory stays flat: addData
/// waits while the queue is full). OpenSSL's SHA-256 (SHA-NI where the CPU has it) runs at
/// about 1.5 GB/s here; QCryptographicHash's at about 250 MB/s, slower than the parser itself.
class BackgroundHash
{
public:
    BackgroundHash();
    ~BackgroundHash();
    BackgroundHash(const BackgroundHash &) = delete;
    BackgroundHash &operator=(const BackgroundHash &) = delete;

    void addData(QByteArray chunk);
    /// Waits for every queued chunk; the hex digest. Call once, after the last addData.
    QByteArray resultHex();

private:
    void run();

    struct Context;
    std::unique_ptr<Context> m_context;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<QByteArray> m_queue;
    bool m_finished = false;
    std::thread m_thread;
};

/// Reads a device in large chunks and hands out its lines as views into the chunk (valid until
/// the next call), passing every chunk read to a BackgroundHash. Far cheaper than
/// QIODevice::readLine for files of millions of lines.
class ChunkedLineReader
{
public:
    ChunkedLineReader(QIODevice *device, BackgroundHash *hash);
    /// The next line with its line break, or false at the end (or on a read error, or at a line
    /// longer than kMaxCsvFieldBytes: then tooLong() is true and the reader stops there).
    bool next(QByteArrayView &line);
    bool tooLong() const { return m_tooLong; }

private:
    bool fill();

    QIODevice *m_device;
    BackgroundHash *m_hash;
    QByteArray m_buffer;
    qsizetype m_pos = 0;
    bool m_atEnd = false;
    bool m_tooLong = false;
};

} // namespace accelplan
