#include "core/common/diagnostic.h"

#include <QStringList>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace accelplan {

QString Error::toString() const
{
    QStringList lines{message};
    for (const Diagnostic &d : details)
        lines.append(d.toString());
    return lines.join(u'\n');
}

QString Diagnostic::toString() const
{
    QString out;
    if (!file.isEmpty()) {
        out += file;
        if (line > 0)
            out += u':' + QString::number(line);
        out += u": "_s;
    }
    out += severity == Severity::Error ? u"error: "_s : u"warning: "_s;
    if (!field.isEmpty())
        out += field + u": "_s;
    out += message;
    return out;
}

Diagnostic Diagnostic::error(QString file, int line, QString field, QString message)
{
    return {Severity::Error, std::move(file), line, std::move(field), std::move(message)};
}

Diagnostic Diagnostic::warning(QString file, int line, QString field, QString message)
{
    return {Severity::Warning, std::move(file), line, std::move(field), std::move(message)};
}

bool hasErrors(const Diagnostics &diagnostics)
{
    return std::any_of(diagnostics.cbegin(), diagnostics.cend(),
                       [](const Diagnostic &d) { return d.severity == Diagnostic::Severity::Error; });
}

} // namespace accelplan
