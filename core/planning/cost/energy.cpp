#include "core/planning/cost/energy.h"

#include "core/common/tr.h"

namespace accelplan::planning {

std::optional<Energy> energyOf(int chips, const catalog::Accelerator &accelerator, double hours, double pue,
                               const catalog::GridIntensity *grid)
{
    if (!accelerator.tdpWatts || chips < 1 || hours < 0)
        return std::nullopt;
    Energy e;
    e.chips = chips;
    e.tdpWatts = *accelerator.tdpWatts;
    e.pue = pue;
    e.hours = hours;
    e.kwh = chips * *accelerator.tdpWatts * pue * hours / 1000;
    if (grid) {
        e.gridYear = grid->year;
        e.gridProvider = grid->provider;
        e.gridRegion = grid->region;
        e.gridSource = grid->source.url;
        e.gramsCo2ePerKwh = grid->gramsCo2ePerKwh;
        e.co2eKg = e.kwh * grid->gramsCo2ePerKwh / 1000;
    }
    return e;
}

QString Energy::basis() const
{
    QString text = Tr::tr("%1 × %2 W (TDP) × PUE %3 × %4 h = %5 kWh")
                       .arg(chips)
                       .arg(tdpWatts)
                       .arg(pue)
                       .arg(hours, 0, 'f', 0)
                       .arg(kwh, 0, 'f', 0);
    if (gramsCo2ePerKwh && co2eKg) {
        text += Tr::tr("; × %1 g CO2e/kWh (%2 %3 grid average, %4: %5) = %6 kg CO2e")
                    .arg(*gramsCo2ePerKwh)
                    .arg(gridProvider, gridRegion)
                    .arg(gridYear)
                    .arg(gridSource)
                    .arg(*co2eKg, 0, 'f', 0);
    } else {
        text += Tr::tr("; no grid intensity known for this region: CO2e not estimated");
    }
    return text;
}

} // namespace accelplan::planning
