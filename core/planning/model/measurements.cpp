#include "core/planning/model/measurements.h"

#include "core/catalog/acceleratorcatalog.h"
#include "core/catalog/servingengine.h"
#include "core/common/csvtable.h"
#include "core/common/tr.h"

#include <QFile>
#include <QSet>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace accelplan::planning {

namespace {

std::optional<catalog::Figure> readFigure(const CsvRecord &r, std::initializer_list<catalog::Figure> allowed)
{
    const auto figure = catalog::figureFromString(r.required(u"figure"_s));
    if (!figure || std::find(allowed.begin(), allowed.end(), *figure) == allowed.end()) {
        QStringList names;
        for (catalog::Figure f : allowed)
            names.append(catalog::toString(f));
        r.error(u"figure"_s, Tr::tr("unknown value '%1'; expected one of: %2").arg(r.text(u"figure"_s), names.join(u", "_s)));
        return std::nullopt;
    }
    return figure;
}

/// fp16 takes the bytes and tensor peak of bf16; "fp8_full" and the like their base precision.
std::optional<catalog::Precision> readPrecision(const CsvRecord &r, QString *name)
{
    QString text = r.required(u"precision"_s).toLower();
    text = text == u"fp16"_s ? u"bf16"_s : text.startsWith(u"fp8"_s) ? u"fp8"_s : text.startsWith(u"fp4"_s) ? u"fp4"_s : text;
    const auto precision = catalog::precisionFromString(text);
    if (!precision)
        r.error(u"precision"_s, Tr::tr("unknown precision '%1'").arg(r.text(u"precision"_s)));
    *name = text;
    return precision;
}

template<typename T>
Result<QList<T>> readTable(QIODevice *device, const QString &fileName, const QStringList &required,
                           const std::function<std::optional<T>(const CsvRecord &)> &read)
{
    QList<T> rows;
    QSet<QString> ids;
    const Diagnostics problems = readCsvTable(device, fileName, required, [&](const CsvRecord &r) {
        auto row = read(r);
        if (!row)
            return;
        if (ids.contains(row->id)) {
            r.error(u"case"_s, Tr::tr("case '%1' appears twice").arg(row->id));
            return;
        }
        ids.insert(row->id);
        rows.append(std::move(*row));
    });
    if (hasErrors(problems))
        return Error::badInput(Tr::tr("%1 has errors").arg(fileName), problems);
    return rows;
}

QString classOf(bool moe) { return moe ? u"moe"_s : u"dense"_s; }

/// The path below a kind and class: precision (what a precision's kernels achieve of its peak
/// carries across chips), vendor, generation, chip. Chosen by the out-of-sample error among the
/// orders with precision first or last and kShrinkRows 1-5 (within a point of each other;
/// docs/accuracy.md).
QStringList chipPath(const QString &kind, bool moe, const catalog::Accelerator &accelerator,
                     catalog::Precision precision, const catalog::MeasurementFits &fits)
{
    QStringList path{kind, kind + u'/' + classOf(moe)};
    path.append(path.last() + u'/' + catalog::toString(precision));
    path.append(path.last() + u'/' + accelerator.vendor);
    path.append(path.last() + u'/' + fits.generationOf(accelerator.id, accelerator.profileStandIns));
    path.append(path.last() + u'/' + accelerator.id);
    return path;
}

bool isSteady(catalog::Figure f) { return f == catalog::Figure::TimedRun || f == catalog::Figure::SteadyThroughput; }

} // namespace

