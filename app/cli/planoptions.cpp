#include "app/cli/planoptions.h"


#include "core/common/tr.h"
#include "core/planning/model/counts.h"
#include "core/pricing/currency.h"

#include <QFile>
#include <QLocale>

#include <cmath>

using namespace Qt::StringLiterals;

namespace accelplan::cli {

bool numberOption(Context &context, const QCommandLineParser &parser, const QString &name, double min, double max,
                  std::optional<double> *out, bool whole)
{
    if (!parser.isSet(name))
        return true;
    bool ok = false;
    const double value = parser.value(name).toDouble(&ok);
    if (!ok || !std::isfinite(value) || value < min || value > max || (whole && std::floor(value) != value)) {
        context.usage((whole ? Tr::tr("--%1 '%2' must be a whole number from %3 to %4")
                             : Tr::tr("--%1 '%2' must be a number from %3 to %4"))
                          .arg(name, parser.value(name))
                          .arg(QLocale::c().toString(min, 'g', 16), QLocale::c().toString(max, 'g', 16)));
        return false;
    }
    *out = value;
    return true;
}

bool countOption(Context &context, const QCommandLineParser &parser, const QString &name, std::optional<double> *out)
{
    if (!parser.isSet(name))
        return true;
    *out = planning::parseCount(parser.value(name));
    if (!*out) {
        context.usage(Tr::tr("--%1 '%2' is not a count (e.g. 70e9, 70B, 2T, 1.5M)").arg(name, parser.value(name)));
        return false;
    }
    return true;
}

bool precisionOption(Context &context, const QCommandLineParser &parser, catalog::Precision *precision, QString *name)
{
    if (parser.isSet(u"precision"_s))
        *name = parser.value(u"precision"_s).trimmed().toLower();
    const auto parsed = catalog::precisionFromString(*name);
    if (!parsed) {
        context.usage(Tr::tr("--precision must be fp32, bf16, fp16, fp8, fp4 or int8"));
        return false;
    }
    *precision = *parsed;
    return true;
}

bool readConstraints(Context &context, const QCommandLineParser &parser, const catalog::AcceleratorCatalog &accelerators,
                     scenario::Constraints *constraints, QString *currency, const catalog::Accelerator **accelerator)
{
    std::optional<double> maxChips, budget, minScaleOut;
    if (!numberOption(context, parser, u"max-chips"_s, 1, 1e6, &maxChips, true)
        || !numberOption(context, parser, u"budget"_s, 0, 1e15, &budget)
        || !numberOption(context, parser, u"min-scale-out-gbps"_s, 0, 1e6, &minScaleOut))
        return false;
    if (minScaleOut)
        constraints->minScaleOutGbps = minScaleOut;
    constraints->excludeSpot = constraints->excludeSpot || parser.isSet(u"exclude-spot"_s);
    constraints->excludeMarketplace = constraints->excludeMarketplace || parser.isSet(u"exclude-marketplace"_s);
    constraints->wholeNodes = constraints->wholeNodes || parser.isSet(u"whole-nodes"_s);
    for (const QString &fabric : parser.values(u"fabric"_s)) {
        static const QStringList kFabrics = {u"infiniband"_s, u"efa"_s, u"roce"_s, u"ethernet"_s, u"dcn"_s};
        if (!kFabrics.contains(fabric.toLower())) {
            context.usage(Tr::tr("unknown --fabric '%1'; expected one of: %2").arg(fabric, kFabrics.join(u", "_s)));
            return false;
        }
        constraints->fabrics.append(fabric.toLower());
    }
    if (maxChips)
        constraints->maxChips = int(*maxChips);
    constraints->budget = budget;
    const auto code = currencyOption(context, parser, u"currency"_s, u"USD"_s);
    if (!code)
        return false;
    *currency = *code;
    if (parser.isSet(u"accelerator"_s)) {
        *accelerator = accelerators.find(parser.value(u"accelerator"_s));
        if (!*accelerator) {
            context.usage(accelerators.unknownMessage(parser.value(u"accelerator"_s)));
            return false;
        }
        constraints->accelerators = {(*accelerator)->id};
    }
    constraints->providers = parser.values(u"provider"_s);
    constraints->regions = parser.values(u"region"_s);
    for (const QString &kind : parser.values(u"kind"_s)) {
        const auto k = pricing::offerKindFromString(kind);
        if (!k) {
            context.usage(Tr::tr("unknown --kind '%1'").arg(kind));
            return false;
        }
        constraints->offerKinds.append(*k);
    }
    for (const QString &model : parser.values(u"price-model"_s)) {
        const auto m = pricing::priceModelFromString(model);
        if (!m) {
            context.usage(Tr::tr("unknown --price-model '%1'").arg(model));
            return false;
        }
        constraints->priceModels.append(*m);
    }
    return true;
}

int modelOption(Context &context, const QCommandLineParser &parser, const catalog::PlanningCatalog &planning,
                scenario::ModelSection &section)
{
    if (parser.isSet(u"model"_s) && parser.isSet(u"model-config"_s))
        return context.usage(Tr::tr("give --model or --model-config, not both"));
    if (parser.isSet(u"model-config"_s)) {
        if (Status read = section.setModelConfigFile(parser.value(u"model-config"_s)); !read) {
            Error error = read.error();
            error.message.prepend(u"--model-config: "_s);
            return context.report(error);
        }
        return ExitOk;
    }
    if (!parser.isSet(u"model"_s))
        return ExitOk;
    const catalog::ModelPreset *preset = planning.findModel(parser.value(u"model"_s));
    if (!preset) {
        QStringList ids;
        for (const catalog::ModelPreset &m : planning.models())
            ids.append(m.id);
        return context.usage(Tr::tr("unknown --model '%1'; presets: %2").arg(parser.value(u"model"_s), ids.join(u", "_s)));
    }
    section.model = preset->id;
    return ExitOk;
}

void addModelOptions(QCommandLineParser &p)
{
    p.addOption({u"model"_s, Tr::tr("A model preset (data/catalog/models.csv, or a name people use) for shape and size."),
                 u"ID"_s});
    p.addOption({u"model-config"_s,
                 Tr::tr("A Hugging Face config.json: the model's architecture, its parameters computed from it."),
                 u"FILE"_s});
}

int writeJson(Context &context, const std::function<void(QIODevice *)> &write)
{
    context.out.flush();
    QFile stdoutFile;
    if (!stdoutFile.open(stdout, QIODevice::WriteOnly))
        return context.report(Error::internal(Tr::tr("cannot write to standard output")));
    write(&stdoutFile);
    stdoutFile.flush();
    return ExitOk;
}

void addConstraintOptions(QCommandLineParser &p)
{
    p.addOption({u"provider"_s, Tr::tr("Only this provider (repeatable)."), u"P"_s});
    p.addOption({u"kind"_s, Tr::tr("Only this offer kind (repeatable)."), u"K"_s});
    p.addOption({u"region"_s, Tr::tr("Only this region (repeatable)."), u"R"_s});
    p.addOption({u"price-model"_s, Tr::tr("Only this price model (repeatable)."), u"M"_s});
    p.addOption({u"max-chips"_s, Tr::tr("The most chips an option may use (default 4096)."), u"N"_s});
    p.addOption({u"budget"_s, Tr::tr("Options costing more are listed as over budget."), u"X"_s});
    p.addOption({u"exclude-spot"_s, Tr::tr("Use no spot or preemptible capacity.")});
    p.addOption({u"exclude-marketplace"_s, Tr::tr("Use no marketplace hosts.")});
    p.addOption({u"whole-nodes"_s, Tr::tr("Use whole nodes only (whole TPU hosts too).")});
    p.addOption({u"min-scale-out-gbps"_s, Tr::tr("Only offers whose nodes have at least this scale-out bandwidth."), u"X"_s});
    p.addOption({u"fabric"_s, Tr::tr("Only this scale-out fabric: infiniband, efa, roce, ethernet or dcn (repeatable)."), u"F"_s});
    p.addOption({u"currency"_s, Tr::tr("Currency of costs (default USD)."), u"CUR"_s, u"USD"_s});
    p.addOption({u"format"_s, Tr::tr("Output format: table, csv or json."), u"FORMAT"_s, u"table"_s});
}

} // namespace accelplan::cli
