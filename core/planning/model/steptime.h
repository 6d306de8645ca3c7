#pragma once

#include "core/common/term.h"

namespace accelplan::planning {

/// One optimizer step, in seconds (or, after shares(), as shares of the step): compute at the
/// profile's MFU and the communication that is not hidden behind it. A new part of a step is a
/// member here, a line of terms() and what cluster.cpp computes for it: the JSON, the window and the
/// PDF show terms().
struct StepTime
{
    double compute = 0;
    double tpComm = 0;
    double ppBubble = 0;
    double dpComm = 0;
    double epComm = 0;

    double total() const { return compute + tpComm + ppBubble + dpComm + epComm; }
    /// Each part as a share of the whole step.
    StepTime shares() const
    {
        const double t = total();
        return {compute / t, tpComm / t, ppBubble / t, dpComm / t, epComm / t};
    }
    /// The parts as named terms, in the order every presenter shows them.
    Terms terms() const;
};

} // namespace accelplan::planning
