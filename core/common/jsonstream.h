#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QString>

class QCryptographicHash;
class QIODevice;

namespace accelplan {

/// A pull reader for JSON that never holds more than one buffer of the input and the value it
/// is asked to build, so a multi-gigabyte file is read with flat memory. The outer structure is
/// walked token by token; an inner value (one product, one price item) can be read whole with
/// readValue() or passed over with skipValue().
///
/// Several top-level values may follow each other (pages saved one after another); next()
/// returns End after the last one.
///
///     JsonStream json(&file);
///     if (json.next() != JsonStream::BeginObject) ...
///     while (json.next() == JsonStream::Key) {
///         if (json.string() == u"Items") {
///             json.next();                                   // BeginArray
///             while (json.next() != JsonStream::EndArray) {  // each element's first token
///                 const QJsonValue item = json.readValue();
///             }
///         } else {
///             json.next();
///             json.skipValue();
///         }
///     }
///
/// A syntax error or a read failure makes next() return Error from then on; errorString() and
/// line() say what and where.
class JsonStream
{
public:
    enum Token { None, BeginObject, EndObject, BeginArray, EndArray, Key, String, Number, Bool, Null, End, Error };

    explicit JsonStream(QIODevice *device);
    /// Every byte read from now on is also added to \a hash (the file's digest, computed on the way).
    void hashInto(QCryptographicHash *hash) { m_hash = hash; }

    /// Advances to the next token and returns it.
    Token next();
    Token token() const { return m_token; }
    /// A key's or a string value's text.
    const QString &string() const { return m_string; }
    /// A number as written ("55.0400000000"), for exact decimals.
    const QByteArray &numberText() const { return m_number; }
    double number() const;
    bool boolean() const { return m_bool; }

    /// Reads the value whose first token is the current one (a scalar, or a whole object or array)
    /// and leaves the stream on its last token, so next() goes on after it. Returns Undefined on error.
    QJsonValue readValue();
    /// The same without building anything.
    void skipValue();

    /// Nesting depth after the current token: 0 between top-level values.
    int depth() const { return m_depth; }
    /// The 1-based line the current token starts on.
    int line() const { return m_tokenLine; }
    /// Bytes of the input consumed so far.
    qint64 position() const { return m_consumed + m_pos; }
    bool hasError() const { return m_token == Error; }
    QString errorString() const { return m_error; }

private:
    bool fill();
    int peekChar();
    int getChar();
    bool skipSpace();
    Token fail(const QString &message);
    bool readString(QString &out);
    bool readLiteral(const char *rest);

    QIODevice *m_device;
    QCryptographicHash *m_hash = nullptr;
    QByteArray m_buffer;
    qsizetype m_pos = 0;
    qint64 m_consumed = 0;
    int m_line = 1;
    int m_tokenLine = 1;
    int m_depth = 0;
    QByteArray m_stack; ///< '{' or '[' per open container
    bool m_expectKey = false;   ///< inside an object, before a key
    bool m_afterValue = false;  ///< a value or key just ended: a separator comes next
    Token m_token = None;
    QString m_string;
    QByteArray m_number;
    bool m_bool = false;
    QString m_error;
};

} // namespace accelplan
