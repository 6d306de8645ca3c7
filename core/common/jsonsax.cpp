#include "core/common/jsonsax.h"

#include "core/common/backgroundhash.h"
#include "core/common/tr.h"

#include <QIODevice>

#include <charconv>
#include <cstdlib>
#include <string>

namespace accelplan {

namespace {

constexpr qint64 kChunk = 1 << 20;
const char kEnd = '\0'; ///< what Peek() shows after the last byte, as RapidJSON expects

} // namespace

qsizetype countLineFeeds(const char *p, const char *end)
{
    qsizetype lines = 0;
#if defined(__SSE2__)
    // Per-byte counters (a compare's 0xFF is -1), summed before any of them can pass 255.
    const __m128i lf = _mm_set1_epi8('\n');
    while (end - p >= 16) {
        __m128i counts = _mm_setzero_si128();
        for (int i = 0; i < 255 && end - p >= 16; ++i, p += 16)
            counts = _mm_sub_epi8(counts, _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i *>(p)), lf));
        const __m128i sums = _mm_sad_epu8(counts, _mm_setzero_si128());
        lines += _mm_cvtsi128_si32(sums) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(sums, sums));
    }
#endif
    return lines + std::count(p, end, '\n');
}

JsonDeviceStream::JsonDeviceStream(QIODevice *device, BackgroundHash *hash)
    : m_device(device), m_hash(hash)
{
    m_current = m_last = m_begin = m_counted = &kEnd;
    refill();
}

void JsonDeviceStream::refill()
{
    if (m_atEnd) {
        m_current = &kEnd;
        return;
    }
    if (m_begin != &kEnd) {
        m_lines += int(countLineFeeds(m_counted, m_last + 1));
        m_consumed += m_last + 1 - m_begin;
    }
    // A new chunk each time: the hash thread may still hold the previous one.
    m_chunk = QByteArray(kChunk, Qt::Uninitialized);
    const qint64 got = m_device->read(m_chunk.data(), kChunk);
    if (got <= 0) {
        if (got < 0) {
            m_readFailed = true;
            m_readError = Tr::tr("read failed: %1").arg(m_device->errorString());
        }
        m_atEnd = true;
        m_chunk.clear();
        m_current = m_last = m_begin = m_counted = &kEnd;
        return;
    }
    m_chunk.truncate(got);
    if (m_hash)
        m_hash->addData(m_chunk);
    m_begin = m_current = m_counted = m_chunk.constData();
    m_last = m_begin + got - 1;
}

void JsonDeviceStream::stopAtLongString()
{
    line(); // count the line breaks read so far: the error is at the string's line
    m_readFailed = true;
    m_readError = Tr::tr("a string longer than %1 MiB").arg(kMaxJsonStringBytes >> 20);
    m_atEnd = true;
    m_chunk.clear();
    m_current = m_last = m_begin = m_counted = &kEnd;
}

int JsonDeviceStream::line()
{
    if (m_current != &kEnd) {
        m_lines += int(countLineFeeds(m_counted, m_current));
        m_counted = m_current;
    }
    return m_lines + 1;
}

void JsonDeviceStream::drain()
{
    while (!m_atEnd) {
        m_current = m_last;
        refill();
    }
}

void JsonDeviceStream::skipLongWhitespace()
{
    while (true) {
        const Ch *p = m_current;
#if defined(__SSE2__)
        for (; m_last - p >= 16; p += 16) {
            if (const unsigned other = ~jsonSpaceMask(_mm_loadu_si128(reinterpret_cast<const __m128i *>(p))) & 0xFFFFu) {
                m_current = p + __builtin_ctz(other);
                return;
            }
        }
#endif
        while (p < m_last && isJsonSpace(*p))
            ++p;
        m_current = p;
        // The chunk's last character (or the end): Take() moves on to the next chunk.
        if (p != m_last || m_atEnd || !isJsonSpace(*p))
            return;
        Take();
    }
}

bool JsonDeviceStream::moreValues()
{
    skipWhitespace();
    return Peek() != '\0' || m_current != &kEnd; // a NUL inside the file is left to the parser to refuse
}

void JsonTreeBuilder::begin()
{
    m_open.clear();
    m_keys.clear();
    m_root.SetNull();
    m_allocator.Clear();
    m_done = false;
}

bool JsonTreeBuilder::StartObject()
{
    m_open.emplace_back(rapidjson::kObjectType);
    return true;
}

bool JsonTreeBuilder::StartArray()
{
    m_open.emplace_back(rapidjson::kArrayType);
    return true;
}

bool JsonTreeBuilder::EndObject(rapidjson::SizeType)
{
    Value done(std::move(m_open.back()));
    m_open.pop_back();
    return add(std::move(done));
}

bool JsonTreeBuilder::EndArray(rapidjson::SizeType count)
{
    return EndObject(count);
}

bool JsonTreeBuilder::Key(const char *text, rapidjson::SizeType length, bool)
{
    m_keys.emplace_back(text, length, m_allocator);
    return true;
}

bool JsonTreeBuilder::String(const char *text, rapidjson::SizeType length, bool)
{
    return add(Value(text, length, m_allocator));
}

bool JsonTreeBuilder::RawNumber(const char *text, rapidjson::SizeType length, bool)
{
    qint64 whole = 0;
    const auto [end, error] = std::from_chars(text, text + length, whole);
    if (error == std::errc() && end == text + length)
        return add(Value(int64_t(whole)));
    return add(Value(std::strtod(std::string(text, length).c_str(), nullptr)));
}

bool JsonTreeBuilder::Bool(bool b)
{
    return add(Value(b));
}

bool JsonTreeBuilder::Null()
{
    return add(Value());
}

bool JsonTreeBuilder::add(Value &&value)
{
    if (m_open.empty()) {
        m_root = std::move(value);
        m_done = true;
        return true;
    }
    Value &container = m_open.back();
    if (container.IsObject()) {
        container.AddMember(m_keys.back(), value, m_allocator);
        m_keys.pop_back();
    } else {
        container.PushBack(value, m_allocator);
    }
    return true;
}

const rapidjson::Value *jsonMember(const rapidjson::Value *object, const char *key)
{
    if (!object || !object->IsObject())
        return nullptr;
    const auto found = object->FindMember(key);
    return found == object->MemberEnd() ? nullptr : &found->value;
}

QString jsonText(const rapidjson::Value *value)
{
    return value && value->IsString() ? QString::fromUtf8(value->GetString(), qsizetype(value->GetStringLength()))
                                      : QString();
}

QJsonValue jsonScalar(const rapidjson::Value *value)
{
    if (!value || value->IsObject() || value->IsArray())
        return QJsonValue(QJsonValue::Undefined);
    if (value->IsNull())
        return QJsonValue(QJsonValue::Null);
    if (value->IsBool())
        return value->GetBool();
    if (value->IsNumber())
        return value->GetDouble();
    return jsonText(value);
}

double jsonNumber(const rapidjson::Value *value, double fallback)
{
    return value && value->IsNumber() ? value->GetDouble() : fallback;
}

} // namespace accelplan
