#include "core/common/jsontext.h"

#include <QJsonArray>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace accelplan {

namespace {

void appendIndent(std::string &out, int indent)
{
    out.append(std::size_t(4 * indent), ' ');
}

} // namespace

void appendJsonString(std::string &out, const QString &text)
{
    // As Qt's JSON writer: ASCII controls, '"' and '\\' escaped (\uXXXX in lower-case hex for the
    // unnamed ones), everything else as UTF-8; a lone surrogate as \uXXXX. Written straight into
    // room made for the worst case (6 bytes a UTF-16 unit), then trimmed.
    static constexpr char kHex[] = "0123456789abcdef";
    const std::size_t start = out.size();
    out.resize(start + 6 * std::size_t(text.size()) + 2);
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
    // constData(), not utf16(): the latter copies a literal to make it null-terminated.
    const char16_t *p = reinterpret_cast<const char16_t *>(text.constData());
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
    out.resize(std::size_t(d - out.data()));
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

void JsonNode::write(std::string &out, int indent) const
{
    std::visit(
        [&](const auto &v) {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, std::monostate>) {
                out.append("null", 4);
            } else if constexpr (std::is_same_v<T, bool>) {
                out.append(v ? "true" : "false");
            } else if constexpr (std::is_same_v<T, qint64>) {
                out.append(std::to_string(v));
            } else if constexpr (std::is_same_v<T, double>) {
                // Qt writes infinities and NaN as null (RFC 4627), other numbers as QByteArray::number does.
                if (std::isfinite(v)) {
                    const QByteArray text = QByteArray::number(v, 'g', QLocale::FloatingPointShortest);
                    out.append(text.constData(), std::size_t(text.size()));
                } else {
                    out.append("null", 4);
                }
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
    // Objects built by the same code have the same keys in the same order, each key the same
    // literal (one data pointer): the order of each such shape is worked out once and reused.
    struct Shape
    {
        std::vector<const QChar *> keys;
        std::vector<std::size_t> order;
    };
    thread_local std::vector<Shape> shapes;
    // Only keys that live as long as the program (literals: no allocated header) may be known by
    // their address; an object with a built key is sorted every time.
    std::vector<const QChar *> keys;
    keys.reserve(m_members.size());
    bool literal = true;
    for (const auto &m : m_members) {
        keys.push_back(m.first.constData());
        literal = literal && !m.first.data_ptr().isMutable();
    }
    auto shape = literal ? std::find_if(shapes.begin(), shapes.end(), [&](const Shape &s) { return s.keys == keys; })
                         : shapes.end();
    if (shape == shapes.end()) {
        std::vector<std::size_t> order(m_members.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        // By key, later inserts after earlier ones of the same key; then the last of each key kept.
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return m_members[a].first < m_members[b].first; });
        Shape made{std::move(keys), {}};
        for (std::size_t i = 0; i < order.size(); ++i) {
            if (i + 1 < order.size() && m_members[order[i + 1]].first == m_members[order[i]].first)
                continue;
            made.order.push_back(order[i]);
        }
        if (!literal) {
            std::vector<const std::pair<QString, JsonNode> *> kept;
            for (const std::size_t i : made.order)
                kept.push_back(&m_members[i]);
            return kept;
        }
        shapes.push_back(std::move(made));
        shape = shapes.end() - 1;
    }
    std::vector<const std::pair<QString, JsonNode> *> kept;
    kept.reserve(shape->order.size());
    for (const std::size_t i : shape->order)
        kept.push_back(&m_members[i]);
    return kept;
}

QJsonObject JsonFields::toQJson() const
{
    QJsonObject object;
    for (const auto &[key, value] : m_members)
        object.insert(key, value.toQJson());
    return object;
}

void JsonFields::write(std::string &out, int indent) const
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
    out.push_back('}');
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

void JsonItems::write(std::string &out, int indent) const
{
    out.append("[\n", 2);
    for (std::size_t i = 0; i < m_items.size(); ++i) {
        appendIndent(out, indent + 1);
        m_items[i].write(out, indent + 1);
        out.append(i + 1 < m_items.size() ? ",\n" : "\n");
    }
    appendIndent(out, indent);
    out.push_back(']');
}

} // namespace accelplan
