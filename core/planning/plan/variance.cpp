#include "core/planning/plan/variance.h"

#include "core/common/csvtable.h"
#include "core/common/tr.h"

#include <QMap>

using namespace Qt::StringLiterals;

namespace accelplan::planning {

namespace {

// Instance-hours the recommended option of \a workload needs per unit of work (a token trained, a
// request served), as the plan projects it; nullopt where the plan has no such option.
std::optional<double> hoursPerUnit(const Plan &plan, const QString &workload)
{
    if (workload == u"training"_s) {
        const TrainingOption *o = plan.recommendedTraining();
        if (!o || !plan.trainingRequest || plan.trainingRequest->input.tokens <= 0)
            return std::nullopt;
        return o->instances * o->projection->wallHours.typical / plan.trainingRequest->input.tokens;
    }
    const InferenceOption *o = plan.recommendedInference();
    if (!o || !plan.inferenceRequest || !plan.inferenceRequest->input.requestsPerSecond
        || *plan.inferenceRequest->input.requestsPerSecond <= 0)
        return std::nullopt;
    return o->instances / (*plan.inferenceRequest->input.requestsPerSecond * 3600.0);
}

} // namespace

Result<QList<VarianceLine>> planVariance(const Plan &plan, QDate firstMonth, const QList<pricing::ActualCharge> &actuals,
                                         const QList<WorkDone> &work)
{
    // month, provider|sku -> line
    QMap<std::pair<QDate, QString>, VarianceLine> lines;
    QMap<std::pair<QDate, QString>, double> plannedRate; // planned cost per hour, plan currency
    for (const ForecastLine &f : forecastLines(plan)) {
        // The bill's accelerator charges only (an import keeps no others): the all-in lines are not compared.
        if (!f.charge.isEmpty())
            continue;
        const QDate month = firstMonth.addMonths(f.month);
        const auto key = std::pair{month, pricing::actualsKey(f.offer->key.provider, f.offer->key.sku)};
        VarianceLine &line = lines[key];
        line.month = month;
        line.provider = f.offer->key.provider;
        line.sku = f.offer->key.sku;
        line.workload = f.workloads.join(u'+');
        line.planned += f.effective;
        if (const auto hours = f.quantity()) {
            line.plannedHours = line.plannedHours.value_or(0) + *hours;
            plannedRate[key] = *f.unitPrice;
        }
    }
    for (const pricing::ActualCharge &c : actuals) {
        if (c.currency.compare(plan.currency, Qt::CaseInsensitive) != 0)
            return Error::badInput(Tr::tr("line %1: the charge is in %2, the plan in %3; plan the scenario in %2 "
                                          "(its currency) to compare")
                                       .arg(c.line)
                                       .arg(c.currency, plan.currency));
        const auto key = std::pair{c.month, pricing::actualsKey(c.provider, c.sku)};
        VarianceLine &line = lines[key];
        if (line.workload.isEmpty()) {
            line.month = c.month;
            line.provider = c.provider;
            line.sku = c.sku;
            line.workload = u"unplanned"_s;
        }
        line.actual += c.effectiveCost;
        if (c.quantity > 0)
            line.actualHours = line.actualHours.value_or(0) + c.quantity;
    }
    QHash<QDate, WorkDone> workByMonth;
    for (const WorkDone &w : work)
        workByMonth.insert(w.month, w);

    QList<VarianceLine> result;
    for (auto it = lines.begin(); it != lines.end(); ++it) {
        VarianceLine &line = it.value();
        const auto rate = plannedRate.constFind(it.key());
        if (rate == plannedRate.cend() || !line.actualHours) {
            // No rate to split by (owned hardware, a SKU the plan does not use, a bill without quantities).
            line.volume = line.variance();
            line.note = rate == plannedRate.cend() ? Tr::tr("no planned rate: the whole difference is volume")
                        : line.actual == 0             ? Tr::tr("not in the bill: the whole difference is volume")
                                                       : Tr::tr("the bill gives no quantity: the whole difference is volume");
            result.append(line);
            continue;
        }
        const double plannedHours = line.plannedHours.value_or(0);
        const double actualRate = line.actual / *line.actualHours;
        line.price = (actualRate - *rate) * *line.actualHours;
        // Hours the work done needs, as projected: per workload that the month reports.
        std::optional<double> workHours;
        if (const auto w = workByMonth.constFind(line.month); w != workByMonth.cend()) {
            for (const QString &workload : line.workload.split(u'+')) {
                const auto perUnit = hoursPerUnit(plan, workload);
                const std::optional<double> units = workload == u"training"_s ? w->tokensTrained : w->requestsServed;
                if (perUnit && units)
                    workHours = workHours.value_or(0) + *perUnit * *units;
            }
        }
        if (workHours) {
            line.workHours = workHours;
            line.volume = (*workHours - plannedHours) * *rate;
            line.throughput = (*line.actualHours - *workHours) * *rate;
        } else {
            line.volume = (*line.actualHours - plannedHours) * *rate;
        }
        result.append(line);
    }
    return result;
}

Result<QList<WorkDone>> readWorkDone(QIODevice *device, const QString &fileName)
{
    QList<WorkDone> work;
    const Diagnostics problems = readCsvTable(device, fileName, {u"month"_s}, [&](const CsvRecord &r) {
        WorkDone w;
        const QString month = r.required(u"month"_s);
        w.month = QDate::fromString(month + u"-01"_s, Qt::ISODate);
        if (!w.month.isValid()) {
            r.error(u"month"_s, Tr::tr("'%1' is not a month (YYYY-MM)").arg(month));
            return;
        }
        w.tokensTrained = r.number(u"tokens_trained"_s);
        w.requestsServed = r.number(u"requests_served"_s);
        work.append(w);
    });
    if (hasErrors(problems))
        return Error::badInput(Tr::tr("%1 has errors").arg(fileName), problems);
    return work;
}

} // namespace accelplan::planning
