#pragma once

#include "core/planning/plan/plan.h"

#include <QJsonArray>
#include <QJsonObject>

class QIODevice;

namespace accelplan::planning {

/// JSON of plans and their parts: one definition for the CLI, the report and the tests.
/// A string, or null when empty.
QJsonValue optionalJson(const QString &text);
QJsonArray fxRatesJson(const QList<pricing::FxRate> &rates);
/// The offer an option is priced on, with the price row's provenance.
QJsonObject offerJson(const pricing::PriceRecord &offer);
/// A training or inference option as `train`/`serve` print it; with lock-in figures when the
/// scenario planner computed them.
QJsonObject trainingOptionJson(const TrainingOption &option, const QString &currency);
QJsonObject inferenceOptionJson(const InferenceOption &option, const QString &currency);
/// The head of `train --format json` (the run, and the headline projection's fields when there is
/// one) and of `serve --format json`; the options follow under "options".
QJsonObject trainingHeadJson(const TrainingRequest &request, const TrainingProjection *headline);
QJsonObject inferenceHeadJson(const InferenceRequest &request, const InferencePlan &plan,
                              const InferenceProjection *headline);
/// The whole plan as `accelplan-cli plan --format json` prints it. With \a top ≥ 0 only the first
/// \a top options of each side are listed (the ranking, recommendation and budget are the whole
/// plan's); each side then says how many it has in "options_total".
QJsonObject planJson(const Plan &plan, int top = -1);

/// Writes planJson(plan, top) to \a out as QJsonDocument's indented text, byte for byte, but
/// builds one option at a time: at tens of thousands of offers the options are most of the plan,
/// and holding all of them as JSON objects and then as one text at once is what costs memory.
/// \a extra keys (such as "since") are added to the top level.
void writePlanJson(const Plan &plan, int top, QIODevice *out, const QJsonObject &extra = {});
/// Writes \a head with the options under "options" (`train` and `serve --format json`), as
/// QJsonDocument's indented text of head + the options' JSON, one option at a time.
void writeOptionsJson(QIODevice *out, QJsonObject head, const QList<TrainingOption> &options, const QString &currency);
void writeOptionsJson(QIODevice *out, QJsonObject head, const QList<InferenceOption> &options, const QString &currency);

} // namespace accelplan::planning
