#include "ui/models/optiontablemodel.h"

#include "ui/format.h"

#include "ui/models/offertablemodel.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

using namespace planning;

namespace {

/// The fields both kinds of option share, so one model reads either.
struct Row
{
    const pricing::PriceRecord *offer = nullptr;
    const OptionLockin *lockin = nullptr;
    QString cannotRun;
    QStringList warnings;
    const CostTerms *costTerms = nullptr;
    int chips = 0;
    double time = 0;
    double perMillion = 0;
    bool runnable = false;
    int nodes = 0;  ///< training only
    QString fabric; ///< training only: "EFA 3,200 Gb/s"
    /// A training option that was costed but not ranked (over the budget): its cost, so the row
    /// still shows what it would cost and take.
    std::optional<double> unrankedCost;
    const std::optional<OwnedFigures> *owned = nullptr;
    int instances = 0;
    const std::optional<Energy> *energy = nullptr;
    bool energyPerMonth = false;
};

QString fabricText(const TrainingProjection &p)
{
    if (p.fabric.isEmpty())
        return {};
    if (p.fabric == u"none"_s)
        return OptionTableModel::tr("none (one node)");
    const QString name = p.fabric == u"infiniband"_s ? u"InfiniBand"_s
                         : p.fabric == u"efa"_s      ? u"EFA"_s
                         : p.fabric == u"roce"_s     ? u"RoCE"_s
                         : p.fabric == u"dcn"_s      ? u"DCN"_s
                                                     : u"Ethernet"_s;
    return OptionTableModel::tr("%1 %2 Gb/s").arg(name, format::number(p.fabricGbpsPerNode, p.fabricGbpsPerNode < 1 ? 1 : 0));
}

Row rowOf(const TrainingOption &o)
{
    return {&o.offer, &o.lockin, o.cannotRun, o.warnings + o.projection->warnings, &o.costTerms, o.projection->chips,
            o.projection->wallHours.typical / 24.0, 0, o.runnable(), o.projection->nodes, fabricText(*o.projection),
            !o.runnable() && o.cost.typical > 0 ? std::optional<double>(o.cost.typical) : std::nullopt, &o.owned,
            o.instances, &o.energy, false};
}

Row rowOf(const InferenceOption &o)
{
    return {&o.offer, &o.lockin, o.cannotRun, o.warnings + o.projection->warnings, &o.costTerms, o.chips,
            double(o.replicas), o.costPerMillionOutputAllIn, o.runnable(), 0, QString(), std::nullopt, &o.owned, o.instances,
            &o.energyPerMonth, true};
}

QString sourceItem(const QString &what, const QString &value, const QString &source)
{
    return u"<li>%1 %2 <small>— %3</small></li>"_s.arg(what.toHtmlEscaped(), value.toHtmlEscaped(),
                                                        source.isEmpty() ? OptionTableModel::tr("no source")
                                                                         : source.toHtmlEscaped());
}

/// Each factor of an efficiency chain with its band and its source, the band's basis last.
QString chainItems(const Terms &terms, bool fitted, const catalog::BandBasis &basis)
{
    QString html;
    for (const Term &t : terms) {
        QString value = t.unit + QString::number(t.value, 'g', 3);
        if (t.low && t.high)
            value = OptionTableModel::tr("%1 (%2–%3)").arg(value, QString::number(*t.low, 'g', 3),
                                                             QString::number(*t.high, 'g', 3));
        html += sourceItem(t.label, value, t.rule);
    }
    if (fitted)
        html += sourceItem(OptionTableModel::tr("band"), QString(), basis.text());
    return html;
}

QString percent(double share)
{
    return QLocale().toString(100.0 * share, 'f', 0) + u" %"_s;
}

/// A step's parts as "label share, …": the one place the options' details render a step breakdown.
QString shares(const Terms &terms)
{
    QStringList parts;
    for (const Term &t : terms)
        parts.append(t.label + u' ' + percent(t.value));
    return parts.join(u", "_s);
}

// The cluster and the share of each step its parts take.
QString clusterHtml(const TrainingProjection &p)
{
    QString html;
    if (!p.layoutSummary.isEmpty()) {
        html += OptionTableModel::tr("<p><b>Cluster</b>: %1 node(s) of %2, %3. %4</p><p>Each step: %5.</p>")
                    .arg(QString::number(p.nodes), QString::number(p.acceleratorsPerNode), fabricText(p).toHtmlEscaped(),
                         p.layoutSummary.toHtmlEscaped(), shares(p.stepShares.terms()).toHtmlEscaped());
        if (p.interruption < 1)
            html += OptionTableModel::tr("<p>Spot: %1 of the work is kept after preemptions.</p>").arg(percent(p.interruption));
        html += u"<p><small>%1</small></p>"_s.arg(p.clusterBasis.toHtmlEscaped());
    }
    return html;
}

// The time formula with every input it used and where each comes from.
QString projectionHtml(const TrainingProjection &p)
{
    if (!p.runnable() || p.totalFlops <= 0)
        return {};
    QString html = (p.fitted ? OptionTableModel::tr("<p><b>Time</b> = FLOPs / (chips × peak × MFU × framework × scaling × "
                                                    "goodput) × measured = %1 / (%2 × %3 FLOP/s × …) × … = %4 days "
                                                    "(%5–%6)</p>")
                             : OptionTableModel::tr("<p><b>Time</b> = FLOPs / (chips × peak × MFU × framework × scaling × "
                                                    "goodput) = %1 / (%2 × %3 FLOP/s × …) = %4 days (%5–%6)</p>"))
                       .arg(QString::number(p.totalFlops, 'g', 4), QString::number(p.chips),
                            QString::number(p.peakFlopsPerChip, 'g', 4),
                            QLocale().toString(p.wallHours.typical / 24, 'f', 1),
                            QLocale().toString(p.wallHours.low / 24, 'f', 1),
                            QLocale().toString(p.wallHours.high / 24, 'f', 1));
    html += u"<ul>"_s + chainItems(p.efficiencyTerms(), p.fitted, p.bandBasis) + u"</ul>"_s;
    html += clusterHtml(p);
    return html;
}

QString projectionHtml(const InferenceProjection &p)
{
    if (!p.runnable())
        return {};
    const Range throughput = p.tokensPerSecondPerChipBand;
    auto quantiles = [](double p50, double p90, int decimals) {
        return OptionTableModel::tr("p50 %1 ms, p90 %2 ms").arg(p50, 0, 'f', decimals).arg(p90, 0, 'f', decimals);
    };
    const QString ttft = p.phase == ServePhase::Decode ? OptionTableModel::tr("on the prefill replicas")
                                                       : quantiles(p.ttftMs, p.ttftP90Ms, 0);
    const QString tpot = p.phase == ServePhase::Prefill ? OptionTableModel::tr("on the decode replicas")
                                                        : quantiles(p.tpotMs, p.tpotP90Ms, 1);
    QString html = OptionTableModel::tr("<p><b>Throughput</b>: %1 chips per replica (tensor parallel %2, expert parallel "
                                        "%3%4), concurrency %5 (memory holds %6), %7 tokens/s per chip (%8–%9)</p>"
                                        "<p><b>Latency</b> at %10 utilisation: TTFT %11; TPOT %12</p>"
                                        "<p><b>KV cache</b>: %13, %14 bytes per token, %15 MB per request. Each decode "
                                        "step: %16.</p>")
                       .arg(QString::number(p.chipsPerReplica), QString::number(p.tensorParallel),
                            QString::number(p.expertParallel),
                            p.pipelineParallel > 1 ? OptionTableModel::tr(", %1 pipeline stages across nodes").arg(p.pipelineParallel)
                            : p.crossesNodes       ? OptionTableModel::tr(", across nodes")
                                                   : QString(),
                            QString::number(p.batch), QString::number(p.maxBatchByMemory),
                            QLocale().toString(p.tokensPerSecondPerChip, 'f', 0), QLocale().toString(throughput.low, 'f', 0),
                            QLocale().toString(throughput.high, 'f', 0))
                       .arg(percent(p.utilisation), ttft, tpot, p.attention.toHtmlEscaped(),
                            QLocale().toString(p.kvBytesPerToken, 'f', 0), QLocale().toString(p.kvBytesPerRequest / 1e6, 'f', 1),
                            shares(p.decodeStep.terms()));
    html += u"<ul>"_s;
    if (!p.engineSource.isEmpty())
        html += sourceItem(OptionTableModel::tr("engine"), QString(), p.engineSource);
    return html + chainItems(p.efficiencyTerms(), p.fitted, p.bandBasis) + u"</ul>"_s;
}

} // namespace

