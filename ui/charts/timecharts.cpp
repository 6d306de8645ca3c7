#include "ui/charts/chartbuilder.h"

#include "ui/charts/chartparts.h"
#include "ui/format.h"

#include <QChart>
#include <QDateTimeAxis>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>

// The charts over time that are not drawn from a plan: an offer's stored prices, and compared
// scenarios' cash out.

using namespace Qt::StringLiterals;

namespace accelplan::ui::charts {

using format::money;

QChart *priceHistoryChart(const QString &title, const QList<pricing::PriceRecord> &history, const HoverFn &show)
{
    QChart *chart = newChart(title.isEmpty() ? tr("Price history — select an option") : tr("Price history: %1").arg(title));
    if (history.isEmpty()) {
        return chart;
    }
    const pricing::PriceRecord &last = history.last();
    LabelledPoints marks;
    auto *steps = new QLineSeries;
    steps->setName(tr("Price (%1 per %2)").arg(last.currency, pricing::toString(last.unit)));
    double low = history.first().price.toDouble();
    double high = low;
    for (int i = 0; i < history.size(); ++i) {
        const pricing::PriceRecord &r = history.at(i);
        const double when = r.effectiveDate.startOfDay().toMSecsSinceEpoch();
        const double price = r.price.toDouble();
        if (i > 0)
            steps->append(when, history.at(i - 1).price.toDouble()); // held until this change
        steps->append(when, price);
        marks.points.append(QPointF(when, price));
        marks.labels.append(tr("%1: %2 %3 per %4, sheet %5, %6")
                                .arg(r.effectiveDate.toString(Qt::ISODate), r.price.toString(), r.currency,
                                     pricing::toString(r.unit), QString::number(r.sheetId),
                                     r.sourceUrl.isEmpty() ? tr("no source") : r.sourceUrl));
        low = std::min(low, price);
        high = std::max(high, price);
    }
    const QDate today = QDate::currentDate();
    const QDate lastDate = std::max(history.last().effectiveDate, today);
    steps->append(lastDate.startOfDay().toMSecsSinceEpoch(), history.last().price.toDouble());

    auto *x = new QDateTimeAxis;
    x->setFormat(u"yyyy-MM-dd"_s);
    x->setTitleText(tr("Effective date"));
    x->setRange(history.first().effectiveDate.addDays(-15).startOfDay(),
                lastDate.addDays(15).startOfDay());
    QAbstractAxis *y = axisFor(std::min(low, 0.0), high, false, tr("%1 per %2").arg(last.currency, pricing::toString(last.unit)),
                               u"%.4g"_s);
    attach(chart, steps, x, y);
    addScatter(chart, tr("Stored prices"), 9, marks, x, y, show);
    return chart;
}

QChart *cashFlowChart(const QList<planning::ComparedScenario> &scenarios, const QStringList &labels, const HoverFn &show)
{
    QChart *chart = newChart(tr("Cash out, added up month by month"));
    qsizetype months = 0;
    double highest = 0;
    QStringList currencies;
    for (const planning::ComparedScenario &s : scenarios) {
        if (!s.planned() || s.cashByMonth.isEmpty())
            continue;
        months = std::max(months, s.cashByMonth.size());
        double sum = 0;
        for (double cash : s.cashByMonth)
            sum += cash;
        highest = std::max(highest, sum);
        if (!currencies.contains(s.currency))
            currencies.append(s.currency);
    }
    if (months == 0) {
        chart->setTitle(tr("Cash out — nothing planned to compare"));
        return chart;
    }
    // Amounts of different currencies on one axis would mislead: the axis names them all.
    const QString currency = currencies.join(u"/"_s);
    const AmountScale scale = amountScale(highest, currency);
    auto *x = new QValueAxis;
    x->setRange(1, double(std::max<qsizetype>(months, 2)));
    // A label every month up to a year, then every quarter, half year or year.
    x->setTickType(QValueAxis::TicksDynamic);
    x->setTickAnchor(1);
    x->setTickInterval(months <= 12 ? 1 : months <= 24 ? 3 : months <= 48 ? 6 : 12);
    x->setLabelFormat(u"%d"_s);
    x->setTitleText(tr("Month"));
    // The unit goes in the title: a vertical axis title is elided on a short chart.
    chart->setTitle(tr("Cash out, added up month by month (%1)").arg(scale.unit));
    QAbstractAxis *y = axisFor(0, highest / scale.divisor, false, QString(), u"%g"_s);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (qsizetype i = 0; i < scenarios.size(); ++i) {
        const planning::ComparedScenario &s = scenarios.at(i);
        if (!s.planned() || s.cashByMonth.isEmpty())
            continue;
        auto *line = new QLineSeries;
        line->setName(!labels.value(i).isEmpty() ? labels.at(i) : s.name.isEmpty() ? s.file : s.name);
        line->setPointsVisible(s.cashByMonth.size() <= 24);
        double sum = 0;
        QList<double> totals;
        for (qsizetype m = 0; m < s.cashByMonth.size(); ++m) {
            sum += s.cashByMonth.at(m);
            totals.append(sum);
            line->append(double(m + 1), sum / scale.divisor);
        }
        chart->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
        if (show)
            QObject::connect(line, &QLineSeries::hovered, line,
                             [show, totals, name = line->name(), currency = s.currency](const QPointF &point, bool state) {
                                 const qsizetype index = std::clamp<qsizetype>(qRound(point.x()) - 1, 0, totals.size() - 1);
                                 if (state)
                                     show(tr("%1, month %2: %3 paid out so far")
                                              .arg(name, QString::number(index + 1), money(totals.at(index), currency)));
                             });
    }
    return chart;
}

} // namespace accelplan::ui::charts
