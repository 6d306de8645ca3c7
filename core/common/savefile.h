#pragma once

#include "core/common/diagnostic.h"

#include <QByteArray>
#include <QString>

namespace accelplan {

/// Writes \a bytes to \a path so that afterwards the file holds either all of them or what it held
/// before. Goes through QSaveFile and checks the flush before the commit: Qt 6.4's commit() renames
/// a temporary file whose buffered write failed (a full disk) over the original. A path that exists
/// and is not a regular file (a FIFO, /dev/stdout, /dev/full) is written directly, never replaced.
/// The error (ErrorKind::Internal) reads "cannot write PATH: REASON", with the system's reason
/// ("No space left on device").
Status writeFileAtomically(const QString &path, const QByteArray &bytes);

} // namespace accelplan