OptionTableModel::OptionTableModel(Side side, QObject *parent) : QAbstractTableModel(parent), m_side(side)
{
}

void OptionTableModel::setPlan(std::shared_ptr<const Plan> plan)
{
    beginResetModel();
    m_plan = std::move(plan);
    endResetModel();
}

int OptionTableModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() || !m_plan)
        return 0;
    if (m_side == Side::Training)
        return m_plan->training ? int(m_plan->training->options.size()) : 0;
    return m_plan->inference ? int(m_plan->inference->options.size()) : 0;
}

int OptionTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OptionTableModel::raw(int row, int column) const
{
    const Row r = m_side == Side::Training ? rowOf(m_plan->training->options.at(row))
                                           : rowOf(m_plan->inference->options.at(row));
    const bool priced = r.runnable && r.lockin->computed;
    switch (Column(column)) {
    case Rank: return priced ? QVariant(row + 1) : QVariant();
    case Provider: return r.offer->key.provider;
    case Offer: return r.offer->key.sku;
    case Region: return r.offer->key.region;
    case Accelerator: return r.offer->accelerator;
    case PriceModel: return pricing::toString(r.offer->key.priceModel);
    case Kind: return pricing::toString(r.offer->offerKind);
    case Chips: return r.chips;
    case Nodes: return r.nodes > 0 ? QVariant(r.nodes) : QVariant();
    case Fabric: return r.fabric.isEmpty() ? QVariant() : QVariant(r.fabric);
    case Time: return priced || r.unrankedCost ? QVariant(r.time) : QVariant();
    case Cost: return priced ? QVariant(r.lockin->planCost) : r.unrankedCost ? QVariant(*r.unrankedCost) : QVariant();
    case PerMillion: return priced && m_side == Side::Inference ? QVariant(r.perMillion) : QVariant();
    case Lockin: return priced ? QVariant(r.lockin->score.score) : QVariant();
    case ExitCost: return priced ? QVariant(r.lockin->exit.total()) : QVariant();
    case AdjustedCost: return priced ? QVariant(r.lockin->adjustedCost) : QVariant();
    case Fits: return r.runnable ? u"yes"_s : r.cannotRun;
    case ColumnCount: break;
    }
    return {};
}

