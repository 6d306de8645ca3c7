#include "ui/planner/plannerview.h"

#include "core/catalog/acceleratorcatalog.h"
#include "core/planning/options/demand.h"
#include "core/planning/model/counts.h"
#include "ui/models/offerfilterproxymodel.h"
#include "ui/format.h"
#include "ui/models/optiontablemodel.h"
#include "ui/charts/plancharts.h"
#include "ui/planner/scenariodocument.h"
#include "ui/planner/scenarioeditor.h"
#include "ui/widgets/offerfilterbar.h"
#include "ui/widgets/tableactions.h"
#include "ui/widgets/wraplabel.h"

#include <QAbstractSpinBox>
#include <QCheckBox>
#include <QCoreApplication>
#include <QEvent>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QThreadPool>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

#include <tuple>
#include <utility>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

PlannerView::PlannerView(ScenarioDocument *document, QWidget *parent) : QWidget(parent), m_document(document)
{
    m_runner = new PlanRunner(this);
    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(0); // coalesce the edits of one event-loop pass
    connect(m_debounce, &QTimer::timeout, this, &PlannerView::replan);
    connect(m_runner, &PlanRunner::planned, this, [this](std::shared_ptr<const planning::Plan> plan, quint64, qint64 ms) {
        showPlan(std::move(plan), ms);
    });
    connect(m_runner, &PlanRunner::failed, this, [this](const QString &message, quint64) {
        m_summary->setText(tr("Cannot plan: %1").arg(message.toHtmlEscaped()));
    });
    m_trainingModel = new OptionTableModel(OptionTableModel::Side::Training, this);
    m_inferenceModel = new OptionTableModel(OptionTableModel::Side::Inference, this);
    const OfferFilterProxyModel::Columns columns{
        OptionTableModel::Provider, OptionTableModel::Kind, OptionTableModel::Accelerator, OptionTableModel::PriceModel,
        {OptionTableModel::Provider, OptionTableModel::Offer, OptionTableModel::Accelerator}};
    m_trainingProxy = new OfferFilterProxyModel(columns, this);
    m_trainingProxy->setSourceModel(m_trainingModel);
    m_inferenceProxy = new OfferFilterProxyModel(columns, this);
    m_inferenceProxy->setSourceModel(m_inferenceModel);
    build();
    edited();
}

void PlannerView::build()
{
    auto *scroll = new QScrollArea(this);
    m_editor = new ScenarioEditor(m_document, scroll);
    m_editor->setObjectName(u"scenarioEditor"_s);
    connect(m_editor, &ScenarioEditor::validated, this, &PlannerView::edited);
    QWidget *editor = m_editor;
    scroll->setWidget(editor);
    scroll->setWidgetResizable(true);
    scroll->setMinimumWidth(editor->sizeHint().width() + 24);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(u"plannerSplitter"_s);
    split->addWidget(scroll);
    split->addWidget(buildResults());
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);
    layout->addWidget(split);
}

