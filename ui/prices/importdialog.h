#pragma once

#include "core/common/progressdevice.h"
#include "core/pricing/pricedatabase.h"
#include "core/pricing/pricesheetparser.h"

#include <QDialog>

#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QStandardItemModel;
class QTableView;
class QThread;
class QTimer;

namespace accelplan::ui {

/// Imports a price sheet the way `prices import` does, with a look first: the file is read and
/// validated on a worker thread (progress, cancel), then a dry run lists what would be added,
/// changed, left unchanged or stored as history only, or every error with its line. Nothing is
/// written until Import is pressed, and then all or nothing.
/// Where a file to import came from when it is not a file the user chose: a download of `Update
/// from Providers` names its sheet, its source URL, its format and its provider.
struct ImportOrigin
{
    QString sheetName; ///< empty: the file's base name
    QString source;    ///< empty: the file's path
    QString format;    ///< an import format name; empty: detected
    QString provider;  ///< a SkyPilot catalog's provider
};

class ImportDialog : public QDialog
{
    Q_OBJECT

public:
    enum class State { Reading, Cancelled, Invalid, AlreadyImported, Ready, Imported, Failed };

    /// Starts reading \a path at once.
    ImportDialog(pricing::PriceDatabase &database, const catalog::AcceleratorCatalog &catalog, QString path,
                 QWidget *parent = nullptr, const ImportOrigin &origin = {});
    ~ImportDialog() override;

    State state() const { return m_state; }
    /// The problems (and, for provider price files, the skipped-row counts) listed under the status.
    QStringList errors() const;
    QComboBox *formatCombo() const { return m_format; }
    /// The provider of a SkyPilot catalog, which does not name its own.
    QLineEdit *providerEdit() const { return m_provider; }
    /// "Import outliers anyway": shown once the file has prices quarantined as outliers.
    QCheckBox *acceptOutliersBox() const { return m_acceptOutliers; }
    /// The line under the progress bar: what was read, what the preview shows, or why it stopped.
    QString statusText() const;
    QStandardItemModel *previewModel() const { return m_preview; }
    const pricing::ImportSummary &summary() const { return m_summary; }

public Q_SLOTS:
    /// Reads the file again in the chosen format.
    void start();
    void cancel();
    /// Writes the sheet (only in the Ready state).
    void import();

Q_SIGNALS:
    void stateChanged(accelplan::ui::ImportDialog::State state);

private:
    void parsed();
    void setState(State state, const QString &message);
    void stopReading();

    pricing::PriceDatabase &m_database;
    const catalog::AcceleratorCatalog &m_catalog;
    QString m_path;
    QString m_sheetName;
    QString m_source;
    State m_state = State::Reading;
    std::shared_ptr<ReadProgress> m_progress;
    std::shared_ptr<pricing::ParsedSheet> m_sheet;
    pricing::ImportSummary m_summary;
    QThread *m_thread = nullptr;
    QTimer *m_progressTimer = nullptr;

    QComboBox *m_format = nullptr;
    QLineEdit *m_provider = nullptr;
    QCheckBox *m_acceptOutliers = nullptr;
    QProgressBar *m_progressBar = nullptr;
    QLabel *m_status = nullptr;
    QListWidget *m_errors = nullptr;
    QStandardItemModel *m_preview = nullptr;
    QTableView *m_previewView = nullptr;
    QPushButton *m_importButton = nullptr;
    QPushButton *m_cancelButton = nullptr;
};

} // namespace accelplan::ui
