#include "ui/report/budgetreport.h"

#include "core/common/savefile.h"
#include "core/planning/options/demand.h"
#include "core/planning/plan/variance.h"

#include "ui/format.h"
#include "ui/report/appendixsections.h"
#include "ui/report/assumptions.h"
#include "ui/report/reporthtml.h"
#include "ui/report/reportpagination.h"
#include "ui/charts/chartregistry.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QMap>
#include <QChart>
#include <QCoreApplication>
#include <QGraphicsScene>
#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>
#include <QPainter>
#include <QPdfWriter>
#include <QSet>
#include <QTextBlock>
#include <QTextDocumentFragment>
#include <QTextTable>
#include <QTextCursor>
#include <QTextLayout>
#include <QTextDocument>
#include <QTextObjectInterface>

#include <algorithm>
#include <cmath>
#include <optional>

using namespace Qt::StringLiterals;

namespace accelplan::ui::report {

using namespace planning;
using namespace html;

namespace {

constexpr int kChartObjectType = QTextFormat::UserObject + 1;
constexpr int kChartProperty = QTextFormat::UserProperty + 1;
constexpr int kResolution = 96; // PDF coordinates in 96-dpi pixels: charts and text share one scale
constexpr double kHeaderHeight = 34;
constexpr double kFooterHeight = 26;

// An option's offer as one table line: "p5.48xlarge (spot)", the middle elided past kMaxOfferChars
// (the Sources list gives it in full).
constexpr int kMaxOfferChars = 36;
// The offer, and "stale" when its price was read more than 180 days before the plan's prices date.
QString offerCell(const pricing::PriceRecord &offer, const QDate &pricesAsOf)
{
    // The price model stays whole; the SKU loses its middle, keeping more of its end, where the
    // chip usually is ("Standard_ND…MI300X_v5").
    const QString model = u" ("_s + pricing::toString(offer.key.priceModel) + u')';
    QString sku = offer.key.sku;
    const qsizetype room = std::max<qsizetype>(kMaxOfferChars - model.size(), 12);
    if (sku.size() > room)
        sku = sku.left((room - 1) * 2 / 5) + u'…' + sku.right(room - 1 - (room - 1) * 2 / 5);
    const QString text = sku + model;
    return offer.stale(pricesAsOf) ? text + u", "_s + tr("stale") : text;
}

QString chartPlaceholder(charts::ChartId chart)
{
    return u"<p>%%CHART:%1%%</p>"_s.arg(int(chart));
}

// A scenario input in words, with its unit (the report's Assumptions are read by people who do
// not read the file format). A key Accelplan does not know keeps its path.
template<typename Option>
QList<const Option *> listed(const QList<Option> &options, int top)
{
    QList<const Option *> shown;
    for (const Option &o : options) {
        if (shown.size() >= top)
            break;
        if (o.runnable() && o.lockin.computed)
            shown.append(&o);
    }
    return shown;
}

QString exitTable(const OptionLockin &lockin, const QString &currency)
{
    Table table{{tr("Part of the exit cost"), tr("Amount"), tr("How it is computed")}, {1}, {}, {}};
    table.add({tr("Egress"), format::report().money(lockin.exit.egress, currency), lockin.exit.egressBasis});
    table.add({tr("Porting"), format::report().money(lockin.exit.porting, currency), lockin.exit.portingBasis});
    table.add({tr("Commitment remaining"), format::report().money(lockin.exit.commitment, currency), lockin.exit.commitmentBasis()});
    table.add({tr("Total"), format::report().money(lockin.exit.total(), currency), QString()}, true);
    return table.html();
}

// The weights come from the planner's constants, the ones the options table's tooltip uses, so
// the printed sum cannot disagree with the score.
QString lockinFactors(const OptionLockin &lockin)
{
    // The score's own factors and weights (core/planning/lockin.h): change a weight and this follows.
    QStringList parts;
    for (const Term &t : lockin.score.factors())
        parts.append(tr("%1 %2 (%3)").arg(QString::number(t.weight.value_or(0) * 100, 'f', 0) + u" %"_s, t.label,
                                          format::report().number(t.value)));
    return tr("<p>Lock-in score %1 of 100 = %2. Lock-in-adjusted cost %3 = plan cost %4 + exit probability × exit "
              "cost.</p>")
        .arg(format::report().number(lockin.score.score), parts.join(u" + "_s), reportAmount(lockin.adjustedCost),
             reportAmount(lockin.planCost));
}

/// Draws a chart object: the chart is built from the plan at the size the layout gives it and
/// painted through its scene, so the PDF gets vectors and real text.
class ChartObject : public QObject, public QTextObjectInterface
{
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)

public:
    ChartObject(std::shared_ptr<const Plan> plan, QList<planning::ComparedScenario> comparison, QSizeF size)
        : m_plan(std::move(plan)), m_comparison(std::move(comparison)), m_size(size)
    {}

