// Replays inputs through a fuzz target without libFuzzer, so that any compiler's build (and
// ctest) runs every seed and every regression: `fuzz_X_replay FILE_OR_DIRECTORY...`.
// Directories are read recursively. Fails when a path is missing or nothing was replayed.
#include <QByteArray>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

#include <cstdint>
#include <cstdio>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv);

namespace {

bool replay(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "%s: %s\n", qPrintable(path), qPrintable(file.errorString()));
        return false;
    }
    const QByteArray input = file.readAll();
    std::printf("replaying %s (%lld bytes)\n", qPrintable(path), static_cast<long long>(input.size()));
    std::fflush(stdout);
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(input.constData()), size_t(input.size()));
    return true;
}

} // namespace

int main(int argc, char *argv[])
{
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    QStringList files;
    bool ok = true;
    for (int i = 1; i < argc; ++i) {
        const QString path = QString::fromLocal8Bit(argv[i]);
        const QFileInfo info(path);
        if (!info.exists()) {
            std::fprintf(stderr, "%s: no such file or directory\n", argv[i]);
            ok = false;
        } else if (info.isDir()) {
            QStringList inDirectory;
            QDirIterator it(path, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
            while (it.hasNext())
                inDirectory << it.next();
            inDirectory.sort(); // the same order on every run
            files << inDirectory;
        } else {
            files << path;
        }
    }
    int replayed = 0;
    for (const QString &file : std::as_const(files)) {
        if (replay(file))
            ++replayed;
        else
            ok = false;
    }
    std::printf("%d inputs replayed\n", replayed);
    if (replayed == 0) {
        std::fprintf(stderr, "no input was replayed\n");
        return 1;
    }
    return ok ? 0 : 1;
}