Result<QList<TrainingMeasurement>> readTrainingMeasurements(QIODevice *device, const QString &fileName)
{
    const QStringList required{u"case"_s, u"figure"_s, u"group"_s, u"accelerator"_s, u"precision"_s,
                               u"total_params"_s, u"tokens"_s, u"published_chip_hours"_s, u"source_url"_s};
    return readTable<TrainingMeasurement>(device, fileName, required, [](const CsvRecord &r) -> std::optional<TrainingMeasurement> {
        TrainingMeasurement m;
        m.id = r.required(u"case"_s);
        m.group = r.required(u"group"_s);
        const auto figure = readFigure(r, {catalog::Figure::TimedRun, catalog::Figure::SteadyThroughput,
                                           catalog::Figure::WholeRun, catalog::Figure::FineTuning});
        m.accelerator = r.required(u"accelerator"_s).toLower();
        TrainingInput &in = m.input;
        const auto precision = readPrecision(r, &in.precisionName);
        const auto params = r.number(u"total_params"_s, true);
        const auto tokens = r.number(u"tokens"_s);
        const auto published = r.number(u"published_chip_hours"_s);
        r.required(u"source_url"_s);
        if (!figure || !precision || !params)
            return std::nullopt;
        m.figure = *figure;
        in.precision = *precision;
        in.modelParams = *params;
        if (const auto active = r.number(u"active_params"_s); active && *active < *params)
            in.activeParams = *active;
        in.tokens = tokens.value_or(0);
        m.publishedChipHours = published.value_or(0);
        if (const QString framework = r.text(u"framework"_s); !framework.isEmpty())
            in.framework = framework;
        if (const auto layers = r.number(u"layers"_s))
            in.layers = int(*layers);
        if (const auto hidden = r.number(u"hidden"_s))
            in.hidden = int(*hidden);
        if (const auto seq = r.number(u"seq_len"_s))
            in.seqLen = int(*seq);
        in.globalBatchTokens = r.number(u"global_batch_tokens"_s);
        if (const auto window = r.number(u"sliding_window"_s))
            in.slidingWindow = int(*window);
        if (const auto sliding = r.number(u"sliding_layers"_s))
            in.slidingLayers = int(*sliding);
        const auto chips = r.number(u"chips"_s);
        m.chipsPublished = chips.has_value();
        m.chips = int(chips.value_or(kAssumedChipsWhenUnpublished));
        // A timed benchmark or a throughput table has no failures or restarts to lose time to.
        in.steadyState = isSteady(m.figure);
        if (in.steadyState)
            in.goodputOverride = 1.0;
        return m;
    });
}

Result<QList<ServingMeasurement>> readServingMeasurements(QIODevice *device, const QString &fileName,
                                                          const catalog::PlanningCatalog &catalog)
{
    const QStringList required{u"case"_s, u"figure"_s, u"group"_s, u"accelerator"_s, u"precision"_s, u"phase"_s,
                               u"source_url"_s};
    return readTable<ServingMeasurement>(device, fileName, required, [&](const CsvRecord &r) -> std::optional<ServingMeasurement> {
        ServingMeasurement m;
        m.id = r.required(u"case"_s);
        m.group = r.required(u"group"_s);
        const auto figure = readFigure(r, {catalog::Figure::OfflineMaximum, catalog::Figure::FixedConcurrency,
                                           catalog::Figure::LatencyBound});
        m.accelerator = r.required(u"accelerator"_s).toLower();
        InferenceInput &in = m.input;
        const auto precision = readPrecision(r, &in.precisionName);
        const auto params = r.number(u"params"_s);
        const auto published = r.number(u"published_tokens_per_s_per_chip"_s);
        const auto phase = servePhaseFromString(r.required(u"phase"_s));
        if (!phase)
            r.error(u"phase"_s, Tr::tr("unknown value '%1'; expected both, prefill or decode").arg(r.text(u"phase"_s)));
        r.required(u"source_url"_s);
        if (!figure || !precision || !phase)
            return std::nullopt;
        m.figure = *figure;
        m.publishedTokensPerSecondPerChip = published.value_or(0);
        const QString presetId = r.text(u"model_preset"_s);
        if (!published) {
            m.skipped = Tr::tr("no tokens/s per chip published (latency only)");
        } else if (!params) {
            m.skipped = Tr::tr("parameter count not published");
        } else if (presetId.isEmpty()) {
            m.skipped = Tr::tr("no preset of the model's architecture");
        } else if (const catalog::ModelPreset *preset = catalog.findModel(presetId)) {
            applyPreset(*preset, in); // the architecture: layers, heads, KV heads, MLA, windows, experts
        } else {
            r.error(u"model_preset"_s, Tr::tr("unknown model preset '%1'").arg(presetId));
            return std::nullopt;
        }
        in.modelParams = params.value_or(0);
        in.activeParams.reset();
        if (const auto active = r.number(u"active_params"_s); active && *active < in.modelParams)
            in.activeParams = *active;
        in.precision = *precision;
        in.phase = *phase;
        const auto inputTokens = r.number(u"input_tokens"_s);
        // A prefill replica's figure is input tokens/s, which needs no output length.
        const auto outputTokens = in.phase == ServePhase::Prefill ? r.number(u"output_tokens"_s).value_or(1)
                                                                  : r.number(u"output_tokens"_s);
        if ((!inputTokens || !outputTokens) && m.skipped.isEmpty())
            m.skipped = Tr::tr("input or output length not published");
        in.inputTokens = inputTokens.value_or(0);
        in.outputTokens = outputTokens.value_or(0);
        // A published point is the deployment at its own concurrency, measured at full occupancy.
        in.offline = true;
        m.chips = int(r.number(u"chips"_s).value_or(1));
        m.system = r.text(u"deployment"_s) == u"system"_s;
        m.concurrency = r.number(u"concurrency"_s);
        in.engine = r.text(u"engine"_s).toLower();
        if (!catalog::findServingEngine(in.engine)) {
            r.error(u"engine"_s, Tr::tr("unknown engine '%1'; expected one of %2")
                                     .arg(in.engine, catalog::servingEngineIds().join(u", "_s)));
            return std::nullopt;
        }
        return m;
    });
}

