#pragma once

#include <QList>
#include <QString>

#include <optional>
#include <utility>

namespace accelplan {

/// One problem found in user input or while doing work: where (file, line, field) and what.
struct Diagnostic
{
    enum class Severity { Warning, Error };

    Severity severity = Severity::Error;
    QString file;
    int line = 0; ///< 1-based; 0 when the problem is not tied to a line
    QString field;
    QString message;

    /// "FILE:LINE: error: FIELD: message" (parts without a value are left out).
    QString toString() const;

    static Diagnostic error(QString file, int line, QString field, QString message);
    static Diagnostic warning(QString file, int line, QString field, QString message);
};

using Diagnostics = QList<Diagnostic>;

bool hasErrors(const Diagnostics &diagnostics);

/// Why an operation failed; the CLI maps it to an exit status.
enum class ErrorKind {
    BadInput, ///< the user's file or argument is wrong (exit 2)
    Internal, ///< database or I/O failure (exit 3)
    Interrupted, ///< stopped by the user (Ctrl-C, SIGTERM) before anything was written (exit 130)
};

struct Error
{
    ErrorKind kind = ErrorKind::Internal;
    QString message;
    Diagnostics details;

    static Error badInput(QString message, Diagnostics details = {})
    {
        return {ErrorKind::BadInput, std::move(message), std::move(details)};
    }
    static Error internal(QString message) { return {ErrorKind::Internal, std::move(message), {}}; }
    static Error interrupted(QString message) { return {ErrorKind::Interrupted, std::move(message), {}}; }
    /// The message and each detail on a line of its own, for a message box.
    QString toString() const;
};

/// Either a value or an Error. Core functions that can fail return this; no exceptions.
template<typename T>
class Result
{
public:
    Result(T value) : m_value(std::move(value)) {}
    Result(Error error) : m_error(std::move(error)) {}

    bool ok() const { return m_value.has_value(); }
    explicit operator bool() const { return ok(); }

    const T &value() const & { return *m_value; }
    T &value() & { return *m_value; }
    T &&value() && { return std::move(*m_value); }
    const T *operator->() const { return &*m_value; }
    T *operator->() { return &*m_value; }
    const T &operator*() const { return *m_value; }

    const Error &error() const { return m_error; }

private:
    std::optional<T> m_value;
    Error m_error;
};

/// For operations that return nothing but can fail.
struct Done {};
using Status = Result<Done>;

} // namespace accelplan
