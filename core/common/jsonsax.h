#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QString>

#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <rapidjson/reader.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

class QIODevice;

namespace accelplan {

class BackgroundHash;

inline bool isJsonSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

/// Whether \a c ends a JSON string's verbatim run: a quote, a backslash or a control character
/// (the bytes of multi-byte UTF-8 characters are verbatim).
inline bool endsJsonStringRun(char c)
{
    return c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20;
}

#if defined(__SSE2__)
/// A bit for each of the 16 characters at \a s that is JSON white space.
inline unsigned jsonSpaceMask(__m128i s)
{
    const __m128i ws = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(s, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(s, _mm_set1_epi8('\n'))),
                                    _mm_or_si128(_mm_cmpeq_epi8(s, _mm_set1_epi8('\r')), _mm_cmpeq_epi8(s, _mm_set1_epi8('\t'))));
    return unsigned(_mm_movemask_epi8(ws));
}

/// A bit for each of the 16 characters at \a s that ends a string's verbatim run.
inline unsigned jsonStringRunEndMask(__m128i s)
{
    const __m128i control = _mm_set1_epi8(0x1F);
    const __m128i stop = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(s, _mm_set1_epi8('"')), _mm_cmpeq_epi8(s, _mm_set1_epi8('\\'))),
                                      _mm_cmpeq_epi8(_mm_max_epu8(s, control), control));
    return unsigned(_mm_movemask_epi8(stop));
}
#endif

/// Copies \a n < 16 characters with a few fixed-size moves (a string's tail, mostly short).
inline void copyShort(char *to, const char *from, std::size_t n)
{
    if (n >= 8) {
        std::memcpy(to, from, 8);
        std::memcpy(to + n - 8, from + n - 8, 8);
    } else if (n >= 4) {
        std::memcpy(to, from, 4);
        std::memcpy(to + n - 4, from + n - 4, 4);
    } else {
        for (std::size_t i = 0; i < n; ++i)
            to[i] = from[i];
    }
}

/// The longest JSON string (a key or a value) the providers' readers accept, in UTF-8 bytes: a
/// longer one stops the parse at its line ("a string longer than 1 MiB") before it fills memory.
constexpr std::size_t kMaxJsonStringBytes = std::size_t(1) << 20;

/// How many line feeds [p, end) holds.
qsizetype countLineFeeds(const char *p, const char *end);

/// RapidJSON's input stream over a QIODevice: reads 1 MiB chunks and hands each, shared and
/// uncopied, to a BackgroundHash (SHA-256 on its own thread), so a multi-gigabyte price file is
/// parsed by RapidJSON's SAX reader with flat memory and hashed on the way. line() counts line
/// breaks lazily, only up to where it is asked. RapidJSON reads a stream of its own kind one
/// character at a time; white space and the verbatim runs of strings, most of a price file, go
/// through the vectorised scans above instead (the specialisations after this class).
class JsonDeviceStream
{
public:
    using Ch = char;

    JsonDeviceStream(QIODevice *device, BackgroundHash *hash);
    JsonDeviceStream(const JsonDeviceStream &) = delete;
    JsonDeviceStream &operator=(const JsonDeviceStream &) = delete;

    Ch Peek() const { return *m_current; }
    Ch Take()
    {
        const Ch c = *m_current;
        if (m_current < m_last)
            ++m_current;
        else
            refill();
        return c;
    }
    std::size_t Tell() const { return std::size_t(m_consumed + (m_current - m_begin)); }
    // Only in-situ parsing writes; this stream is never parsed in situ.
    Ch *PutBegin() { return nullptr; }
    void Put(Ch) {}
    void Flush() {}
    std::size_t PutEnd(Ch *) { return 0; }

    /// Skips white space (RapidJSON's SkipWhitespace for this stream). Most runs in a price
    /// file are one space or a line break and its indent.
    [[gnu::always_inline]] void skipWhitespace()
    {
        if (!isJsonSpace(*m_current))
            return;
        if (m_current < m_last && !isJsonSpace(m_current[1])) {
            ++m_current;
            return;
        }
        skipLongWhitespace();
    }
    /// Copies the verbatim run of a string that starts at the current character, up to its
    /// quote, backslash or control character but within this chunk (its last character is left
    /// to Take()), through \a reserve(n), which gives room for n characters.
    template<typename Reserve>
    [[gnu::always_inline]] void takeStringRun(Reserve &&reserve)
    {
        const Ch *p = m_current;
#if defined(__SSE2__)
        for (; m_last - p >= 16; p += 16) {
            const __m128i s = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
            if (const unsigned stop = jsonStringRunEndMask(s)) {
                const std::size_t n = std::size_t(__builtin_ctz(stop));
                copyShort(reserve(n), p, n);
                m_current = p + n;
                return;
            }
            _mm_storeu_si128(reinterpret_cast<__m128i *>(reserve(16)), s);
        }
#endif
        const Ch *stop = p;
        while (stop < m_last && !endsJsonStringRun(*stop))
            ++stop;
        if (stop != p)
            std::memcpy(reserve(std::size_t(stop - p)), p, std::size_t(stop - p));
        m_current = stop;
    }

