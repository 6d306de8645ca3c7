#include "ui/help/glossarydialog.h"

#include "core/planning/plan/headline.h"
#include "ui/models/optiontablemodel.h"

#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

GlossaryDialog::GlossaryDialog(QWidget *parent) : QDialog(parent)
{
    setObjectName(u"glossary"_s);
    setWindowTitle(tr("Glossary"));
    m_browser = new QTextBrowser(this);
    m_browser->setObjectName(u"glossaryText"_s);
    m_browser->setAccessibleName(tr("Glossary"));
    m_browser->setOpenExternalLinks(true);
    m_browser->setHtml(html());
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_browser, 1);
    layout->addWidget(buttons);
    // Readable lines, and small enough for a 1024x700 screen (or half a screen at scale 2).
    resize(fontMetrics().averageCharWidth() * 80, fontMetrics().lineSpacing() * 30);
}

QString GlossaryDialog::html()
{
    struct Term
    {
        QString name;
        QString meaning;
    };
    // The figures in the text come from the constants the planner uses, so they cannot disagree.
    const QList<Term> terms = {
        {tr("MFU (model FLOPs utilisation)"),
         tr("The share of the accelerators' peak dense FLOP/s that goes into the model's own arithmetic. The "
            "planner takes it, as a low, typical and high band, from throughput measured on that accelerator; "
            "a training run's time is its FLOPs over chips × peak × MFU (and the framework, scaling and goodput "
            "factors), so half the MFU is twice the days.")},
        {tr("Goodput"),
         tr("The share of a run's time that makes progress. Failures at scale and, on spot capacity, "
            "preemptions lose the work since the last checkpoint and the time to restart; a goodput of 0.9 "
            "makes the run take about 11% longer.")},
        {tr("Exit cost"),
         tr("What leaving the provider during the plan would cost: moving the dataset and checkpoints out "
            "(egress at the provider's prices), porting the code when no other provider sells the same "
            "accelerator (engineer-weeks × the cost of one), and the unused rest of a commitment. Porting is "
            "zero when another provider sells the same accelerator; the commitment part is zero on demand, "
            "spot, monthly and owned.")},
        {tr("Adjusted cost"),
         tr("The option's cost plus the exit probability × its exit cost (lockin.exit_probability, 0.3 "
            "unless the scenario says otherwise). Options are ranked by it, so a cheap option that is costly "
            "to leave can rank below a slightly dearer portable one.")},
        {tr("Lock-in score"),
         tr("How hard an option is to leave, from 0 (free to go) to 100. %1").arg(OptionTableModel::lockinExplanation())},
        {tr("P50 / P90"),
         tr("The budget at the median and at the slow end of a Monte Carlo over the uncertain inputs "
            "(efficiency, prices, utilisation, token volume, exchange rates). Half the sampled outcomes cost "
            "at most the P50; nine in ten at most the P90. Plan for the P50 and hold the gap to the P90 as a "
            "reserve.")},
        {tr("Cash out vs budget"),
         tr("The budget spreads owned hardware over the hours the plan uses it. Cash out is what leaves the "
            "bank each month: owned hardware is paid in full in its first month, then costs its colocation and "
            "power. For rented capacity the two are the same.")},
        {tr("Capex"),
         tr("The purchase price of owned servers, with their share of the network, paid up front. The "
            "headline gives it apart from the running cost, with the months of use after which buying has "
            "cost less than renting (payback). No resale value is counted.")},
        {tr("All-in cost per 1M output tokens"),
         tr("The recommended service's whole monthly cost — every replica, the spare included, input tokens "
            "and idle time — over the output tokens it serves in a month. It is the figure to hold against an "
            "API's price per token.")},
        {tr("N+1 production serving"),
         tr("A production online service keeps one replica more than the load needs, so that it still "
            "serves the load while one replica fails or is updated; spot and marketplace offers, which can be "
            "reclaimed, are listed as unable to run it. Set inference.production to false for a trial or an "
            "internal service.")},
        {tr("Spot capacity risk"),
         tr("Spot and marketplace capacity is cheaper but can be taken back, and no provider guarantees a "
            "large block of it. A training plan on more than %1 such chips is flagged as a risk, with the "
            "cheapest on-demand option of the same accelerator to fall back on and what it costs; so is a spot "
            "price more than %2% below the same offer's on-demand price.")
             .arg(planning::kSpotCapacityRiskChips)
             .arg(planning::kImplausibleSpotDiscount * 100, 0, 'f', 0)},
    };
    QString html = u"<h2>%1</h2>"_s.arg(tr("Glossary").toHtmlEscaped());
    for (const Term &term : terms)
        html += u"<h3>%1</h3><p>%2</p>"_s.arg(term.name.toHtmlEscaped(), term.meaning.toHtmlEscaped());
    return html;
}

} // namespace accelplan::ui
