#include "ui/charts/plancharts.h"

#include "ui/charts/chartbuilder.h"

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
    for (const charts::ChartEntry &entry : std::as_const(m_charts)) {
        auto *view = new QChartView(new QChart, m_tabs);
        view->setObjectName(entry.objectName);
        view->setAccessibleName(entry.title);
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumHeight(160);
        m_views.append(view);
        m_tabs->addTab(view, entry.title);
    }
    m_hover = new QLabel(this);
    m_hover->setObjectName(u"chartHover"_s);
    m_hover->setAccessibleName(tr("Value under the pointer"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_hover);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) { draw(index); });
    showHover({});
    setPlan(nullptr);
    setPriceHistory({}, {});
}

int PlanCharts::tabIndex(charts::ChartId which) const
{
    for (int tab = 0; tab < m_charts.size(); ++tab)
        if (m_charts.at(tab).id == which)
            return tab;
    return -1;
}

QChart *PlanCharts::chart(charts::ChartId which)
{
    const int tab = tabIndex(which);
    if (tab < 0)
        return nullptr;
    draw(tab);
    return m_views.at(tab)->chart();
}

QString PlanCharts::hoverText() const
{
    return m_hoverText;
}

void PlanCharts::setChart(int tab, QChart *chart)
{
    QChartView *view = m_views.at(tab);
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
    m_inputs.plan = std::move(plan);
    // What the pointer was over belongs to the previous plan's marks.
    if (!m_hoverText.isEmpty()) {
        showHover({});
        if (QToolTip::isVisible())
            QToolTip::hideText();
    }
    // Every chart: whatever it is drawn from, it was drawn beside the previous plan.
    m_stale.fill(true);
    draw(m_tabs->currentIndex());
}

void PlanCharts::draw(int tab)
{
    if (tab < 0 || tab >= m_charts.size() || !m_stale.at(tab))
        return;
    m_stale[tab] = false;
    const charts::HoverFn show = [this](const QString &text) { showHover(text); };
    const charts::ChartEntry &entry = m_charts.at(tab);
    // The chart in view takes a new plan in place: it is not built and laid out anew on every edit.
    if (entry.id == charts::CostTime && charts::refillCostTimeChart(m_views.at(tab)->chart(), m_inputs.plan, show))
        return;
    setChart(tab, entry.build(m_inputs, show));
}

void PlanCharts::setPriceHistory(const QString &title, const QList<pricing::PriceRecord> &history)
{
    m_inputs.historyTitle = title;
    m_inputs.history = history;
    const int tab = tabIndex(charts::PriceHistory);
    if (tab >= 0)
        m_stale[tab] = true;
    draw(m_tabs->currentIndex());
}

} // namespace accelplan::ui
