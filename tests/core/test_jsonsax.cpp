#include "core/common/backgroundhash.h"
#include "core/common/jsonsax.h"
#include "tests/qtstringmaker.h"

#include <catch2/catch.hpp>

#include <QBuffer>
#include <QCryptographicHash>

using namespace Qt::StringLiterals;
using namespace accelplan;

namespace {

/// Records every SAX event as a compact string and the line each string value was read on.
struct Recorder : rapidjson::BaseReaderHandler<rapidjson::UTF8<>, Recorder>
{
    JsonDeviceStream *stream = nullptr;
    QStringList events;
    QList<int> lines;
    int stopAfter = -1;

    bool add(const QString &event)
    {
        events << event;
        return stopAfter < 0 || events.size() < stopAfter;
    }
    bool StartObject() { return add(u"{"_s); }
    bool EndObject(rapidjson::SizeType) { return add(u"}"_s); }
    bool StartArray() { return add(u"["_s); }
    bool EndArray(rapidjson::SizeType) { return add(u"]"_s); }
    bool Key(const char *s, rapidjson::SizeType n, bool) { return add(u"k:"_s + QString::fromUtf8(s, n)); }
    bool String(const char *s, rapidjson::SizeType n, bool)
    {
        if (stream)
            lines << stream->line();
        return add(u"s:"_s + QString::fromUtf8(s, n));
    }
    bool RawNumber(const char *s, rapidjson::SizeType n, bool) { return add(u"n:"_s + QString::fromUtf8(s, n)); }
    bool Bool(bool b) { return add(b ? u"true"_s : u"false"_s); }
    bool Null() { return add(u"null"_s); }
};

JsonParseResult parse(const QByteArray &text, Recorder &recorder, QByteArray *digest = nullptr)
{
    QBuffer buffer;
    buffer.setData(text);
    buffer.open(QIODevice::ReadOnly);
    BackgroundHash hash;
    JsonDeviceStream stream(&buffer, &hash);
    recorder.stream = &stream;
    const JsonParseResult result = parseJsonValues(stream, recorder);
    const QByteArray hex = hash.resultHex();
    if (digest)
        *digest = hex;
    return result;
}

} // namespace

TEST_CASE("jsonsax: values one after another, numbers as written, the file hashed on the way", "[json]")
{
    Recorder r;
    QByteArray digest;
    const QByteArray text = "{\"a\": [1, 2.50, -3e2], \"b\": \"x\\u00e9\"}\n{\"c\": null}\n[true, false]\n";
    const JsonParseResult result = parse(text, r, &digest);
    CHECK(result.ok);
    CHECK(r.events == QStringList{u"{"_s, u"k:a"_s, u"["_s, u"n:1"_s, u"n:2.50"_s, u"n:-3e2"_s, u"]"_s, u"k:b"_s,
                                  u"s:xé"_s, u"}"_s, u"{"_s, u"k:c"_s, u"null"_s, u"}"_s, u"["_s, u"true"_s,
                                  u"false"_s, u"]"_s});
    CHECK(digest == QCryptographicHash::hash(text, QCryptographicHash::Sha256).toHex());
}

TEST_CASE("jsonsax: lines are counted across 1 MiB chunks", "[json]")
{
    // Three strings on lines 1, 200,001 and 400,001, with about 2.4 MB of blank lines between.
    QByteArray padding;
    for (int i = 0; i < 200'000; ++i)
        padding += "      \n";
    const QByteArray text = "[\"first\"," + padding + "\"second\"," + padding + "\"third\"]";
    Recorder r;
    QByteArray digest;
    const JsonParseResult result = parse(text, r, &digest);
    REQUIRE(result.ok);
    CHECK(r.lines == QList<int>{1, 200'001, 400'001});
    CHECK(result.line == 400'001);
    CHECK(digest == QCryptographicHash::hash(text, QCryptographicHash::Sha256).toHex());
}

TEST_CASE("jsonsax: strings and white space across a chunk's end read as RapidJSON reads them in memory", "[json]")
{
    // The stream's vectorised scans stop at a chunk's last character; a token that starts at
    // any of the 64 positions before the first 1 MiB chunk ends must read the same as from memory.
    constexpr int kChunk = 1 << 20;
    const QByteArray tail = "\"a verbatim run longer than sixteen bytes, \\\"escaped\\\" and \xc3\xa9\\u00e9\" \t\r\n"
                            "                    \n,\n  {\"a key longer than one vector of sixteen\" :\t \"v\"}, \"\", 12345]";
    for (int k = 0; k <= 64; ++k) {
        const QByteArray text = '[' + QByteArray(kChunk - 1 - k, ' ') + tail;
        Recorder chunked;
        const JsonParseResult result = parse(text, chunked);
        Recorder inMemory;
        rapidjson::Reader reader;
        rapidjson::StringStream memory(text.constData());
        REQUIRE(reader.Parse<rapidjson::kParseNumbersAsStringsFlag>(memory, inMemory));
        INFO("token starts " << k << " bytes before the chunk's end");
        CHECK(result.ok);
        CHECK(chunked.events == inMemory.events);
        CHECK(chunked.events.size() == 9);
        CHECK(result.line == 4);
    }
    // A control character in a string is refused wherever it falls.
    for (int k = 0; k <= 20; ++k) {
        Recorder r;
        const JsonParseResult result = parse('[' + QByteArray(kChunk - 1 - k, ' ') + "\"twenty bytes of text\x01 and more\"]", r);
        INFO("string starts " << k << " bytes before the chunk's end");
        CHECK_FALSE(result.ok);
        CHECK(result.error == u"invalid escape character in string"_s); // RapidJSON's words for it
    }
}

TEST_CASE("jsonsax: errors say what and on which line and a handler may stop the parse", "[json]")
{
    Recorder r;
    JsonParseResult result = parse("{\n\"a\": 1\n\"b\": 2}", r);
    CHECK_FALSE(result.ok);
    CHECK_FALSE(result.stopped);
    CHECK(result.line == 3);
    CHECK(result.error == u"missing a comma or '}' after an object member"_s);

    Recorder truncated;
    result = parse("{\"a\": [1, 2", truncated);
    CHECK_FALSE(result.ok);
    CHECK_FALSE(result.error.isEmpty());

    // A NUL byte is not the end of the file.
    Recorder nul;
    result = parse(QByteArray("[1]\n\0[2]", 8), nul);
    CHECK_FALSE(result.ok);

    // Deep nesting is parsed without recursion.
    Recorder deep;
    result = parse(QByteArray(100'000, '[') + QByteArray(100'000, ']'), deep);
    CHECK(result.ok);
    CHECK(deep.events.size() == 200'000);

    Recorder stopping;
    stopping.stopAfter = 3;
    result = parse("[1, 2, 3, 4]", stopping);
    CHECK_FALSE(result.ok);
    CHECK(result.stopped);
    CHECK(stopping.events.size() == 3);
}
