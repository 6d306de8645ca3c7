#include "core/catalog/benchprofile.h"

#include "core/common/csvtable.h"
#include "core/common/csvwriter.h"
#include "core/common/tr.h"

#include <QBuffer>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace accelplan::catalog {

namespace {

/// What a serving benchmark measured, whatever wrote it.
struct Measurement
{
    double completed = 0;
    double inputTokens = 0;  ///< mean per request
    double outputTokens = 0; ///< mean per request
    double outputThroughput = 0;
    double requestThroughput = 0;
    double meanTtftMs = 0;
    double meanTpotMs = 0;
    std::optional<double> meanLatencyMs;
    std::optional<double> maxConcurrency;
    QString date;
    QString tool;
    /// The input's own names for the figures above, for the messages.
    struct Names
    {
        QString completed, outputThroughput, requestThroughput, outputTokens, ttft, tpot, latency;
    } names;
};

Result<QJsonObject> readObject(const QByteArray &json, const QString &fileName, const QString &what)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (doc.isNull())
        return Error::badInput(Tr::tr("%1: not JSON: %2").arg(fileName, parseError.errorString()));
    if (!doc.isObject())
        return Error::badInput(Tr::tr("%1: %2 is one JSON object").arg(fileName, what));
    return doc.object();
}

// What a serving benchmark can measure at all: finite, positive durations and rates, at least one
// output token a request, and no more output tokens a second per chip than the chip's dense peak
// allows at two FLOPs per active parameter per token (a decode step computes at least that for
// every token it emits, speculative decoding included). Each figure out of bounds is named by the
// input's own field.
Diagnostics physicalBounds(const Measurement &m, const QString &fileName, const BenchSetup &setup,
                           const Accelerator &accelerator, Precision precision)
{
    Diagnostics problems;
    auto refuse = [&](const QString &field, const QString &why) {
        problems.append(Diagnostic::error(fileName, 0, field, why));
    };
    const std::pair<const QString &, double> figures[] = {
        {m.names.outputThroughput, m.outputThroughput}, {m.names.requestThroughput, m.requestThroughput},
        {m.names.outputTokens, m.outputTokens},         {m.names.ttft, m.meanTtftMs},
        {m.names.tpot, m.meanTpotMs}};
    for (const auto &[field, value] : figures) {
        if (&field == &m.names.tpot && m.outputTokens <= 1 && value == 0)
            continue; // one token a request has no time between tokens
        if (!std::isfinite(value))
            refuse(field, Tr::tr("%1 is not a finite number").arg(value));
        else if (value <= 0)
            refuse(field, Tr::tr("%1: must be above 0 (a benchmark that ran measures a positive value)").arg(value));
    }
    if (m.meanLatencyMs && !(std::isfinite(*m.meanLatencyMs) && *m.meanLatencyMs > 0))
        refuse(m.names.latency, Tr::tr("%1: must be a finite number above 0").arg(*m.meanLatencyMs));
    if (!problems.isEmpty())
        return problems;
    // Output tokens a second = requests a second × output tokens a request, in any one run.
    const double implied = m.requestThroughput * m.outputTokens;
    if (implied > 2 * m.outputThroughput || implied < m.outputThroughput / 2)
        refuse(m.names.requestThroughput,
               Tr::tr("%1 requests/s × %2 output tokens a request (%3) is %4 tokens/s, not the %5 of %6: "
                      "the figures are not of one run")
                   .arg(m.requestThroughput, 0, 'g', 4)
                   .arg(m.outputTokens, 0, 'g', 4)
                   .arg(m.names.outputTokens)
                   .arg(implied, 0, 'g', 4)
                   .arg(m.outputThroughput, 0, 'g', 4)
                   .arg(m.names.outputThroughput));
    const double active = setup.activeParams > 0 ? setup.activeParams : setup.modelParams;
    const auto peak = accelerator.peakTflops(precision);
    if (peak && *peak > 0 && active > 0) {
        const double perChip = m.outputThroughput / setup.chips;
        const double most = *peak * 1e12 / (2 * active);
        if (perChip > most)
            refuse(m.names.outputThroughput,
                   Tr::tr("%1 tokens/s over %2 %3 is %4 a chip; its %5 peak (%6 TFLOP/s) allows at most %7 for a "
                          "model of %8 active parameters (2 FLOPs per parameter per token): check --chips, "
                          "--model and --precision")
                       .arg(m.outputThroughput, 0, 'g', 4)
                       .arg(setup.chips)
                       .arg(accelerator.id)
                       .arg(perChip, 0, 'g', 4)
                       .arg(toString(precision))
                       .arg(*peak, 0, 'g', 4)
                       .arg(most, 0, 'g', 4)
                       .arg(active, 0, 'g', 4));
    }
    return problems;
}