Result<Measurements> loadShippedMeasurements(const catalog::PlanningCatalog &catalog)
{
    Measurements all;
    for (const QString &name : {u"training.csv"_s, u"serving.csv"_s}) {
        QFile file(u":/data/measurements/"_s + name);
        if (!file.open(QIODevice::ReadOnly))
            return Error::internal(Tr::tr("the shipped data/measurements/%1 is missing from the build").arg(name));
        const QString shown = u"data/measurements/"_s + name;
        if (name == u"training.csv"_s) {
            auto rows = readTrainingMeasurements(&file, shown);
            if (!rows)
                return rows.error();
            all.training = std::move(rows).value();
        } else {
            auto rows = readServingMeasurements(&file, shown, catalog);
            if (!rows)
                return rows.error();
            all.serving = std::move(rows).value();
        }
    }
    return all;
}

Measurements measurementsFromProfiles(const QList<catalog::Profile> &profiles, const catalog::PlanningCatalog &catalog)
{
    Measurements mine;
    for (const catalog::Profile &p : profiles) {
        if (!p.measuredTokensPerSecondPerChip || *p.measuredTokensPerSecondPerChip <= 0 || !p.measuredModelParams)
            continue;
        const QString id = u"user-%1-%2-%3"_s.arg(p.userFileId).arg(p.accelerator, catalog::toString(p.workload));
        const QString group = u"user:%1"_s.arg(p.userFileId);
        const int chips = p.measuredChips.value_or(1);
        if (p.workload == catalog::Workload::DenseTraining) {
            TrainingMeasurement m;
            m.id = id;
            m.group = group;
            m.figure = catalog::Figure::SteadyThroughput;
            m.accelerator = p.accelerator;
            m.input.modelParams = *p.measuredModelParams;
            m.input.tokens = 1e12; // any amount: the row's figure is its rate
            m.input.precision = p.precision;
            m.input.precisionName = catalog::toString(p.precision);
            if (p.framework != u"any"_s)
                m.input.framework = p.framework;
            m.input.steadyState = true;
            m.input.goodputOverride = 1.0;
            m.chips = chips;
            m.publishedChipHours = m.input.tokens / *p.measuredTokensPerSecondPerChip / 3600.0;
            mine.training.append(m);
        } else if (p.workload == catalog::Workload::InferenceDecode && p.measuredInputTokens && p.measuredOutputTokens) {
            ServingMeasurement m;
            m.id = id;
            m.group = group;
            m.accelerator = p.accelerator;
            // The measured model's architecture when a preset has its size, else estimated.
            for (const catalog::ModelPreset &preset : catalog.models()) {
                if (std::abs(preset.totalParams / *p.measuredModelParams - 1.0) < 0.005) {
                    applyPreset(preset, m.input);
                    break;
                }
            }
            m.input.modelParams = *p.measuredModelParams;
            m.input.activeParams.reset();
            m.input.precision = p.precision;
            m.input.precisionName = catalog::toString(p.precision);
            m.input.inputTokens = *p.measuredInputTokens;
            m.input.outputTokens = *p.measuredOutputTokens;
            m.input.offline = true;
            m.chips = chips;
            m.concurrency = p.measuredBatch;
            m.figure = p.measuredBatch ? catalog::Figure::FixedConcurrency : catalog::Figure::OfflineMaximum;
            m.publishedTokensPerSecondPerChip = *p.measuredTokensPerSecondPerChip;
            mine.serving.append(m);
        }
    }
    return mine;
}

