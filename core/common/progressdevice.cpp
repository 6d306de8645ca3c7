#include "core/common/progressdevice.h"

namespace accelplan {

ProgressDevice::ProgressDevice(const QString &path, std::shared_ptr<ReadProgress> progress)
    : m_file(path), m_progress(std::move(progress))
{
}

bool ProgressDevice::open(OpenMode mode)
{
    if (mode & WriteOnly) {
        setErrorString(QStringLiteral("read-only device"));
        return false;
    }
    if (!m_file.open(QIODevice::ReadOnly)) {
        setErrorString(m_file.errorString());
        return false;
    }
    m_progress->totalBytes = m_file.size();
    return QIODevice::open(mode);
}

void ProgressDevice::close()
{
    QIODevice::close();
    m_file.close();
}

bool ProgressDevice::seek(qint64 pos)
{
    if (!m_file.seek(pos))
        return false;
    return QIODevice::seek(pos);
}

qint64 ProgressDevice::readData(char *data, qint64 maxSize)
{
    if (m_progress->cancelled.load()) {
        setErrorString(QStringLiteral("cancelled"));
        return -1;
    }
    const qint64 read = m_file.read(data, maxSize);
    if (read > 0)
        m_progress->bytesRead = m_file.pos();
    return read;
}

} // namespace accelplan
