#include "core/pricing/dblocation.h"

#include "core/common/tr.h"

#include <QCryptographicHash>
#include <QUrl>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace accelplan::pricing {

QString DbLocation::display() const
{
    if (!isPostgres())
        return path;
    QString text = u"postgresql://"_s;
    if (!user.isEmpty())
        text += user + u'@';
    const bool socket = host.startsWith(u'/');
    if (!socket)
        text += host;
    if (port > 0)
        text += u':' + QString::number(port);
    text += u'/' + database;
    if (socket)
        text += u"?host="_s + host;
    return text;
}

QString DbLocation::snapshotName() const
{
    const QByteArray digest = QCryptographicHash::hash(display().toUtf8(), QCryptographicHash::Sha256).toHex().left(12);
    QString readable = (user.isEmpty() ? QString() : user + u'@') + (host.startsWith(u'/') ? u"socket"_s : host)
                       + u'-' + database;
    for (QChar &c : readable) {
        if (!c.isLetterOrNumber() && c != u'-' && c != u'@' && c != u'.')
            c = u'_';
    }
    return readable + u'-' + QString::fromLatin1(digest) + u".sqlite"_s;
}

Result<DbLocation> DbLocation::parse(const QString &text)
{
    DbLocation location;
    if (!text.startsWith(u"postgresql://"_s, Qt::CaseInsensitive) && !text.startsWith(u"postgres://"_s, Qt::CaseInsensitive)) {
        location.path = text;
        return location;
    }
    location.engine = Engine::Postgres;
    const QUrl url(text, QUrl::StrictMode);
    if (!url.isValid())
        return Error::badInput(Tr::tr("--db %1 is not a valid PostgreSQL URL (%2); write "
                                      "postgresql://USER@HOST:PORT/DBNAME or postgresql://USER@/DBNAME?host=/socket/dir")
                                   .arg(text, url.errorString()));
    if (!url.password().isEmpty())
        return Error::badInput(Tr::tr("--db: the URL carries a password; leave it out and set PGPASSWORD or put it in "
                                      "~/.pgpass, so that it is not seen in the process list or saved in the settings"));
    location.user = url.userName();
    location.host = url.host();
    location.port = url.port(-1);
    location.database = url.path().mid(1);
    if (location.database.contains(u'/'))
        return Error::badInput(Tr::tr("--db %1: the database name '%2' contains '/'").arg(text, location.database));
    const QUrlQuery query(url);
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (key == u"host"_s) {
            if (!location.host.isEmpty() && !value.startsWith(u'/'))
                return Error::badInput(Tr::tr("--db %1: give the host either before the path or as ?host=, not both").arg(text));
            location.host = value;
        } else if (key == u"password"_s) {
            return Error::badInput(Tr::tr("--db: the URL carries a password; leave it out and set PGPASSWORD or put it "
                                          "in ~/.pgpass"));
        } else {
            return Error::badInput(Tr::tr("--db %1: unknown parameter '%2' (only ?host=/socket/dir is understood)")
                                       .arg(text, key));
        }
    }
    if (location.database.isEmpty())
        return Error::badInput(Tr::tr("--db %1 names no database; write postgresql://USER@HOST:PORT/DBNAME").arg(text));
    return location;
}

} // namespace accelplan::pricing