TrainingProjection projectMeasurement(const TrainingMeasurement &m, const catalog::Accelerator &accelerator,
                                      const catalog::PlanningCatalog &catalog)
{
    return projectTraining(m.input, accelerator, m.chips, catalog);
}

InferenceProjection projectMeasurement(const ServingMeasurement &m, const catalog::Accelerator &accelerator,
                                       const catalog::PlanningCatalog &catalog)
{
    InferenceInput input = m.input;
    if (!m.system) {
        input.chipsPerReplica = m.chips;
        if (m.concurrency)
            input.concurrency = int(*m.concurrency);
        return projectInference(input, accelerator, catalog);
    }
    // A whole system (MLPerf): its submitter lays out the replicas, and a stated concurrency is the
    // system's. Each replica size that divides the system is projected with its share of the
    // concurrency; the best per chip is what a submitter runs.
    InferenceProjection refused;
    std::optional<InferenceProjection> best;
    for (int replica = 1; replica <= m.chips; replica *= 2) {
        if (m.chips % replica != 0)
            continue;
        InferenceInput layout = input;
        layout.chipsPerReplica = replica;
        if (m.concurrency)
            layout.concurrency = std::max(1, int(*m.concurrency * replica / m.chips));
        InferenceProjection candidate = projectInference(layout, accelerator, catalog);
        if (!candidate.runnable())
            refused = std::move(candidate); // why, should no layout run
        else if (!best || candidate.tokensPerSecondPerChip > best->tokensPerSecondPerChip)
            best = std::move(candidate);
    }
    return best ? *best : refused;
}

QStringList trainingFitPath(bool moe, const catalog::Accelerator &accelerator, catalog::Precision precision,
                            const catalog::MeasurementFits &fits)
{
    return chipPath(u"training"_s, moe, accelerator, precision, fits);
}

QStringList campaignFitPath() { return {u"campaign"_s}; }

QStringList servingFitPath(bool moe, const catalog::Accelerator &accelerator, catalog::Precision precision,
                           const catalog::MeasurementFits &fits)
{
    return chipPath(u"serving"_s, moe, accelerator, precision, fits);
}

QString trainingBandClass(bool moe, bool steadyState)
{
    return steadyState ? u"training/steady/"_s + classOf(moe) : u"training/campaign"_s;
}

QString servingBandClass(bool moe, bool latencyBound)
{
    QString name = u"serving/"_s;
    name += classOf(moe);
    name += latencyBound ? u"/latency_bound"_s : u"/throughput"_s;
    return name;
}

namespace {

/// The kind a class belongs to: its band when the class has too few rows.
QString kindOf(const QString &className)
{
    return className.startsWith(u"serving"_s) ? u"serving"_s : className == u"training/campaign"_s ? className : u"training/steady"_s;
}

} // namespace

catalog::BandBasis bandFor(const catalog::MeasurementFits &fits, const QString &className)
{
    if (const catalog::BandBasis *own = fits.band(className); own && own->measurements >= catalog::kBandMinimumRows)
        return *own;
    catalog::BandBasis b;
    if (const catalog::BandBasis *kind = fits.band(kindOf(className)))
        b = *kind;
    b.className = className;
    b.lowFactor = std::pow(b.lowFactor, catalog::kFewRowsWidening);
    b.highFactor = std::pow(b.highFactor, catalog::kFewRowsWidening);
    b.widened = true;
    return b;
}

