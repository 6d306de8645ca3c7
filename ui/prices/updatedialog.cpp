#include "ui/prices/updatedialog.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QStandardItemModel>
#include <QTableView>
#include <QThread>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

UpdateDialog::UpdateDialog(QList<net::Endpoint> endpoints, net::FetchSettings settings, QWidget *parent)
    : QDialog(parent), m_endpoints(std::move(endpoints)), m_settings(std::move(settings))
{
    setWindowTitle(tr("Update Prices from Providers"));
    setObjectName(u"updateDialog"_s);
    resize(820, 440);

    auto *intro = new QLabel(tr("Downloads each ticked provider's published price list. Nothing is written here: "
                                "each download then opens in the import preview, to import or skip."),
                             this);
    intro->setWordWrap(true);
    m_model = new QStandardItemModel(0, 4, this);
    m_model->setHorizontalHeaderLabels({tr("Provider"), tr("Status"), tr("Downloaded"), tr("Source")});
    for (const net::Endpoint &endpoint : std::as_const(m_endpoints)) {
        auto *provider = new QStandardItem(endpoint.provider);
        provider->setCheckable(true);
        provider->setCheckState(Qt::Checked);
        auto *source = new QStandardItem(endpoint.url);
        source->setToolTip(endpoint.sourcePage);
        m_model->appendRow({provider, new QStandardItem(tr("not downloaded")), new QStandardItem, source});
    }
    for (int row = 0; row < m_model->rowCount(); ++row)
        for (int column = StatusColumn; column <= SourceColumn; ++column)
            m_model->item(row, column)->setEditable(false);
    m_model->setObjectName(u"updateModel"_s);
    m_view = new QTableView(this);
    m_view->setObjectName(u"updateTable"_s);
    m_view->setAccessibleName(tr("Providers to update"));
    m_view->setModel(m_model);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->resizeColumnsToContents();
    m_status = new QLabel(tr("Tick the providers to update, then Download."), this);
    m_status->setObjectName(u"updateStatus"_s);
    m_status->setWordWrap(true);

    auto *buttons = new QDialogButtonBox(this);
    m_downloadButton = buttons->addButton(tr("&Download"), QDialogButtonBox::ActionRole);
    m_downloadButton->setObjectName(u"downloadButton"_s);
    m_downloadButton->setDefault(true);
    m_stopButton = buttons->addButton(tr("&Stop"), QDialogButtonBox::RejectRole);
    m_stopButton->setObjectName(u"stopButton"_s);
    m_stopButton->setEnabled(false);
    m_closeButton = buttons->addButton(QDialogButtonBox::Close);
    m_closeButton->setObjectName(u"closeButton"_s);
    connect(m_downloadButton, &QPushButton::clicked, this, [this] {
        if (m_state == State::Done)
            accept(); // "Preview and Import…"
        else
            download();
    });
    connect(m_stopButton, &QPushButton::clicked, this, &UpdateDialog::stop);
    connect(m_closeButton, &QPushButton::clicked, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
}

UpdateDialog::~UpdateDialog()
{
    m_stop->store(true);
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
    if (result() != QDialog::Accepted)
        removeDownloads();
}

QString UpdateDialog::statusText() const
{
    return m_status->text();
}

void UpdateDialog::setState(State state, const QString &message)
{
    m_state = state;
    m_status->setText(message);
    const bool downloading = state == State::Downloading;
    m_stopButton->setEnabled(downloading);
    m_closeButton->setEnabled(!downloading);
    const bool anyFetched = std::any_of(m_results.cbegin(), m_results.cend(), [](const auto &r) {
        return r.second.status == net::FetchOutcome::Status::Fetched;
    });
    m_downloadButton->setText(state == State::Done && anyFetched ? tr("&Preview and Import…") : tr("&Download"));
    m_downloadButton->setEnabled(state == State::Choosing || state == State::Stopped || (state == State::Done && anyFetched));
    for (int row = 0; row < m_model->rowCount(); ++row)
        m_model->item(row, ProviderColumn)->setEnabled(!downloading && state != State::Done);
    Q_EMIT stateChanged(state);
}

void UpdateDialog::download()
{
    if (m_state == State::Downloading)
        return;
    removeDownloads();
    m_results.clear();
    m_rows.clear();
    QList<net::Endpoint> chosen;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        m_model->item(row, ProgressColumn)->setText({});
        if (m_model->item(row, ProviderColumn)->checkState() != Qt::Checked) {
            m_model->item(row, StatusColumn)->setText(tr("skipped"));
            continue;
        }
        m_model->item(row, StatusColumn)->setText(tr("waiting"));
        m_rows.append(row);
        chosen.append(m_endpoints[row]);
    }
    if (chosen.isEmpty()) {
        setState(State::Choosing, tr("Tick at least one provider."));
        return;
    }
    m_stop->store(false);
    setState(State::Downloading, tr("Downloading %n price list(s)…", nullptr, int(chosen.size())));
    net::FetchSettings settings = m_settings;
    settings.cancelled = [stop = m_stop] { return stop->load(); };
    const QList<int> rows = m_rows;
    m_thread = QThread::create([this, chosen, rows, settings]() mutable {
        QNetworkAccessManager network; // this thread's own
        for (qsizetype i = 0; i < chosen.size(); ++i) {
            const int row = rows[i];
            settings.progress = [this, row](qint64 bytes, int page) {
                QMetaObject::invokeMethod(this, [this, row, bytes, page] { progress(row, bytes, page); }, Qt::QueuedConnection);
            };
            QMetaObject::invokeMethod(this, [this, row] { m_model->item(row, StatusColumn)->setText(tr("downloading")); },
                                      Qt::QueuedConnection);
            const net::FetchOutcome outcome = net::fetchEndpoint(network, chosen[i], settings);
            QMetaObject::invokeMethod(this, [this, row, outcome] { finished(row, outcome); }, Qt::QueuedConnection);
            if (outcome.status == net::FetchOutcome::Status::Interrupted)
                break;
        }
        QMetaObject::invokeMethod(this, [this] { allFinished(); }, Qt::QueuedConnection);
    });
    m_thread->start();
}

