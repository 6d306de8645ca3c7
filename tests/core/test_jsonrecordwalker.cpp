#include "core/common/backgroundhash.h"
#include "core/common/jsonrecordwalker.h"
#include "tests/qtstringmaker.h"

#include <catch2/catch.hpp>

#include <QBuffer>
#include <QStringList>

using namespace Qt::StringLiterals;
using namespace accelplan;

namespace {

/// What a walk saw: each record as "line:name" (its "name" member, or "-"), each non-object
/// element as "line:not an object".
struct Walked
{
    QStringList seen;
    bool sawArray = false;
    JsonParseResult parsed;
};

Walked walk(const QByteArray &text, JsonRecordWalk config, int stopAfter = -1)
{
    Walked walked;
    config.record = [&](const JsonValue &record, int line) {
        const QString name = jsonText(jsonMember(&record, "name"));
        const QStringList members = [&] {
            QStringList keys;
            if (record.IsObject())
                for (auto it = record.MemberBegin(); it != record.MemberEnd(); ++it)
                    keys << QString::fromUtf8(it->name.GetString());
            return keys;
        }();
        walked.seen << QString::number(line) + u':' + (name.isEmpty() ? u"-"_s : name) + u'(' + members.join(u',') + u')';
        return stopAfter < 0 || walked.seen.size() < stopAfter;
    };
    config.nonObject = [&](int line) { walked.seen << QString::number(line) + u":not an object"_s; };
    QBuffer buffer;
    buffer.setData(text);
    buffer.open(QIODevice::ReadOnly);
    BackgroundHash hash;
    JsonDeviceStream stream(&buffer, &hash);
    JsonRecordWalker walker(std::move(config), stream);
    walked.parsed = parseJsonValues(stream, walker);
    walked.sawArray = walker.sawArray();
    hash.resultHex();
    return walked;
}

JsonRecordWalk items()
{
    JsonRecordWalk config;
    config.arrayKey = "items";
    return config;
}

} // namespace

TEST_CASE("walker: each element of a page's array, pages one after another or in an array", "[json][walker]")
{
    const QByteArray text = "{\"next\": null, \"items\": [\n{\"name\": \"a\", \"items\": [{\"name\": \"inner\"}]},\n"
                            "{\"name\": \"b\"}]}\n"
                            "[{\"items\": [\n{\"name\": \"c\"}]}, {\"other\": [{\"name\": \"x\"}]}]\n"
                            "{\"items\": [\n3, [\"y\"], {\"name\": \"d\"}]}";
    const Walked walked = walk(text, items());
    REQUIRE(walked.parsed.ok);
    CHECK(walked.sawArray);
    CHECK(walked.seen
          == QStringList{u"2:a(name,items)"_s, u"3:b(name)"_s, u"5:c(name)"_s, u"7:not an object"_s, u"7:not an object"_s,
                         u"7:d(name)"_s});
}

TEST_CASE("walker: a bare array of records, and a file without the array", "[json][walker]")
{
    JsonRecordWalk config = items();
    config.topArray = JsonRecordWalk::TopArray::Records;
    const Walked bare = walk("[{\"name\": \"a\"},\n{\"name\": \"b\", \"items\": []}]", config);
    REQUIRE(bare.parsed.ok);
    CHECK(bare.sawArray);
    CHECK(bare.seen == QStringList{u"1:a(name)"_s, u"2:b(name,items)"_s});

    const Walked none = walk("{\"skus\": [{\"name\": \"a\"}]}", items());
    REQUIRE(none.parsed.ok);
    CHECK_FALSE(none.sawArray);
    CHECK(none.seen.isEmpty());
}

TEST_CASE("walker: the member filter builds only the members it keeps", "[json][walker]")
{
    JsonRecordWalk config = items();
    config.keepMember = [](std::string_view key) { return key == "name" || key == "price"; };
    const Walked walked = walk("{\"items\": [{\"geo\": {\"a\": [1, {\"b\": 2}]}, \"name\": \"a\", \"skip\": 3, "
                               "\"price\": {\"usd\": 1}, \"tail\": [[]]}]}",
                               config);
    REQUIRE(walked.parsed.ok);
    CHECK(walked.seen == QStringList{u"1:a(name,price)"_s});
}