namespace {

/// One fitted kind: its rows, the fit of all of them and, per group, the fit without it.
struct Kind
{
    QList<catalog::MeasurementFit::Row> rows;
    catalog::MeasurementFit all;
    QHash<QString, catalog::MeasurementFit> without;

    void fit()
    {
        all = catalog::MeasurementFit::fit(rows);
        for (const catalog::MeasurementFit::Row &row : std::as_const(rows)) {
            if (!without.contains(row.group))
                without.insert(row.group, catalog::MeasurementFit::fit(rows, row.group));
        }
    }
    double outOfSample(const catalog::MeasurementFit::Row &row) const
    {
        return without.value(row.group).factor(row.path).logFactor;
    }
};

/// The bands of \a classes from the residuals, and per row the band from the other groups' rows only.
void setBands(catalog::MeasurementFits &fits, const QList<MeasurementScore *> &scores, const QList<double> &residuals,
              const QString &kind)
{
    QHash<QString, QList<double>> byClass;
    for (qsizetype i = 0; i < scores.size(); ++i) {
        byClass[scores[i]->bandClass].append(residuals[i]);
        if (scores[i]->bandClass != kind)
            byClass[kind].append(residuals[i]);
    }
    for (auto it = byClass.cbegin(); it != byClass.cend(); ++it)
        fits.bands.insert(it.key(), catalog::conformalBand(it.key(), it.value()));
    // What a user would have seen for each row: the band of its class built without its group.
    for (qsizetype i = 0; i < scores.size(); ++i) {
        MeasurementScore &s = *scores[i];
        catalog::MeasurementFits others;
        QHash<QString, QList<double>> otherResiduals;
        for (qsizetype j = 0; j < scores.size(); ++j) {
            if (scores[j]->group == s.group)
                continue;
            otherResiduals[scores[j]->bandClass].append(residuals[j]);
            if (scores[j]->bandClass != kind)
                otherResiduals[kind].append(residuals[j]);
        }
        for (const QString &name : {s.bandClass, kind})
            others.bands.insert(name, catalog::conformalBand(name, otherResiduals.value(name)));
        const catalog::BandBasis band = bandFor(others, s.bandClass);
        s.bandLow = std::min(s.outOfSample * band.lowFactor, s.outOfSample * band.highFactor);
        s.bandHigh = std::max(s.outOfSample * band.lowFactor, s.outOfSample * band.highFactor);
    }
    // The coverage a band states is the held-out one: the share of its class's rows inside the
    // band built without their group (the band's own rows all lie inside it at small n).
    QHash<QString, std::pair<int, int>> held; // class: inside, rows
    for (const MeasurementScore *s : scores) {
        for (const QString &name : {s->bandClass, kind}) {
            auto &[inside, rows] = held[name];
            inside += s->inBand() ? 1 : 0;
            ++rows;
            if (name == kind && s->bandClass == kind)
                break;
        }
    }
    for (auto it = held.cbegin(); it != held.cend(); ++it)
        if (auto band = fits.bands.find(it.key()); band != fits.bands.end())
            band->coverage = double(it->first) / it->second;
}

} // namespace

