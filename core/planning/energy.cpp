#include "core/planning/energy.h"

#include "core/common/tr.h"

namespace accelplan::planning {

std::optional<Energy> energyOf(int chips, const catalog::Accelerator &accelerator, double hours, double pue,
                               const catalog::GridIntensity *grid)
{
    if (!accelerator.tdpWatts || chips < 1 || hours < 0)
        return std::nullopt;
    Energy e;
    e.kwh = chips * *accelerator.tdpWatts * pue * hours / 1000;
    e.basis = Tr::tr("%1 × %2 W (TDP) × PUE %3 × %4 h = %5 kWh")
                  .arg(chips)
                  .arg(*accelerator.tdpWatts)
                  .arg(pue)
                  .arg(hours, 0, 'f', 0)
                  .arg(e.kwh, 0, 'f', 0);
    if (grid) {
        e.gramsCo2ePerKwh = grid->gramsCo2ePerKwh;
        e.co2eKg = e.kwh * grid->gramsCo2ePerKwh / 1000;
        e.basis += Tr::tr("; × %1 g CO2e/kWh (%2 %3 grid average, %4: %5) = %6 kg CO2e")
                       .arg(grid->gramsCo2ePerKwh)
                       .arg(grid->provider, grid->region)
                       .arg(grid->year)
                       .arg(grid->source.url)
                       .arg(*e.co2eKg, 0, 'f', 0);
    } else {
        e.basis += Tr::tr("; no grid intensity known for this region: CO2e not estimated");
    }
    return e;
}

} // namespace accelplan::planning
