#include "core/pricing/importers/gcpimporter.h"

#include "core/common/csvtable.h"
#include "core/common/tr.h"

#include <QFile>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

// The shipped tables that turn Google Cloud Billing Catalog SKUs into offers: description
// patterns (gcp_skus.csv) and machine shapes (gcp_machines.csv).

namespace accelplan::pricing {

namespace {

// SQL LIKE as Cyclenerd's mapping.csv writes it: '%' is any run, the rest literal, any case.
// A leading or trailing '%' leaves that end unanchored rather than becoming ".*": the same
// strings match, but a search for the literal is far cheaper than backtracking over ".*" (most
// patterns are '%words%', and every SKU of a catalog is tried against all of them).
QRegularExpression likeExpression(const QString &pattern)
{
    QStringList parts = pattern.split(u'%');
    for (QString &part : parts)
        part = QRegularExpression::escape(part);
    QString expression = parts.join(u".*"_s);
    if (parts.size() > 1 && parts.constFirst().isEmpty())
        expression.remove(0, 2); // the leading ".*"
    else
        expression.prepend(u"\\A"_s);
    if (parts.size() > 1 && parts.constLast().isEmpty())
        expression.chop(2); // the trailing ".*"
    else
        expression.append(u"\\z"_s);
    return QRegularExpression(expression, QRegularExpression::CaseInsensitiveOption | QRegularExpression::DotMatchesEverythingOption);
}

} // namespace

bool GcpSkuPattern::matches(const QString &description, const QString &group) const
{
    return (resourceGroup.isEmpty() || resourceGroup == group) && regex.match(description).hasMatch();
}

const GcpSkuPattern *GcpTables::match(const QString &description, const QString &resourceGroup) const
{
    // Most SKUs match none: one pass of the patterns' alternation rules them out.
    if (any.isValid() && !any.pattern().isEmpty() && !any.match(description).hasMatch())
        return nullptr;
    for (const GcpSkuPattern &pattern : patterns)
        if (pattern.matches(description, resourceGroup))
            return &pattern;
    return nullptr;
}

Result<GcpTables> loadGcpTables()
{
    GcpTables tables;
    Diagnostics problems;
    const QString skusName = u"data/catalog/gcp_skus.csv"_s;
    const QString machinesName = u"data/catalog/gcp_machines.csv"_s;
    QFile skus(u":/"_s + skusName);
    QFile machines(u":/"_s + machinesName);
    if (!skus.open(QIODevice::ReadOnly) || !machines.open(QIODevice::ReadOnly))
        return Error::internal(Tr::tr("the shipped %1 or %2 is missing from the build").arg(skusName, machinesName));

    const QHash<QString, GcpSkuPattern::Kind> kinds = {{u"core"_s, GcpSkuPattern::Kind::Core},
                                                       {u"ram"_s, GcpSkuPattern::Kind::Ram},
                                                       {u"gpu"_s, GcpSkuPattern::Kind::Gpu},
                                                       {u"tpu"_s, GcpSkuPattern::Kind::Tpu}};
    QHash<QString, GcpSkuPattern::Kind> componentKinds;
    QHash<QString, QString> componentAccelerators;
    problems += readCsvTable(&skus, skusName, {u"pattern"_s, u"component"_s, u"kind"_s}, [&](const CsvRecord &r) {
        GcpSkuPattern p;
        p.pattern = r.required(u"pattern"_s);
        p.resourceGroup = r.text(u"resource_group"_s);
        p.component = r.required(u"component"_s);
        p.accelerator = r.text(u"accelerator"_s);
        p.offerSku = r.text(u"offer_sku"_s);
        p.regex = likeExpression(p.pattern);
        p.line = r.line();
        const QString kind = r.required(u"kind"_s);
        if (!kinds.contains(kind))
            return r.error(u"kind"_s, Tr::tr("'%1' is not one of core, ram, gpu, tpu").arg(kind));
        p.kind = kinds.value(kind);
        if (componentKinds.contains(p.component) && componentKinds.value(p.component) != p.kind)
            return r.error(u"kind"_s, Tr::tr("component %1 has another kind on an earlier row").arg(p.component));
        if (p.kind == GcpSkuPattern::Kind::Tpu && (p.accelerator.isEmpty() || p.offerSku.isEmpty()))
            return r.error(u"offer_sku"_s, Tr::tr("a TPU row needs an accelerator and an offer SKU"));
        if (const auto chips = r.number(u"chips_per_unit"_s)) {
            if (std::floor(*chips) != *chips || *chips < 1 || *chips > 4096)
                return r.error(u"chips_per_unit"_s, Tr::tr("%1 is not a whole number of chips from 1 to 4096").arg(*chips));
            if (p.kind != GcpSkuPattern::Kind::Tpu && *chips != 1)
                return r.error(u"chips_per_unit"_s, Tr::tr("only a TPU row's price covers several chips"));
            p.chipsPerUnit = int(*chips);
        }
        componentKinds.insert(p.component, p.kind);
        if (!p.accelerator.isEmpty())
            componentAccelerators.insert(p.component, p.accelerator);
        tables.patterns.append(p);
    });

    problems += readCsvTable(&machines, machinesName,
                             {u"machine_type"_s, u"family"_s, u"vcpus"_s, u"ram_gb"_s, u"accelerator"_s,
                              u"accelerator_count"_s, u"gpu_component"_s},
                             [&](const CsvRecord &r) {
        GcpMachine m;
        m.machineType = r.required(u"machine_type"_s);
        m.family = r.required(u"family"_s);
        m.accelerator = r.required(u"accelerator"_s);
        m.gpuComponent = r.required(u"gpu_component"_s);
        const auto whole = [&](const QString &column) -> std::optional<int> {
            const auto value = r.number(column, true);
            if (value && (std::floor(*value) != *value || *value < 1 || *value > 1e6)) {
                r.error(column, Tr::tr("%1 is not a positive whole number").arg(*value));
                return std::nullopt;
            }
            return value ? std::optional<int>(int(*value)) : std::nullopt;
        };
        const auto vcpus = whole(u"vcpus"_s);
        const auto ram = whole(u"ram_gb"_s);
        const auto count = whole(u"accelerator_count"_s);
        if (!r.text(u"bundled_local_ssd_gib"_s).isEmpty())
            m.bundledLocalSsdGib = whole(u"bundled_local_ssd_gib"_s);
        if (!vcpus || !ram || !count)
            return;
        m.vcpus = *vcpus;
        m.ramGib = *ram;
        m.acceleratorCount = *count;
        const QString perGpu = r.text(u"priced_per_gpu"_s).toLower();
        if (!perGpu.isEmpty() && perGpu != u"yes"_s && perGpu != u"no"_s)
            return r.error(u"priced_per_gpu"_s, Tr::tr("must be yes, no or empty"));
        m.pricedPerGpu = perGpu == u"yes"_s;
        // Every part must be something the pattern table prices, or the machine could never be assembled.
        QList<std::pair<QString, GcpSkuPattern::Kind>> parts = {{m.gpuComponent, GcpSkuPattern::Kind::Gpu}};
        if (!m.pricedPerGpu)
            parts += {{m.family + u"-core"_s, GcpSkuPattern::Kind::Core}, {m.family + u"-ram"_s, GcpSkuPattern::Kind::Ram}};
        for (const auto &[component, kind] : parts)
            if (componentKinds.value(component, GcpSkuPattern::Kind::Tpu) != kind)
                return r.error(component == m.gpuComponent ? u"gpu_component"_s : u"family"_s,
                               Tr::tr("no %1 row in gcp_skus.csv prices component %2").arg(
                                   component == m.gpuComponent ? u"gpu"_s : u"core/ram"_s, component));
        if (componentAccelerators.value(m.gpuComponent) != m.accelerator)
            return r.error(u"accelerator"_s,
                           Tr::tr("%1, but gcp_skus.csv says component %2 is %3")
                               .arg(m.accelerator, m.gpuComponent, componentAccelerators.value(m.gpuComponent)));
        tables.machines.append(m);
    });
    if (hasErrors(problems))
        return Error::badInput(Tr::tr("the shipped Google Cloud tables have errors"), problems);
    QStringList alternatives;
    for (const GcpSkuPattern &p : std::as_const(tables.patterns))
        alternatives.append(u"(?:"_s + p.regex.pattern() + u')');
    tables.any = QRegularExpression(alternatives.join(u'|'), QRegularExpression::CaseInsensitiveOption
                                                                 | QRegularExpression::DotMatchesEverythingOption);
    tables.any.optimize();
    return tables;
}

} // namespace accelplan::pricing
