#include "core/common/backgroundhash.h"

#include "core/common/csvreader.h"

#include <QIODevice>

#include <cstring>

#include <openssl/evp.h>

namespace accelplan {

namespace {
constexpr std::size_t kMaxQueued = 8;
constexpr qint64 kChunk = 1 << 20;
} // namespace

struct BackgroundHash::Context
{
    Context() { EVP_DigestInit_ex(md, EVP_sha256(), nullptr); }
    ~Context() { EVP_MD_CTX_free(md); }
    EVP_MD_CTX *md = EVP_MD_CTX_new();
};

BackgroundHash::BackgroundHash() : m_context(std::make_unique<Context>()), m_thread([this] { run(); }) {}

BackgroundHash::~BackgroundHash()
{
    {
        const std::lock_guard lock(m_mutex);
        m_finished = true;
    }
    m_changed.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

void BackgroundHash::addData(QByteArray chunk)
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return m_queue.size() < kMaxQueued; });
    m_queue.push_back(std::move(chunk));
    lock.unlock();
    m_changed.notify_all();
}

QByteArray BackgroundHash::resultHex()
{
    {
        const std::lock_guard lock(m_mutex);
        m_finished = true;
    }
    m_changed.notify_all();
    if (m_thread.joinable())
        m_thread.join();
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    EVP_DigestFinal_ex(m_context->md, digest, &length);
    return QByteArray(reinterpret_cast<const char *>(digest), length).toHex();
}

void BackgroundHash::run()
{
    while (true) {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [this] { return !m_queue.empty() || m_finished; });
        if (m_queue.empty())
            return; // finished and drained
        const QByteArray chunk = std::move(m_queue.front());
        m_queue.pop_front();
        lock.unlock();
        m_changed.notify_all();
        EVP_DigestUpdate(m_context->md, chunk.constData(), chunk.size());
    }
}

ChunkedLineReader::ChunkedLineReader(QIODevice *device, BackgroundHash *hash) : m_device(device), m_hash(hash) {}

bool ChunkedLineReader::fill()
{
    // Keep the unread tail, then append a chunk.
    m_buffer.remove(0, m_pos);
    m_pos = 0;
    const qsizetype kept = m_buffer.size();
    m_buffer.resize(kept + kChunk);
    const qint64 got = m_device->read(m_buffer.data() + kept, kChunk);
    m_buffer.resize(kept + std::max<qint64>(got, 0));
    if (got <= 0) {
        m_atEnd = true;
        return false;
    }
    if (m_hash)
        m_hash->addData(QByteArray(m_buffer.constData() + kept, got));
    return true;
}

bool ChunkedLineReader::next(QByteArrayView &line)
{
    if (m_tooLong)
        return false;
    while (true) {
        const char *begin = m_buffer.constData() + m_pos;
        const qsizetype left = m_buffer.size() - m_pos;
        if (const void *nl = left > 0 ? std::memchr(begin, '\n', left) : nullptr) {
            const qsizetype length = static_cast<const char *>(nl) - begin + 1;
            line = QByteArrayView(begin, length);
            m_pos += length;
            return true;
        }
        // A line without a break longer than any field: stop before it fills memory.
        if (left > kMaxCsvFieldBytes) {
            m_tooLong = true;
            return false;
        }
        if (m_atEnd || !fill()) {
            if (left == 0)
                return false;
            line = QByteArrayView(m_buffer.constData() + m_pos, m_buffer.size() - m_pos); // the last line, unterminated
            m_pos = m_buffer.size();
            return true;
        }
    }
}

} // namespace accelplan
