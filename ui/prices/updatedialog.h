#pragma once
// Prices → Update from Providers… (issue 37): the providers' price lists downloaded on a worker
// thread with a row of progress each and Stop; nothing is written here. What was downloaded is then
// previewed and imported one provider at a time in the import dialog (MainWindow::updateFromProviders).
#include "core/net/pricefetch.h"

#include <QDialog>
#include <QList>

#include <atomic>
#include <memory>

class QLabel;
class QPushButton;
class QStandardItemModel;
class QTableView;
class QThread;

namespace accelplan::ui {

class UpdateDialog : public QDialog
{
    Q_OBJECT

public:
    enum class State { Choosing, Downloading, Stopped, Done };
    enum Column { ProviderColumn, StatusColumn, ProgressColumn, SourceColumn };

    UpdateDialog(QList<net::Endpoint> endpoints, net::FetchSettings settings, QWidget *parent = nullptr);
    ~UpdateDialog() override;

    State state() const { return m_state; }
    QStandardItemModel *model() const { return m_model; }
    QString statusText() const;
    /// The endpoints downloaded and what each download gave (Done only), in the table's order.
    const QList<std::pair<net::Endpoint, net::FetchOutcome>> &results() const { return m_results; }

public Q_SLOTS:
    /// Downloads the ticked providers' lists.
    void download();
    /// Stops the downloads: what was downloaded is removed, nothing is written.
    void stop();

Q_SIGNALS:
    void stateChanged(accelplan::ui::UpdateDialog::State state);

private:
    void setState(State state, const QString &message);
    void progress(int row, qint64 bytes, int page);
    void finished(int row, const net::FetchOutcome &outcome);
    void allFinished();
    void removeDownloads();

    QList<net::Endpoint> m_endpoints;
    net::FetchSettings m_settings;
    State m_state = State::Choosing;
    std::shared_ptr<std::atomic<bool>> m_stop = std::make_shared<std::atomic<bool>>(false);
    QThread *m_thread = nullptr;
    QList<int> m_rows; ///< the table rows being downloaded, in order
    QList<std::pair<net::Endpoint, net::FetchOutcome>> m_results;

    QStandardItemModel *m_model = nullptr;
    QTableView *m_view = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_downloadButton = nullptr;
    QPushButton *m_stopButton = nullptr;
    QPushButton *m_closeButton = nullptr;
};

} // namespace accelplan::ui

