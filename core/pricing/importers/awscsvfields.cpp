#include "core/pricing/importers/awscsvfields.h"

#include <cstring>

namespace accelplan::pricing {

bool splitAwsCsvLine(QByteArrayView line, AwsCsvFields &fields)
{
    fields.views.clear();
    fields.unescaped.clear();
    while (!line.isEmpty() && (line.back() == '\n' || line.back() == '\r'))
        line.chop(1);
    const char *data = line.data();
    const qsizetype n = line.size();
    qsizetype i = 0;
    while (i <= n) {
        if (i < n && data[i] == '"') {
            const qsizetype start = ++i;
            bool doubled = false;
            while (true) {
                const void *quote = i < n ? std::memchr(data + i, '"', size_t(n - i)) : nullptr;
                if (!quote)
                    return false; // unterminated quote
                i = static_cast<const char *>(quote) - data;
                if (i + 1 < n && data[i + 1] == '"') {
                    doubled = true;
                    i += 2;
                    continue;
                }
                break;
            }
            const QByteArrayView raw = line.sliced(start, i - start);
            ++i;
            if (doubled) {
                fields.unescaped.push_back(raw.toByteArray().replace("\"\"", "\""));
                fields.views.append(QByteArrayView(fields.unescaped.back()));
            } else {
                fields.views.append(raw);
            }
        } else {
            const void *comma = i < n ? std::memchr(data + i, ',', size_t(n - i)) : nullptr;
            const qsizetype stop = comma ? static_cast<const char *>(comma) - data : n;
            fields.views.append(line.sliced(i, stop - i));
            i = stop;
        }
        if (i >= n)
            break;
        if (data[i] != ',')
            return false;
        ++i;
        if (i == n) {
            fields.views.append(QByteArrayView());
            break;
        }
    }
    return true;
}

} // namespace accelplan::pricing
