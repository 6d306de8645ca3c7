#include "core/planning/model/steptime.h"

#include "core/common/tr.h"

using namespace Qt::StringLiterals;

namespace accelplan::planning {

Terms StepTime::terms() const
{
    return {{u"compute"_s, Tr::tr("compute"), compute, {}, {}, {}},
            {u"tp_comm"_s, Tr::tr("tensor-parallel"), tpComm, {}, {}, {}},
            {u"pp_bubble"_s, Tr::tr("pipeline bubble"), ppBubble, {}, {}, {}},
            {u"dp_comm"_s, Tr::tr("data-parallel"), dpComm, {}, {}, {}},
            {u"ep_comm"_s, Tr::tr("expert all-to-all"), epComm, {}, {}, {}}};
}

} // namespace accelplan::planning
