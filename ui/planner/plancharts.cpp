#include "ui/planner/plancharts.h"

#include "ui/planner/chartbuilder.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGraphicsLayout>
#include <QLabel>
#include <QTabWidget>
#include <QToolTip>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

PlanCharts::PlanCharts(QWidget *parent) : QWidget(parent)
{
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(u"chartTabs"_s);
    m_tabs->setDocumentMode(true);
    const QStringList titles = {tr("Cost vs time"), tr("Budget"), tr("Cost vs exit"), tr("Sensitivity"),
                                tr("Price history")};
    const QStringList names = {u"costTimeChart"_s, u"budgetChart"_s, u"costExitChart"_s, u"tornadoChart"_s,
                               u"priceHistoryChart"_s};
    for (int i = 0; i < ChartCount; ++i) {
        auto *view = new QChartView(new QChart, m_tabs);
        view->setObjectName(names.at(i));
        view->setAccessibleName(titles.at(i));
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumHeight(160);
        m_views.append(view);
        m_tabs->addTab(view, titles.at(i));
    }
    m_hover = new QLabel(this);
    m_hover->setObjectName(u"chartHover"_s);
    m_hover->setAccessibleName(tr("Value under the pointer"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_hover);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) { draw(Chart(index)); });
    showHover({});
    setPlan(nullptr);
    setPriceHistory({}, {});
}

QChart *PlanCharts::chart(Chart which)
{
    draw(which);
    return m_views.at(which)->chart();
}

QString PlanCharts::hoverText() const
{
    return m_hoverText;
}

void PlanCharts::setChart(Chart which, QChart *chart)
{
    QChartView *view = m_views.at(which);
    QChart *old = view->chart();
    charts::screenStrokes(chart);
    // The pane is short beside the detail text: the legend goes to the side and the frame
    // around the plot is thin, so that the plot keeps its height and the axes their labels.
    chart->legend()->setAlignment(Qt::AlignRight);
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    view->setChart(chart);
    delete old; // a chart view releases the previous chart without deleting it
    applyTheme();
}

void PlanCharts::showHover(const QString &text)
{
    m_hoverText = text;
    m_hover->setText(text.isEmpty() ? tr("Point at a mark to see its values.") : text);
    if (isVisible() && !text.isEmpty())
        QToolTip::showText(QCursor::pos(), text, this);
}

void PlanCharts::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        applyTheme();
    QWidget::changeEvent(event);
}

void PlanCharts::applyTheme()
{
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    const QChart::ChartTheme theme = dark ? QChart::ChartThemeDark : QChart::ChartThemeLight;
    for (QChartView *view : std::as_const(m_views)) {
        if (view->chart()->theme() != theme) {
            view->chart()->setTheme(theme);
            charts::screenStrokes(view->chart());
        }
    }
}

void PlanCharts::setPlan(std::shared_ptr<const planning::Plan> plan)
{
    m_plan = std::move(plan);
    // What the pointer was over belongs to the previous plan's marks.
    if (!m_hoverText.isEmpty()) {
        showHover({});
        if (QToolTip::isVisible())
            QToolTip::hideText();
    }
    for (int which = 0; which < PriceHistory; ++which)
        m_stale[which] = true;
    draw(Chart(m_tabs->currentIndex()));
}

void PlanCharts::draw(Chart which)
{
    if (which < 0 || which >= ChartCount || !m_stale.value(which))
        return;
    m_stale[which] = false;
    const charts::HoverFn show = [this](const QString &text) { showHover(text); };
    QChart *chart = nullptr;
    switch (which) {
    case CostTime:
        if (charts::refillCostTimeChart(m_views.at(which)->chart(), m_plan, show))
            return;
        chart = charts::costTimeChart(m_plan, show);
        break;
    case Budget: chart = charts::budgetChart(m_plan, show); break;
    case CostExit: chart = charts::costExitChart(m_plan, show); break;
    case Tornado: chart = charts::tornadoChart(m_plan, show); break;
    case PriceHistory: chart = charts::priceHistoryChart(m_historyTitle, m_history, show); break;
    case ChartCount: return;
    }
    setChart(which, chart);
}

void PlanCharts::setPriceHistory(const QString &title, const QList<pricing::PriceRecord> &history)
{
    m_historyTitle = title;
    m_history = history;
    m_stale[PriceHistory] = true;
    draw(Chart(m_tabs->currentIndex()));
}

} // namespace accelplan::ui
