#pragma once

#include "ui/charts/chartbuilder.h"

#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

class QAbstractAxis;
class QAbstractSeries;
class QChart;
class QScatterSeries;

// The pieces the chart builders (chartbuilder.cpp, timecharts.cpp) draw with.
namespace accelplan::ui::charts {

struct LabelledPoints
{
    QList<QPointF> points;
    QStringList labels;
};

/// The charts' strings, in the context the window's chart tabs use.
QString tr(const char *text);
/// A chart titled \a title, legend at the bottom, without animation.
QChart *newChart(const QString &title);
/// Whether [low, high] gets a log axis: asked for, positive, and over more than a factor of 20.
bool logAxis(double low, double high, bool logarithmic);
/// Sets \a axis (made by axisFor) to [low, high] with a margin.
void setAxisRange(QAbstractAxis *axis, double low, double high);
/// An axis over [low, high] with a margin; log axes need positive bounds.
QAbstractAxis *axisFor(double low, double high, bool logarithmic, const QString &title, const QString &format);
/// Adds \a series to \a chart on the axes \a x and \a y (added to the chart when not yet).
void attach(QChart *chart, QAbstractSeries *series, QAbstractAxis *x, QAbstractAxis *y);
/// Hovering a point of \a series shows its label (replacing what hovering showed before).
void showLabels(QScatterSeries *series, const LabelledPoints &data, const HoverFn &show);
/// A scatter series of labelled points; hovering a point shows its label.
void addScatter(QChart *chart, const QString &name, qreal markerSize, const LabelledPoints &data, QAbstractAxis *x,
                QAbstractAxis *y, const HoverFn &show);

} // namespace accelplan::ui::charts