    QSizeF intrinsicSize(QTextDocument *, int, const QTextFormat &) override { return m_size; }

    void drawObject(QPainter *painter, const QRectF &rect, QTextDocument *, int, const QTextFormat &format) override
    {
        // An id no chart is registered under draws nothing: the placeholder was not the registry's.
        const Result<charts::ChartEntry> entry = charts::chartEntry(format.property(kChartProperty).toInt());
        if (!entry)
            return;
        charts::ChartInputs inputs;
        inputs.plan = m_plan;
        inputs.comparison = m_comparison;
        QChart *chart = entry->build(inputs, {});
        chart->setTheme(QChart::ChartThemeLight);
        chart->setBackgroundRoundness(0);
        chart->resize(rect.size());
        QGraphicsScene scene;
        scene.addItem(chart); // the scene owns and deletes the chart
        scene.setSceneRect(QRectF(QPointF(0, 0), rect.size()));
        scene.render(painter, rect, scene.sceneRect());
    }

private:
    std::shared_ptr<const Plan> m_plan;
    QList<planning::ComparedScenario> m_comparison;
    QSizeF m_size;
};

// The recommended training option's cluster and the share of each step its parts take: the one
// place the report renders a step-time breakdown.
QString clusterLine(const TrainingProjection &p)
{
    QString html;
    if (!p.layoutSummary.isEmpty()) {
        auto percent = [](double share) -> QString { return format::report().number(100.0 * share) + u" %"_s; };
        QStringList parts;
        for (const Term &t : p.stepShares.terms())
            parts.append(t.label + u' ' + percent(t.value));
        html += u"<p><b>%1</b> %2</p>"_s.arg(
            esc(tr("Cluster:")),
            esc(tr("%1 node(s) of %2, %3 at %4 Gb/s per node; TP %5 × PP %6 × DP %7 × EP %8. Of each step: %9. Work "
                   "kept after failures and preemptions: %10.")
                    .arg(QString::number(p.nodes), QString::number(p.acceleratorsPerNode), p.fabric,
                         format::report().number(p.fabricGbpsPerNode), QString::number(p.tp), QString::number(p.pp),
                         QString::number(p.dp), QString::number(p.ep), parts.join(u", "_s))
                    .arg(percent(p.efficiency.goodput.typical))));
    }
    return html;
}

// Cash by quarter: what goes out, capex (owned hardware, paid when bought) and the running cost.
QString cashByQuarter(const Plan &plan)
{
    QString html;
    const QString cur = plan.currency;
    const Headline &headline = plan.headline;
    Table quarters{{tr("Quarter"), tr("Cash out"), tr("Capex"), tr("Running cost")}, {1, 2, 3}, {}, {}};
    for (qsizetype first = 0; first < plan.budget.months.size(); first += 3) {
        double cash = 0, capex = 0;
        for (qsizetype m = first; m < std::min<qsizetype>(first + 3, plan.budget.months.size()); ++m) {
            cash += plan.budget.months.at(m).cashOut;
            capex += plan.budget.months.at(m).capex;
        }
        quarters.add({tr("Q%1 (months %2–%3)")
                          .arg(first / 3 + 1)
                          .arg(first + 1)
                          .arg(std::min<qsizetype>(first + 3, plan.budget.months.size())),
                      reportAmount(cash), reportAmount(capex), reportAmount(cash - capex)});
    }
    quarters.add({tr("Total"), reportAmount(plan.budget.cashTotal), reportAmount(headline.capex),
                  reportAmount(plan.budget.cashTotal - headline.capex)},
                 true);
    html += u"<p><b>%1</b></p>"_s.arg(esc(tr("Cash by quarter (%1):").arg(cur))) + quarters.html();
    return html;
}

// What the recommended option's cost follows from (its cost terms as one formula), in the offer's
// currency (the plan converts after).
QString costLine(const QString &basis, const QString &offerCurrency)
{
    if (basis.isEmpty())
        return {};
    return u"<p><b>%1</b> %2</p>"_s.arg(esc(tr("Cost basis (%1):").arg(offerCurrency)), esc(basis));
}

QString trainingTime(const Plan &plan)
{
    QString html;
    const QString cur = plan.currency;
    if (const TrainingOption *t = plan.recommendedTraining()) {
        html += u"<p><b>%1</b> %2</p>"_s.arg(
            esc(tr("Time to train:")),
            esc(tr("%1 days (%2–%3) on %4 × %5 at %6, costing %7.")
                    .arg(format::report().number(t->projection->wallHours.typical / 24, 1), format::report().number(t->projection->wallHours.low / 24, 1),
                         format::report().number(t->projection->wallHours.high / 24, 1), QString::number(t->projection->chips),
                         t->offer.accelerator, optionName(t->offer), format::report().money(t->lockin.planCost, cur))));
        html += clusterLine(*t->projection);
        html += costLine(t->costBasis(), t->offer.currency);
    }
    return html;
}

QString inferenceCost(const Plan &plan)
{
    QString html;
    const QString cur = plan.currency;
    if (const InferenceOption *i = plan.recommendedInference()) {
        html += u"<p><b>%1</b> %2</p>"_s.arg(
            esc(tr("Cost per 1M tokens:")),
            esc(tr("%1 %2 per 1M output tokens all-in at %4 (%5 a month); split by phase, %6 %2 per 1M output and %3 %2 "
                   "per 1M input tokens (%7).")
                    .arg(format::report().number(i->costPerMillionOutputAllIn, 3), cur,
                         format::report().number(i->costPerMillionInput, 3), optionName(i->offer),
                         format::report().money(i->monthlyCost, cur), format::report().number(i->costPerMillionOutput, 3),
                         kCostSplitRule)));
        html += costLine(i->costBasis(), i->offer.currency);
    }
    // Buying the tokens instead (issue 39): the cheapest hosted API and the break-even load.
    if (plan.inference)
        if (const QString apis = apiSummary(*plan.inference); !apis.isEmpty())
            html += u"<p>%1</p>"_s.arg(esc(apis));
    return html;
}

QString energyLine(const Plan &plan)
{
    QString html;
    // Energy and CO2e of the recommended options: the electricity at TDP and the grid of the region.
    QStringList energy;
    auto energyText = [](const Energy &e) {
        return e.co2eKg ? tr("%1 kWh, %2 kg CO2e at %3 g/kWh")
                              .arg(format::report().number(e.kwh), format::report().number(*e.co2eKg),
                                   format::report().number(*e.gramsCo2ePerKwh))
                        : tr("%1 kWh (no grid intensity known for the region)").arg(format::report().number(e.kwh));
    };
    if (const TrainingOption *t = plan.recommendedTraining(); t && t->energy)
        energy << tr("training %1").arg(energyText(*t->energy));
    if (const InferenceOption *i = plan.recommendedInference(); i && i->energyPerMonth)
        energy << tr("serving %1 a month").arg(energyText(*i->energyPerMonth));
    if (!energy.isEmpty())
        html += u"<p><b>%1</b> %2</p>"_s.arg(
            esc(tr("Energy:")),
            esc(energy.join(u"; "_s)
                + tr(". Accelerators at their TDP × PUE; hosts and network not counted; grid averages per region with "
                     "their year and source in the explanation of each option.")));
    return html;
}

QString lockinSummary(const Plan &plan)
{
    QString html;
    QStringList lockin;
    if (plan.trainingBreakEven)
        lockin.append(tr("Training: %1.").arg(plan.trainingBreakEven->summary));
    if (plan.inferenceBreakEven)
        lockin.append(tr("Inference: %1.").arg(plan.inferenceBreakEven->summary));
    if (lockin.isEmpty())
        lockin.append(tr("No option can run, so there is no lock-in to weigh."));
    html += u"<p><b>%1</b> %2</p>"_s.arg(esc(tr("Lock-in:")), esc(lockin.join(u' ')));
    return html;
}

QString summarySection(const Plan &plan)
{
    QString html;
    const QString cur = plan.currency;
    html += u"<h2>%1</h2>"_s.arg(tr("Summary"));
    const Headline &headline = plan.headline;
    html += u"<p><b>%1</b> %2</p>"_s.arg(esc(tr("Headline:")), esc(headline.text()));
    html += u"<p><b>%1</b> %2</p>"_s.arg(esc(tr("Recommendation:")), esc(plan.recommendation));
    if (!headline.risks.isEmpty()) {
        html += u"<p><b>%1</b></p><ul>"_s.arg(esc(tr("Risks:")));
        for (const QString &risk : headline.risks)
            html += u"<li>"_s + esc(risk) + u"</li>"_s;
        html += u"</ul>"_s;
    }
    html += u"<p><b>%1</b> %2</p>"_s.arg(
        esc(tr("Total budget:")),
        esc(tr("%1 at P50, %2 at P90 (P10 %3; point projection %4) over %5 months; cash out %6%7.")
                .arg(format::report().money(headline.p50, cur), format::report().money(headline.p90, cur),
                     format::report().money(headline.p10, cur), format::report().money(headline.amortised, cur),
                     QString::number(headline.horizonMonths), format::report().money(headline.cashTotal, cur),
                     headline.capex > 0 ? tr(", of which capex %1").arg(format::report().money(headline.capex, cur))
                                        : QString())));
    html += cashByQuarter(plan) + trainingTime(plan) + inferenceCost(plan) + energyLine(plan) + lockinSummary(plan);
    return html;
}

QString comparisonSection(const ReportRequest &request)
{
    QString html;
    const Plan &plan = *request.plan;
    // Comparison: this scenario (the baseline) against the others given with it.
    if (request.comparison.size() > 1) {
        html += u"<h2>%1</h2>"_s.arg(tr("Comparison"));
        html += u"<p>"_s
                + esc(tr("Each scenario planned on the same prices; deltas against %1.").arg(plan.scenarioName))
                + u"</p>"_s;
        Table table{{tr("Scenario"), tr("Training"), tr("Days"), tr("Inference/month"), tr("Budget P50"), tr("P90"),
                     tr("Cash out"), tr("Lock-in"), tr("P50 delta")},
                    {1, 2, 3, 4, 5, 6, 7, 8},
                    {},
                    {22, 11, 6, 11, 11, 10, 10, 7, 12}};
        const planning::ComparedScenario &base = request.comparison.first();
        auto amount = [](const std::optional<double> &v) { return v ? reportAmount(*v) : u"—"_s; };
        QString recommendations;
        for (const planning::ComparedScenario &c : request.comparison) {
            const bool isBase = &c == &base;
            table.add({c.name, amount(c.trainingCost), c.trainingDays ? format::report().number(*c.trainingDays, 1) : u"—"_s,
                       amount(c.inferenceMonthlyCost), c.planned() ? reportAmount(c.budgetP50) : u"—"_s,
                       c.planned() ? reportAmount(c.budgetP90) : u"—"_s, c.planned() ? reportAmount(c.cashTotal) : u"—"_s,
                       c.lockinScore ? format::report().number(*c.lockinScore) : u"—"_s,
                       isBase                              ? tr("baseline")
                       : c.planned() && base.planned() ? (c.budgetP50 >= base.budgetP50 ? u"+"_s : QString())
                                                              + reportAmount(c.budgetP50 - base.budgetP50)
                                                        : u"—"_s});
            QString line = tr("%1: %2").arg(c.name, c.recommendation);
            if (c.trainingCo2eKg)
                line += tr(" Training emits about %1 kg CO2e.").arg(format::report().number(*c.trainingCo2eKg));
            if (c.inferenceMonthlyCo2eKg)
                line += tr(" Serving about %1 kg CO2e a month.").arg(format::report().number(*c.inferenceMonthlyCo2eKg));
            recommendations += u"<li>"_s + esc(line) + u"</li>"_s;
        }
        html += table.html() + u"<ul>"_s + recommendations + u"</ul>"_s;
        html += u"<p>"_s
                + esc(tr("Cash out of each scenario added up month by month: owned hardware is paid up front, cloud "
                         "as it is used."))
                + u"</p>"_s + chartPlaceholder(charts::CashFlow);
    }

    return html;
}

QString optionsSection(const Plan &plan, const QList<const TrainingOption *> &trainingShown,
                       const QList<const InferenceOption *> &inferenceShown)
{
    QString html;
    // Options
    html += u"<h2>%1</h2>"_s.arg(tr("Options"));
    const QList<int> kOptionWidths = {3, 10, 31, 11, 10, 5, 8, 9, 5, 8};
    const QStringList optionHeaders = {tr("#"), tr("Provider"), tr("Offer"), tr("Region"), tr("Accelerator"), tr("Chips"),
                                       tr("Time"), tr("Cost"), tr("Lock-in"), tr("Adjusted cost")};
    const QList<int> kOptionNumbers = {0, 5, 6, 7, 8, 9};
    if (plan.training) {
        html += u"<h3>%1</h3>"_s.arg(esc(tr("Training: the %1 cheapest of %2 options by lock-in-adjusted cost")
                                             .arg(QString::number(trainingShown.size()),
                                                  QString::number(plan.training->options.size()))));
        Table table{optionHeaders, kOptionNumbers, {}, kOptionWidths};
        for (int r = 0; r < trainingShown.size(); ++r) {
            const TrainingOption &o = *trainingShown.at(r);
            table.add({QString::number(r + 1), o.offer.key.provider,
                       offerCell(o.offer, plan.pricesAsOf), o.offer.key.region, o.offer.accelerator,
                       QString::number(o.projection->chips), tr("%1 days").arg(format::report().number(o.projection->wallHours.typical / 24, 1)),
                       reportAmount(o.lockin.planCost), format::report().number(o.lockin.score.score), reportAmount(o.lockin.adjustedCost)});
        }
        html += table.html() + chartPlaceholder(charts::CostTime);
    }
    if (plan.inference) {
        html += u"<h3>%1</h3>"_s.arg(esc(tr("Inference over %1 months: the %2 cheapest of %3 options")
                                             .arg(QString::number(plan.inferenceMonths, 'g', 4),
                                                  QString::number(inferenceShown.size()),
                                                  QString::number(plan.inference->options.size()))));
        Table table{optionHeaders, kOptionNumbers, {}, kOptionWidths};
        for (int r = 0; r < inferenceShown.size(); ++r) {
            const InferenceOption &o = *inferenceShown.at(r);
            table.add({QString::number(r + 1), o.offer.key.provider,
                       offerCell(o.offer, plan.pricesAsOf), o.offer.key.region, o.offer.accelerator,
                       QString::number(o.chips), o.replicas == 1 ? tr("1 replica") : tr("%1 replicas").arg(o.replicas),
                       reportAmount(o.lockin.planCost), format::report().number(o.lockin.score.score), reportAmount(o.lockin.adjustedCost)});
        }
        html += table.html();
    }
    return html;
}

QString ownedSection(const Plan &plan, const QList<const TrainingOption *> &trainingShown,
                     const QList<const InferenceOption *> &inferenceShown)
{
    QString html;
    const QString cur = plan.currency;
    // Buying: what the owned options among those listed cost in cash, and when they pay.
    QStringList owned;
    for (const TrainingOption *o : std::as_const(trainingShown))
        if (o->owned)
            owned << tr("Training, %1 %2: %3").arg(o->offer.key.provider, o->offer.key.sku,
                                                   planning::ownedSummary(*o->owned, o->instances, cur));
    for (const InferenceOption *o : std::as_const(inferenceShown))
        if (o->owned)
            owned << tr("Inference, %1 %2: %3").arg(o->offer.key.provider, o->offer.key.sku,
                                                    planning::ownedSummary(*o->owned, o->instances, cur));
    if (!owned.isEmpty()) {
        html += u"<h3>%1</h3><ul>"_s.arg(esc(tr("Buying the hardware")));
        for (const QString &line : std::as_const(owned))
            html += u"<li>"_s + esc(line) + u"</li>"_s;
        html += u"</ul>"_s;
    }

    return html;
}

// Plan against actual: the stored charges against the plan by month, split as `actuals compare` splits them.
QString actualsSection(const ReportRequest &request)
{
    if (request.actuals.isEmpty())
        return {};
    QDate first = request.firstMonth;
    if (!first.isValid())
        first = QDate(QDate::currentDate().year(), QDate::currentDate().month(), 1);
    QString html = u"<h2>%1</h2>"_s.arg(tr("Plan against actual"));
    const auto lines = planning::planVariance(*request.plan, first, request.actuals);
    if (!lines)
        return html + u"<p>"_s + esc(lines.error().message) + u"</p>"_s;
    struct Month
    {
        double planned = 0, actual = 0, price = 0, volume = 0, throughput = 0;
    };
    QMap<QDate, Month> months;
    Month all;
    for (const planning::VarianceLine &l : *lines) {
        for (Month *m : {&months[l.month], &all}) {
            m->planned += l.planned;
            m->actual += l.actual;
            m->price += l.price;
            m->volume += l.volume;
            m->throughput += l.throughput.value_or(0);
        }
    }
    Table table{{tr("Month"), tr("Planned"), tr("Actual"), tr("Price"), tr("Volume"), tr("Throughput")}, {1, 2, 3, 4, 5}, {}, {}};
    auto amount = [](double value) { return reportAmount(std::abs(value) < 0.5 ? 0.0 : value); }; // no "-0"
    auto row = [&](const QString &label, const Month &m) {
        return QStringList{label, amount(m.planned), amount(m.actual), amount(m.price), amount(m.volume),
                           amount(m.throughput)};
    };
    for (auto it = months.cbegin(); it != months.cend(); ++it)
        table.add(row(it.key().toString(u"yyyy-MM"_s), it.value()));
    table.add(row(tr("Total"), all), true);
    html += u"<p>"_s
            + esc(tr("The bill's accelerator charges (its FOCUS export) against this plan, month 1 being %1. Each "
                     "difference is split into price (the rate paid against the rate planned), volume (hours used "
                     "against hours planned) and throughput (hours the work took against what the projection said "
                     "it needs, where the work done is given: accelplan-cli actuals compare --work).")
                      .arg(first.toString(u"yyyy-MM"_s)))
            + u"</p>"_s + table.html();
    return html;
}

QString budgetSection(const Plan &plan)
{
    QString html;
    // Budget
    html += u"<h2>%1</h2>"_s.arg(tr("Budget"));
    // Owned hardware is paid for up front: then the cash out differs from the budget, month by month.
    const bool cashDiffers = std::abs(plan.budget.cashTotal - plan.budget.total) > 0.5
                             || std::any_of(plan.budget.months.cbegin(), plan.budget.months.cend(),
                                            [](const BudgetMonth &m) { return std::abs(m.cashOut - m.total()) > 0.5; });
    // Storage, egress and support beside the accelerators (allin.h): a column when the plan pays any.
    const bool allIn = std::any_of(plan.budget.months.cbegin(), plan.budget.months.cend(),
                                   [](const BudgetMonth &m) { return m.allIn > 0; });
    QStringList budgetHeaders{tr("Month"), tr("Training"), tr("Inference"), tr("Commitments")};
    if (allIn)
        budgetHeaders << tr("All-in lines");
    budgetHeaders << tr("Total");
    if (cashDiffers)
        budgetHeaders << tr("Cash out");
    QList<int> numeric;
    for (int c = 0; c < budgetHeaders.size(); ++c)
        numeric << c;
    Table budget{budgetHeaders, numeric, {}, {}};
    BudgetMonth sum;
    for (const BudgetMonth &m : plan.budget.months) {
        QStringList row{QString::number(m.month), reportAmount(m.training), reportAmount(m.inference),
                        reportAmount(m.commitments)};
        if (allIn)
            row << reportAmount(m.allIn);
        row << reportAmount(m.total());
        if (cashDiffers)
            row << reportAmount(m.cashOut);
        budget.add(row);
        sum.training += m.training;
        sum.inference += m.inference;
        sum.commitments += m.commitments;
        sum.allIn += m.allIn;
    }
    QStringList totals{tr("Total"), reportAmount(sum.training), reportAmount(sum.inference), reportAmount(sum.commitments)};
    if (allIn)
        totals << reportAmount(sum.allIn);
    totals << reportAmount(plan.budget.total);
    if (cashDiffers)
        totals << reportAmount(plan.budget.cashTotal);
    budget.add(totals, true);
    html += budget.html() + chartPlaceholder(charts::Budget);
    // A demand curve: the recommended service's fleet month by month (demand.h).
    if (const InferenceOption *serve = plan.recommendedInference(); serve && !serve->byMonth.isEmpty()) {
        html += u"<h3>%1</h3><p>%2</p>"_s.arg(esc(tr("Demand by month")), esc(planning::demandSummary(plan.demand, *serve, plan.demandSteps)));
        Table demand{{tr("Month"), tr("Requests/s"), tr("Replicas"), tr("Instances"), tr("Committed"), tr("Cost")}, {0, 1, 2, 3, 4, 5}, {}, {}};
        for (const DemandMonth &d : serve->byMonth)
            demand.add({QString::number(d.month), format::report().number(d.requestsPerSecond, 2), QString::number(d.replicas),
                        QString::number(d.instances), QString::number(d.committed), reportAmount(d.cost)});
        html += demand.html();
    }
    if (cashDiffers)
        html += u"<p>"_s
                + esc(tr("Cash out: owned hardware is paid for in the month it starts (capex) and then costs its "
                         "colocation and power; the budget spreads its price over its lifetime of use."))
                + u"</p>"_s;

    return html;
}

QString lockinSection(const ReportRequest &request)
{
    QString html;
    const Plan &plan = *request.plan;
    const QString cur = plan.currency;
    // Lock-in
    html += u"<h2>%1</h2>"_s.arg(tr("Lock-in"));
    html += u"<p>"_s
            + esc(tr("Exit probability %1; the exit cost is what leaving the option would cost: moving the data "
                     "out, porting the code, and the commitment still to pay.")
                      .arg(format::report().number(request.scenario.lockin.exitProbability, 2)))
            + u"</p>"_s;
    if (const TrainingOption *t = plan.recommendedTraining()) {
        html += u"<h3>%1</h3>"_s.arg(esc(tr("Training on %1").arg(optionName(t->offer))));
        html += exitTable(t->lockin, cur) + lockinFactors(t->lockin);
        if (plan.trainingBreakEven)
            html += u"<p>"_s + esc(plan.trainingBreakEven->summary) + u"</p>"_s;
    }
    if (const InferenceOption *i = plan.recommendedInference()) {
        html += u"<h3>%1</h3>"_s.arg(esc(tr("Inference on %1").arg(optionName(i->offer))));
        html += exitTable(i->lockin, cur) + lockinFactors(i->lockin);
        if (plan.inferenceBreakEven)
            html += u"<p>"_s + esc(plan.inferenceBreakEven->summary) + u"</p>"_s;
    }
    html += chartPlaceholder(charts::CostExit);

    return html;
}

QString sensitivitySection(const Plan &plan)
{
    QString html;
    const QString cur = plan.currency;
    // Sensitivity
    html += u"<h2>%1</h2>"_s.arg(tr("Sensitivity"));
    const Sensitivity &s = plan.sensitivity;
    html += u"<p>"_s
            + esc(tr("Base total %1. Monte Carlo over %2 samples (seed %3): P10 %4, P50 %5, P90 %6.")
                      .arg(format::report().money(s.base, cur), QString::number(s.samples), QString::number(s.seed),
                           format::report().money(s.p10, cur), format::report().money(s.p50, cur), format::report().money(s.p90, cur)))
            + u"</p>"_s;
    Table factors{{tr("Input"), tr("Low end"), tr("Total at low"), tr("High end"), tr("Total at high")}, {2, 4}, {}, {}};
    for (const SensitivityFactor &f : s.factors)
        factors.add({f.label, f.lowInput, reportAmount(f.totalAtLow), f.highInput, reportAmount(f.totalAtHigh)});
    html += factors.html() + chartPlaceholder(charts::Tornado);

    return html;
}

} // namespace

