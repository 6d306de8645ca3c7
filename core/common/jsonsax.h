#pragma once

#include <QByteArray>
#include <QString>

#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <rapidjson/reader.h>

#include <algorithm>
#include <cstddef>
#include <vector>

class QIODevice;

namespace accelplan {

class BackgroundHash;

/// RapidJSON's input stream over a QIODevice: reads 1 MiB chunks and hands each, shared and
/// uncopied, to a BackgroundHash (SHA-256 on its own thread), so a multi-gigabyte price file is
/// parsed by RapidJSON's SAX reader with flat memory and hashed on the way. line() counts line
/// breaks lazily, only up to where it is asked.
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

    /// The 1-based line of the next character.
    int line();
    /// Skips white space; false at the end of the input.
    bool moreValues();
    /// Reads (and hashes) what is left of the device, so the digest covers the whole file where
    /// parsing stopped early.
    void drain();
    bool readFailed() const { return m_readFailed; }
    QString readError() const { return m_readError; }

private:
    void refill();

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

/// A member of an object value, or null when \a object is null, not an object or lacks it.
const rapidjson::Value *jsonMember(const rapidjson::Value *object, const char *key);
/// A string value's text; empty for anything else (as QJsonValue::toString()).
QString jsonText(const rapidjson::Value *value);
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
