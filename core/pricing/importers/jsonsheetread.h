#pragma once

#include "core/common/backgroundhash.h"
#include "core/common/jsonsax.h"
#include "core/common/tr.h"
#include "core/pricing/importers/sheetbuilder.h"

#include <atomic>

namespace accelplan::pricing {

/// How a streamed JSON price file ended.
struct JsonSheetEnd
{
    JsonParseResult parsed;
    bool cancelled = false;
};

/// The one skeleton of every streaming JSON importer: the file's SHA-256 over all of its bytes
/// (read on after the handler stopped early, but not after a cancel), and a syntax error worded
/// one way, "JSON syntax error: WHAT", at its line. \a parse runs the importer's SAX handler over
/// the stream and returns parseJsonValues' result.
template<typename Parse>
JsonSheetEnd readJsonSheet(QIODevice *device, SheetBuilder &builder, const std::atomic<bool> *cancel, Parse parse)
{
    BackgroundHash hash; // on its own thread: provider files run to gigabytes
    JsonDeviceStream stream(device, &hash);
    JsonSheetEnd end{parse(stream), false};
    end.cancelled = cancelledBy(cancel);
    if (!end.cancelled)
        stream.drain();
    builder.sheet().sha256 = hash.resultHex();
    if (!end.parsed.ok && !end.parsed.stopped && !end.cancelled)
        builder.error(end.parsed.line, {}, Tr::tr("JSON syntax error: %1").arg(end.parsed.error));
    return end;
}

} // namespace accelplan::pricing
