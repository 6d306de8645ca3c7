#include "core/common/csvreader.h"

#include "core/common/tr.h"

#include <QIODevice>

namespace accelplan {

namespace {

// A line is read in pieces of this size, so a line without a break is never read whole.
constexpr qint64 kPieceBytes = 64 * 1024;

// How many of the bytes of \a bytes end in a whole UTF-8 character (a sequence cut at the end
// is left out).
qsizetype wholeUtf8Prefix(const QByteArray &bytes)
{
    const qsizetype n = bytes.size();
    for (qsizetype back = 1; back <= 4 && back <= n; ++back) {
        const uchar c = uchar(bytes[n - back]);
        if ((c & 0xC0) == 0x80)
            continue;
        const qsizetype length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        return length > back ? n - back : n;
    }
    return n;
}

} // namespace

CsvReader::CsvReader(QIODevice *device) : m_device(device) {}

QByteArray CsvReader::nextPiece()
{
    QByteArray piece = m_held + m_device->readLine(kPieceBytes);
    m_held.clear();
    if (piece.isEmpty() || piece.endsWith('\n') || m_device->atEnd())
        return piece;
    // Cut inside a line: keep a cut character, and a CR that may begin a CR LF, for the next piece.
    qsizetype keep = wholeUtf8Prefix(piece);
    if (keep > 0 && piece[keep - 1] == '\r')
        --keep;
    if (keep > 0) {
        m_held = piece.mid(keep);
        piece.truncate(keep);
    }
    return piece;
}

bool CsvReader::next(QStringList &fields)
{
    fields.clear();
    m_error.clear();
    if (m_stopped)
        return false;
    // After a malformed record the rest of its line is not a record.
    while (!m_atLineStart) {
        const QByteArray rest = nextPiece();
        if (rest.isEmpty())
            break;
        m_bytesRead += rest.size();
        m_atLineStart = rest.endsWith('\n');
    }
    QString field;
    bool inQuotes = false;
    bool fieldWasQuoted = false;
    bool afterClosingQuote = false;
    bool started = false;

    while (true) {
        QByteArray raw = nextPiece();
        if (raw.isEmpty()) {
            if (inQuotes) {
                m_error = Tr::tr("unterminated quoted field");
                return false;
            }
            if (!started)
                return false;
            fields.append(field);
            return true;
        }
        m_bytesRead += raw.size();
        if (m_first) {
            m_first = false;
            if (raw.startsWith("\xEF\xBB\xBF"))
                raw.remove(0, 3);
        }
        const bool lineStart = m_atLineStart;
        m_atLineStart = raw.endsWith('\n');
        const int thisLine = lineStart ? m_nextLine++ : m_nextLine - 1;
        if (!started) {
            // Skip blank lines between records (a trailing newline at the end of a file too).
            if (lineStart && (raw == "\n" || raw == "\r\n"))
                continue;
            started = true;
            m_recordLine = thisLine;
        }
        const QString line = QString::fromUtf8(raw);
        const QChar *text = line.constData();
        const qsizetype n = line.size();
        // Runs of ordinary characters are copied whole; only quotes, commas and line ends stop.
        auto runEnd = [&](qsizetype i, bool quoted) {
            while (i < n) {
                const char16_t c = text[i].unicode();
                if (c == u'"' || (!quoted && (c == u',' || c == u'\n' || c == u'\r')))
                    break;
                ++i;
            }
            return i;
        };
        for (qsizetype i = 0; i < n; ++i) {
            if (field.size() > kMaxCsvFieldBytes) {
                m_error = Tr::tr("field longer than %1 MiB").arg(kMaxCsvFieldBytes >> 20);
                m_stopped = true;
                return false;
            }
            const QChar c = text[i];
            if (inQuotes) {
                if (c == u'"') {
                    if (i + 1 < n && text[i + 1] == u'"') {
                        field += u'"';
                        ++i;
                    } else {
                        inQuotes = false;
                        afterClosingQuote = true;
                    }
                } else {
                    const qsizetype end = runEnd(i, true);
                    field.append(text + i, end - i);
                    i = end - 1;
                }
                continue;
            }
            if (c == u',') {
                fields.append(field);
                field.clear();
                fieldWasQuoted = false;
                afterClosingQuote = false;
            } else if (c == u'\n' || (c == u'\r' && i + 1 < n && text[i + 1] == u'\n')) {
                fields.append(field);
                return true;
            } else if (afterClosingQuote) {
                m_error = Tr::tr("text after a closing quote");
                // Resynchronise on the next line so later records are still checked.
                return false;
            } else if (c == u'"') {
                if (!field.isEmpty() || fieldWasQuoted) {
                    m_error = Tr::tr("a quote inside an unquoted field");
                    return false;
                }
                inQuotes = true;
                fieldWasQuoted = true;
            } else if (c == u'\r') {
                field += c; // a lone carriage return is part of the field
            } else {
                const qsizetype end = runEnd(i, false);
                field.append(text + i, end - i);
                i = end - 1;
            }
        }
        if (field.size() > kMaxCsvFieldBytes) {
            m_error = Tr::tr("field longer than %1 MiB").arg(kMaxCsvFieldBytes >> 20);
            m_stopped = true;
            return false;
        }
        // A piece without a line break is the end of the file or a part of a long line: the
        // next read says which.
    }
}

CsvColumns::CsvColumns(const QStringList &header)
{
    for (int i = 0; i < header.size(); ++i) {
        const QString name = header[i].trimmed().toLower();
        if (m_names.contains(name))
            m_repeated.append(name);
        m_names.append(name);
    }
}

// A header has tens of columns: comparing the names (length first) is cheaper than hashing the
// asked-for name with Qt's seeded SipHash, and this is asked for every field of every row.
int CsvColumns::indexOf(const QString &name) const
{
    return int(m_names.indexOf(name));
}

QString CsvColumns::value(const QStringList &fields, const QString &name) const
{
    const int i = indexOf(name);
    return i >= 0 && i < fields.size() ? fields[i].trimmed() : QString();
}

} // namespace accelplan
