#include "app/cli/plancommands.h"

#include "core/common/tr.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace accelplan::cli {

namespace {
char **g_argv = nullptr;
} // namespace

void keepProgramArguments(char **argv)
{
    g_argv = argv;
}

// accelplan-cli's report command: runs the accelplan-report helper in this process's place with
// the same arguments, so what it prints, writes and exits with is the command's own.
int reportCommand(Context &context, const QCommandLineParser &)
{
    const QString helper = QDir::cleanPath(QDir(QCoreApplication::applicationDirPath())
                                               .filePath(QStringLiteral(ACCELPLAN_REPORT_HELPER)));
    if (!QFileInfo(helper).isExecutable())
        return context.report(Error::internal(
            Tr::tr("the PDF report is drawn by %1, which is missing; reinstall Accelplan").arg(helper)));
    if (!g_argv)
        return context.report(Error::internal(Tr::tr("the report's command line was not kept")));
    context.out.flush();
    context.err.flush();
    const QByteArray path = QFile::encodeName(helper);
    ::execv(path.constData(), g_argv);
    const int error = errno;
    return context.report(Error::internal(
        Tr::tr("cannot run %1: %2").arg(helper, QString::fromLocal8Bit(std::strerror(error)))));
}

} // namespace accelplan::cli
