#pragma once

#include <QString>
#include <QStringList>

class QIODevice;

namespace accelplan {

/// The longest field a CSV reader accepts (1 MiB; counted in characters, so never more bytes
/// than this are held for one field). Real price and measurement fields are at most a few KiB: a
/// longer one is a broken or hostile file, and reading on would hold it all in memory.
constexpr qsizetype kMaxCsvFieldBytes = qsizetype(1) << 20;

/// Streaming RFC 4180 reader: UTF-8 with or without BOM, LF or CRLF, quoted fields that may
/// hold commas, doubled quotes and line breaks. Reads one record at a time so a file of any
/// size is read in flat memory.
class CsvReader
{
public:
    explicit CsvReader(QIODevice *device);

    /// Reads the next record into \a fields. Returns false at the end of input or on a
    /// malformed record (then error() says what and recordLine() where). A field longer than
    /// kMaxCsvFieldBytes stops the reader: that call fails with "field longer than 1 MiB", and
    /// every later call returns false with no error, as at the end of input.
    bool next(QStringList &fields);

    /// The 1-based line on which the last record started.
    int recordLine() const { return m_recordLine; }
    /// Non-empty after a malformed record.
    const QString &error() const { return m_error; }
    /// Bytes consumed so far, for progress.
    qint64 bytesRead() const { return m_bytesRead; }

private:
    /// The next piece of a line (at most a read's worth, ending at its line break if that comes
    /// first), never splitting a UTF-8 character or a CR LF pair; empty at the end of input.
    QByteArray nextPiece();

    QIODevice *m_device;
    QByteArray m_held; ///< bytes held back from the last piece for the next one
    bool m_atLineStart = true;
    bool m_stopped = false;
    int m_nextLine = 1;
    int m_recordLine = 0;
    qint64 m_bytesRead = 0;
    bool m_first = true;
    QString m_error;
};

/// Where each column of a header row is, by its trimmed lowercase name, so rows can be read
/// by name whatever the column order.
class CsvColumns
{
public:
    explicit CsvColumns(const QStringList &header);

    bool contains(const QString &name) const { return indexOf(name) >= 0; }
    /// The trimmed value of column \a name in \a fields; empty when the column is absent.
    QString value(const QStringList &fields, const QString &name) const;
    /// The header's names in file order.
    const QStringList &names() const { return m_names; }
    /// Names that appear more than once in the header.
    const QStringList &repeated() const { return m_repeated; }

private:
    int indexOf(const QString &name) const; ///< the first column of that name, or -1

    QStringList m_names;
    QStringList m_repeated;
};

} // namespace accelplan