// The profile row every benchmark becomes: the measurement at its model size, lengths and
// concurrency per replica calibrates serving; the band is the shipped decode profile's.
Result<QByteArray> decodeProfile(const Measurement &m, const QString &fileName, const BenchSetup &setup,
                                 const PlanningCatalog &catalog, const Accelerator &accelerator)
{
    if (m.completed < 1)
        return Error::badInput(
            Tr::tr("%1: %2: no request completed: nothing was measured").arg(fileName, m.names.completed));
    if (setup.chips < 1 || setup.replicas < 1 || setup.chips % setup.replicas != 0)
        return Error::badInput(Tr::tr("%1 chips cannot form %2 equal replicas").arg(setup.chips).arg(setup.replicas));
    const auto precision = precisionFromString(setup.precision);
    if (!precision)
        return Error::badInput(Tr::tr("unknown precision '%1'").arg(setup.precision));
    if (const Diagnostics impossible = physicalBounds(m, fileName, setup, accelerator, *precision); !impossible.isEmpty())
        return Error::badInput(Tr::tr("%1: a measurement no %2 can make; nothing was added").arg(fileName, accelerator.id),
                               impossible);
    // Sequences in flight (Little's law) per replica; the cap the benchmark set, where it set one.
    const double latencySeconds =
        (m.meanLatencyMs ? *m.meanLatencyMs : m.meanTtftMs + m.meanTpotMs * std::max(0.0, m.outputTokens - 1)) / 1000;
    double inFlight = m.requestThroughput * latencySeconds;
    if (m.maxConcurrency)
        inFlight = std::min(inFlight, *m.maxConcurrency);
    const double batch = std::max(1.0, inFlight / setup.replicas);
    const int chipsPerReplica = setup.chips / setup.replicas;
    const double perChip = m.outputThroughput / setup.chips;

    const Profile *shipped = catalog.findProfile(setup.accelerator, Workload::InferenceDecode, *precision, u"any"_s);
    Range band{0.5, 0.7, 0.85};
    QString bandSource = Tr::tr("no shipped decode profile for %1: band 0.5-0.7-0.85 assumed").arg(setup.accelerator);
    if (shipped) {
        band = shipped->efficiency;
        bandSource = Tr::tr("band from the shipped %1 decode profile").arg(setup.accelerator);
    }
    QDate asOf = QDate::fromString(m.date.left(8), u"yyyyMMdd"_s);
    if (!asOf.isValid())
        asOf = QDate::fromString(m.date.left(10), Qt::ISODate);

    QString csv = csvRecord({u"accelerator"_s, u"workload"_s, u"precision"_s, u"framework"_s, u"low"_s, u"typical"_s,
                             u"high"_s, u"measured_tokens_per_s_per_chip"_s, u"measured_model_params"_s,
                             u"measured_input_tokens"_s, u"measured_output_tokens"_s, u"measured_batch"_s,
                             u"measured_chips"_s, u"source_url"_s, u"as_of"_s, u"confidence"_s, u"notes"_s});
    auto num = [](double v, int decimals = 4) { return QString::number(v, 'f', decimals); };
    csv += csvRecord({setup.accelerator, u"inference_decode"_s, setup.precision, u"any"_s, num(band.low),
                      num(band.typical), num(band.high), num(perChip, 2), QString::number(setup.modelParams, 'f', 0),
                      num(m.inputTokens, 1), num(m.outputTokens, 1), num(batch, 1), QString::number(chipsPerReplica),
                      fileName, (asOf.isValid() ? asOf : QDate::currentDate()).toString(Qt::ISODate), u"measured"_s,
                      Tr::tr("%1 (%2, model %3): output %4 tok/s over %5 chip(s) in %6 replica(s); %7 requests, mean "
                             "%8 in / %9 out tokens; %10 in flight per replica (request rate × mean end-to-end "
                             "latency); mean TTFT %11 ms, TPOT %12 ms; %13")
                          .arg(m.tool, m.date, setup.model, num(m.outputThroughput, 1))
                          .arg(setup.chips)
                          .arg(setup.replicas)
                          .arg(m.completed)
                          .arg(num(m.inputTokens, 1), num(m.outputTokens, 1), num(batch, 1), num(m.meanTtftMs, 1),
                               num(m.meanTpotMs, 2), bandSource)});
    return csv.toUtf8();
}

} // namespace

