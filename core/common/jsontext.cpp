#include "core/common/jsontext.h"

#include <QJsonArray>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace accelplan {

namespace {

void appendIndent(QByteArray &out, int indent)
{
    static constexpr char kSpaces[] = "                                                                ";
    for (qsizetype left = 4 * qsizetype(indent); left > 0; left -= qsizetype(sizeof kSpaces - 1))
        out.append(kSpaces, std::min(left, qsizetype(sizeof kSpaces - 1)));
}

} // namespace

void appendJsonString(QByteArray &out, const QString &text)
{
    // As Qt's JSON writer: ASCII controls, '"' and '\\' escaped (\uXXXX in lower-case hex for the
    // unnamed ones), everything else as UTF-8; a lone surrogate as \uXXXX. Written straight into
    // room made for the worst case (6 bytes a UTF-16 unit), then trimmed.
    static constexpr char kHex[] = "0123456789abcdef";
    const qsizetype start = out.size();
    out.resize(start + 6 * text.size() + 2);
    char *d = out.data() + start;
    auto escape = [&](char16_t u) {
        *d++ = '\\';
        *d++ = 'u';
        *d++ = kHex[(u >> 12) & 0xf];
        *d++ = kHex[(u >> 8) & 0xf];
        *d++ = kHex[(u >> 4) & 0xf];
        *d++ = kHex[u & 0xf];
    };
    auto named = [&](char c) {
        *d++ = '\\';
        *d++ = c;
    };
    *d++ = '"';
    const char16_t *p = reinterpret_cast<const char16_t *>(text.utf16());
    const char16_t *end = p + text.size();
    while (p != end) {
        const char16_t u = *p++;
        if (u < 0x80) {
            switch (u) {
            case u'"': named('"'); break;
            case u'\\': named('\\'); break;
            case u'\b': named('b'); break;
            case u'\f': named('f'); break;
            case u'\n': named('n'); break;
            case u'\r': named('r'); break;
            case u'\t': named('t'); break;
            default:
                if (u < 0x20)
                    escape(u);
                else
                    *d++ = char(u);
            }
        } else if (u < 0x800) {
            *d++ = char(0xc0 | (u >> 6));
            *d++ = char(0x80 | (u & 0x3f));
        } else if (QChar::isHighSurrogate(u) && p != end && QChar::isLowSurrogate(*p)) {
            const char32_t c = QChar::surrogateToUcs4(u, *p++);
            *d++ = char(0xf0 | (c >> 18));
            *d++ = char(0x80 | ((c >> 12) & 0x3f));
            *d++ = char(0x80 | ((c >> 6) & 0x3f));
            *d++ = char(0x80 | (c & 0x3f));
        } else if (QChar::isSurrogate(u)) {
            escape(u);
        } else {
            *d++ = char(0xe0 | (u >> 12));
            *d++ = char(0x80 | ((u >> 6) & 0x3f));
            *d++ = char(0x80 | (u & 0x3f));
        }
    }
    *d++ = '"';
    out.truncate(d - out.constData());
}

JsonNode::JsonNode(JsonFields fields) : m_value(std::make_shared<const JsonFields>(std::move(fields))) {}

JsonNode::JsonNode(JsonItems items) : m_value(std::make_shared<const JsonItems>(std::move(items))) {}

QJsonValue JsonNode::toQJson() const
{
    return std::visit(
        [](const auto &v) -> QJsonValue {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, std::monostate>)
                return QJsonValue();
            else if constexpr (std::is_same_v<T, std::shared_ptr<const JsonFields>>)
                return v->toQJson();
            else if constexpr (std::is_same_v<T, std::shared_ptr<const JsonItems>>)
                return v->toQJson();
            else
                return QJsonValue(v);
        },
        m_value);
}

void JsonNode::write(QByteArray &out, int indent) const
{
    std::visit(
        [&](const auto &v) {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, std::monostate>) {
                out.append("null", 4);
            } else if constexpr (std::is_same_v<T, bool>) {
                out.append(v ? "true" : "false");
            } else if constexpr (std::is_same_v<T, qint64>) {
                out.append(QByteArray::number(v));
            } else if constexpr (std::is_same_v<T, double>) {
                // Qt writes infinities and NaN as null (RFC 4627).
                out.append(std::isfinite(v) ? QByteArray::number(v, 'g', QLocale::FloatingPointShortest) : "null");
            } else if constexpr (std::is_same_v<T, QString>) {
                appendJsonString(out, v);
            } else {
                v->write(out, indent);
            }
        },
        m_value);
}

JsonFields::JsonFields(std::initializer_list<std::pair<QString, JsonNode>> members) : m_members(members) {}

void JsonFields::insert(const JsonFields &other)
{
    m_members.insert(m_members.end(), other.m_members.begin(), other.m_members.end());
}

std::vector<const std::pair<QString, JsonNode> *> JsonFields::ordered() const
{
    std::vector<const std::pair<QString, JsonNode> *> members;
    members.reserve(m_members.size());
    for (const auto &m : m_members)
        members.push_back(&m);
    // By key, later inserts after earlier ones of the same key; then the last of each key kept.
    std::stable_sort(members.begin(), members.end(), [](auto *a, auto *b) { return a->first < b->first; });
    std::vector<const std::pair<QString, JsonNode> *> kept;
    kept.reserve(members.size());
    for (std::size_t i = 0; i < members.size(); ++i) {
        if (i + 1 < members.size() && members[i + 1]->first == members[i]->first)
            continue;
        kept.push_back(members[i]);
    }
    return kept;
}

QJsonObject JsonFields::toQJson() const
{
    QJsonObject object;
    for (const auto &[key, value] : m_members)
        object.insert(key, value.toQJson());
    return object;
}

void JsonFields::write(QByteArray &out, int indent) const
{
    out.append("{\n", 2);
    const auto members = ordered();
    for (std::size_t i = 0; i < members.size(); ++i) {
        appendIndent(out, indent + 1);
        appendJsonString(out, members[i]->first);
        out.append(": ", 2);
        members[i]->second.write(out, indent + 1);
        out.append(i + 1 < members.size() ? ",\n" : "\n");
    }
    appendIndent(out, indent);
    out.append('}');
}

JsonItems JsonItems::fromStrings(const QStringList &strings)
{
    JsonItems items;
    items.m_items.reserve(std::size_t(strings.size()));
    for (const QString &s : strings)
        items.m_items.emplace_back(s);
    return items;
}

QJsonArray JsonItems::toQJson() const
{
    QJsonArray array;
    for (const JsonNode &item : m_items)
        array.append(item.toQJson());
    return array;
}

void JsonItems::write(QByteArray &out, int indent) const
{
    out.append("[\n", 2);
    for (std::size_t i = 0; i < m_items.size(); ++i) {
        appendIndent(out, indent + 1);
        m_items[i].write(out, indent + 1);
        out.append(i + 1 < m_items.size() ? ",\n" : "\n");
    }
    appendIndent(out, indent);
    out.append(']');
}

} // namespace accelplan
