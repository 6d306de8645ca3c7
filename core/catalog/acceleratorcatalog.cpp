#include "core/catalog/acceleratorcatalog.h"

#include "core/common/csvtable.h"
#include "core/common/levenshtein.h"
#include "core/common/tr.h"

#include <QFile>

using namespace Qt::StringLiterals;

namespace accelplan::catalog {

std::optional<double> Accelerator::peakTflops(Precision precision) const
{
    switch (precision) {
    case Precision::Fp32: return peakFp32Tflops;
    case Precision::Bf16: return peakBf16Tflops;
    case Precision::Fp8: return peakFp8Tflops;
    case Precision::Fp4: return peakFp4Tflops;
    case Precision::Int8: return peakInt8Tops;
    }
    return std::nullopt;
}

namespace {

const QStringList kRequiredColumns = {u"id"_s, u"name"_s, u"vendor"_s, u"memory_gb"_s, u"source_url"_s, u"as_of"_s};

} // namespace

Result<AcceleratorCatalog> AcceleratorCatalog::loadShipped()
{
    QFile file(u":/data/catalog/accelerators.csv"_s);
    if (!file.open(QIODevice::ReadOnly))
        return Error::internal(Tr::tr("The shipped accelerator catalog is missing from the build."));
    return load(&file, u"data/catalog/accelerators.csv"_s);
}

Result<AcceleratorCatalog> AcceleratorCatalog::load(QIODevice *device, const QString &fileName)
{
    AcceleratorCatalog catalog;
    Diagnostics problems = readCsvTable(device, fileName, kRequiredColumns, [&](const CsvRecord &r) {
        Accelerator a;
        a.id = r.required(u"id"_s).toLower();
        a.name = r.text(u"name"_s);
        a.vendor = r.text(u"vendor"_s);
        a.aliases = r.text(u"aliases"_s).split(u';', Qt::SkipEmptyParts);
        for (QString &alias : a.aliases)
            alias = alias.trimmed();
        a.memoryGb = r.number(u"memory_gb"_s, true).value_or(0);
        a.memoryBandwidthGBps = r.number(u"mem_bw_gbps"_s);
        a.peakFp32Tflops = r.number(u"peak_fp32_tflops"_s);
        a.peakBf16Tflops = r.number(u"peak_bf16_tflops"_s);
        a.peakFp8Tflops = r.number(u"peak_fp8_tflops"_s);
        a.peakFp4Tflops = r.number(u"peak_fp4_tflops"_s);
        a.peakInt8Tops = r.number(u"peak_int8_tops"_s);
        a.tdpWatts = r.number(u"tdp_w"_s);
        a.interconnect = r.text(u"interconnect"_s);
        a.interconnectGBps = r.number(u"interconnect_gbps"_s);
        if (const auto domain = r.number(u"max_domain"_s))
            a.maxDomainChips = int(*domain);
        if (const auto year = r.number(u"release_year"_s))
            a.releaseYear = int(*year);
        for (const QString &standIn : r.text(u"profile_stand_ins"_s).split(u';', Qt::SkipEmptyParts))
            a.profileStandIns.append(standIn.trimmed().toLower());
        a.sourceUrl = r.required(u"source_url"_s);
        a.asOf = r.date(u"as_of"_s, true);
        a.confidence = r.text(u"confidence"_s);
        a.notes = r.text(u"notes"_s);
        const QString workloads = r.text(u"workloads"_s).trimmed().toLower();
        if (!workloads.isEmpty() && workloads != u"inference"_s && workloads != u"training;inference"_s)
            r.error(u"workloads"_s, Tr::tr("must be empty, 'inference' or 'training;inference', not '%1'").arg(workloads));
        a.inferenceOnly = workloads == u"inference"_s;

        const qsizetype index = catalog.m_accelerators.size();
        QStringList names = a.aliases;
        names.prepend(a.id);
        for (const QString &name : names) {
            const QString key = normalisedKey(name);
            const auto existing = catalog.m_byKey.constFind(key);
            if (existing != catalog.m_byKey.cend() && *existing != index) {
                r.error(u"aliases"_s, Tr::tr("'%1' already names '%2'").arg(name, catalog.m_accelerators[*existing].id));
                continue;
            }
            catalog.m_byKey.insert(key, index);
        }
        catalog.m_ids.append(a.id);
        catalog.m_accelerators.append(std::move(a));
    });
    if (hasErrors(problems))
        return Error::badInput(Tr::tr("%1: the catalog has errors").arg(fileName), problems);
    for (Accelerator &a : catalog.m_accelerators) {
        for (const QString &id : a.profileStandIns) {
            if (const Accelerator *standIn = catalog.find(id)) {
                Accelerator spec = *standIn;
                spec.standInSpecs.clear();
                a.standInSpecs.push_back(std::move(spec));
            }
        }
    }
    return catalog;
}

const Accelerator *AcceleratorCatalog::find(const QString &idOrAlias) const
{
    for (qsizetype i = 0; i < m_ids.size(); ++i) {
        if (m_ids[i].size() == idOrAlias.size() && m_ids[i] == idOrAlias)
            return &m_accelerators[i];
    }
    const auto it = m_byKey.constFind(normalisedKey(idOrAlias));
    return it == m_byKey.cend() ? nullptr : &m_accelerators[*it];
}

QStringList AcceleratorCatalog::suggestions(const QString &unknown) const
{
    constexpr qsizetype kMostSuggestions = 4;
    const QString needle = normalisedKey(unknown);
    if (needle.isEmpty())
        return {};
    QStringList byPrefix;
    for (auto it = m_byKey.cbegin(); it != m_byKey.cend(); ++it) {
        const QString &id = m_accelerators[*it].id;
        if (it.key().startsWith(needle) && !byPrefix.contains(id))
            byPrefix.append(id);
    }
    if (!byPrefix.isEmpty() && byPrefix.size() <= kMostSuggestions) {
        byPrefix.sort();
        return byPrefix;
    }
    const QStringList keys = m_byKey.keys();
    const QString best = closestMatch(needle, keys);
    if (best.isEmpty())
        return {};
    return {m_accelerators[m_byKey.value(best)].id};
}

QString AcceleratorCatalog::unknownMessage(const QString &unknown) const
{
    QStringList quoted;
    for (const QString &id : suggestions(unknown))
        quoted.append(u'\'' + id + u'\'');
    if (quoted.isEmpty())
        return Tr::tr("unknown accelerator '%1'; `accelplan-cli catalog accelerators` lists the known ones")
            .arg(unknown);
    const QString last = quoted.takeLast();
    const QString choices = quoted.isEmpty() ? last : Tr::tr("%1 or %2").arg(quoted.join(u", "_s), last);
    return Tr::tr("unknown accelerator '%1'; did you mean %2?").arg(unknown, choices);
}

QString AcceleratorCatalog::normalisedKey(const QString &name)
{
    QString key;
    key.reserve(name.size());
    for (const QChar c : name) {
        if (c.isLetterOrNumber())
            key += c.toLower();
    }
    return key;
}

} // namespace accelplan::catalog
