#pragma once

#include <QByteArray>
#include <QDate>

#include <cstddef>
#include <cstdint>

namespace accelplan::catalog {
class AcceleratorCatalog;
}
namespace accelplan::pricing {
class SheetReader;
struct ParsedSheet;
enum class ImportFormat;
enum class SheetFormat;
}

/// What every fuzz target shares: quiet, deterministic set-up and the checks a parsed sheet must
/// pass whatever the input. A failed check aborts, which libFuzzer reports as a crash.
namespace accelplan::fuzz {

/// Once per process: drops Qt's messages (a fuzzer runs millions of inputs) and loads the
/// shipped catalog.
void setUp();

/// A copy of the input, so Qt gets the terminated array a QIODevice read would give it.
inline QByteArray bytes(const uint8_t *data, size_t size)
{
    return QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
}

/// The effective date of rows that name none: fixed, so a run does not depend on the day.
inline QDate defaultDate() { return QDate(2026, 1, 1); }

const catalog::AcceleratorCatalog &catalog();
/// One reader per process, as the importers' mapping tables load once.
pricing::SheetReader &sheetReader();

/// A parsed sheet that says it failed names why; one that succeeded holds only valid records
/// whose prices survive their own text form. Aborts on a violation.
void checkSheet(const pricing::ParsedSheet &sheet);

/// One input read as a provider price file of \a format through the SheetReader (named
/// \a fileName), which must say it read that format, then checkSheet(): the whole of the AWS,
/// Azure and Google Cloud targets.
void readProviderFile(const uint8_t *data, size_t size, pricing::ImportFormat format, const char *fileName);

/// One input read as an Accelplan sheet of \a format (CSV or JSON) by the native parser, then
/// checkSheet(): the whole of the two native-sheet targets.
void readNativeSheet(const uint8_t *data, size_t size, pricing::SheetFormat format, const char *fileName);

[[noreturn]] void fail(const char *check, const char *file, int line);

} // namespace accelplan::fuzz

#define FUZZ_CHECK(condition) \
    ((condition) ? void(0) : accelplan::fuzz::fail(#condition, __FILE__, __LINE__))