    /// The 1-based line of the next character.
    int line();
    /// Skips white space; false at the end of the input.
    bool moreValues();
    /// Reads (and hashes) what is left of the device, so the digest covers the whole file where
    /// parsing stopped early.
    void drain();
    /// Ends the input here, as a failed read that says a string is longer than
    /// kMaxJsonStringBytes: RapidJSON then sees the end inside the string and stops.
    void stopAtLongString();
    bool readFailed() const { return m_readFailed; }
    QString readError() const { return m_readError; }

private:
    void refill();
    void skipLongWhitespace();

    QIODevice *m_device;
    BackgroundHash *m_hash;
    QByteArray m_chunk;
    const char *m_begin = nullptr;
    const char *m_current = nullptr;
    const char *m_last = nullptr; ///< the chunk's last character
    const char *m_counted = nullptr; ///< line breaks before this are in m_lines
    qint64 m_consumed = 0;             ///< bytes of earlier chunks
    int m_lines = 0;
    bool m_atEnd = false;
    bool m_readFailed = false;
    QString m_readError;
};

} // namespace accelplan

namespace rapidjson {

template<>
inline void SkipWhitespace(accelplan::JsonDeviceStream &is)
{
    is.skipWhitespace();
}

// RapidJSON copies the runs of a string that need no unescaping with vector loads for its own
// in-memory streams only; this gives the reader that runs over a JsonDeviceStream the same.
template<>
template<>
inline void GenericReader<UTF8<>, UTF8<>, CrtAllocator>::ScanCopyUnescapedString(accelplan::JsonDeviceStream &is,
                                                                                 StackStream<char> &os)
{
    is.takeStringRun([&os](std::size_t n) { return static_cast<char *>(os.Push(SizeType(n))); });
    if (os.Length() > accelplan::kMaxJsonStringBytes)
        is.stopAtLongString();
}

} // namespace rapidjson

namespace accelplan {

/// Builds one value (a price file's SKU, say) from SAX events into a rapidjson::Value on a
/// memory pool that is reused value after value: the cheap tree a reader that needs the whole
/// small object walks, without a QJsonObject's allocations and UTF-16 keys. Numbers become
/// int64 where they are whole and fit, doubles otherwise.
class JsonTreeBuilder : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, JsonTreeBuilder>
{
public:
    using Value = rapidjson::Value;

    /// Forgets the last value and its memory; the next events build a new one.
    void begin();
    bool done() const { return m_done; }
    const Value &root() const { return m_root; }

    bool StartObject();
    bool StartArray();
    bool EndObject(rapidjson::SizeType);
    bool EndArray(rapidjson::SizeType);
    bool Key(const char *text, rapidjson::SizeType length, bool);
    bool String(const char *text, rapidjson::SizeType length, bool);
    bool RawNumber(const char *text, rapidjson::SizeType length, bool);
    bool Bool(bool b);
    bool Null();

private:
    bool add(Value &&value);

    rapidjson::MemoryPoolAllocator<> m_allocator;
    std::vector<Value> m_open; ///< the containers being filled
    std::vector<Value> m_keys; ///< each open object's pending key
    Value m_root;
    bool m_done = false;
};

using JsonValue = rapidjson::Value;

/// A member of an object value, or null when \a object is null, not an object or lacks it.
const rapidjson::Value *jsonMember(const rapidjson::Value *object, const char *key);
/// A string value's text; empty for anything else (as QJsonValue::toString()).
QString jsonText(const rapidjson::Value *value);
/// A scalar as a QJsonValue: Undefined when \a value is null or a container, numbers as doubles.
QJsonValue jsonScalar(const rapidjson::Value *value);
/// A number value; \a fallback for anything else (as QJsonValue::toDouble(fallback)).
double jsonNumber(const rapidjson::Value *value, double fallback = 0);

/// How a SAX parse ended.
struct JsonParseResult
{
    bool ok = true;
    bool stopped = false; ///< the handler returned false (cancelled, or it had seen enough)
    int line = 0;         ///< where it ended
    QString error;        ///< what was wrong, when not ok and not stopped
};

/// Parses every top-level value in the stream (pages saved one after another) with RapidJSON's
/// iterative SAX reader (no recursion, however deep the input nests). Numbers reach the handler
/// as their text (RawNumber), so prices keep their exact decimals.
template<typename Handler>
JsonParseResult parseJsonValues(JsonDeviceStream &stream, Handler &handler)
{
    JsonParseResult result;
    rapidjson::Reader reader;
    constexpr unsigned kFlags = rapidjson::kParseIterativeFlag | rapidjson::kParseStopWhenDoneFlag
                                | rapidjson::kParseNumbersAsStringsFlag;
    while (stream.moreValues()) {
        const rapidjson::ParseResult parsed = reader.Parse<kFlags>(stream, handler);
        if (parsed)
            continue;
        result.ok = false;
        result.line = stream.line();
        if (parsed.Code() == rapidjson::kParseErrorTermination) {
            result.stopped = true;
        } else if (stream.readFailed()) {
            result.error = stream.readError();
        } else {
            result.error = QString::fromLatin1(rapidjson::GetParseError_En(parsed.Code()));
            if (result.error.endsWith(u'.'))
                result.error.chop(1);
            result.error = result.error.toLower();
        }
        return result;
    }
    result.line = stream.line();
    if (stream.readFailed()) {
        result.ok = false;
        result.error = stream.readError();
    }
    return result;
}

} // namespace accelplan
