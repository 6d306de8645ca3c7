#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QVarLengthArray>

#include <string_view>
#include <vector>

namespace accelplan::pricing {

/// One line's fields: views into the line (valid until the next line is read), or into
/// `unescaped` for the rare field with a doubled quote inside. No field is copied otherwise.
struct AwsCsvFields
{
    QVarLengthArray<QByteArrayView, 96> views;
    std::vector<QByteArray> unescaped;

    QByteArrayView value(qsizetype i) const { return i >= 0 && i < views.size() ? views[i] : QByteArrayView(); }
    bool is(qsizetype i, std::string_view text) const
    {
        const QByteArrayView v = value(i);
        return std::string_view(v.data(), size_t(v.size())) == text;
    }
};

/// Splits one line of the AWS price list CSV (every field quoted, "" inside a field) into
/// \a fields. False when the line is malformed.
bool splitAwsCsvLine(QByteArrayView line, AwsCsvFields &fields);

} // namespace accelplan::pricing
