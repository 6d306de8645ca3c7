#include "core/common/savefile.h"

#include "core/common/tr.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <cerrno>
#include <cstring>

namespace accelplan {

namespace {

Error cannotWrite(const QString &path, const QString &reason)
{
    return Error::internal(Tr::tr("cannot write %1: %2").arg(path, reason));
}

// Qt keeps the system's reason in errorString(), but a later call may replace it with "Unknown
// error"; errno still holds it right after the failing write.
QString reasonOf(const QFileDevice &file, int savedErrno)
{
    const QString reason = file.errorString();
    if (savedErrno != 0 && (reason.isEmpty() || reason == u"Unknown error"))
        return QString::fromLocal8Bit(std::strerror(savedErrno));
    return reason;
}

template<typename File>
bool writeAndFlush(File &file, const QByteArray &bytes, int *savedErrno)
{
    errno = 0;
    // A write into Qt's buffer succeeds on a full disk: only the flush says whether it reached the file.
    const bool written = file.write(bytes) == bytes.size() && file.flush() && file.error() == QFileDevice::NoError;
    *savedErrno = written ? 0 : errno;
    return written;
}

Status writeDirectly(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return cannotWrite(path, file.errorString());
    int savedErrno = 0;
    if (!writeAndFlush(file, bytes, &savedErrno))
        return cannotWrite(path, reasonOf(file, savedErrno));
    return Done{};
}

} // namespace

Status writeFileAtomically(const QString &path, const QByteArray &bytes)
{
    const QFileInfo target(path);
    if (target.exists() && !target.isDir() && !target.isFile())
        return writeDirectly(path, bytes);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return cannotWrite(path, file.errorString());
    int savedErrno = 0;
    if (!writeAndFlush(file, bytes, &savedErrno)) {
        const QString reason = reasonOf(file, savedErrno);
        file.cancelWriting();
        return cannotWrite(path, reason);
    }
    if (!file.commit())
        return cannotWrite(path, file.errorString());
    return Done{};
}

} // namespace accelplan