QWidget *PlannerView::buildResults()
{
    m_summary = new WrapLabel(this);
    m_summary->setObjectName(u"planSummary"_s);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setAccessibleName(tr("Recommendation"));
    m_filterBar = new OfferFilterBar(u"option"_s, true, this);
    connect(m_filterBar, &OfferFilterBar::changed, this, &PlannerView::applyOptionFilters);
    m_filterBar->setToolTip(tr("These filters only hide rows of the plan; the scenario's constraints (left) change it"));
    m_staleBanner = new QLabel(this);
    m_staleBanner->setObjectName(u"staleBanner"_s);
    m_staleBanner->setWordWrap(true);
    m_staleBanner->setStyleSheet(u"QLabel { background: #fff3cd; color: #664d03; border: 1px solid #ffda6a; padding: 6px; }"_s);
    m_staleBanner->hide();
    auto *tabs = new QTabWidget(this);
    tabs->setObjectName(u"optionTabs"_s);
    m_optionTabs = tabs;
    m_trainingTable = makeTable(m_trainingModel, m_trainingProxy, u"trainingOptions"_s);
    m_inferenceTable = makeTable(m_inferenceModel, m_inferenceProxy, u"inferenceOptions"_s);
    tabs->addTab(m_trainingTable, tr("Training options"));
    tabs->addTab(m_inferenceTable, tr("Inference options"));
    m_detail = new QTextBrowser(this);
    m_detail->setObjectName(u"optionDetails"_s);
    m_detail->setAccessibleName(tr("Option details"));
    m_detail->setOpenExternalLinks(true);
    m_charts = new PlanCharts(this);
    m_charts->setObjectName(u"planCharts"_s);

    auto *top = new QWidget(this);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_staleBanner);
    // The summary scrolls past a few lines, so that the options keep their rows at 1024x700 and at
    // a large scale factor.
    auto *summaryScroll = new QScrollArea(this);
    summaryScroll->setObjectName(u"planSummaryScroll"_s);
    summaryScroll->setWidget(m_summary);
    summaryScroll->setWidgetResizable(true);
    summaryScroll->setFrameShape(QFrame::NoFrame);
    summaryScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    summaryScroll->setMaximumHeight(fontMetrics().lineSpacing() * 7 + 4);
    topLayout->addWidget(summaryScroll);
    topLayout->addWidget(m_filterBar);
    topLayout->addWidget(tabs, 1);
    auto *bottom = new QSplitter(Qt::Horizontal, this);
    bottom->setObjectName(u"detailSplitter"_s);
    bottom->addWidget(m_detail);
    bottom->addWidget(m_charts);
    bottom->setStretchFactor(0, 2);
    bottom->setStretchFactor(1, 3);
    auto *results = new QSplitter(Qt::Vertical, this);
    results->setObjectName(u"resultsSplitter"_s);
    results->addWidget(top);
    results->addWidget(bottom);
    results->setStretchFactor(0, 1);
    results->setStretchFactor(1, 1);
    results->setChildrenCollapsible(false);
    return results;
}

QTableView *PlannerView::makeTable(OptionTableModel *model, OfferFilterProxyModel *proxy, const QString &name)
{
    auto *table = new QTableView(this);
    table->setObjectName(name);
    table->setAccessibleName(model->side() == OptionTableModel::Side::Training ? tr("Training options")
                                                                               : tr("Inference options"));
    table->setModel(proxy);
    table->setSortingEnabled(true);
    table->sortByColumn(-1, Qt::AscendingOrder); // the planner's ranking until the user sorts
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setAlternatingRowColors(true);
    table->setWordWrap(false);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    TableActions::install(table);
    connect(table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this, proxy, model](const QModelIndex &current) {
                const int row = proxy->mapToSource(current).row();
                showDetail(model->detailHtml(row));
                if (const pricing::PriceRecord *offer = model->offerAt(row))
                    Q_EMIT offerSelected(*offer);
            });
    return table;
}

void PlannerView::setInputs(PlanInputs inputs)
{
    m_editor->setCatalog(inputs.planning);
    m_accelerators = inputs.accelerators;
    m_runner->setInputs(std::move(inputs));
    replan();
}

QStringList PlannerView::problems() const
{
    return m_editor->problems();
}

QUndoStack *PlannerView::undoStack() const
{
    return m_document->undoStack();
}

const scenario::Scenario &PlannerView::scenario() const
{
    return m_document->scenario();
}

void PlannerView::edited()
{
    setStale(!problems().isEmpty());
    if (problems().isEmpty())
        m_debounce->start();
}

void PlannerView::replan()
{
    if (problems().isEmpty() && m_runner->hasInputs())
        m_runner->request(scenario());
}

void PlannerView::applyOptionFilters()
{
    m_filterBar->applyTo(m_trainingProxy);
    m_filterBar->applyTo(m_inferenceProxy);
}