Result<QByteArray> profileFromVllmBench(const QByteArray &json, const QString &fileName, const BenchSetup &setup,
                                        const PlanningCatalog &catalog, const Accelerator &accelerator)
{
    const auto object = readObject(json, fileName, Tr::tr("a vLLM benchmark result"));
    if (!object)
        return object.error();
    const QJsonObject &result = *object;
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
    Measurement m;
    const auto completed = number("completed");
    const auto inputTokens = number("total_input_tokens");
    const auto outputTokens = number("total_output_tokens");
    const auto outputThroughput = number("output_throughput");
    const auto requestThroughput = number("request_throughput");
    const auto meanTtft = number("mean_ttft_ms");
    const auto meanTpot = number("mean_tpot_ms");
    m.meanLatencyMs = number("mean_e2el_ms", false);
    m.maxConcurrency = number("max_concurrency", false);
    if (!problems.isEmpty())
        return Error::badInput(Tr::tr("%1: not a usable vLLM benchmark result").arg(fileName), problems);
    m.completed = *completed;
    m.inputTokens = *completed > 0 ? *inputTokens / *completed : 0;
    m.outputTokens = *completed > 0 ? *outputTokens / *completed : 0;
    m.outputThroughput = *outputThroughput;
    m.requestThroughput = *requestThroughput;
    m.meanTtftMs = *meanTtft;
    m.meanTpotMs = *meanTpot;
    m.date = result.value(u"date"_s).toString();
    m.tool = Tr::tr("vLLM benchmark, backend %1").arg(result.value(u"backend"_s).toString());
    m.names = {u"completed"_s,     u"output_throughput"_s, u"request_throughput"_s, u"total_output_tokens"_s,
               u"mean_ttft_ms"_s, u"mean_tpot_ms"_s,      u"mean_e2el_ms"_s};
    return decodeProfile(m, fileName, setup, catalog, accelerator);
}

Result<QByteArray> profileFromGenaiPerf(const QByteArray &json, const QString &fileName, const BenchSetup &setup,
                                        const PlanningCatalog &catalog, const Accelerator &accelerator)
{
    const auto object = readObject(json, fileName, Tr::tr("a GenAI-Perf profile export"));
    if (!object)
        return object.error();
    const QJsonObject &result = *object;
    Diagnostics problems;
    // GenAI-Perf (and AIPerf) write each metric as {"unit": …, "avg": …, "p50": …}.
    auto average = [&](const char *key, bool required = true) -> std::optional<double> {
        const QJsonValue value = result.value(QLatin1StringView(key)).toObject().value(u"avg"_s);
        if (value.isDouble() && value.toDouble() >= 0)
            return value.toDouble();
        if (required)
            problems.append(Diagnostic::error(fileName, 0, QString::fromLatin1(key) + u".avg"_s,
                                              result.contains(QLatin1StringView(key))
                                                  ? Tr::tr("not a number ≥ 0")
                                                  : Tr::tr("missing: is this a GenAI-Perf profile export?")));
        return std::nullopt;
    };
    Measurement m;
    const auto outputThroughput = average("output_token_throughput");
    const auto requestThroughput = average("request_throughput");
    const auto ttft = average("time_to_first_token");
    const auto itl = average("inter_token_latency");
    const auto input = average("input_sequence_length");
    const auto output = average("output_sequence_length");
    m.meanLatencyMs = average("request_latency", false);
    const auto count = average("request_count", false);
    if (!problems.isEmpty())
        return Error::badInput(Tr::tr("%1: not a usable GenAI-Perf profile export").arg(fileName), problems);
    m.completed = count.value_or(1);
    m.inputTokens = *input;
    m.outputTokens = *output;
    m.outputThroughput = *outputThroughput;
    m.requestThroughput = *requestThroughput;
    m.meanTtftMs = *ttft;
    m.meanTpotMs = *itl;
    m.date = result.value(u"start_time"_s).toString();
    m.tool = Tr::tr("GenAI-Perf profile export");
    m.names = {u"request_count.avg"_s,         u"output_token_throughput.avg"_s, u"request_throughput.avg"_s,
               u"output_sequence_length.avg"_s, u"time_to_first_token.avg"_s,   u"inter_token_latency.avg"_s,
               u"request_latency.avg"_s};
    return decodeProfile(m, fileName, setup, catalog, accelerator);
}

