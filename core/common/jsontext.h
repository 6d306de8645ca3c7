#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <initializer_list>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace accelplan {

class JsonFields;
class JsonItems;

/// A JSON value built cheaply to be written once (into a std::string, whose appends cost less than
/// QByteArray's): what QJsonValue holds, without the CBOR
/// container behind every object (sorted inserts, UTF-16 keys re-encoded), which at tens of
/// thousands of plan options was most of the output's time. write() gives QJsonDocument's
/// indented text byte for byte (keys in QJsonObject's order, numbers and escapes as Qt writes
/// them); toQJson() the QJsonValue for code that needs one.
class JsonNode
{
public:
    JsonNode() = default; ///< null
    JsonNode(std::nullptr_t) {}
    JsonNode(bool b) : m_value(b) {}
    template<typename T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
    JsonNode(T i) : m_value(qint64(i))
    {
    }
    JsonNode(double d) : m_value(d) {}
    JsonNode(const QString &s) : m_value(s) {}
    JsonNode(const char16_t *s) : m_value(QString::fromUtf16(s)) {}
    JsonNode(JsonFields fields);
    JsonNode(JsonItems items);

    bool isNull() const { return std::holds_alternative<std::monostate>(m_value); }
    QJsonValue toQJson() const;
    void write(std::string &out, int indent) const;

private:
    std::variant<std::monostate, bool, qint64, double, QString, std::shared_ptr<const JsonFields>,
                 std::shared_ptr<const JsonItems>>
        m_value;
};

/// A JSON object under construction. insert() of a key already there replaces its value, as
/// QJsonObject's does; members are written in QJsonObject's key order.
class JsonFields
{
public:
    JsonFields() = default;
    JsonFields(std::initializer_list<std::pair<QString, JsonNode>> members);

    void insert(const QString &key, JsonNode value) { m_members.emplace_back(key, std::move(value)); }
    /// Every member of \a other, each replacing one of the same key.
    void insert(const JsonFields &other);
    bool isEmpty() const { return m_members.empty(); }

    QJsonObject toQJson() const;
    /// The object's text at \a indent levels of four spaces (its first line not indented).
    void write(std::string &out, int indent) const;

private:
    /// The members as written: sorted by key, the last insert of a key kept.
    std::vector<const std::pair<QString, JsonNode> *> ordered() const;

    std::vector<std::pair<QString, JsonNode>> m_members;
};

/// A JSON array under construction.
class JsonItems
{
public:
    JsonItems() = default;
    static JsonItems fromStrings(const QStringList &strings);

    void append(JsonNode value) { m_items.push_back(std::move(value)); }

    QJsonArray toQJson() const;
    void write(std::string &out, int indent) const;

private:
    std::vector<JsonNode> m_items;
};

/// A string as QJsonDocument writes it, quotes included.
void appendJsonString(std::string &out, const QString &text);

} // namespace accelplan