QString reportAmount(double value)
{
    return format::report().number(value);
}

QString reportHtml(const ReportRequest &request)
{
    const Plan &plan = *request.plan;
    const int top = std::max(1, request.top);
    const QList<const TrainingOption *> trainingShown =
        plan.training ? listed(plan.training->options, top) : QList<const TrainingOption *>();
    const QList<const InferenceOption *> inferenceShown =
        plan.inference ? listed(plan.inference->options, top) : QList<const InferenceOption *>();
    QString html;
    html += u"<h1>%1</h1>"_s.arg(esc(tr("Budget report: %1").arg(plan.scenarioName)));
    html += u"<p>"_s + esc(tr("Prices as of %1. All amounts in %2.").arg(plan.pricesAsOf.toString(Qt::ISODate), plan.currency))
            + u"</p>"_s;
    html += summarySection(plan);
    html += comparisonSection(request);
    html += optionsSection(plan, trainingShown, inferenceShown) + ownedSection(plan, trainingShown, inferenceShown);
    html += budgetSection(plan) + actualsSection(request) + lockinSection(request) + sensitivitySection(plan);
    html += assumptionsSection(request) + sourcesSection(request, trainingShown, inferenceShown);
    return html;
}

Status writeReport(const ReportRequest &request, const QString &path)
{
    if (!request.plan)
        return Error::internal(tr("no plan to report"));
    // QPdfWriter does not report a failed write to its device: the PDF is drawn into memory and
    // written in one checked, atomic step, so a full disk leaves the old file and says so.
    QByteArray pdf;
    QBuffer file(&pdf);
    if (!file.open(QIODevice::WriteOnly))
        return Error::internal(tr("cannot draw the report into %1").arg(path));

    const QDate date = request.reportDate.isValid() ? request.reportDate : QDate::currentDate();
    {
        QPdfWriter writer(&file);
        writer.setResolution(kResolution);
        writer.setPageSize(QPageSize(request.pageSize));
        writer.setPageMargins(QMarginsF(15, 14, 15, 14), QPageLayout::Millimeter);
        writer.setTitle(tr("Budget report: %1").arg(request.plan->scenarioName));
        writer.setCreator(u"Accelplan "_s + QCoreApplication::applicationVersion());
        const QRectF page = writer.pageLayout().paintRectPixels(kResolution);
        const double bodyHeight = page.height() - kHeaderHeight - kFooterHeight;

        QFont font(u"DejaVu Sans"_s);
        font.setPointSizeF(8.5);
        QTextDocument document;
        document.documentLayout()->setPaintDevice(&writer);
        document.setDefaultFont(font);
        document.setDocumentMargin(0);
        document.setDefaultStyleSheet(u"h1 { font-size: 15pt; } h2 { font-size: 12.5pt; color: #1f3a5f; } "
                                      "h3 { font-size: 10pt; } th { font-weight: bold; }"_s);
        auto *chartObject = new ChartObject(request.plan, request.comparison, QSizeF(page.width(), page.width() * 0.42));
        chartObject->setParent(&document);
        document.documentLayout()->registerHandler(kChartObjectType, chartObject);
        document.setHtml(reportHtml(request));
        for (const charts::ChartEntry &chart : charts::reportCharts()) {
            QTextCursor cursor = document.find(u"%%CHART:%1%%"_s.arg(int(chart.id)));
            if (cursor.isNull())
                continue;
            QTextCharFormat format;
            format.setObjectType(kChartObjectType);
            format.setProperty(kChartProperty, int(chart.id));
            cursor.insertText(QString(QChar::ObjectReplacementCharacter), format);
        }
        document.setPageSize(QSizeF(page.width(), bodyHeight));
        keepParagraphsWhole(document, bodyHeight);

        const int pages = document.pageCount();
        QPainter painter(&writer);
        QFont small = font;
        small.setPointSizeF(7.5);
        for (int index = 0; index < pages; ++index) {
            if (index > 0)
                writer.newPage();
            painter.setFont(small);
            painter.setPen(QColor(0x44, 0x4f, 0x5a));
            const QRectF header(0, 0, page.width(), kHeaderHeight - 10);
            painter.drawText(header, Qt::AlignLeft | Qt::AlignBottom, request.plan->scenarioName);
            painter.drawText(header, Qt::AlignHCenter | Qt::AlignBottom, tr("Report of %1 · prices as of %2")
                                                                              .arg(date.toString(Qt::ISODate),
                                                                                   request.plan->pricesAsOf.toString(Qt::ISODate)));
            painter.drawText(header, Qt::AlignRight | Qt::AlignBottom, tr("Amounts in %1").arg(request.plan->currency));
            painter.drawLine(QPointF(0, kHeaderHeight - 6), QPointF(page.width(), kHeaderHeight - 6));
            painter.drawText(QRectF(0, page.height() - kFooterHeight + 8, page.width(), kFooterHeight - 8),
                             Qt::AlignHCenter | Qt::AlignTop,
                             tr("Page %1 of %2").arg(QString::number(index + 1), QString::number(pages)));

            painter.save();
            painter.translate(0, kHeaderHeight - index * bodyHeight);
            const QRectF body(0, index * bodyHeight, page.width(), bodyHeight);
            painter.setClipRect(body);
            QAbstractTextDocumentLayout::PaintContext context;
            // A line that starts right at the foot of the page (the first of the next, as a
            // heading moved there) passes the layout's clip test here too: drawn clipped, it would
            // still be in this page's text.
            context.clip = body.adjusted(0, 0, 0, -1);
            document.documentLayout()->draw(&painter, context);
            painter.restore();
        }
        if (!painter.end())
            return Error::internal(tr("cannot draw the report into %1").arg(path));
    }
    file.close();
    return writeFileAtomically(path, pdf);
}

} // namespace accelplan::ui::report

#include "budgetreport.moc"
