#include "core/common/jsonstream.h"
#include "tests/qtstringmaker.h"

#include <catch2/catch.hpp>

#include <QBuffer>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;
using namespace accelplan;

namespace {

// Every token of a text, as a compact string: {, }, [, ], k:KEY, s:TEXT, n:NUMBER, true, null, End/Error.
QStringList tokens(const QByteArray &text, QString *error = nullptr, int *line = nullptr)
{
    QBuffer buffer;
    buffer.setData(text);
    buffer.open(QIODevice::ReadOnly);
    JsonStream json(&buffer);
    QStringList out;
    while (true) {
        switch (json.next()) {
        case JsonStream::BeginObject: out << u"{"_s; break;
        case JsonStream::EndObject: out << u"}"_s; break;
        case JsonStream::BeginArray: out << u"["_s; break;
        case JsonStream::EndArray: out << u"]"_s; break;
        case JsonStream::Key: out << u"k:"_s + json.string(); break;
        case JsonStream::String: out << u"s:"_s + json.string(); break;
        case JsonStream::Number: out << u"n:"_s + QString::fromLatin1(json.numberText()); break;
        case JsonStream::Bool: out << (json.boolean() ? u"true"_s : u"false"_s); break;
        case JsonStream::Null: out << u"null"_s; break;
        case JsonStream::End: out << u"End"_s; return out;
        default:
            out << u"Error"_s;
            if (error)
                *error = json.errorString();
            if (line)
                *line = json.line();
            return out;
        }
    }
}

} // namespace

TEST_CASE("jsonstream: tokens of nested objects, arrays and scalars", "[jsonstream]")
{
    const QByteArray text = R"({"a": [1, -2.5e3, "x\"y\\\u00e9\ud83d\ude00", true, false, null], "b": {}, "c": []})";
    CHECK(tokens(text)
          == QStringList{u"{"_s, u"k:a"_s, u"["_s, u"n:1"_s, u"n:-2.5e3"_s, u"s:x\"y\\é😀"_s, u"true"_s, u"false"_s,
                         u"null"_s, u"]"_s, u"k:b"_s, u"{"_s, u"}"_s, u"k:c"_s, u"["_s, u"]"_s, u"}"_s, u"End"_s});
}

TEST_CASE("jsonstream: several top-level values one after another", "[jsonstream]")
{
    CHECK(tokens("{\"p\":1}\n{\"p\":2}\n") == QStringList{u"{"_s, u"k:p"_s, u"n:1"_s, u"}"_s, u"{"_s, u"k:p"_s, u"n:2"_s, u"}"_s, u"End"_s});
}

TEST_CASE("jsonstream: syntax errors are reported with their line", "[jsonstream]")
{
    struct Case
    {
        QByteArray text;
        int line;
        QString messagePart;
    };
    const QList<Case> cases = {
        {"{\n\"a\": 1,\n}", 3, u"','"_s},
        {"{\n\"a\" 1}", 2, u"':'"_s},
        {"[1,\n2\n3]", 3, u"expected ','"_s},
        {"{\"a\": [1, 2}", 1, u"'}'"_s},
        {"{\"a\":\n\"open string\n}", 2, u"line break inside a string"_s},
        {"{\"a\": tru}", 1, u"'true'"_s},
        {"{\"a\": 1", 1, u"unclosed object"_s},
        {"{\"a\": 1.2.3}", 1, u"malformed number"_s},
        {"{a: 1}", 1, u"key in quotes"_s},
    };
    for (const Case &c : cases) {
        QString error;
        int line = 0;
        const QStringList got = tokens(c.text, &error, &line);
        INFO(c.text.toStdString());
        CHECK(got.last() == u"Error"_s);
        CHECK(line == c.line);
        CHECK(error.contains(c.messagePart));
    }
}

TEST_CASE("jsonstream: readValue builds one inner value and skipValue passes one over", "[jsonstream]")
{
    QBuffer buffer;
    buffer.setData(R"({"skip": {"deep": [1, {"x": 2}]}, "items": [{"id": 1, "v": [true]}, {"id": 2}], "tail": 3})");
    buffer.open(QIODevice::ReadOnly);
    JsonStream json(&buffer);
    REQUIRE(json.next() == JsonStream::BeginObject);
    QList<QJsonValue> items;
    QStringList keys;
    while (json.next() == JsonStream::Key) {
        keys << json.string();
        const QString key = json.string();
        json.next();
        if (key == u"items"_s) {
            REQUIRE(json.token() == JsonStream::BeginArray);
            while (json.next() != JsonStream::EndArray) {
                REQUIRE(!json.hasError());
                items << json.readValue();
            }
        } else {
            json.skipValue();
        }
    }
    CHECK(json.token() == JsonStream::EndObject);
    CHECK(keys == QStringList{u"skip"_s, u"items"_s, u"tail"_s});
    REQUIRE(items.size() == 2);
    CHECK(QJsonDocument(items.at(0).toObject()).toJson(QJsonDocument::Compact) == R"({"id":1,"v":[true]})");
    CHECK(items.at(1).toObject().value(u"id"_s).toInt() == 2);
    CHECK(json.next() == JsonStream::End);
}

TEST_CASE("jsonstream: a document larger than the read buffer streams with a token split across reads", "[jsonstream]")
{
    QByteArray text = "[";
    const int count = 60000; // about 1.5 MB: several buffer refills, tokens cut at chunk edges
    for (int i = 0; i < count; ++i) {
        if (i)
            text += ",\n";
        text += R"({"name": "item-)" + QByteArray::number(i) + R"(", "price": )" + QByteArray::number(i) + ".25}";
    }
    text += "]";
    QBuffer buffer;
    buffer.setData(text);
    buffer.open(QIODevice::ReadOnly);
    JsonStream json(&buffer);
    REQUIRE(json.next() == JsonStream::BeginArray);
    int read = 0;
    int lastLine = 0;
    bool allMatch = true;
    while (json.next() != JsonStream::EndArray) {
        REQUIRE(!json.hasError());
        lastLine = json.line();
        const QJsonObject item = json.readValue().toObject();
        allMatch = allMatch && item.value(u"name"_s).toString() == u"item-"_s + QString::number(read)
                   && item.value(u"price"_s).toDouble() == read + 0.25;
        ++read;
    }
    CHECK(allMatch);
    CHECK(read == count);
    CHECK(lastLine == count);
    CHECK(json.position() == text.size());
}