void PlannerView::showPlan(std::shared_ptr<const planning::Plan> plan, qint64 elapsedMs)
{
    std::shared_ptr<const planning::Plan> previous = std::exchange(m_plan, plan);
    m_trainingModel->setPlan(plan);
    m_inferenceModel->setPlan(plan);
    QList<const pricing::PriceRecord *> offers;
    for (const OptionTableModel *model : {m_trainingModel, m_inferenceModel})
        for (int row = 0; row < model->rowCount(); ++row)
            offers.append(model->offerAt(row));
    {
        const QSignalBlocker blocker(m_filterBar);
        m_filterBar->fill(offers, m_accelerators);
    }
    applyOptionFilters();
    m_charts->setPlan(plan);

    // The headline first (budget at P50 and P90, cash, capex), then what to run, then its risks.
    QString text = u"<b>%1</b><br>%2<br>"_s.arg(plan->headline.text().toHtmlEscaped(), plan->recommendation.toHtmlEscaped());
    text += tr("Prices as of %1.").arg(plan->pricesAsOf.toString(Qt::ISODate));
    for (const QString &risk : plan->headline.risks)
        text += u"<br><span style=\"color:#a33\">%1</span>"_s.arg(tr("Risk: %1").arg(risk).toHtmlEscaped());
    if (plan->trainingBreakEven)
        text += u"<br>"_s + tr("Lock-in, training: %1").arg(plan->trainingBreakEven->summary.toHtmlEscaped());
    if (plan->inferenceBreakEven)
        text += u"<br>"_s + tr("Lock-in, inference: %1").arg(plan->inferenceBreakEven->summary.toHtmlEscaped());
    if (plan->inference)
        if (const QString apis = planning::apiSummary(*plan->inference); !apis.isEmpty())
            text += u"<br>"_s + apis.toHtmlEscaped();
    if (const planning::InferenceOption *serve = plan->recommendedInference(); serve && !serve->byMonth.isEmpty())
        text += u"<br>"_s + planning::demandSummary(plan->demand, *serve, plan->demandSteps).toHtmlEscaped();
    m_summary->setText(text);
    setStale(!problems().isEmpty());
    selectRecommended();
    // The previous plan (tens of thousands of options at 17,000 offers) is freed off the GUI
    // thread once the tables and charts have let it go.
    QThreadPool::globalInstance()->start([previous = std::move(previous)]() mutable { previous.reset(); });
    Q_EMIT planUpdated(elapsedMs);
}

void PlannerView::showDetail(const QString &html)
{
    // An edit on one side leaves the other side's plan, and often the selected option, as it was:
    // the same text is not laid out again (and keeps where the reader scrolled to).
    if (html == m_detailHtml)
        return;
    m_detailHtml = html;
    m_detail->setHtml(html);
}

bool PlannerView::stale() const
{
    return !m_staleBanner->isHidden();
}

void PlannerView::setStale(bool stale)
{
    if (stale) {
        QStringList escaped;
        for (const QString &problem : problems())
            escaped.append(problem.toHtmlEscaped());
        m_staleBanner->setText(tr("<b>These results are out of date.</b> They are for the last valid inputs; fix "
                                  "the fields marked red to plan again:<br>%1")
                                   .arg(escaped.join(u"<br>"_s)));
    }
    m_staleBanner->setVisible(stale && m_plan);
    for (QWidget *w : {static_cast<QWidget *>(m_summary), static_cast<QWidget *>(m_optionTabs),
                       static_cast<QWidget *>(m_charts), static_cast<QWidget *>(m_detail)})
        w->setEnabled(!stale);
}

void PlannerView::selectRecommended()
{
    // Training's recommendation when the plan has one, else inference's.
    QTableView *table = m_trainingProxy->rowCount() > 0 ? m_trainingTable : m_inferenceTable;
    if (table->model()->rowCount() == 0) {
        showDetail({});
        return;
    }
    m_optionTabs->setCurrentWidget(table);
    table->selectionModel()->setCurrentIndex(table->model()->index(0, 0),
                                             QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

} // namespace accelplan::ui