Result<QByteArray> profileFromTrainingLog(const QByteArray &content, const QString &fileName, const BenchSetup &setup,
                                          const Accelerator &accelerator)
{
    const auto precision = precisionFromString(setup.precision);
    if (!precision)
        return Error::badInput(Tr::tr("unknown precision '%1'").arg(setup.precision));
    const auto peak = accelerator.peakTflops(*precision);
    if (!peak || *peak <= 0)
        return Error::badInput(Tr::tr("%1 has no %2 peak in the catalog: its MFU cannot be computed")
                                   .arg(accelerator.id, setup.precision));
    if (setup.chips < 1 || setup.modelParams <= 0)
        return Error::badInput(Tr::tr("a training log needs the chips it ran on and the model's parameters"));
    const double active = setup.activeParams > 0 ? setup.activeParams : setup.modelParams;
    const double flopsPerToken = setup.flopsPerToken > 0 ? setup.flopsPerToken : 6 * active;

    if (const QByteArray start = content.trimmed().left(1); start == "{" || start == "[")
        return Error::badInput(Tr::tr("%1: this is JSON; a training log is a CSV whose header names tokens_per_s or "
                                      "tflops_per_gpu (for a vLLM or GenAI-Perf result, --from vllm-bench or "
                                      "genai-perf)")
                                   .arg(fileName));
    QByteArray copy = content;
    QBuffer buffer(&copy);
    buffer.open(QIODevice::ReadOnly);
    QList<double> mfu;
    QList<double> tokensPerSecond;
    bool byTokens = false;
    const Diagnostics problems = readCsvTable(&buffer, fileName, {}, [&](const CsvRecord &r) {
        const QString tokens = r.text(u"tokens_per_s"_s);
        const QString tflops = r.text(u"tflops_per_gpu"_s);
        if (tokens.isEmpty() && tflops.isEmpty()) {
            r.error(u"tokens_per_s"_s, Tr::tr("needs tokens_per_s or tflops_per_gpu"));
            return;
        }
        if (!tokens.isEmpty()) {
            const auto value = r.number(u"tokens_per_s"_s, true);
            if (!value || *value <= 0)
                return r.error(u"tokens_per_s"_s, Tr::tr("must be a number above 0"));
            byTokens = true;
            tokensPerSecond.append(*value);
            mfu.append(*value * flopsPerToken / (setup.chips * *peak * 1e12));
        } else {
            const auto value = r.number(u"tflops_per_gpu"_s, true);
            if (!value || *value <= 0)
                return r.error(u"tflops_per_gpu"_s, Tr::tr("must be a number above 0"));
            mfu.append(*value / *peak);
            tokensPerSecond.append(*value * 1e12 * setup.chips / flopsPerToken);
        }
    });
    if (hasErrors(problems))
        return Error::badInput(Tr::tr("%1: not a usable training log").arg(fileName), problems);
    if (mfu.size() < 2)
        return Error::badInput(Tr::tr("%1: a training log needs at least two rows").arg(fileName));
    const qsizetype warmup = mfu.size() / 10;
    QList<double> kept = mfu.mid(warmup);
    QList<double> rates = tokensPerSecond.mid(warmup);
    std::sort(kept.begin(), kept.end());
    std::sort(rates.begin(), rates.end());
    auto at = [](const QList<double> &sorted, double q) {
        return sorted.at(std::clamp<qsizetype>(qsizetype(q * (sorted.size() - 1) + 0.5), 0, sorted.size() - 1));
    };
    const double low = at(kept, 0.1), typical = at(kept, 0.5), high = at(kept, 0.9);
    if (high > 1)
        return Error::badInput(Tr::tr("%1: MFU above 1 (%2): check --chips, --model and --precision")
                                   .arg(fileName)
                                   .arg(high, 0, 'f', 2));
    auto num = [](double v, int decimals = 4) { return QString::number(v, 'f', decimals); };
    QString csv = csvRecord({u"accelerator"_s, u"workload"_s, u"precision"_s, u"framework"_s, u"low"_s, u"typical"_s,
                             u"high"_s, u"measured_tokens_per_s_per_chip"_s, u"measured_model_params"_s,
                             u"measured_input_tokens"_s, u"measured_output_tokens"_s, u"measured_batch"_s,
                             u"measured_chips"_s, u"source_url"_s, u"as_of"_s, u"confidence"_s, u"notes"_s});
    csv += csvRecord({accelerator.id, active < setup.modelParams ? u"moe_training"_s : u"dense_training"_s,
                      setup.precision, setup.framework, num(low), num(typical), num(high),
                      num(at(rates, 0.5) / setup.chips, 2), QString::number(setup.modelParams, 'f', 0), QString(),
                      QString(), QString(), QString::number(setup.chips), fileName,
                      QDate::currentDate().toString(Qt::ISODate), u"measured"_s,
                      Tr::tr("training log of %1 on %2 × %3 at %4: MFU p10/p50/p90 of %5 rows after %6 of warm-up, "
                             "from %7 (%8 training FLOPs per token, peak %9 TFLOP/s)")
                          .arg(setup.model)
                          .arg(setup.chips)
                          .arg(accelerator.id, setup.precision)
                          .arg(kept.size())
                          .arg(warmup)
                          .arg(byTokens ? Tr::tr("tokens/s") : Tr::tr("TFLOP/s per GPU"))
                          .arg(flopsPerToken, 0, 'g', 4)
                          .arg(*peak)});
    return csv.toUtf8();
}

} // namespace accelplan::catalog
