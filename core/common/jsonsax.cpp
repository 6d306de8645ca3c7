#include "core/common/jsonsax.h"

#include "core/common/backgroundhash.h"
#include "core/common/tr.h"

#include <QIODevice>

namespace accelplan {

namespace {

constexpr qint64 kChunk = 1 << 20;
const char kEnd = '\0'; ///< what Peek() shows after the last byte, as RapidJSON expects

} // namespace

JsonDeviceStream::JsonDeviceStream(QIODevice *device, BackgroundHash *hash)
    : m_device(device), m_hash(hash)
{
    m_current = m_last = m_begin = m_counted = &kEnd;
    refill();
}

void JsonDeviceStream::refill()
{
    if (m_atEnd) {
        m_current = &kEnd;
        return;
    }
    if (m_begin != &kEnd) {
        m_lines += int(std::count(m_counted, m_last + 1, '\n'));
        m_consumed += m_last + 1 - m_begin;
    }
    // A new chunk each time: the hash thread may still hold the previous one.
    m_chunk = QByteArray(kChunk, Qt::Uninitialized);
    const qint64 got = m_device->read(m_chunk.data(), kChunk);
    if (got <= 0) {
        if (got < 0) {
            m_readFailed = true;
            m_readError = Tr::tr("read failed: %1").arg(m_device->errorString());
        }
        m_atEnd = true;
        m_chunk.clear();
        m_current = m_last = m_begin = m_counted = &kEnd;
        return;
    }
    m_chunk.truncate(got);
    if (m_hash)
        m_hash->addData(m_chunk);
    m_begin = m_current = m_counted = m_chunk.constData();
    m_last = m_begin + got - 1;
}

int JsonDeviceStream::line()
{
    if (m_current != &kEnd) {
        m_lines += int(std::count(m_counted, m_current, '\n'));
        m_counted = m_current;
    }
    return m_lines + 1;
}

void JsonDeviceStream::drain()
{
    while (!m_atEnd) {
        m_current = m_last;
        refill();
    }
}

bool JsonDeviceStream::moreValues()
{
    while (true) {
        const Ch c = Peek();
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t')
            Take();
        else
            return c != '\0' || m_current != &kEnd; // a NUL inside the file is left to the parser to refuse
    }
}

} // namespace accelplan
