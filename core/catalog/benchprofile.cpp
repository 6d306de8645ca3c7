#include "core/catalog/benchprofile.h"

#include "core/common/csvwriter.h"
#include "core/common/tr.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace accelplan::catalog {

Result<QByteArray> profileFromVllmBench(const QByteArray &json, const QString &fileName, const BenchSetup &setup,
                                        const PlanningCatalog &catalog)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (doc.isNull())
        return Error::badInput(Tr::tr("%1: not JSON: %2").arg(fileName, parseError.errorString()));
    if (!doc.isObject())
        return Error::badInput(Tr::tr("%1: a vLLM benchmark result is one JSON object").arg(fileName));
    const QJsonObject result = doc.object();
    Diagnostics problems;
    auto number = [&](const char *key, bool required = true) -> std::optional<double> {
        const QJsonValue value = result.value(QLatin1StringView(key));
        if (value.isDouble() && value.toDouble() >= 0)
            return value.toDouble();
        if (required || !(value.isUndefined() || value.isNull()))
            problems.append(Diagnostic::error(fileName, 0, QString::fromLatin1(key),
                                              value.isUndefined() ? Tr::tr("missing: is this a vLLM benchmark result?")
                                                                  : Tr::tr("not a number ≥ 0")));
        return std::nullopt;
    };
    const auto completed = number("completed");
    const auto inputTokens = number("total_input_tokens");
    const auto outputTokens = number("total_output_tokens");
    const auto outputThroughput = number("output_throughput");
    const auto requestThroughput = number("request_throughput");
    const auto meanTtft = number("mean_ttft_ms");
    const auto meanTpot = number("mean_tpot_ms");
    const auto meanE2e = number("mean_e2el_ms", false);
    const auto maxConcurrency = number("max_concurrency", false);
    if (!problems.isEmpty())
        return Error::badInput(Tr::tr("%1: not a usable vLLM benchmark result").arg(fileName), problems);
    if (*completed < 1 || *outputThroughput <= 0)
        return Error::badInput(Tr::tr("%1: no request completed: nothing was measured").arg(fileName));
    if (setup.chips < 1 || setup.replicas < 1 || setup.chips % setup.replicas != 0)
        return Error::badInput(Tr::tr("%1 chips cannot form %2 equal replicas").arg(setup.chips).arg(setup.replicas));

    const double input = *inputTokens / *completed;
    const double output = *outputTokens / *completed;
    // Sequences in flight (Little's law) per replica; the cap the benchmark set, where it set one.
    const double latencySeconds = (meanE2e ? *meanE2e : *meanTtft + *meanTpot * std::max(0.0, output - 1)) / 1000;
    double inFlight = *requestThroughput * latencySeconds;
    if (maxConcurrency)
        inFlight = std::min(inFlight, *maxConcurrency);
    const double batch = std::max(1.0, inFlight / setup.replicas);
    const int chipsPerReplica = setup.chips / setup.replicas;
    const double perChip = *outputThroughput / setup.chips;

    const auto precision = precisionFromString(setup.precision);
    if (!precision)
        return Error::badInput(Tr::tr("unknown precision '%1'").arg(setup.precision));
    const Profile *shipped = catalog.findProfile(setup.accelerator, Workload::InferenceDecode, *precision, u"any"_s);
    Range band{0.5, 0.7, 0.85};
    QString bandSource = Tr::tr("no shipped decode profile for %1: band 0.5-0.7-0.85 assumed").arg(setup.accelerator);
    if (shipped) {
        band = shipped->efficiency;
        bandSource = Tr::tr("band from the shipped %1 decode profile").arg(setup.accelerator);
    }
    const QString date = result.value(u"date"_s).toString();
    const QDate asOf = QDate::fromString(date.left(8), u"yyyyMMdd"_s);

    QString csv = csvRecord({u"accelerator"_s, u"workload"_s, u"precision"_s, u"framework"_s, u"low"_s, u"typical"_s, u"high"_s,
                  u"measured_tokens_per_s_per_chip"_s, u"measured_model_params"_s, u"measured_input_tokens"_s,
                  u"measured_output_tokens"_s, u"measured_batch"_s, u"measured_chips"_s, u"source_url"_s, u"as_of"_s,
                  u"confidence"_s, u"notes"_s});
    auto num = [](double v, int decimals = 4) { return QString::number(v, 'f', decimals); };
    csv += csvRecord({setup.accelerator, u"inference_decode"_s, setup.precision, u"any"_s, num(band.low), num(band.typical),
                  num(band.high), num(perChip, 2), QString::number(setup.modelParams, 'f', 0), num(input, 1),
                  num(output, 1), num(batch, 1), QString::number(chipsPerReplica), fileName,
                  (asOf.isValid() ? asOf : QDate::currentDate()).toString(Qt::ISODate), u"measured"_s,
                  Tr::tr("vLLM benchmark (%1, backend %2, model %3): output %4 tok/s over %5 chip(s) in %6 replica(s); "
                         "%7 requests, mean %8 in / %9 out tokens; %10 in flight per replica (request rate × mean "
                         "end-to-end latency); mean TTFT %11 ms, TPOT %12 ms; %13")
                      .arg(date, result.value(u"backend"_s).toString(), setup.model, num(*outputThroughput, 1))
                      .arg(setup.chips)
                      .arg(setup.replicas)
                      .arg(*completed)
                      .arg(num(input, 1), num(output, 1), num(batch, 1), num(*meanTtft, 1), num(*meanTpot, 2),
                           bandSource)});
    return csv.toUtf8();
}

} // namespace accelplan::catalog