QVariant OptionTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    if (role == RawValueRole)
        return raw(index.row(), index.column());
    if (role == Qt::TextAlignmentRole) {
        const bool text = index.column() <= Kind || index.column() == Fits || index.column() == Fabric;
        return QVariant::fromValue(text ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignRight | Qt::AlignVCenter);
    }
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const QVariant value = raw(index.row(), index.column());
    if (!value.isValid())
        return {};
    switch (index.column()) {
    case Time: return m_side == Side::Training ? QLocale().toString(value.toDouble(), 'f', 1) : value.toString();
    case Cost:
    case ExitCost:
    case AdjustedCost: return format::number(value.toDouble());
    case PerMillion: return format::number(value.toDouble(), 2);
    case PriceModel: return OfferTableModel::priceModelLabel(offerAt(index.row())->key.priceModel);
    case Kind: return OfferTableModel::offerKindLabel(offerAt(index.row())->offerKind);
    case Lockin: return QString::number(value.toDouble(), 'f', 0);
    default: return value;
    }
}

QVariant OptionTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == Lockin)
        return lockinExplanation();
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    const QString currency = m_plan ? m_plan->currency : u"USD"_s;
    switch (section) {
    case Rank: return tr("#");
    case Provider: return tr("Provider");
    case Offer: return tr("Offer");
    case Region: return tr("Region");
    case Accelerator: return tr("Accelerator");
    case PriceModel: return tr("Price model");
    case Kind: return tr("Kind");
    case Chips: return tr("Chips");
    case Nodes: return tr("Nodes");
    case Fabric: return tr("Fabric");
    case Time: return m_side == Side::Training ? tr("Days") : tr("Replicas");
    case Cost: return tr("Cost (%1)").arg(currency);
    case PerMillion: return tr("Per 1M out, all-in");
    case Lockin: return tr("Lock-in");
    case ExitCost: return tr("Exit cost");
    case AdjustedCost: return tr("Adjusted cost");
    case Fits: return tr("Fits");
    }
    return {};
}

QString OptionTableModel::lockinExplanation()
{
    // The score's own list of factors, weights and rules, so the text cannot disagree with the score.
    QStringList parts;
    for (const Term &t : planning::LockinScore().factors())
        parts.append(tr("%1 × %2 (%3)").arg(QString::number(t.weight.value_or(0) * 100, 'f', 0) + u'%', t.label, t.rule));
    return tr("Lock-in score (0–100) = %1.").arg(parts.join(u" + "_s));
}