TEST_CASE("walker: a cancel flag or a record's answer stops the walk", "[json][walker]")
{
    const QByteArray text = "{\"items\": [{\"name\": \"a\"},\n{\"name\": \"b\"},\n{\"name\": \"c\"}]}";
    std::atomic<bool> cancel{true};
    JsonRecordWalk config = items();
    config.cancel = &cancel;
    const Walked cancelled = walk(text, config);
    CHECK(cancelled.parsed.stopped);
    CHECK(cancelled.seen.isEmpty());

    const Walked stopped = walk(text, items(), 2);
    CHECK(stopped.parsed.stopped);
    CHECK(stopped.parsed.line == 2);
    CHECK(stopped.seen == QStringList{u"1:a(name)"_s, u"2:b(name)"_s});
}

TEST_CASE("walker: a syntax error says its line", "[json][walker]")
{
    const Walked walked = walk("{\"items\": [\n{\"name\": \"a\"},\n{\"name\" \"b\"}]}", items());
    CHECK_FALSE(walked.parsed.ok);
    CHECK_FALSE(walked.parsed.stopped);
    CHECK(walked.parsed.line == 3);
    CHECK(walked.parsed.error.contains(u"colon"_s));
    CHECK(walked.seen == QStringList{u"2:a(name)"_s});
}

TEST_CASE("walker: each page's end with its own members, and a scalar where a page belongs", "[json][walker]")
{
    JsonRecordWalk config = items();
    config.keepMember = [](std::string_view key) { return key != "skip"; };
    QStringList pages;
    config.pageEnd = [&](int line, bool hadArray, const JsonValue &own) {
        QStringList members;
        for (auto it = own.MemberBegin(); it != own.MemberEnd(); ++it)
            members << QString::fromUtf8(it->name.GetString()) + u'='
                           + (it->value.IsObject() ? u"{}"_s : jsonScalar(&it->value).toVariant().toString());
        pages << QString::number(line) + (hadArray ? u" array "_s : u" bare "_s) + members.join(u',');
        return true;
    };
    const Walked walked = walk("{\"next\": \"p2\", \"items\": [{\"name\": \"a\"}], \"skip\": 1, \"geo\": [1, 2]}\n"
                               "[{\"name\": \"b\", \"price\": 2.5},\n{\"items\": []}]",
                               config);
    REQUIRE(walked.parsed.ok);
    CHECK(walked.seen == QStringList{u"1:a(name)"_s});
    CHECK(pages == QStringList{u"1 array next=p2,geo={}"_s, u"2 bare name=b,price=2.5"_s, u"3 array "_s});

    // A page's end may stop the walk; so may a number or string where a page belongs.
    config.pageEnd = [](int, bool hadArray, const JsonValue &) { return hadArray; };
    const Walked stopped = walk("{\"items\": [{\"name\": \"a\"}]}\n{\"other\": 1}\n{\"items\": [{\"name\": \"c\"}]}", config);
    CHECK(stopped.parsed.stopped);
    CHECK(stopped.parsed.line == 2);
    CHECK(stopped.seen == QStringList{u"1:a(name)"_s});

    QList<int> notPages;
    config.pageEnd = nullptr;
    config.notAPage = [&](int line) {
        notPages << line;
        return line < 2;
    };
    const Walked scalars = walk("[1,\n{\"items\": [{\"name\": \"a\"}]}]\n\"text\"\n{\"items\": [{\"name\": \"b\"}]}", config);
    CHECK(scalars.parsed.stopped);
    CHECK(notPages == QList<int>{1, 3});
    CHECK(scalars.seen == QStringList{u"2:a(name)"_s});
}
