#include "core/common/isodate.h"

namespace accelplan {

QDate parseIsoDate(QStringView text)
{
    if (text.size() != 10 || text[4] != u'-' || text[7] != u'-')
        return {};
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (i != 4 && i != 7 && !(text[i] >= u'0' && text[i] <= u'9'))
            return {};
    }
    return QDate(text.left(4).toInt(), text.mid(5, 2).toInt(), text.mid(8, 2).toInt());
}

} // namespace accelplan