QString OptionTableModel::detailHtml(int row) const
{
    if (!m_plan || row < 0 || row >= rowCount())
        return {};
    const Row r = m_side == Side::Training ? rowOf(m_plan->training->options.at(row))
                                           : rowOf(m_plan->inference->options.at(row));
    QString html = u"<h3>%1 %2 (%3)</h3>"_s.arg(r.offer->key.provider.toHtmlEscaped(), r.offer->key.sku.toHtmlEscaped(),
                                                pricing::toString(r.offer->key.priceModel));
    if (!r.runnable)
        html += tr("<p><b>Cannot run:</b> %1</p>").arg(r.cannotRun.toHtmlEscaped());
    const QString costBasis = m_side == Side::Training ? r.costTerms->runBasis() : r.costTerms->monthlyBasis();
    html += tr("<p><b>Cost:</b> %1</p>").arg(costBasis.toHtmlEscaped());
    if (m_side == Side::Inference && r.runnable) {
        const planning::InferenceOption &o = m_plan->inference->options.at(row);
        auto range = [&](const Range &band, char format, int precision) {
            return tr("%1 (%2–%3)").arg(QLocale().toString(band.typical, format, precision),
                                        QLocale().toString(band.low, format, precision),
                                        QLocale().toString(band.high, format, precision));
        };
        html += tr("<p><b>Over the throughput band</b>: %1 replica(s), %2 %3 a month, %4 %3 per 1,000 requests, %5 %3 "
                   "per 1M output tokens</p>")
                    .arg(range(o.replicasBand, 'f', 0), range(o.monthlyCostBand, 'f', 0), m_plan->currency,
                         range(o.costPerRequestBand.scaled(1000), 'g', 3), range(o.costPerMillionOutputBand, 'f', 3));
    }
    if (*r.owned)
        html += tr("<p><b>Buying:</b> %1</p>").arg(ownedSummary(**r.owned, r.instances, m_plan->currency).toHtmlEscaped());
    if (*r.energy)
        html += (r.energyPerMonth ? tr("<p><b>Energy a month:</b> %1</p>") : tr("<p><b>Energy:</b> %1</p>"))
                    .arg((*r.energy)->basis().toHtmlEscaped());
    html += m_side == Side::Training ? projectionHtml(*m_plan->training->options.at(row).projection)
                                     : projectionHtml(*m_plan->inference->options.at(row).projection);
    if (r.lockin->computed) {
        const planning::ExitCost &e = r.lockin->exit;
        html += tr("<p><b>Exit cost</b> %1 %2 = egress %3 (%4) + porting %5 (%6) + commitment %7 (%8)</p>")
                    .arg(format::number(e.total()), m_plan->currency, format::number(e.egress), e.egressBasis.toHtmlEscaped(),
                         format::number(e.porting), e.portingBasis.toHtmlEscaped(), format::number(e.commitment),
                         e.commitmentBasis().toHtmlEscaped());
        QStringList factors;
        for (const Term &t : r.lockin->score.factors())
            factors.append(t.label + u' ' + QString::number(t.value, 'f', 0));
        html += tr("<p><b>Lock-in score</b> %1: %2</p>")
                    .arg(QString::number(r.lockin->score.score, 'f', 0), factors.join(u", "_s).toHtmlEscaped());
        html += u"<p><small>"_s + lockinExplanation().toHtmlEscaped() + u"</small></p>"_s;
    }
    html += tr("<p><b>Price source:</b> <a href=\"%1\">%1</a>, as of %2, sheet %3 (%4)</p>")
                .arg(r.offer->sourceUrl.toHtmlEscaped(), r.offer->effectiveDate.toString(Qt::ISODate))
                .arg(r.offer->sheetId)
                .arg(r.offer->confidence);
    if (r.offer->stale(m_plan->pricesAsOf))
        html += tr("<p><b>Stale price:</b> read %1, %2 days before the prices' date (more than %3): check it with "
                   "the provider.</p>")
                    .arg(r.offer->asOf.toString(Qt::ISODate))
                    .arg(r.offer->ageDays(m_plan->pricesAsOf))
                    .arg(pricing::kStaleAfterDays);
    for (const QString &warning : r.warnings)
        html += u"<p>⚠ "_s + warning.toHtmlEscaped() + u"</p>"_s;
    return html;
}

const pricing::PriceRecord *OptionTableModel::offerAt(int row) const
{
    if (!m_plan || row < 0 || row >= rowCount())
        return nullptr;
    return m_side == Side::Training ? &m_plan->training->options.at(row).offer
                                    : &m_plan->inference->options.at(row).offer;
}

} // namespace accelplan::ui
