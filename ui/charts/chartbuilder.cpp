#include "ui/charts/chartbuilder.h"

#include "ui/charts/chartparts.h"
#include "ui/format.h"

#include <QBarCategoryAxis>
#include <QCoreApplication>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QDateTimeAxis>
#include <QHorizontalStackedBarSeries>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QSet>
#include <QStackedBarSeries>
#include <QValueAxis>

#include <algorithm>
#include <numeric>
#include <cmath>
#include <tuple>

using namespace Qt::StringLiterals;

namespace accelplan::ui::charts {

using namespace planning;

using format::money;

namespace {

// Above this many points a scatter keeps one point per spot of the plot.
constexpr qsizetype kThinAbove = 1000;
// The spots: a grid this fine over the plot is finer than its markers (8 px; a cell is 4-6 px on
// a plot 700-1,000 pixels wide), so what is dropped could not be told apart from what is kept.
// 17,800 offers' options keep about 1,000 points (320 x 220 cells kept 1,800, and each point is
// a graphics item Qt Charts lays out when the chart is set).
constexpr int kThinCellsX = 160;
constexpr int kThinCellsY = 110;

// The indices of the points to draw: all of them up to kThinAbove; past that, of the points that
// fall in one cell of a grid over \a box (log-spaced on a log axis), the first one only. The
// options come cheapest first, so the cheapest of each spot is the one kept and hovered.
QList<qsizetype> everyIndex(qsizetype count)
{
    QList<qsizetype> all(count);
    std::iota(all.begin(), all.end(), qsizetype(0));
    return all;
}

QList<qsizetype> visiblePoints(const QList<QPointF> &points, const QRectF &box, bool logX, bool logY)
{
    if (points.size() <= kThinAbove)
        return everyIndex(points.size());
    QList<qsizetype> kept;
    auto cell = [](double value, double low, double high, bool log, int cells) {
        if (log) {
            value = std::log10(value);
            low = std::log10(low);
            high = std::log10(high);
        }
        const double span = high - low;
        return span > 0 ? std::clamp(int((value - low) / span * cells), 0, cells - 1) : 0;
    };
    QSet<qint64> taken;
    for (qsizetype i = 0; i < points.size(); ++i) {
        const QPointF &p = points.at(i);
        const qint64 key = qint64(cell(p.x(), box.left(), box.right(), logX, kThinCellsX)) * kThinCellsY
                           + cell(p.y(), box.top(), box.bottom(), logY, kThinCellsY);
        if (!taken.contains(key)) {
            taken.insert(key);
            kept.append(i);
        }
    }
    return kept;
}

// The smallest rectangle holding every point (at least one).
QRectF bounds(const QList<QPointF> &points)
{
    QPointF low = points.first();
    QPointF high = low;
    for (const QPointF &p : points) {
        low = QPointF(std::min(low.x(), p.x()), std::min(low.y(), p.y()));
        high = QPointF(std::max(high.x(), p.x()), std::max(high.y(), p.y()));
    }
    return QRectF(low, high); // top() is the lowest y, bottom() the highest

}

QString optionName(const pricing::PriceRecord &offer)
{
    return offer.key.provider + u' ' + offer.key.sku + u" ("_s + pricing::toString(offer.key.priceModel) + u')';
}

} // namespace

void screenStrokes(QChart *chart)
{
    for (QAbstractSeries *series : chart->series())
        if (auto *scatter = qobject_cast<QScatterSeries *>(series))
            scatter->setPen(Qt::NoPen);
    auto hairline = [](QPen pen) {
        pen.setWidthF(0);
        return pen;
    };
    for (QAbstractAxis *axis : chart->axes()) {
        axis->setLinePen(hairline(axis->linePen()));
        axis->setGridLinePen(hairline(axis->gridLinePen()));
        axis->setMinorGridLinePen(hairline(axis->minorGridLinePen()));
        axis->setMinorGridLineVisible(false);
    }
}

AmountScale amountScale(double extent, const QString &currency)
{
    extent = std::abs(extent);
    if (extent >= 1e10)
        return {1e9, QCoreApplication::translate("accelplan::ui::PlanCharts", "bn %1").arg(currency)};
    if (extent >= 1e7)
        return {1e6, QCoreApplication::translate("accelplan::ui::PlanCharts", "M %1").arg(currency)};
    if (extent >= 1e4)
        return {1e3, QCoreApplication::translate("accelplan::ui::PlanCharts", "k %1").arg(currency)};
    return {1, currency};
}

namespace {

// What the cost-against-time chart shows of a plan: its title, the options off and on the
// Pareto front (thinned past kThinAbove), the front as a line, and the box they lie in.
struct CostTimeMarks
{
    QString title;
    AmountScale scale;
    LabelledPoints all;
    LabelledPoints front;
    QList<QPointF> line; ///< the front, by time
    QRectF box;
    bool empty() const { return all.points.isEmpty() && front.points.isEmpty(); }
    bool logX() const { return logAxis(box.left(), box.right(), true); }
    bool logY() const { return logAxis(box.top(), box.bottom(), true); }
};

CostTimeMarks costTimeMarks(const Plan *plan)
{
    CostTimeMarks marks;
    marks.title = tr("Training cost against time");
    if (!plan || !plan->training) {
        marks.title = tr("Training cost against time — no training in this scenario");
        return marks;
    }
    double highestCost = 0;
    for (const TrainingOption &o : plan->training->options)
        if (o.runnable())
            highestCost = std::max(highestCost, o.cost.typical);
    marks.scale = amountScale(highestCost, plan->currency);
    // The points first; labels only for those drawn (thousands of options thin to what can be seen).
    QList<QPointF> points[2]; // off and on the Pareto front
    QList<const TrainingOption *> options[2];
    for (const TrainingOption &o : plan->training->options) {
        if (!o.runnable() || o.cost.typical <= 0 || o.projection->wallHours.typical <= 0)
            continue;
        points[o.pareto].append(QPointF(o.projection->wallHours.typical / 24.0, o.cost.typical / marks.scale.divisor));
        options[o.pareto].append(&o);
    }
    const QList<QPointF> every = points[0] + points[1];
    if (every.isEmpty()) {
        marks.title = tr("Training cost against time — no option can run");
        return marks;
    }
    marks.box = bounds(every);
    for (int onFront = 0; onFront < 2; ++onFront) {
        // Every point of the front is drawn.
        const QList<qsizetype> kept = onFront ? everyIndex(points[1].size())
                                              : visiblePoints(points[0], marks.box, marks.logX(), marks.logY());
        LabelledPoints &target = onFront ? marks.front : marks.all;
        for (qsizetype i : kept) {
            const TrainingOption &o = *options[onFront].at(i);
            const QPointF &point = points[onFront].at(i);
            target.points.append(point);
            target.labels.append(tr("%1: %2 chips, %3 days, %4")
                                     .arg(optionName(o.offer), QString::number(o.projection->chips),
                                          QLocale().toString(point.x(), 'f', 1), money(o.cost.typical, plan->currency)));
        }
    }
    marks.line = marks.front.points;
    std::sort(marks.line.begin(), marks.line.end(), [](const QPointF &a, const QPointF &b) { return a.x() < b.x(); });
    return marks;
}

} // namespace

QChart *costTimeChart(const std::shared_ptr<const Plan> &shared, const HoverFn &show)
{
    const CostTimeMarks marks = costTimeMarks(shared.get());
    QChart *chart = newChart(marks.title);
    if (marks.empty())
        return chart;
    QAbstractAxis *x = axisFor(marks.box.left(), marks.box.right(), true, tr("Days (typical)"), u"%.3g"_s);
    QAbstractAxis *y = axisFor(marks.box.top(), marks.box.bottom(), true, marks.scale.unit, u"%g"_s);
    addScatter(chart, tr("Options"), 8, marks.all, x, y, show);
    auto *frontLine = new QLineSeries;
    frontLine->setName(tr("Pareto front"));
    frontLine->append(marks.line);
    attach(chart, frontLine, x, y);
    addScatter(chart, tr("On the front"), 11, marks.front, x, y, show);
    return chart;
}

bool refillCostTimeChart(QChart *chart, const std::shared_ptr<const Plan> &shared, const HoverFn &show)
{
    const CostTimeMarks marks = costTimeMarks(shared.get());
    const QList<QAbstractSeries *> series = chart->series();
    const QList<QAbstractAxis *> xs = chart->axes(Qt::Horizontal);
    const QList<QAbstractAxis *> ys = chart->axes(Qt::Vertical);
    // Only a chart costTimeChart drew with points, whose axes are of the kind these marks need.
    if (marks.empty() || series.size() != 3 || xs.size() != 1 || ys.size() != 1
        || bool(qobject_cast<QLogValueAxis *>(xs.first())) != marks.logX()
        || bool(qobject_cast<QLogValueAxis *>(ys.first())) != marks.logY())
        return false;
    auto *all = qobject_cast<QScatterSeries *>(series.at(0));
    auto *line = qobject_cast<QLineSeries *>(series.at(1));
    auto *front = qobject_cast<QScatterSeries *>(series.at(2));
    if (!all || !line || !front)
        return false;
    chart->setTitle(marks.title);
    setAxisRange(xs.first(), marks.box.left(), marks.box.right());
    setAxisRange(ys.first(), marks.box.top(), marks.box.bottom());
    ys.first()->setTitleText(marks.scale.unit);
    all->replace(marks.all.points);
    line->replace(marks.line);
    front->replace(marks.front.points);
    showLabels(all, marks.all, show);
    showLabels(front, marks.front, show);
    return true;
}

QChart *budgetChart(const std::shared_ptr<const Plan> &shared, const HoverFn &show)
{
    QChart *chart = newChart(tr("Monthly budget"));
    const Plan *plan = shared.get();
    if (!plan || plan->budget.months.isEmpty()) {
        chart->setTitle(tr("Monthly budget — nothing budgeted"));
        return chart;
    }
    chart->setTitle(tr("Monthly budget: %1 in total").arg(money(plan->budget.total, plan->currency)));
    // Inference a month is often 1 % of a training month: stacked it would be invisible, so then
    // it is a line. On the same axis: a second amount axis in another unit would be misread
    // against the first, so the line's name says how much it is.
    double highest = 0, highestInference = 0;
    for (const BudgetMonth &month : plan->budget.months) {
        highest = std::max(highest, month.total());
        highestInference = std::max(highestInference, month.inference);
    }
    const bool inferenceLine = highestInference > 0 && highestInference < 0.05 * highest;
    // Stacked: training, inference (unless it is a line), commitments, the all-in lines.
    QList<std::pair<QBarSet *, double BudgetMonth::*>> stacked{{new QBarSet(tr("Training")), &BudgetMonth::training}};
    if (!inferenceLine)
        stacked.append({new QBarSet(tr("Inference")), &BudgetMonth::inference});
    stacked.append({new QBarSet(tr("Commitments")), &BudgetMonth::commitments});
    if (std::any_of(plan->budget.months.cbegin(), plan->budget.months.cend(), [](const BudgetMonth &m) { return m.allIn > 0; }))
        stacked.append({new QBarSet(tr("All-in lines")), &BudgetMonth::allIn});
    double highestBars = 0;
    bool cashDiffers = false; // owned hardware: paid up front, so the cash line is not the bars
    for (const BudgetMonth &month : plan->budget.months) {
        double bar = 0;
        for (const auto &[set, amount] : stacked)
            bar += month.*amount;
        highestBars = std::max(highestBars, bar);
        cashDiffers = cashDiffers || std::abs(month.cashOut - month.total()) > 0.5;
    }
    if (cashDiffers)
        for (const BudgetMonth &month : plan->budget.months)
            highestBars = std::max(highestBars, month.cashOut);
    const AmountScale scale = amountScale(highestBars, plan->currency);
    for (const BudgetMonth &month : plan->budget.months)
        for (const auto &[set, amount] : stacked)
            set->append(month.*amount / scale.divisor);
    auto *series = new QStackedBarSeries;
    for (const auto &[set, amount] : stacked) {
        series->append(set);
        if (show)
            QObject::connect(set, &QBarSet::hovered, set,
                             [show, set = set, amount = amount, plan = shared](bool state, int index) {
                                 const BudgetMonth &month = plan->budget.months.at(index);
                                 if (state)
                                     show(tr("Month %1, %2: %3").arg(QString::number(month.month), set->label(),
                                                                     money(month.*amount, plan->currency)));
                             });
    }
    // The months on a value axis (bar i at x = i) labelled at every step-th month: a category axis
    // labels every bar, and in the window's narrow chart pane cut each label to "…".
    const qsizetype months = plan->budget.months.size();
    auto *x = new QCategoryAxis;
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    x->setRange(-0.5, double(months) - 0.5);
    x->setStartValue(-0.5);
    for (qsizetype i = 0, step = std::max<qsizetype>(1, (months + 5) / 6); i < months; i += step)
        x->append(QString::number(plan->budget.months.at(i).month), double(i));
    x->setTitleText(tr("Month"));
    QAbstractAxis *y = axisFor(0, highestBars / scale.divisor, false, scale.unit, u"%g"_s);
    attach(chart, series, x, y);
    if (cashDiffers) {
        auto *cash = new QLineSeries;
        cash->setName(tr("Cash out (owned hardware paid up front)"));
        cash->setPointsVisible(true);
        for (qsizetype i = 0; i < plan->budget.months.size(); ++i)
            cash->append(double(i), plan->budget.months.at(i).cashOut / scale.divisor);
        chart->addSeries(cash);
        cash->attachAxis(x);
        cash->attachAxis(y);
        if (show)
            QObject::connect(cash, &QLineSeries::hovered, cash, [show, plan = shared](const QPointF &point, bool state) {
                const qsizetype index = std::clamp<qsizetype>(qRound(point.x()), 0, plan->budget.months.size() - 1);
                if (state)
                    show(tr("Month %1, cash out: %2")
                             .arg(QString::number(plan->budget.months.at(index).month),
                                  money(plan->budget.months.at(index).cashOut, plan->currency)));
            });
    }
    if (!inferenceLine)
        return chart;

    auto *inference = new QLineSeries;
    inference->setName(tr("Inference (up to %1 a month)").arg(money(highestInference, plan->currency)));
    for (qsizetype i = 0; i < plan->budget.months.size(); ++i)
        inference->append(double(i), plan->budget.months.at(i).inference / scale.divisor);
    chart->addSeries(inference);
    inference->attachAxis(x);
    inference->attachAxis(y);
    if (show)
        QObject::connect(inference, &QLineSeries::hovered, inference,
                         [show, plan = shared](const QPointF &point, bool state) {
                             const qsizetype index = std::clamp<qsizetype>(qRound(point.x()), 0, plan->budget.months.size() - 1);
                             if (state)
                                 show(tr("Month %1, inference: %2")
                                          .arg(QString::number(plan->budget.months.at(index).month),
                                               money(plan->budget.months.at(index).inference, plan->currency)));
                         });
    return chart;
}

QChart *costExitChart(const std::shared_ptr<const Plan> &shared, const HoverFn &show)
{
    QChart *chart = newChart(tr("Cost against exit cost"));
    const Plan *plan = shared.get();
    // Every runnable option with its lock-in, training first: (side, offer, lock-in).
    QList<std::tuple<int, const pricing::PriceRecord *, const OptionLockin *>> options;
    if (plan && plan->training) {
        for (const TrainingOption &o : plan->training->options)
            if (o.runnable() && o.lockin.computed)
                options.append({0, &o.offer, &o.lockin});
    }
    if (plan && plan->inference) {
        for (const InferenceOption &o : plan->inference->options)
            if (o.runnable() && o.lockin.computed)
                options.append({1, &o.offer, &o.lockin});
    }
    if (options.isEmpty()) {
        chart->setTitle(tr("Cost against exit cost — no option can run"));
        return chart;
    }
    double highestExit = 0, highestCost = 0;
    for (const auto &[side, offer, lockin] : options) {
        highestExit = std::max(highestExit, std::abs(lockin->exit.total()));
        highestCost = std::max(highestCost, lockin->planCost);
    }
    // Both axes are amounts: in one unit, so that a point's place reads the same on either.
    const AmountScale scale = amountScale(std::max(highestExit, highestCost), plan->currency);
    QList<QPointF> points[2];
    QList<qsizetype> indices[2];
    for (qsizetype i = 0; i < options.size(); ++i) {
        const auto &[side, offer, lockin] = options.at(i);
        points[side].append(QPointF(lockin->exit.total() / scale.divisor, lockin->planCost / scale.divisor));
        indices[side].append(i);
    }
    const QRectF box = bounds(points[0] + points[1]);
    LabelledPoints sides[2];
    for (int side = 0; side < 2; ++side) {
        for (qsizetype k : visiblePoints(points[side], box, false, logAxis(box.top(), box.bottom(), true))) {
            const auto &[unused, offer, lockin] = options.at(indices[side].at(k));
            sides[side].points.append(points[side].at(k));
            sides[side].labels.append(tr("%1: cost %2, exit %3, lock-in %4")
                                          .arg(optionName(*offer), money(lockin->planCost, plan->currency),
                                               money(lockin->exit.total(), plan->currency),
                                               QString::number(lockin->score.score, 'f', 0)));
        }
    }
    QAbstractAxis *x = axisFor(std::min(box.left(), 0.0), box.right(), false, tr("Exit cost (%1)").arg(scale.unit),
                               u"%g"_s);
    QAbstractAxis *y = axisFor(box.top(), box.bottom(), true, scale.unit, u"%g"_s);
    const QStringList names = {tr("Training options"), tr("Inference options")};
    for (int side = 0; side < 2; ++side) {
        if (!sides[side].points.isEmpty())
            addScatter(chart, names.at(side), 8, sides[side], x, y, show);
    }
    return chart;
}

QChart *tornadoChart(const std::shared_ptr<const Plan> &shared, const HoverFn &show)
{
    QChart *chart = newChart(tr("Sensitivity"));
    const Plan *plan = shared.get();
    if (!plan || plan->sensitivity.factors.isEmpty()) {
        chart->setTitle(tr("Sensitivity — nothing to vary"));
        return chart;
    }
    const Sensitivity &s = plan->sensitivity;
    chart->setTitle(tr("Sensitivity of the total %1<br>Monte Carlo P10 %2 · P50 %3 · P90 %4")
                        .arg(money(s.base, plan->currency), money(s.p10, plan->currency),
                             money(s.p50, plan->currency), money(s.p90, plan->currency)));
    auto *low = new QBarSet(tr("Input at its low end"));
    auto *high = new QBarSet(tr("Input at its high end"));
    QStringList categories;
    double extent = 1;
    for (const SensitivityFactor &f : s.factors)
        extent = std::max({extent, std::abs(f.totalAtLow - s.base), std::abs(f.totalAtHigh - s.base)});
    const AmountScale scale = amountScale(extent, plan->currency);
    // A horizontal bar axis runs bottom to top: the widest swing goes last to sit on top.
    for (auto it = s.factors.crbegin(); it != s.factors.crend(); ++it) {
        low->append((it->totalAtLow - s.base) / scale.divisor);
        high->append((it->totalAtHigh - s.base) / scale.divisor);
        categories.append(it->label);
    }
    auto *series = new QHorizontalStackedBarSeries;
    series->append(low);
    series->append(high);
    const int count = int(s.factors.size());
    for (QBarSet *set : {low, high}) {
        const bool isLow = set == low;
        if (!show)
            continue;
        QObject::connect(set, &QBarSet::hovered, set, [show, isLow, count, plan = shared](bool state, int index) {
            if (!state)
                return;
            const SensitivityFactor &f = plan->sensitivity.factors.at(count - 1 - index);
            show(tr("%1 at %2: total %3").arg(f.label, isLow ? f.lowInput : f.highInput,
                                                  money(isLow ? f.totalAtLow : f.totalAtHigh, plan->currency)));
        });
    }
    auto *y = new QBarCategoryAxis;
    y->append(categories);
    QAbstractAxis *x = axisFor(-extent / scale.divisor, extent / scale.divisor, false,
                               scale.unit, u"%g"_s);
    chart->addSeries(series);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    return chart;
}

} // namespace accelplan::ui::charts