Accuracy fitMeasurements(catalog::PlanningCatalog &catalog, const catalog::AcceleratorCatalog &accelerators,
                         const Measurements &measurements)
{
    catalog.setMeasurementFits(nullptr); // the priors are the profiles' alone
    auto fits = std::make_shared<catalog::MeasurementFits>();
    for (const catalog::Accelerator &a : accelerators.accelerators()) {
        // A chip's generation: the root of its first stand-ins (h200-nvl → h200 → h100-sxm).
        const catalog::Accelerator *root = &a;
        for (int hops = 0; hops < 8 && !root->profileStandIns.isEmpty(); ++hops) {
            const catalog::Accelerator *next = accelerators.find(root->profileStandIns.first());
            if (!next)
                break;
            root = next;
        }
        fits->generation.insert(a.id, root->id);
    }

    Accuracy accuracy;
    Kind steady;
    Kind campaign;
    Kind serving;
    QList<qsizetype> steadyScore, campaignScore, servingScore;
    QList<TrainingProjection> campaignPriors;

    for (const TrainingMeasurement &m : measurements.training) {
        MeasurementScore s;
        s.id = m.id;
        s.group = m.group;
        s.accelerator = m.accelerator;
        s.figure = m.figure;
        s.moe = m.input.isMoe();
        s.chips = m.chips;
        s.published = m.publishedChipHours;
        s.bandClass = trainingBandClass(s.moe, m.input.steadyState);
        const catalog::Accelerator *accelerator = accelerators.find(m.accelerator);
        if (m.figure == catalog::Figure::FineTuning)
            s.cannotProject = Tr::tr("fine-tuning, not a pretraining run");
        else if (!accelerator)
            s.cannotProject = Tr::tr("unknown accelerator %1").arg(m.accelerator);
        else if (m.input.tokens <= 0 || m.publishedChipHours <= 0)
            s.cannotProject = Tr::tr("tokens or chip-hours not published");
        if (s.scored()) {
            const TrainingProjection p = projectMeasurement(m, *accelerator, catalog);
            if (p.peakFlopsPerChip <= 0 || p.chipHours.typical <= 0)
                s.cannotProject = p.cannotRun.isEmpty() ? Tr::tr("not projected") : p.cannotRun;
            else
                s.prior = p.chipHours.typical;
        }
        accuracy.training.append(s);
        if (!s.scored())
            continue;
        catalog::MeasurementFit::Row row{m.id, m.group, trainingFitPath(s.moe, *accelerator, m.input.precision, *fits),
                                         std::log(s.published / s.prior)};
        if (m.input.steadyState) {
            steady.rows.append(row);
            steadyScore.append(accuracy.training.size() - 1);
        } else {
            campaign.rows.append(row); // its path for now the steady one: the campaign part follows
            campaignScore.append(accuracy.training.size() - 1);
        }
    }
    steady.fit();
    // A whole run's ratio less what the steady state of its class explains: what a campaign adds.
    Kind campaignPart;
    for (const catalog::MeasurementFit::Row &row : std::as_const(campaign.rows))
        campaignPart.rows.append({row.id, row.group, campaignFitPath(), row.logRatio - steady.all.factor(row.path).logFactor});
    campaignPart.fit();

    for (const ServingMeasurement &m : measurements.serving) {
        MeasurementScore s;
        s.id = m.id;
        s.group = m.group;
        s.accelerator = m.accelerator;
        s.figure = m.figure;
        s.moe = m.input.isMoe();
        s.chips = m.chips;
        s.published = m.publishedTokensPerSecondPerChip;
        s.bandClass = servingBandClass(s.moe, m.figure == catalog::Figure::LatencyBound);
        s.cannotProject = m.skipped;
        const catalog::Accelerator *accelerator = accelerators.find(m.accelerator);
        if (s.scored() && !accelerator)
            s.cannotProject = Tr::tr("unknown accelerator %1").arg(m.accelerator);
        if (s.scored()) {
            const InferenceProjection p = projectMeasurement(m, *accelerator, catalog);
            if (!p.runnable())
                s.cannotProject = p.cannotRun;
            else
                s.prior = p.tokensPerSecondPerChip;
        }
        accuracy.serving.append(s);
        if (!s.scored())
            continue;
        serving.rows.append({m.id, m.group, servingFitPath(s.moe, *accelerator, m.input.precision, *fits),
                             std::log(s.published / s.prior)});
        servingScore.append(accuracy.serving.size() - 1);
    }
    serving.fit();

    // Scores and out-of-sample residuals (log published ÷ projected without the row's group).
    struct Scored
    {
        QList<MeasurementScore *> scores;
        QList<double> residuals;
        void add(MeasurementScore &s, double in, double oos, double logRatio)
        {
            s.inSample = s.prior * std::exp(in);
            s.outOfSample = s.prior * std::exp(oos);
            scores.append(&s);
            residuals.append(logRatio - oos);
        }
    };
    Scored steadyScored, campaignScored, servingScored;
    for (qsizetype i = 0; i < steady.rows.size(); ++i) {
        const catalog::MeasurementFit::Row &row = steady.rows[i];
        steadyScored.add(accuracy.training[steadyScore[i]], steady.all.factor(row.path).logFactor,
                         steady.outOfSample(row), row.logRatio);
    }
    for (qsizetype i = 0; i < campaign.rows.size(); ++i) {
        const catalog::MeasurementFit::Row &row = campaign.rows[i];
        const catalog::MeasurementFit::Row &part = campaignPart.rows[i];
        campaignScored.add(accuracy.training[campaignScore[i]],
                           steady.all.factor(row.path).logFactor + campaignPart.all.factor(part.path).logFactor,
                           steady.outOfSample(row) + campaignPart.outOfSample(part), row.logRatio);
    }
    for (qsizetype i = 0; i < serving.rows.size(); ++i) {
        const catalog::MeasurementFit::Row &row = serving.rows[i];
        servingScored.add(accuracy.serving[servingScore[i]], serving.all.factor(row.path).logFactor,
                          serving.outOfSample(row), row.logRatio);
    }
    // Bands: steady training classes fall back to the steady kind, the campaign to itself.
    setBands(*fits, steadyScored.scores, steadyScored.residuals, u"training/steady"_s);
    setBands(*fits, campaignScored.scores, campaignScored.residuals, u"training/campaign"_s);
    setBands(*fits, servingScored.scores, servingScored.residuals, u"serving"_s);

    fits->steady = steady.all;
    fits->campaign = campaignPart.all;
    fits->serving = serving.all;
    fits->trainingRows = int(steadyScored.scores.size() + campaignScored.scores.size());
    fits->servingRows = int(servingScored.scores.size());
    catalog.setMeasurementFits(std::move(fits));
    return accuracy;
}

