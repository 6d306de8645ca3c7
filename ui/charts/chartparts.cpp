#include "ui/charts/chartparts.h"

#include <QChart>
#include <QCoreApplication>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace accelplan::ui::charts {

QChart *newChart(const QString &title)
{
    auto *chart = new QChart;
    chart->setTitle(title);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setAnimationOptions(QChart::NoAnimation);
    return chart;
}

// A log axis over less than a factor of 20 would show one label or none (its ticks are powers of
// ten): such a range gets a linear axis.
bool logAxis(double low, double high, bool logarithmic)
{
    return logarithmic && low > 0 && high / low > 20;
}

// Sets \a axis (made by axisFor) to [low, high] with a margin.
void setAxisRange(QAbstractAxis *axis, double low, double high)
{
    if (auto *log = qobject_cast<QLogValueAxis *>(axis)) {
        log->setRange(std::max(low, 1e-9) / 1.5, std::max(high, low) * 1.5);
        return;
    }
    const double span = std::max(high - low, std::abs(high) * 0.1 + 1.0);
    // Amounts that cannot be negative keep zero as the floor. The nice range is found on an axis
    // of no chart: each range an axis of a chart is given places every point of its series again.
    QValueAxis nice;
    nice.setRange(low >= 0 ? 0.0 : low - span * 0.05, high + span * 0.05);
    nice.applyNiceNumbers();
    auto *linear = static_cast<QValueAxis *>(axis);
    linear->setRange(nice.min(), nice.max());
    linear->setTickCount(nice.tickCount());
}

// An axis over [low, high] with a margin; log axes need positive bounds.
QAbstractAxis *axisFor(double low, double high, bool logarithmic, const QString &title, const QString &format)
{
    QAbstractAxis *axis = nullptr;
    if (logAxis(low, high, logarithmic)) {
        auto *log = new QLogValueAxis;
        log->setBase(10);
        log->setMinorTickCount(-1);
        log->setLabelFormat(format);
        axis = log;
    } else {
        auto *linear = new QValueAxis;
        linear->setLabelFormat(format);
        axis = linear;
    }
    setAxisRange(axis, low, high);
    axis->setTitleText(title);
    return axis;
}

void attach(QChart *chart, QAbstractSeries *series, QAbstractAxis *x, QAbstractAxis *y)
{
    chart->addSeries(series);
    if (!chart->axes(Qt::Horizontal).contains(x))
        chart->addAxis(x, Qt::AlignBottom);
    if (!chart->axes(Qt::Vertical).contains(y))
        chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
}

QString tr(const char *text)
{
    return QCoreApplication::translate("accelplan::ui::PlanCharts", text);
}

// Hovering a point of \a series shows its label (replacing what hovering showed before).
void showLabels(QScatterSeries *series, const LabelledPoints &data, const HoverFn &show)
{
    QObject::disconnect(series, &QScatterSeries::hovered, nullptr, nullptr);
    if (!show)
        return;
    QObject::connect(series, &QScatterSeries::hovered, series, [data, show](const QPointF &point, bool state) {
        if (!state)
            return;
        const auto it = std::find(data.points.cbegin(), data.points.cend(), point);
        if (it != data.points.cend())
            show(data.labels.at(int(it - data.points.cbegin())));
    });
}

// A scatter series of labelled points; hovering a point shows its label.
void addScatter(QChart *chart, const QString &name, qreal markerSize, const LabelledPoints &data, QAbstractAxis *x,
                QAbstractAxis *y, const HoverFn &show)
{
    auto *series = new QScatterSeries;
    series->setName(name);
    series->setMarkerSize(markerSize);
    series->setPen(Qt::NoPen); // plain disks: see screenStrokes
    series->append(data.points);
    attach(chart, series, x, y);
    showLabels(series, data, show);
}

} // namespace accelplan::ui::charts
