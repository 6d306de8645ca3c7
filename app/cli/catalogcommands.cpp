#include "app/cli/cliapp.h"

#include "core/catalog/benchprofile.h"
#include "core/common/tr.h"
#include "core/planning/model/counts.h"
#include "core/planning/model/measurements.h"
#include "core/planning/plan/planinputs.h"
#include "core/planning/model/training.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace accelplan::cli {

namespace {

QString number(const std::optional<double> &value)
{
    return value ? QString::number(*value) : QString();
}

QJsonValue jsonNumber(const std::optional<double> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

int acceleratorsCommand(Context &context, const QCommandLineParser &parser)
{
    const auto format = formatOption(context, parser, {OutputFormat::Table, OutputFormat::Csv, OutputFormat::Json});
    if (!format)
        return ExitUsage;
    const catalog::AcceleratorCatalog *catalog = context.catalog();
    if (!catalog)
        return context.failureExitCode();

    const QStringList headers{u"id"_s, u"name"_s, u"vendor"_s, u"memory_gb"_s, u"mem_bw_gbps"_s,
                              u"peak_fp32_tflops"_s, u"peak_bf16_tflops"_s, u"peak_fp8_tflops"_s,
                              u"peak_fp4_tflops"_s, u"peak_int8_tops"_s, u"tdp_w"_s, u"interconnect"_s,
                              u"confidence"_s, u"as_of"_s, u"source_url"_s};
    QList<QStringList> rows;
    QJsonArray array;
    for (const catalog::Accelerator &a : catalog->accelerators()) {
        rows.append({a.id, a.name, a.vendor, QString::number(a.memoryGb), number(a.memoryBandwidthGBps),
                     number(a.peakFp32Tflops), number(a.peakBf16Tflops), number(a.peakFp8Tflops),
                     number(a.peakFp4Tflops), number(a.peakInt8Tops), number(a.tdpWatts), a.interconnect,
                     a.confidence, a.asOf.toString(Qt::ISODate), a.sourceUrl});
        array.append(QJsonObject{
            {u"id"_s, a.id},
            {u"name"_s, a.name},
            {u"vendor"_s, a.vendor},
            {u"aliases"_s, QJsonArray::fromStringList(a.aliases)},
            {u"memory_gb"_s, a.memoryGb},
            {u"mem_bw_gbps"_s, jsonNumber(a.memoryBandwidthGBps)},
            {u"peak_tflops"_s, QJsonObject{{u"fp32"_s, jsonNumber(a.peakFp32Tflops)},
                                          {u"bf16"_s, jsonNumber(a.peakBf16Tflops)},
                                          {u"fp8"_s, jsonNumber(a.peakFp8Tflops)},
                                          {u"fp4"_s, jsonNumber(a.peakFp4Tflops)},
                                          {u"int8_tops"_s, jsonNumber(a.peakInt8Tops)}}},
            {u"tdp_w"_s, jsonNumber(a.tdpWatts)},
            {u"interconnect"_s, a.interconnect},
            {u"interconnect_gbps"_s, jsonNumber(a.interconnectGBps)},
            {u"max_domain"_s, a.maxDomainChips ? QJsonValue(*a.maxDomainChips) : QJsonValue()},
            {u"release_year"_s, a.releaseYear ? QJsonValue(*a.releaseYear) : QJsonValue()},
            {u"source_url"_s, a.sourceUrl},
            {u"as_of"_s, a.asOf.toString(Qt::ISODate)},
            {u"confidence"_s, a.confidence},
            {u"notes"_s, a.notes},
        });
    }
    switch (*format) {
    case OutputFormat::Table: {
        // The table stays readable in a terminal: the source URL is in csv and json.
        QList<QStringList> shortRows;
        for (const QStringList &row : std::as_const(rows))
            shortRows.append(row.mid(0, row.size() - 1));
        context.out << renderTable(headers.mid(0, headers.size() - 1), shortRows);
        break;
    }
    case OutputFormat::Csv: context.out << renderCsv(headers, rows); break;
    case OutputFormat::Json: context.out << renderJson(array); break;
    }
    return ExitOk;
}

int addProfileCommand(Context &context, const QCommandLineParser &parser)
{
    const QStringList files = parser.positionalArguments();
    if (files.size() != 1)
        return context.usage(Tr::tr("catalog add-profile needs one FILE"));
    QFile file(files.first());
    if (const QFileInfo info(file.fileName()); info.exists() && !info.isFile())
        return context.report(Error::badInput(Tr::tr("%1: not a regular file").arg(file.fileName())));
    if (file.size() > catalog::kMaxProfileFileBytes)
        return context.report(Error::badInput(
            Tr::tr("%1: the file is larger than %2 MiB").arg(file.fileName()).arg(catalog::kMaxProfileFileBytes >> 20)));
    if (!file.open(QIODevice::ReadOnly))
        return context.report(Error::badInput(Tr::tr("cannot open %1: %2").arg(file.fileName(), file.errorString())));
    QByteArray content = file.read(catalog::kMaxProfileFileBytes);
    QString storedName = QFileInfo(file.fileName()).fileName();
    const QString from = parser.value(u"from"_s);
    QString residual; // what the shipped profile assumed against the measurement
    if (from == u"vllm-bench"_s || from == u"genai-perf"_s || from == u"training-log"_s) {
        // A benchmark result becomes a profile row first; from there on it is any profile file.
        const catalog::AcceleratorCatalog *accelerators = context.catalog();
        const planning::PlanInputs *inputs = accelerators ? context.planInputs() : nullptr;
        if (!inputs)
            return context.failureExitCode();
        catalog::BenchSetup setup;
        const catalog::Accelerator *accelerator = accelerators->find(parser.value(u"accelerator"_s));
        if (!accelerator)
            return context.usage(parser.isSet(u"accelerator"_s) ? accelerators->unknownMessage(parser.value(u"accelerator"_s))
                                                                : Tr::tr("--from %1 needs --accelerator ID").arg(from));
        setup.accelerator = accelerator->id;
        bool ok = false;
        setup.chips = parser.value(u"chips"_s).toInt(&ok);
        if (!ok || setup.chips < 1)
            return context.usage(Tr::tr("--from %1 needs --chips N: the accelerators the benchmark ran on").arg(from));
        if (parser.isSet(u"replicas"_s)) {
            setup.replicas = parser.value(u"replicas"_s).toInt(&ok);
            if (!ok || setup.replicas < 1)
                return context.usage(Tr::tr("--replicas must be a whole number, 1 or more"));
        }
        setup.precision = parser.value(u"precision"_s);
        if (parser.isSet(u"model"_s)) {
            const catalog::ModelPreset *preset = inputs->planning->findModel(parser.value(u"model"_s));
            if (!preset)
                return context.usage(Tr::tr("unknown model preset '%1'; `catalog models` lists them")
                                         .arg(parser.value(u"model"_s)));
            setup.modelParams = preset->totalParams;
            setup.activeParams = preset->activeParams;
            setup.model = preset->id;
            // FLOPs per token as the planner counts them for this shape (attention included).
            planning::TrainingInput shape;
            planning::applyPreset(*preset, shape);
            shape.tokens = 1e9;
            setup.flopsPerToken = planning::trainingFlops(shape) / shape.tokens;
        } else if (const auto params = planning::parseCount(parser.value(u"model-params"_s)); params && *params > 0) {
            setup.modelParams = *params;
            setup.model = Tr::tr("%1 parameters").arg(*params, 0, 'g', 4);
        } else {
            return context.usage(Tr::tr("--from %1 needs --model ID or --model-params N").arg(from));
        }
        if (parser.isSet(u"framework"_s))
            setup.framework = parser.value(u"framework"_s);
        auto converted = from == u"vllm-bench"_s ? catalog::profileFromVllmBench(content, file.fileName(), setup, *inputs->planning, *accelerator)
                         : from == u"genai-perf"_s
                             ? catalog::profileFromGenaiPerf(content, file.fileName(), setup, *inputs->planning, *accelerator)
                             : catalog::profileFromTrainingLog(content, file.fileName(), setup, *accelerator);
        if (!converted)
            return context.report(converted.error());
        content = std::move(converted).value();
        storedName += u".profile.csv"_s;
        if (from == u"training-log"_s) {
            QByteArray row = content;
            QBuffer rowBuffer(&row);
            rowBuffer.open(QIODevice::ReadOnly);
            const auto measured = catalog::PlanningCatalog::parseProfiles(&rowBuffer, file.fileName(), true);
            const catalog::Profile *shipped =
                measured && !measured->isEmpty()
                    ? inputs->planning->findProfile(setup.accelerator, measured->first().workload,
                                                    measured->first().precision, setup.framework)
                    : nullptr;
            if (shipped)
                residual = Tr::tr("the profile used until now assumed MFU %1 against the measured %2 (%3%)")
                               .arg(shipped->efficiency.typical, 0, 'f', 3)
                               .arg(measured->first().efficiency.typical, 0, 'f', 3)
                               .arg((shipped->efficiency.typical / measured->first().efficiency.typical - 1) * 100, 0,
                                    'f', 0);
        }
    } else if (!from.isEmpty()) {
        return context.usage(Tr::tr("unknown --from '%1'; expected vllm-bench, genai-perf or training-log (or a "
                                    "profile CSV/JSON without --from)")
                                 .arg(from));
    }
    QByteArray copy = content;
    QBuffer buffer(&copy);
    buffer.open(QIODevice::ReadOnly);
    const auto profiles = catalog::PlanningCatalog::parseProfiles(&buffer, file.fileName(), true);
    if (!profiles)
        return context.report(profiles.error());
    const catalog::AcceleratorCatalog *accelerators = context.catalog();
    if (!accelerators)
        return context.failureExitCode();
    Diagnostics unknown;
    for (const catalog::Profile &p : *profiles) {
        if (!accelerators->find(p.accelerator))
            unknown.append(Diagnostic::error(file.fileName(), 0, u"accelerator"_s, accelerators->unknownMessage(p.accelerator)));
    }
    if (!unknown.isEmpty())
        return context.report(Error::badInput(Tr::tr("%1: nothing was added").arg(file.fileName()), unknown));
    pricing::PriceDatabase *database = context.database();
    if (!database)
        return context.failureExitCode();
    if (Status added = database->addProfileFile({storedName, content}); !added)
        return context.report(added.error());
    context.out << Tr::tr("%1: %2 profile(s) added; they take precedence over shipped ones")
                       .arg(file.fileName())
                       .arg(profiles->size())
                << '\n';
    if (!residual.isEmpty())
        context.out << file.fileName() << ": " << residual << '\n';
    return ExitOk;
}

/// `catalog accuracy`: the published measurements scored out of sample (each row by the fit
/// without its source), in sample and by the profiles alone, by class; --rows lists every row.
int accuracyCommand(Context &context, const QCommandLineParser &parser)
{
    const auto format = formatOption(context, parser, {OutputFormat::Table, OutputFormat::Csv, OutputFormat::Json});
    if (!format)
        return ExitUsage;
    const QString kind = parser.value(u"kind"_s).toLower();
    if (!QStringList{u"all"_s, u"training"_s, u"serving"_s}.contains(kind))
        return context.usage(Tr::tr("--kind must be training, serving or all"));
    const catalog::AcceleratorCatalog *accelerators = context.catalog();
    pricing::PriceDatabase *database = accelerators ? context.database() : nullptr;
    if (!database)
        return context.failureExitCode();
    // The published measurements and the user's own, scored as the planner fits them.
    planning::Accuracy accuracy;
    const auto fitted = planning::loadPlanningCatalog(*database, *accelerators, &accuracy);
    if (!fitted)
        return context.report(fitted.error());
    const bool listRows = parser.isSet(u"rows"_s);
    auto percent = [](double share) { return QString::number(share * 100, 'f', 1); };

    QStringList headers;
    QList<QStringList> rows;
    QJsonArray array;
    for (const auto &[name, scores] : {std::pair{u"training"_s, &accuracy.training}, std::pair{u"serving"_s, &accuracy.serving}}) {
        if (kind != u"all"_s && kind != name)
            continue;
        if (listRows) {
            headers = {u"kind"_s, u"case"_s, u"group"_s, u"figure"_s, u"accelerator"_s, u"chips"_s, u"published"_s,
                       u"prior"_s, u"in_sample"_s, u"out_of_sample"_s, u"error_pct"_s, u"band_low"_s, u"band_high"_s,
                       u"in_band"_s, u"not_scored"_s};
            for (const planning::MeasurementScore &m : *scores) {
                const bool scored = m.scored();
                rows.append({name, m.id, m.group, catalog::toString(m.figure), m.accelerator, QString::number(m.chips),
                             QString::number(m.published, 'g', 6), scored ? QString::number(m.prior, 'g', 6) : QString(),
                             scored ? QString::number(m.inSample, 'g', 6) : QString(),
                             scored ? QString::number(m.outOfSample, 'g', 6) : QString(),
                             scored ? percent(m.error()) : QString(), scored ? QString::number(m.bandLow, 'g', 6) : QString(),
                             scored ? QString::number(m.bandHigh, 'g', 6) : QString(),
                             scored ? (m.inBand() ? u"yes"_s : u"no"_s) : QString(), m.cannotProject});
                array.append(QJsonObject{{u"kind"_s, name}, {u"case"_s, m.id}, {u"group"_s, m.group},
                                         {u"figure"_s, catalog::toString(m.figure)}, {u"accelerator"_s, m.accelerator},
                                         {u"chips"_s, m.chips}, {u"published"_s, m.published},
                                         {u"prior"_s, scored ? QJsonValue(m.prior) : QJsonValue()},
                                         {u"in_sample"_s, scored ? QJsonValue(m.inSample) : QJsonValue()},
                                         {u"out_of_sample"_s, scored ? QJsonValue(m.outOfSample) : QJsonValue()},
                                         {u"band_low"_s, scored ? QJsonValue(m.bandLow) : QJsonValue()},
                                         {u"band_high"_s, scored ? QJsonValue(m.bandHigh) : QJsonValue()},
                                         {u"in_band"_s, scored ? QJsonValue(m.inBand()) : QJsonValue()},
                                         {u"not_scored"_s, scored ? QJsonValue() : QJsonValue(m.cannotProject)}});
            }
            continue;
        }
        headers = {u"kind"_s, u"class"_s, u"rows"_s, u"median_error_pct"_s, u"in_sample_pct"_s, u"prior_pct"_s,
                   u"within_25_pct"_s, u"within_2x_pct"_s, u"in_band_pct"_s, u"band_width"_s, u"median_ratio"_s};
        for (const planning::AccuracyClass &c : planning::accuracySummary(*scores, *accelerators)) {
            rows.append({name, c.name, QString::number(c.rows), percent(c.medianError), percent(c.medianErrorInSample),
                         percent(c.medianErrorPrior), percent(c.within25), percent(c.within2x), percent(c.inBand),
                         QString::number(c.medianBandWidth, 'f', 2), QString::number(c.medianRatio, 'f', 2)});
            array.append(QJsonObject{{u"kind"_s, name}, {u"class"_s, c.name}, {u"rows"_s, c.rows},
                                     {u"median_error"_s, c.medianError}, {u"median_error_in_sample"_s, c.medianErrorInSample},
                                     {u"median_error_prior"_s, c.medianErrorPrior}, {u"within_25"_s, c.within25},
                                     {u"within_2x"_s, c.within2x}, {u"in_band"_s, c.inBand},
                                     {u"band_width"_s, c.medianBandWidth}, {u"median_ratio"_s, c.medianRatio}});
        }
    }
    if (*format == OutputFormat::Table && !listRows)
        context.out << Tr::tr("Out of sample: each published measurement projected by the fit without its source "
                              "(data/measurements/).\nerror: |projected ÷ published − 1|; ratio: projected ÷ published; "
                              "in band: inside the band built without the row's source.\n\n");
    context.out << render(*format, headers, rows, array);
    return ExitOk;
}

int profilesCommand(Context &context, const QCommandLineParser &parser)
{
    const auto format = formatOption(context, parser, {OutputFormat::Table, OutputFormat::Csv, OutputFormat::Json});
    if (!format)
        return ExitUsage;
    const catalog::AcceleratorCatalog *accelerators = context.catalog();
    const catalog::PlanningCatalog *planning = context.planningCatalog();
    if (!accelerators || !planning)
        return context.failureExitCode();
    QString only;
    if (parser.isSet(u"accelerator"_s)) {
        const catalog::Accelerator *a = accelerators->find(parser.value(u"accelerator"_s));
        if (!a)
            return context.usage(accelerators->unknownMessage(parser.value(u"accelerator"_s)));
        only = a->id;
    }
    // The user's profiles in use, then those disabled (kept in the database, not planned with),
    // then the shipped ones; a user profile's id is its file's, for remove-profile and disable-profile.
    QList<std::pair<catalog::Profile, bool>> listed;
    for (const catalog::Profile &p : planning->profiles())
        if (p.userSupplied)
            listed.append({p, true});
    pricing::PriceDatabase *database = context.database();
    if (!database)
        return context.failureExitCode();
    const auto files = database->profileFiles();
    if (!files)
        return context.report(files.error());
    for (const auto &file : *files) {
        if (file.enabled)
            continue;
        QByteArray content = file.content;
        QBuffer buffer(&content);
        buffer.open(QIODevice::ReadOnly);
        const auto profiles = catalog::PlanningCatalog::parseProfiles(&buffer, file.name, true);
        if (!profiles)
            return context.report(profiles.error());
        for (catalog::Profile p : *profiles) {
            p.userFileId = file.id;
            listed.append({p, false});
        }
    }
    for (const catalog::Profile &p : planning->profiles())
        if (!p.userSupplied)
            listed.append({p, true});

    const QStringList headers{u"origin"_s, u"id"_s, u"enabled"_s, u"accelerator"_s, u"workload"_s, u"precision"_s,
                              u"framework"_s, u"low"_s, u"typical"_s, u"high"_s, u"measured_tokens_per_s_per_chip"_s,
                              u"confidence"_s, u"as_of"_s, u"source_url"_s};
    QList<QStringList> rows;
    QJsonArray array;
    for (const auto &[p, enabled] : std::as_const(listed)) {
        if (!only.isEmpty() && p.accelerator != only)
            continue;
        const QString origin = p.userSupplied ? u"user"_s : u"shipped"_s;
        const QString measured = number(p.measuredTokensPerSecondPerChip);
        const QString id = p.userSupplied ? QString::number(p.userFileId) : QString();
        const QString enabledText = p.userSupplied ? (enabled ? u"yes"_s : u"no"_s) : QString();
        rows.append({origin, id, enabledText, p.accelerator, catalog::toString(p.workload), p.precisionName,
                     p.framework, QString::number(p.efficiency.low), QString::number(p.efficiency.typical),
                     QString::number(p.efficiency.high), measured, p.source.confidence,
                     p.source.asOf.toString(Qt::ISODate), p.source.url});
        array.append(QJsonObject{{u"origin"_s, origin},
                                 {u"id"_s, p.userSupplied ? QJsonValue(p.userFileId) : QJsonValue(QJsonValue::Null)},
                                 {u"enabled"_s, enabled},
                                 {u"accelerator"_s, p.accelerator},
                                 {u"workload"_s, catalog::toString(p.workload)},
                                 {u"precision"_s, p.precisionName},
                                 {u"framework"_s, p.framework},
                                 {u"low"_s, p.efficiency.low},
                                 {u"typical"_s, p.efficiency.typical},
                                 {u"high"_s, p.efficiency.high},
                                 {u"measured_tokens_per_s_per_chip"_s, jsonNumber(p.measuredTokensPerSecondPerChip)},
                                 {u"source_url"_s, p.source.url},
                                 {u"as_of"_s, p.source.asOf.toString(Qt::ISODate)},
                                 {u"confidence"_s, p.source.confidence},
                                 {u"notes"_s, p.source.notes}});
    }
    if (*format == OutputFormat::Table) {
        QList<QStringList> shortRows;
        for (const QStringList &row : std::as_const(rows))
            shortRows.append(row.mid(0, row.size() - 1));
        context.out << renderTable(headers.mid(0, headers.size() - 1), shortRows);
    } else {
        context.out << render(*format, headers, rows, array);
    }
    return ExitOk;
}

/// The stored profile file a command names by id; null after saying why not (exit code in *exitCode).
std::optional<pricing::PriceDatabase::ProfileFile> profileFileArgument(Context &context, const QCommandLineParser &parser,
                                                                       const QString &command, int *exitCode)
{
    const QStringList words = parser.positionalArguments();
    if (words.size() != 1) {
        *exitCode = context.usage(Tr::tr("catalog %1 needs one ID (`catalog profiles` lists them)").arg(command));
        return std::nullopt;
    }
    bool ok = false;
    const qint64 id = words.first().toLongLong(&ok);
    pricing::PriceDatabase *database = context.database();
    if (!database) {
        *exitCode = context.failureExitCode();
        return std::nullopt;
    }
    const auto files = database->profileFiles();
    if (!files) {
        *exitCode = context.report(files.error());
        return std::nullopt;
    }
    for (const auto &file : *files)
        if (ok && file.id == id)
            return file;
    QStringList ids;
    for (const auto &file : *files)
        ids.append(QString::number(file.id));
    context.err << "accelplan-cli: "
                << (ids.isEmpty() ? Tr::tr("no user profile with id '%1': there are no user profiles").arg(words.first())
                                  : Tr::tr("no user profile with id '%1'; the user profiles are %2 (`catalog profiles` "
                                           "lists them)")
                                        .arg(words.first(), ids.join(u", "_s)))
                << '\n';
    context.err.flush();
    *exitCode = ExitUsage;
    return std::nullopt;
}

int removeProfileCommand(Context &context, const QCommandLineParser &parser)
{
    int exitCode = ExitOk;
    const auto file = profileFileArgument(context, parser, u"remove-profile"_s, &exitCode);
    if (!file)
        return exitCode;
    const auto removed = context.database()->removeProfileFile(file->id);
    if (!removed)
        return context.report(removed.error());
    context.out << Tr::tr("removed user profile %1 (%2)").arg(file->id).arg(file->name) << '\n';
    return ExitOk;
}

int setProfileEnabled(Context &context, const QCommandLineParser &parser, bool enabled)
{
    int exitCode = ExitOk;
    const auto file =
        profileFileArgument(context, parser, enabled ? u"enable-profile"_s : u"disable-profile"_s, &exitCode);
    if (!file)
        return exitCode;
    const auto changed = context.database()->setProfileFileEnabled(file->id, enabled);
    if (!changed)
        return context.report(changed.error());
    context.out << (enabled ? Tr::tr("enabled user profile %1 (%2)") : Tr::tr("disabled user profile %1 (%2): kept, "
                                                                             "not planned with"))
                           .arg(file->id)
                           .arg(file->name)
                << '\n';
    return ExitOk;
}

} // namespace

QList<Command> catalogCommands()
{
    return {
        {u"catalog"_s, u"accelerators"_s, Tr::tr("list the accelerator catalog"),
         [](QCommandLineParser &p) {
             p.addOption({u"format"_s, Tr::tr("Output format: table, csv or json."), u"FORMAT"_s, u"table"_s});
         },
         acceleratorsCommand},
        {u"catalog"_s, u"profiles"_s, Tr::tr("list throughput profiles and where they came from"),
         [](QCommandLineParser &p) {
             p.addOption({u"accelerator"_s, Tr::tr("Only this accelerator."), u"ID"_s});
             p.addOption({u"format"_s, Tr::tr("Output format: table, csv or json."), u"FORMAT"_s, u"table"_s});
         },
         profilesCommand},
        {u"catalog"_s, u"accuracy"_s,
         Tr::tr("how far projections land from published measurements they were not fitted to, by class"),
         [](QCommandLineParser &p) {
             p.addOption({u"kind"_s, Tr::tr("training, serving or all."), u"KIND"_s, u"all"_s});
             p.addOption({u"rows"_s, Tr::tr("List every measurement with its three projections instead of the classes.")});
             p.addOption({u"format"_s, Tr::tr("Output format: table, csv or json."), u"FORMAT"_s, u"table"_s});
         },
         accuracyCommand},
        {u"catalog"_s, u"add-profile"_s, Tr::tr("add your own throughput measurements (CSV or JSON)"),
         [](QCommandLineParser &p) {
             p.addPositionalArgument(u"FILE"_s, Tr::tr("Profiles with the columns of data/catalog/profiles.csv, or a "
                                                       "benchmark result with --from."));
             p.addOption({u"from"_s, Tr::tr("The FILE is a benchmark result: vllm-bench (benchmark_serving / vllm "
                                            "bench serve --save-result JSON), genai-perf (its profile export "
                                            "JSON) or training-log (a CSV of tokens_per_s or tflops_per_gpu)."),
                          u"KIND"_s});
             p.addOption({u"accelerator"_s, Tr::tr("The accelerator the benchmark ran on."), u"ID"_s});
             p.addOption({u"chips"_s, Tr::tr("How many accelerators the benchmark used in all."), u"N"_s});
             p.addOption({u"replicas"_s, Tr::tr("Data-parallel replicas among them (default 1)."), u"R"_s});
             p.addOption({u"precision"_s, Tr::tr("Weights precision served (default bf16)."), u"P"_s, u"bf16"_s});
             p.addOption({u"model"_s, Tr::tr("The model preset benchmarked."), u"ID"_s});
             p.addOption({u"model-params"_s, Tr::tr("Or its parameter count (8B, 70e9)."), u"N"_s});
             p.addOption({u"framework"_s, Tr::tr("training-log: the framework it ran (default any)."), u"F"_s});
         },
         addProfileCommand, true},
        {u"catalog"_s, u"remove-profile"_s, Tr::tr("remove a user profile (its id from catalog profiles)"),
         [](QCommandLineParser &p) { p.addPositionalArgument(u"ID"_s, Tr::tr("The user profile's id.")); },
         removeProfileCommand, true},
        {u"catalog"_s, u"disable-profile"_s, Tr::tr("keep a user profile but plan without it"),
         [](QCommandLineParser &p) { p.addPositionalArgument(u"ID"_s, Tr::tr("The user profile's id.")); },
         [](Context &context, const QCommandLineParser &parser) { return setProfileEnabled(context, parser, false); },
         true},
        {u"catalog"_s, u"enable-profile"_s, Tr::tr("plan with a disabled user profile again"),
         [](QCommandLineParser &p) { p.addPositionalArgument(u"ID"_s, Tr::tr("The user profile's id.")); },
         [](Context &context, const QCommandLineParser &parser) { return setProfileEnabled(context, parser, true); },
         true},
    };
}

} // namespace accelplan::cli
