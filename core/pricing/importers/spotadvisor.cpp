#include "core/pricing/importers/spotadvisor.h"

#include "core/common/tr.h"
#include "core/pricing/importers/awsimporter.h"

#include <QFile>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

catalog::Source spotAdvisorSource(const QString &band, const QString &url, QDate asOf)
{
    return {url, asOf, u"approximate"_s, Tr::tr("Spot Advisor \"frequency of interruption\" %1, Linux, fetched").arg(band)};
}

// The feed is about 1.2 MB: a DOM (QJsonDocument) is simpler than a streaming reader and small
// beside the price lists, which are streamed.
Result<QList<catalog::SpotRate>> readSpotAdvisor(QIODevice *device, const QString &fileName,
                                                 const QSet<QString> &instanceTypes, const QString &sourceUrl,
                                                 QDate asOf)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(device->readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return Error::badInput(Tr::tr("%1: not JSON at byte %2: %3")
                                   .arg(fileName)
                                   .arg(parseError.offset)
                                   .arg(parseError.errorString()));
    const QJsonObject root = document.object();
    if (!root.value(u"ranges"_s).isArray() || !root.value(u"spot_advisor"_s).isObject())
        return Error::badInput(
            Tr::tr("%1: not the Spot Instance Advisor's feed (no \"ranges\" list and \"spot_advisor\" object)").arg(fileName));
    QHash<int, catalog::SpotRate> bands; // the feed's range index: the band it names, read once
    const QJsonArray ranges = root.value(u"ranges"_s).toArray();
    for (qsizetype i = 0; i < ranges.size(); ++i) {
        const QJsonObject range = ranges[i].toObject();
        const QString label = range.value(u"label"_s).toString();
        const std::optional<catalog::SpotRate> band = catalog::SpotRate::fromBand(label);
        if (!band || !range.value(u"index"_s).isDouble())
            return Error::badInput(Tr::tr("%1: ranges[%2]: '%3' is not an index and a band (<5%, 5-10%, 10-15%, "
                                          "15-20%, >20%)")
                                       .arg(fileName)
                                       .arg(i)
                                       .arg(label));
        bands.insert(range.value(u"index"_s).toInt(), *band);
    }
    QList<catalog::SpotRate> rates;
    const QJsonObject regions = root.value(u"spot_advisor"_s).toObject();
    for (auto region = regions.begin(); region != regions.end(); ++region) {
        const QJsonObject linux = region.value().toObject().value(u"Linux"_s).toObject();
        for (auto type = linux.begin(); type != linux.end(); ++type) {
            if (!instanceTypes.contains(type.key()))
                continue;
            const QJsonValue index = type.value().toObject().value(u"r"_s);
            const auto band = bands.constFind(index.toInt(-1));
            if (!index.isDouble() || band == bands.constEnd())
                return Error::badInput(Tr::tr("%1: spot_advisor.%2.Linux.%3.r: %4 is not one of the feed's ranges")
                                           .arg(fileName, region.key(), type.key(), index.toVariant().toString()));
            catalog::SpotRate rate = *band;
            rate.provider = u"AWS"_s;
            rate.instanceType = type.key();
            rate.region = region.key();
            rate.source = spotAdvisorSource(rate.band, sourceUrl, asOf);
            rates.append(rate);
        }
    }
    if (rates.isEmpty())
        return Error::badInput(Tr::tr("%1: the feed lists none of the %2 accelerator instance types Accelplan knows "
                                      "(data/catalog/aws_instances.csv)")
                                   .arg(fileName)
                                   .arg(instanceTypes.size()));
    return rates;
}

Result<QList<catalog::SpotRate>> readSpotAdvisorFile(const QString &path, const QString &sourceUrl, QDate asOf)
{
    const auto instances = loadAwsInstances();
    if (!instances)
        return instances.error();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error::badInput(Tr::tr("cannot read %1: %2").arg(path, file.errorString()));
    const QStringList types = instances->keys();
    return readSpotAdvisor(&file, path, QSet<QString>(types.begin(), types.end()), sourceUrl, asOf);
}

} // namespace accelplan::pricing
