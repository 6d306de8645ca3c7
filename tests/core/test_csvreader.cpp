#include "core/common/csvreader.h"
#include "core/common/csvwriter.h"
#include "tests/qtstringmaker.h"

#include <catch2/catch.hpp>

#include <QBuffer>

using namespace Qt::StringLiterals;
using accelplan::CsvReader;

namespace {
QList<QStringList> readAll(QByteArray data, QList<int> *lines = nullptr, QString *error = nullptr)
{
    QBuffer buffer(&data);
    buffer.open(QIODevice::ReadOnly);
    CsvReader reader(&buffer);
    QList<QStringList> records;
    QStringList fields;
    while (reader.next(fields)) {
        records.append(fields);
        if (lines)
            lines->append(reader.recordLine());
    }
    if (error)
        *error = reader.error();
    return records;
}
} // namespace

TEST_CASE("CSV reader follows RFC 4180", "[csv]")
{
    QList<int> lines;
    const auto records = readAll("\xEF\xBB\xBF" "a,b,c\r\n1,\"x, y\",\"say \"\"hi\"\"\"\r\n\r\n2,\"multi\nline\",\r\n3,,last", &lines);
    REQUIRE(records.size() == 4);
    CHECK(records[0] == QStringList{u"a"_s, u"b"_s, u"c"_s}); // BOM stripped
    CHECK(records[1] == QStringList{u"1"_s, u"x, y"_s, u"say \"hi\""_s});
    CHECK(records[2] == QStringList{u"2"_s, u"multi\nline"_s, u""_s});
    CHECK(records[3] == QStringList{u"3"_s, u""_s, u"last"_s}); // no final newline
    CHECK(lines == QList<int>{1, 2, 4, 6});
}

TEST_CASE("CSV reader reports malformed quoting", "[csv]")
{
    QString error;
    readAll("a,b\n1,\"open\n", nullptr, &error);
    CHECK(error == u"unterminated quoted field"_s);
    readAll("a,b\n1,\"x\"y\n", nullptr, &error);
    CHECK(error == u"text after a closing quote"_s);
}

TEST_CASE("CSV writer quotes only what needs it and reads back", "[csv]")
{
    const QStringList fields{u"plain"_s, u"a,b"_s, u"say \"hi\""_s, u"two\nlines"_s, u""_s};
    const QString record = accelplan::csvRecord(fields);
    CHECK(record == u"plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\n"_s);
    const auto records = readAll(record.toUtf8());
    REQUIRE(records.size() == 1);
    CHECK(records[0] == fields);
}

TEST_CASE("CSV reader stops at a field longer than 1 MiB, quoted or not, at its line", "[csv][limits]")
{
    const QByteArray longField((1 << 20) + 1, 'x');
    const QList<QByteArray> cases{longField, "\"" + longField + "\"", "\"" + longField + "\n" + longField + "\""};
    for (const QByteArray &record : cases) {
        QList<int> lines;
        QString error;
        const auto records = readAll("a,b\n1,2\n3," + record + "\n4,5\n", &lines, &error);
        CHECK(records.size() == 2); // what came before, nothing after
        CHECK(lines == QList<int>{1, 2});
        CHECK(error == u"field longer than 1 MiB"_s);
    }
    // The longest field allowed, on a line of its own and across reads, is read whole.
    const QByteArray longest(1 << 20, 'y');
    const auto records = readAll("a,b\n" + longest + ",\"" + longest + "\"\n");
    REQUIRE(records.size() == 2);
    CHECK(records[1].value(0).size() == 1 << 20);
    CHECK(records[1].value(1).size() == 1 << 20);
}

TEST_CASE("CSV reader keeps CRLF, multi-byte characters and line numbers across long lines", "[csv][limits]")
{
    // A line far longer than one read of the device, with multi-byte characters at every offset.
    QByteArray line;
    for (int i = 0; i < 40000; ++i)
        line += "é€";
    QList<int> lines;
    const auto records = readAll("a,b\r\n" + line + ",x\r\n\"q\nq\"," + line + "\r\nend,1", &lines);
    REQUIRE(records.size() == 4);
    CHECK(records[1] == QStringList{QString::fromUtf8(line), u"x"_s});
    CHECK(records[2] == QStringList{u"q\nq"_s, QString::fromUtf8(line)});
    CHECK(records[3] == QStringList{u"end"_s, u"1"_s});
    CHECK(lines == QList<int>{1, 2, 3, 5});
}