void UpdateDialog::stop()
{
    if (m_state != State::Downloading)
        return;
    m_stop->store(true);
    m_status->setText(tr("Stopping…"));
}

void UpdateDialog::progress(int row, qint64 bytes, int page)
{
    m_model->item(row, ProgressColumn)
        ->setText(tr("%1, page %2").arg(QLocale().formattedDataSize(bytes)).arg(page));
}

void UpdateDialog::finished(int row, const net::FetchOutcome &outcome)
{
    m_results.append({m_endpoints[row], outcome});
    QString status;
    switch (outcome.status) {
    case net::FetchOutcome::Status::Fetched:
        status = outcome.notes.isEmpty() ? tr("downloaded") : tr("downloaded; %1").arg(outcome.notes.join(u"; "_s));
        break;
    case net::FetchOutcome::Status::Unchanged:
        status = outcome.unchangedText();
        break;
    case net::FetchOutcome::Status::Failed: status = tr("failed: %1").arg(outcome.error); break;
    case net::FetchOutcome::Status::Interrupted: status = tr("stopped"); break;
    case net::FetchOutcome::Status::Skipped: status = tr("skipped: %1").arg(outcome.error); break;
    }
    m_model->item(row, StatusColumn)->setText(status);
    m_model->item(row, StatusColumn)->setToolTip(status);
    if (outcome.status == net::FetchOutcome::Status::Unchanged)
        m_model->item(row, ProgressColumn)->setText(tr("nothing (not modified)"));
    for (int column = ProviderColumn; column < SourceColumn; ++column) // the source takes the rest
        m_view->resizeColumnToContents(column);
}

void UpdateDialog::allFinished()
{
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
        m_thread = nullptr;
    }
    if (m_stop->load()) {
        removeDownloads();
        for (const int row : std::as_const(m_rows))
            if (m_model->item(row, StatusColumn)->text() == tr("waiting"))
                m_model->item(row, StatusColumn)->setText(tr("not downloaded"));
        m_results.clear();
        setState(State::Stopped, tr("Stopped: what was downloaded is removed; nothing was written."));
        return;
    }
    int fetched = 0, unchanged = 0, failed = 0, skipped = 0;
    for (const auto &[endpoint, outcome] : std::as_const(m_results)) {
        fetched += outcome.status == net::FetchOutcome::Status::Fetched;
        unchanged += outcome.status == net::FetchOutcome::Status::Unchanged;
        failed += outcome.status == net::FetchOutcome::Status::Failed;
        skipped += outcome.status == net::FetchOutcome::Status::Skipped;
    }
    QString message = tr("%1 downloaded, %2 unchanged, %3 failed (their prices stay as they are).")
                          .arg(fetched)
                          .arg(unchanged)
                          .arg(failed);
    if (skipped > 0)
        message += u' ' + tr("%n skipped (see why in its row).", nullptr, skipped);
    message += u' '
               + (fetched > 0 ? tr("Preview and Import opens each download in the import preview; nothing is written yet.")
                              : tr("Nothing to import."));
    setState(State::Done, message);
}

void UpdateDialog::removeDownloads()
{
    for (const auto &[endpoint, outcome] : std::as_const(m_results))
        if (!outcome.file.isEmpty())
            QFile::remove(outcome.file);
}

} // namespace accelplan::ui
