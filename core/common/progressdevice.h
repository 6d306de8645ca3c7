#pragma once

#include <QFile>
#include <QIODevice>

#include <atomic>
#include <memory>

namespace accelplan {

/// How far a long read has come and whether the user asked it to stop. Shared between the
/// thread that reads and the one that shows progress.
struct ReadProgress
{
    std::atomic<qint64> bytesRead{0};
    std::atomic<qint64> totalBytes{0};
    std::atomic<bool> cancelled{false};

    int percent() const
    {
        const qint64 total = totalBytes.load();
        return total > 0 ? int(bytesRead.load() * 100 / total) : 0;
    }
};

/// A read-only file that counts the bytes read into a ReadProgress and fails every read once
/// the progress is cancelled, so any parser reading through it stops at its next read.
/// Seekable, so parsers that rewind (format detection) work unchanged.
class ProgressDevice : public QIODevice
{
public:
    ProgressDevice(const QString &path, std::shared_ptr<ReadProgress> progress);

    bool open(OpenMode mode) override;
    void close() override;
    bool isSequential() const override { return false; }
    qint64 size() const override { return m_file.size(); }
    bool seek(qint64 pos) override;
    QString fileErrorString() const { return m_file.errorString(); }

protected:
    qint64 readData(char *data, qint64 maxSize) override;
    qint64 writeData(const char *, qint64) override { return -1; }

private:
    QFile m_file;
    std::shared_ptr<ReadProgress> m_progress;
};

} // namespace accelplan
