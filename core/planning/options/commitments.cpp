#include "core/planning/options/commitments.h"

#include "core/common/tr.h"

#include <glpk.h>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace Qt::StringLiterals;

namespace accelplan::planning {

namespace {

struct Variable
{
    CommitmentProduct product;
    int start = 1;
};

/// Months of a purchase's term inside the horizon, and what it costs whole (past the horizon less
/// other work's share).
int monthsInHorizon(const Variable &v, int months)
{
    return std::min(v.product.termMonths, months - v.start + 1);
}

double purchaseCost(const Variable &v, int months, double otherUse)
{
    const int inside = monthsInHorizon(v, months);
    return v.product.perInstanceMonth * (inside + (v.product.termMonths - inside) * (1.0 - otherUse));
}

bool covers(const Variable &v, int month)
{
    return month >= v.start && month < v.start + v.product.termMonths;
}

QList<Variable> variables(const CommitmentProblem &problem, int months)
{
    QList<Variable> list;
    for (const CommitmentProduct &p : problem.products)
        for (int start : commitmentStarts(p, months))
            list.append({p, start});
    return list;
}

int scenariosNeeded(const CommitmentProblem &problem)
{
    return std::max(1, int(std::ceil(problem.percentile * problem.demand.size() - 1e-9)));
}

} // namespace

QList<int> commitmentStarts(const CommitmentProduct &product, int months)
{
    QList<int> starts;
    for (int start = 1; start <= months; start += std::max(1, product.termMonths))
        starts.append(start);
    return starts;
}

double portfolioCost(const CommitmentProblem &problem, const QList<CommitmentPurchase> &purchases, double *idleShare)
{
    const int months = problem.demand.isEmpty() ? 0 : int(problem.demand.first().size());
    QList<int> covered(months, 0);
    double committed = 0;
    for (const CommitmentPurchase &purchase : purchases) {
        const auto product = std::find_if(problem.products.cbegin(), problem.products.cend(),
                                          [&](const CommitmentProduct &p) { return p.model == purchase.model; });
        if (product == problem.products.cend())
            continue;
        const Variable v{*product, purchase.startMonth};
        committed += purchase.instances * purchaseCost(v, months, problem.otherUse);
        for (int m = 1; m <= months; ++m)
            if (covers(v, m))
                covered[m - 1] += purchase.instances;
    }
    double coveredMonths = 0;
    for (int c : covered)
        coveredMonths += c;
    double total = 0;
    QList<double> idle;
    for (const QList<int> &scenario : problem.demand) {
        double cost = committed, idleMonths = 0;
        for (int m = 0; m < months; ++m) {
            cost += std::max(0, scenario[m] - covered[m]) * problem.onDemandPerInstanceMonth;
            idleMonths += std::max(0, covered[m] - scenario[m]);
        }
        total += cost;
        idle.append(coveredMonths > 0 ? idleMonths / coveredMonths : 0.0);
    }
    std::sort(idle.begin(), idle.end());
    if (idleShare)
        *idleShare = idle.isEmpty() ? 0.0 : idle[scenariosNeeded(problem) - 1];
    return problem.demand.isEmpty() ? 0.0 : total / problem.demand.size();
}

Result<CommitmentSolution> optimiseCommitments(const CommitmentProblem &problem)
{
    if (problem.demand.isEmpty() || problem.demand.first().isEmpty())
        return Error::badInput(Tr::tr("no demand to commit to"));
    const int months = int(problem.demand.first().size());
    const int scenarios = int(problem.demand.size());
    for (const QList<int> &s : problem.demand)
        if (s.size() != months)
            return Error::badInput(Tr::tr("every scenario needs the horizon's %1 months").arg(months));
    int peak = 0;
    for (const QList<int> &s : problem.demand)
        for (int d : s)
            peak = std::max(peak, d);
    const QList<Variable> vars = variables(problem, months);

    // Columns: the purchases y (integer 0..peak), then per scenario and month the on-demand
    // instances o and the idle committed instances u, then a binary z per scenario (its idle
    // share is held under the cap).
    std::unique_ptr<glp_prob, decltype(&glp_delete_prob)> lp(glp_create_prob(), &glp_delete_prob);
    glp_set_obj_dir(lp.get(), GLP_MIN);
    const int y0 = 1;
    const int o0 = y0 + int(vars.size());
    const int u0 = o0 + scenarios * months;
    const int z0 = u0 + scenarios * months;
    const int columns = z0 + scenarios - 1;
    glp_add_cols(lp.get(), columns);
    for (qsizetype i = 0; i < vars.size(); ++i) {
        glp_set_col_kind(lp.get(), y0 + int(i), GLP_IV);
        glp_set_col_bnds(lp.get(), y0 + int(i), GLP_DB, 0, peak);
        glp_set_obj_coef(lp.get(), y0 + int(i), purchaseCost(vars[i], months, problem.otherUse));
    }
    for (int k = 0; k < scenarios * months; ++k) {
        glp_set_col_bnds(lp.get(), o0 + k, GLP_LO, 0, 0);
        glp_set_obj_coef(lp.get(), o0 + k, problem.onDemandPerInstanceMonth / scenarios);
        glp_set_col_bnds(lp.get(), u0 + k, GLP_LO, 0, 0);
    }
    for (int s = 0; s < scenarios; ++s)
        glp_set_col_kind(lp.get(), z0 + s, GLP_BV);

    QList<int> ia{0}, ja{0};
    QList<double> ar{0};
    auto put = [&](int row, int column, double value) {
        ia.append(row);
        ja.append(column);
        ar.append(value);
    };
    // Committed instance-months in the horizon per purchase: the cap's base.
    QList<double> coveredMonths;
    for (const Variable &v : vars)
        coveredMonths.append(monthsInHorizon(v, months));
    const double bigM = double(peak) * months * 2 + 1;
    for (int s = 0; s < scenarios; ++s) {
        for (int m = 1; m <= months; ++m) {
            const int k = s * months + (m - 1);
            const double d = problem.demand[s][m - 1];
            // o + covered ≥ d
            const int need = glp_add_rows(lp.get(), 1);
            glp_set_row_bnds(lp.get(), need, GLP_LO, d, 0);
            put(need, o0 + k, 1);
            // u − covered ≥ −d
            const int idle = glp_add_rows(lp.get(), 1);
            glp_set_row_bnds(lp.get(), idle, GLP_LO, -d, 0);
            put(idle, u0 + k, 1);
            for (qsizetype i = 0; i < vars.size(); ++i)
                if (covers(vars[i], m)) {
                    put(need, y0 + int(i), 1);
                    put(idle, y0 + int(i), -1);
                }
        }
        // Σ u − cap × Σ covered + M z ≤ M: with z = 1 the scenario keeps under the cap.
        const int cap = glp_add_rows(lp.get(), 1);
        glp_set_row_bnds(lp.get(), cap, GLP_UP, 0, bigM);
        for (int m = 0; m < months; ++m)
            put(cap, u0 + s * months + m, 1);
        for (qsizetype i = 0; i < vars.size(); ++i)
            put(cap, y0 + int(i), -problem.idleCap * coveredMonths[i]);
        put(cap, z0 + s, bigM);
    }
    const int enough = glp_add_rows(lp.get(), 1);
    glp_set_row_bnds(lp.get(), enough, GLP_LO, scenariosNeeded(problem), 0);
    for (int s = 0; s < scenarios; ++s)
        put(enough, z0 + s, 1);
    glp_load_matrix(lp.get(), int(ia.size()) - 1, ia.constData(), ja.constData(), ar.constData());

    glp_term_out(GLP_OFF);
    glp_iocp parameters;
    glp_init_iocp(&parameters);
    parameters.presolve = GLP_ON;
    parameters.msg_lev = GLP_MSG_OFF;
    parameters.tm_lim = 20'000; // ms
    const int code = glp_intopt(lp.get(), &parameters);
    const int status = glp_mip_status(lp.get());
    if ((code != 0 && code != GLP_ETMLIM) || (status != GLP_OPT && status != GLP_FEAS))
        return Error::internal(Tr::tr("GLPK found no commitment plan (glp_intopt %1, status %2)").arg(code).arg(status));

    CommitmentSolution solution;
    solution.optimal = status == GLP_OPT;
    for (qsizetype i = 0; i < vars.size(); ++i)
        if (const int n = int(std::lround(glp_mip_col_val(lp.get(), y0 + int(i)))); n > 0)
            solution.purchases.append({vars[i].product.model, vars[i].start, n});
    std::sort(solution.purchases.begin(), solution.purchases.end(), [](const auto &a, const auto &b) {
        return a.startMonth != b.startMonth ? a.startMonth < b.startMonth : a.model < b.model;
    });
    solution.expectedCost = portfolioCost(problem, solution.purchases, &solution.idleShare);
    solution.onDemandCost = portfolioCost(problem, {}, nullptr);
    return solution;
}

} // namespace accelplan::planning
