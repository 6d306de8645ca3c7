#include "core/common/jsontext.h"
#include "tests/qtstringmaker.h"

#include <catch2/catch.hpp>

#include <QJsonDocument>

#include <limits>

using namespace Qt::StringLiterals;
using namespace accelplan;

namespace {

// What JsonFields writes at the top level, against QJsonDocument's indented text of the same object.
void checkSameText(const JsonFields &fields)
{
    std::string ours;
    fields.write(ours, 0);
    ours += '\n';
    const QByteArray qt = QJsonDocument(fields.toQJson()).toJson(QJsonDocument::Indented);
    CHECK(QByteArray::fromStdString(ours) == qt);
}

} // namespace

TEST_CASE("jsontext: objects are written as QJsonDocument writes them, byte for byte", "[json]")
{
    JsonItems strings = JsonItems::fromStrings(
        {u"plain"_s, u"quote \" and backslash \\"_s, u"controls \b\f\n\r\t and \x01\x1f"_s, u"é ü ß € 中文"_s,
         QString::fromUtf16(u"emoji \U0001F600"), QString(QChar(0xd800)) + u" lone surrogate"_s, u"/ slash and \x7f"_s,
         QString()});
    JsonItems empty;
    JsonFields nested{{u"b"_s, 1}, {u"a"_s, JsonFields{}}, {u"c"_s, empty}};
    JsonFields fields{
        {u"zeta"_s, 0.1},
        {u"alpha"_s, 1e21},
        {u"beta"_s, 1e-7},
        {u"gamma"_s, 30.0},
        {u"delta"_s, -0.0},
        {u"epsilon"_s, std::numeric_limits<double>::quiet_NaN()},
        {u"eta"_s, std::numeric_limits<double>::infinity()},
        {u"theta"_s, qint64(9'007'199'254'740'993)},
        {u"iota"_s, 1726053.712766538},
        {u"kappa"_s, true},
        {u"lambda"_s, JsonNode()},
        {u"mu"_s, strings},
        {u"nu"_s, nested},
        {u"Upper"_s, u"keys sort as QJsonObject sorts them"_s},
        {u"a_b"_s, 2},
        {u"a"_s, 3},
    };
    // A key inserted again replaces the value, as QJsonObject::insert does.
    fields.insert(u"gamma"_s, u"replaced"_s);
    JsonFields more{{u"kappa"_s, false}};
    fields.insert(more);
    checkSameText(fields);

    std::string written;
    fields.write(written, 0);
    const QByteArray text = QByteArray::fromStdString(written);
    CHECK(text.contains("\"gamma\": \"replaced\""));
    CHECK(text.contains("\"kappa\": false"));
    CHECK_FALSE(text.contains("\"kappa\": true"));
    checkSameText(JsonFields{});

    // Keys built at run time (not literals) are ordered object by object.
    for (const char *suffix : {"b", "a", "c"}) {
        JsonFields built;
        built.insert(QString::fromLatin1(suffix) + u"2"_s, 1);
        built.insert(QString::fromLatin1(suffix) + u"1"_s, 2);
        built.insert(u"m"_s, 3);
        checkSameText(built);
    }
}
