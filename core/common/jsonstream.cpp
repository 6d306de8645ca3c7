#include "core/common/jsonstream.h"

#include "core/common/tr.h"

#include <QCryptographicHash>
#include <QIODevice>
#include <QJsonArray>
#include <QJsonObject>

namespace accelplan {

namespace {
constexpr qint64 kChunk = 256 * 1024;
constexpr int kMaxDepth = 512;
} // namespace

JsonStream::JsonStream(QIODevice *device) : m_device(device) {}

bool JsonStream::fill()
{
    if (m_pos < m_buffer.size())
        return true;
    m_consumed += m_buffer.size();
    m_buffer.resize(kChunk);
    const qint64 got = m_device->read(m_buffer.data(), kChunk);
    m_buffer.resize(got > 0 ? got : 0);
    m_pos = 0;
    if (m_hash && got > 0)
        m_hash->addData(m_buffer);
    return got > 0;
}

int JsonStream::peekChar()
{
    return fill() ? static_cast<unsigned char>(m_buffer.at(m_pos)) : -1;
}

int JsonStream::getChar()
{
    const int c = peekChar();
    if (c >= 0) {
        ++m_pos;
        if (c == '\n')
            ++m_line;
    }
    return c;
}

bool JsonStream::skipSpace()
{
    while (true) {
        const int c = peekChar();
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            return c >= 0;
        getChar();
    }
}

JsonStream::Token JsonStream::fail(const QString &message)
{
    if (m_token != Error) {
        m_error = message;
        m_tokenLine = m_line;
    }
    return m_token = Error;
}

double JsonStream::number() const
{
    return m_number.toDouble();
}

JsonStream::Token JsonStream::next()
{
    if (m_token == Error || m_token == End)
        return m_token;
    const bool inObject = !m_stack.isEmpty() && m_stack.back() == '{';
    if (!skipSpace()) {
        if (m_device->bytesAvailable() == 0 && !m_device->atEnd())
            return fail(Tr::tr("the file could not be read to the end: %1").arg(m_device->errorString()));
        if (!m_stack.isEmpty())
            return fail(Tr::tr("the file ends inside an unclosed %1")
                            .arg(m_stack.back() == '{' ? Tr::tr("object") : Tr::tr("array")));
        return m_token = End;
    }
    m_tokenLine = m_line;
    int c = peekChar();

    // Separators: after a value, a ',' or the container's end; after a key, a ':'.
    if (m_afterValue) {
        if (m_token == Key) {
            if (c != ':')
                return fail(Tr::tr("expected ':' after the key \"%1\"").arg(m_string));
            getChar();
            m_afterValue = false;
        } else if (!m_stack.isEmpty()) {
            const char close = m_stack.back() == '{' ? '}' : ']';
            if (c == ',') {
                getChar();
                m_afterValue = false;
                m_expectKey = inObject;
                if (!skipSpace())
                    return fail(Tr::tr("the file ends after a ','"));
                m_tokenLine = m_line;
                c = peekChar();
                if (c == '}' || c == ']')
                    return fail(Tr::tr("a ',' before '%1'").arg(QChar(char16_t(c))));
            } else if (c != close) {
                return fail(Tr::tr("expected ',' or '%1', found '%2'").arg(QChar(char16_t(close))).arg(QChar(char16_t(c))));
            }
        } else {
            m_afterValue = false; // a new top-level value follows the last one
        }
        if (!skipSpace())
            return fail(Tr::tr("the file ends after a key"));
        m_tokenLine = m_line;
        c = peekChar();
    }

    if (c == '}' || c == ']') {
        const char open = c == '}' ? '{' : '[';
        if (m_stack.isEmpty() || m_stack.back() != open)
            return fail(Tr::tr("unexpected '%1'").arg(QChar(char16_t(c))));
        if (m_expectKey && m_token != BeginObject)
            return fail(Tr::tr("expected a key before '}'"));
        getChar();
        m_stack.chop(1);
        m_depth = int(m_stack.size());
        m_afterValue = true;
        m_expectKey = false;
        return m_token = c == '}' ? EndObject : EndArray;
    }
    if (m_expectKey) {
        if (c != '"')
            return fail(Tr::tr("expected a key in quotes, found '%1'").arg(QChar(char16_t(c))));
        if (!readString(m_string))
            return m_token;
        m_expectKey = false;
        m_afterValue = true;
        return m_token = Key;
    }
    // A value.
    m_afterValue = true;
    switch (c) {
    case '{':
    case '[':
        if (m_stack.size() >= kMaxDepth)
            return fail(Tr::tr("nested deeper than %1 levels").arg(kMaxDepth));
        getChar();
        m_stack.append(char(c));
        m_depth = int(m_stack.size());
        m_afterValue = false;
        m_expectKey = c == '{';
        return m_token = c == '{' ? BeginObject : BeginArray;
    case '"':
        return readString(m_string) ? (m_token = String) : m_token;
    case 't':
        m_bool = true;
        return readLiteral("true") ? (m_token = Bool) : m_token;
    case 'f':
        m_bool = false;
        return readLiteral("false") ? (m_token = Bool) : m_token;
    case 'n':
        return readLiteral("null") ? (m_token = Null) : m_token;
    default:
        break;
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
        m_number.clear();
        while (true) {
            const int d = peekChar();
            if (!((d >= '0' && d <= '9') || d == '-' || d == '+' || d == '.' || d == 'e' || d == 'E'))
                break;
            m_number.append(char(getChar()));
        }
        bool ok = false;
        m_number.toDouble(&ok);
        if (!ok)
            return fail(Tr::tr("malformed number '%1'").arg(QString::fromLatin1(m_number)));
        return m_token = Number;
    }
    return fail(Tr::tr("unexpected character '%1'").arg(QChar(char16_t(c))));
}

bool JsonStream::readLiteral(const char *word)
{
    for (const char *p = word; *p; ++p)
        if (getChar() != *p) {
            fail(Tr::tr("expected '%1'").arg(QString::fromLatin1(word)));
            return false;
        }
    return true;
}

bool JsonStream::readString(QString &out)
{
    getChar(); // the opening quote
    QByteArray bytes;
    auto hex4 = [&](char16_t &unit) {
        unit = 0;
        for (int i = 0; i < 4; ++i) {
            const int h = getChar();
            const int v = (h >= '0' && h <= '9') ? h - '0'
                          : (h >= 'a' && h <= 'f') ? h - 'a' + 10
                          : (h >= 'A' && h <= 'F') ? h - 'A' + 10
                                                   : -1;
            if (v < 0)
                return false;
            unit = char16_t(unit * 16 + v);
        }
        return true;
    };
    while (true) {
        // Copy the plain run up to the next quote or backslash in one go.
        if (!fill()) {
            fail(Tr::tr("the file ends inside a string"));
            return false;
        }
        const char *begin = m_buffer.constData() + m_pos;
        const char *end = m_buffer.constData() + m_buffer.size();
        const char *p = begin;
        while (p < end && *p != '"' && *p != '\\' && *p != '\n')
            ++p;
        bytes.append(begin, p - begin);
        m_pos += p - begin;
        if (p == end)
            continue;
        const int c = getChar();
        if (c == '"')
            break;
        if (c == '\n') {
            fail(Tr::tr("a line break inside a string (an unterminated string?)"));
            m_tokenLine = m_line - 1; // the line the string is on, not the next
            return false;
        }
        const int e = getChar();
        switch (e) {
        case '"': bytes.append('"'); break;
        case '\\': bytes.append('\\'); break;
        case '/': bytes.append('/'); break;
        case 'b': bytes.append('\b'); break;
        case 'f': bytes.append('\f'); break;
        case 'n': bytes.append('\n'); break;
        case 'r': bytes.append('\r'); break;
        case 't': bytes.append('\t'); break;
        case 'u': {
            char16_t units[2];
            if (!hex4(units[0])) {
                fail(Tr::tr("malformed \\u escape in a string"));
                return false;
            }
            int count = 1;
            if (QChar::isHighSurrogate(units[0]) && peekChar() == '\\') {
                getChar();
                if (getChar() != 'u' || !hex4(units[1])) {
                    fail(Tr::tr("malformed \\u escape in a string"));
                    return false;
                }
                count = 2;
            }
            bytes.append(QString::fromUtf16(units, count).toUtf8());
            break;
        }
        default:
            fail(Tr::tr("unknown escape '\\%1' in a string").arg(QChar(char16_t(e))));
            return false;
        }
    }
    out = QString::fromUtf8(bytes);
    return true;
}

QJsonValue JsonStream::readValue()
{
    switch (m_token) {
    case String: return m_string;
    case Number: return number();
    case Bool: return m_bool;
    case Null: return QJsonValue::Null;
    case BeginObject: {
        QJsonObject object;
        while (next() == Key) {
            const QString key = m_string;
            next();
            const QJsonValue value = readValue();
            if (hasError())
                return QJsonValue::Undefined;
            object.insert(key, value);
        }
        return m_token == EndObject ? QJsonValue(object) : QJsonValue::Undefined;
    }
    case BeginArray: {
        QJsonArray array;
        while (true) {
            const Token t = next();
            if (t == EndArray)
                return array;
            const QJsonValue value = readValue();
            if (hasError())
                return QJsonValue::Undefined;
            array.append(value);
        }
    }
    default:
        if (m_token != Error)
            fail(Tr::tr("expected a value"));
        return QJsonValue::Undefined;
    }
}

void JsonStream::skipValue()
{
    if (m_token != BeginObject && m_token != BeginArray)
        return;
    const int depth = m_depth - 1;
    while (m_depth > depth) {
        const Token t = next();
        if (t == Error || t == End)
            return;
    }
}

} // namespace accelplan
