#pragma once

#include <QList>
#include <QString>

#include <optional>

namespace accelplan {

/// One named term of an explanation — a share of a training step, a factor of the lock-in score, a
/// part of a cost — so that the JSON, the window, the PDF and the CLI render one list instead of
/// naming fields: a new term is added where it is computed and every presenter shows it.
struct Term
{
    QString id;     ///< stable key, as the JSON writes it ("tp_comm")
    QString label;  ///< for people ("tensor-parallel")
    double value = 0;
    QString unit;   ///< "" for a pure number or a share
    std::optional<double> weight; ///< its weight in a weighted sum
    QString rule;   ///< how the value is reached, for people ("porting weeks against a 12-week rewrite")
    std::optional<double> low;  ///< the band's edges, where the value carries one
    std::optional<double> high;
    bool addend = false; ///< in a formula: added to what comes before it, not multiplied
};
using Terms = QList<Term>;

/// The sum of terms' values (addends in one unit: the all-in lines of a cost).
inline double termSum(const Terms &terms)
{
    double sum = 0;
    for (const Term &t : terms)
        sum += t.value;
    return sum;
}

/// A formula of terms in words: each term's rule, factors joined by " × ", addends by " + "
/// ("2 instance(s) × 98.32 USD/h × wall hours + setup 500 each").
inline QString formulaText(const Terms &terms)
{
    QString text;
    for (const Term &t : terms) {
        if (!text.isEmpty())
            text += t.addend ? QStringLiteral(" + ") : QStringLiteral(" × ");
        text += t.rule;
    }
    return text;
}

/// The weighted sum of terms that have a weight.
inline double weightedSum(const Terms &terms)
{
    double sum = 0;
    for (const Term &t : terms)
        sum += t.weight.value_or(0) * t.value;
    return sum;
}

} // namespace accelplan
