#include "ui/report/appendixsections.h"

#include "core/scenario/scenario.h"
#include "ui/report/assumptions.h"
#include "ui/report/reporthtml.h"

#include <QJsonObject>
#include <QSet>

using namespace Qt::StringLiterals;

namespace accelplan::ui::report {

using namespace planning;
using namespace html;

// The engineering appendix and its Assumptions: the scenario as given and the defaults used.
QString assumptionsSection(const ReportRequest &request)
{
    QString html;
    const Plan &plan = *request.plan;
    // The engineering appendix: what the figures rest on, after what a budget owner reads.
    html += u"<h1 style=\"page-break-before: always;\">%1</h1>"_s.arg(tr("Engineering appendix"));
    html += u"<p>"_s
            + esc(tr("The scenario's inputs and the defaults the planner used, then where every price, profile "
                     "and exchange rate comes from."))
            + u"</p>"_s;

    // Assumptions
    html += u"<h2>%1</h2>"_s.arg(tr("Assumptions"));
    QList<std::pair<QString, QString>> inputs;
    QJsonObject document = scenario::toJson(request.scenario);
    document.remove(u"format"_s);
    document.remove(u"version"_s);
    flatten(document, QString(), inputs);
    Table assumptions{{tr("Scenario input"), tr("Value")}, {}, {}, {}};
    for (const auto &[words, value] : inputs)
        assumptions.add({words, value});
    html += assumptions.html();
    html += u"<p><b>%1</b></p>"_s.arg(esc(tr("Defaults used")));
    if (plan.defaults.isEmpty()) {
        html += u"<p>"_s + esc(tr("None: the scenario gives every input.")) + u"</p>"_s;
    } else {
        html += u"<ul>"_s;
        for (const QString &line : plan.defaults)
            html += u"<li>"_s + esc(defaultInWords(line)) + u"</li>"_s;
        html += u"</ul>"_s;
    }
    for (const QString &warning : plan.warnings)
        html += u"<p>"_s + esc(tr("Warning: %1").arg(warning)) + u"</p>"_s;

    return html;
}

// Where every price, profile and exchange rate in the report comes from.
QString sourcesSection(const ReportRequest &request, const QList<const TrainingOption *> &trainingShown,
                      const QList<const InferenceOption *> &inferenceShown)
{
    QString html;
    const Plan &plan = *request.plan;
    // Sources
    html += u"<h2>%1</h2>"_s.arg(tr("Sources"));
    html += u"<h3>%1</h3>"_s.arg(tr("Price sheets"));
    Table sheets{{tr("Sheet"), tr("Name"), tr("Kind"), tr("Imported"), tr("Rows"), tr("File")}, {0, 4}, {}, {}};
    for (const pricing::SheetInfo &sheet : request.sheets)
        sheets.add({QString::number(sheet.id), sheet.name, sheet.kind, sheet.importedAt.date().toString(Qt::ISODate),
                    QString::number(sheet.rowCount), sheet.source});
    html += sheets.html();

    html += u"<h3>%1</h3>"_s.arg(tr("Price rows used"));
    // A list, not a table: long source URLs wrap in reading order.
    QString rows;
    int staleRows = 0;
    QSet<QString> seenRows;
    QStringList profiles;
    QStringList discounts; // the team's overlays the rows are priced under
    QStringList quotes;    // vendors' quotes ranked as offers, each against list and market
    auto addRow = [&](const pricing::PriceRecord &offer) {
        const QString id = offer.key.provider + u'|' + offer.key.sku + u'|' + offer.key.region + u'|'
                           + pricing::toString(offer.key.priceModel);
        if (seenRows.contains(id))
            return;
        seenRows.insert(id);
        const QString age = offer.stale(plan.pricesAsOf)
                                ? tr("read %1, %2 days before the prices' date: stale")
                                      .arg(offer.asOf.toString(Qt::ISODate))
                                      .arg(offer.ageDays(plan.pricesAsOf))
                                : tr("read %1").arg(offer.asOf.toString(Qt::ISODate));
        if (offer.stale(plan.pricesAsOf))
            ++staleRows;
        // Under the team's discount: the price paid, then the list price it came from.
        const QString price = offer.listPrice ? tr("%1 (list %2, the team's discount)")
                                                    .arg(offer.price.toString(), offer.listPrice->toString())
                                              : offer.price.toString();
        if (!offer.discountSource.isEmpty() && !discounts.contains(offer.discountSource))
            discounts.append(offer.discountSource);
        if (offer.quote) {
            const QString line = offer.quote->description + u" — "_s + offer.quote->comparison.text();
            if (!quotes.contains(line))
                quotes.append(line);
        }
        // A vendor's quote has no sheet: its own id and terms say where the price comes from.
        const QString provenance =
            offer.quote ? tr("the team's quote %1, valid until %2").arg(offer.quote->id).arg(offer.quote->validUntil.toString(Qt::ISODate))
                        : tr("sheet %1 line %2, %3: %4")
                              .arg(QString::number(offer.sheetId), QString::number(offer.sheetLine),
                                   offer.confidence.isEmpty() ? tr("confidence not stated") : offer.confidence,
                                   offer.sourceUrl.isEmpty() ? tr("no source given") : offer.sourceUrl);
        rows += u"<li>"_s
                + esc(tr("%1, %2: %3 %4 per %5 from %6 (%7), %8")
                          .arg(optionName(offer), offer.key.region, price, offer.currency,
                               pricing::toString(offer.unit), offer.effectiveDate.toString(Qt::ISODate), age, provenance))
                + u"</li>"_s;
    };
    auto addProfile = [&](const QString &what, const QString &source) {
        const QString line = what + u": "_s + source;
        if (!source.isEmpty() && !profiles.contains(line))
            profiles.append(line);
    };
    // An efficiency chain's sources, each under its term's label, and what backs the band.
    auto addChain = [&](const Terms &terms, bool fitted, const catalog::BandBasis &basis) {
        for (const Term &t : terms)
            addProfile(t.label.left(1).toUpper() + t.label.mid(1), t.rule);
        addProfile(tr("Band"), fitted ? basis.text() : QString());
    };
    for (const TrainingOption *o : std::as_const(trainingShown)) {
        addRow(o->offer);
        addChain(o->projection->efficiencyTerms(), o->projection->fitted, o->projection->bandBasis);
    }
    for (const InferenceOption *o : std::as_const(inferenceShown)) {
        addRow(o->offer);
        addProfile(tr("Engine"), o->projection->engineSource);
        addChain(o->projection->efficiencyTerms(), o->projection->fitted, o->projection->bandBasis);
    }
    if (staleRows > 0)
        html += u"<p><b>"_s
                + esc(tr("Stale prices: %1 of these were read more than %2 days before the prices' date. Check "
                         "them with the provider before you rely on them.")
                          .arg(staleRows)
                          .arg(pricing::kStaleAfterDays))
                + u"</b></p>"_s;
    html += u"<ul>"_s + rows + u"</ul>"_s;
    if (!discounts.isEmpty()) {
        html += u"<h3>%1</h3><ul>"_s.arg(tr("The team's negotiated discounts applied"));
        for (const QString &line : std::as_const(discounts))
            html += u"<li>"_s + esc(line) + u"</li>"_s;
        html += u"</ul>"_s;
    }
    if (!quotes.isEmpty()) {
        html += u"<h3>%1</h3><ul>"_s.arg(tr("Vendors' quotes ranked (per chip-hour, against list and market)"));
        for (const QString &line : std::as_const(quotes))
            html += u"<li>"_s + esc(line) + u"</li>"_s;
        html += u"</ul>"_s;
    }
    html += u"<h3>%1</h3><ul>"_s.arg(tr("Throughput profiles and factors used"));
    for (const QString &line : std::as_const(profiles))
        html += u"<li>"_s + esc(line) + u"</li>"_s;
    html += u"</ul>"_s;
    if (!plan.budget.fxRates.isEmpty()) {
        html += u"<h3>%1</h3>"_s.arg(tr("Exchange rates"));
        Table fx{{tr("Date"), tr("Rate"), tr("Source")}, {}, {}, {}};
        for (const pricing::FxRate &rate : plan.budget.fxRates)
            fx.add({rate.date.toString(Qt::ISODate), tr("1 %1 = %2 %3").arg(rate.base, rate.rate.toString(), rate.quote),
                    rate.sourceUrl});
        html += fx.html();
    }
    return html;
}

} // namespace accelplan::ui::report