QList<AccuracyClass> accuracySummary(const QList<MeasurementScore> &scores,
                                     const catalog::AcceleratorCatalog &accelerators)
{
    const auto median = catalog::median;
    QStringList order{u"all"_s, u"dense"_s, u"moe"_s};
    QHash<QString, QList<const MeasurementScore *>> byClass;
    for (const MeasurementScore &s : scores) {
        if (!s.scored())
            continue;
        const catalog::Accelerator *a = accelerators.find(s.accelerator);
        const QString figure = catalog::toString(s.figure);
        const QString vendor = a ? a->vendor : s.accelerator;
        for (const QString &name : {u"all"_s, classOf(s.moe), figure, vendor}) {
            if (!order.contains(name))
                order.append(name);
            byClass[name].append(&s);
        }
    }
    QList<AccuracyClass> classes;
    for (const QString &name : std::as_const(order)) {
        const QList<const MeasurementScore *> rows = byClass.value(name);
        if (rows.isEmpty())
            continue;
        AccuracyClass c;
        c.name = name;
        c.rows = int(rows.size());
        QList<double> oos, in, prior, widths, ratios;
        double within25 = 0, within2x = 0, inBand = 0;
        for (const MeasurementScore *s : rows) {
            const double ratio = s->outOfSample / s->published;
            oos.append(std::abs(ratio - 1.0));
            in.append(std::abs(s->inSample / s->published - 1.0));
            prior.append(std::abs(s->prior / s->published - 1.0));
            ratios.append(ratio);
            widths.append(s->bandHigh / s->bandLow);
            within25 += std::abs(ratio - 1.0) <= 0.25;
            within2x += ratio >= 0.5 && ratio <= 2.0;
            inBand += s->inBand();
        }
        c.medianError = median(oos);
        c.medianErrorInSample = median(in);
        c.medianErrorPrior = median(prior);
        c.within25 = within25 / c.rows;
        c.within2x = within2x / c.rows;
        c.inBand = inBand / c.rows;
        c.medianBandWidth = median(widths);
        c.medianRatio = median(ratios);
        classes.append(c);
    }
    return classes;
}

} // namespace accelplan::planning
