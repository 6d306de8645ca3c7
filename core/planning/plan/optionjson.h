#pragma once

// The JSON of one option and its projection, as planjson.cpp writes plans and options: the fields
// every presenter of an option (plan, train, serve) shares. Internal to core/planning.
#include "core/common/jsontext.h"
#include "core/planning/options/inferenceplanner.h"
#include "core/planning/options/trainingplanner.h"

namespace accelplan::planning::jsonparts {

/// {id: value} of each term (a step's shares, the lock-in factors).
JsonFields termValuesJson(const Terms &terms);
/// A string, or null when empty.
JsonNode optionalNode(const QString &text);
/// The FX rates an amount was converted with.
JsonItems fxRatesItems(const QList<pricing::FxRate> &rates);
/// The engine a serving projection schedules with (its catalog id).
QString engineId(const InferenceInput &input);
/// A training projection's fields: FLOPs, efficiency, time, cluster, measurements, band.
void insertProjection(JsonFields &out, const TrainingProjection &p);
/// A serving projection's fields: throughput, latency, layout.
void insertServing(JsonFields &json, const InferenceProjection &p);
/// The offer an option prices: provider, SKU, region, price model, price and source.
JsonFields offerFields(const pricing::PriceRecord &offer);
/// One training or serving option, priced in \a currency.
JsonFields trainingOptionFields(const TrainingOption &o, const QString &currency);
JsonFields inferenceOptionFields(const InferenceOption &o, const QString &currency);

} // namespace accelplan::planning::jsonparts
