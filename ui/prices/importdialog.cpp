#include "ui/prices/importdialog.h"

#include "core/pricing/sheetreader.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QStandardItemModel>
#include <QTableView>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace accelplan::ui {

using pricing::PriceChange;

namespace {


QString changeLabel(PriceChange::Kind kind)
{
    switch (kind) {
    case PriceChange::Kind::Added: return ImportDialog::tr("added");
    case PriceChange::Kind::Changed: return ImportDialog::tr("changed");
    case PriceChange::Kind::Unchanged: return ImportDialog::tr("unchanged");
    case PriceChange::Kind::Historical: return ImportDialog::tr("history only");
    }
    return {};
}

} // namespace

ImportDialog::ImportDialog(pricing::PriceDatabase &database, const catalog::AcceleratorCatalog &catalog, QString path,
                           QWidget *parent, const ImportOrigin &origin)
    : QDialog(parent), m_database(database), m_catalog(catalog), m_path(std::move(path)),
      m_sheetName(origin.sheetName.isEmpty() ? QFileInfo(m_path).completeBaseName() : origin.sheetName),
      m_source(origin.source.isEmpty() ? m_path : origin.source)
{
    setWindowTitle(tr("Import Price Sheet"));
    setObjectName(u"importDialog"_s);
    resize(900, 560);

    auto *form = new QFormLayout;
    auto *file = new QLabel(QDir::toNativeSeparators(m_path), this);
    file->setTextInteractionFlags(Qt::TextSelectableByMouse);
    file->setWordWrap(true);
    form->addRow(tr("File"), file);
    if (!origin.source.isEmpty()) {
        auto *source = new QLabel(origin.source, this);
        source->setObjectName(u"importSource"_s);
        source->setTextInteractionFlags(Qt::TextSelectableByMouse);
        source->setWordWrap(true);
        form->addRow(tr("Source"), source);
    }
    m_format = new QComboBox(this);
    m_format->setObjectName(u"importFormat"_s);
    m_format->setAccessibleName(tr("Sheet format"));
    for (const pricing::ImportFormat format : pricing::importFormats())
        m_format->addItem(pricing::importFormatTitle(format), int(format));
    if (const auto format = pricing::importFormatFromString(origin.format))
        m_format->setCurrentIndex(m_format->findData(int(*format)));
    form->addRow(tr("&Format"), m_format);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ImportDialog::start);
    m_provider = new QLineEdit(this);
    m_provider->setObjectName(u"importProvider"_s);
    m_provider->setAccessibleName(tr("Provider of a SkyPilot catalog"));
    m_provider->setPlaceholderText(tr("For SkyPilot catalogs: lambda, runpod, nebius…"));
    m_provider->setText(origin.provider);
    form->addRow(tr("&Provider"), m_provider);
    connect(m_provider, &QLineEdit::editingFinished, this, [this] {
        if (m_provider->isModified()) {
            m_provider->setModified(false);
            start();
        }
    });
    m_acceptOutliers = new QCheckBox(tr("Import &outliers anyway (marked approximate)"), this);
    m_acceptOutliers->setObjectName(u"acceptOutliers"_s);
    m_acceptOutliers->setVisible(false);
    form->addRow(QString(), m_acceptOutliers);
    connect(m_acceptOutliers, &QCheckBox::toggled, this, &ImportDialog::start);

    m_progressBar = new QProgressBar(this);
    m_progressBar->setObjectName(u"importProgress"_s);
    m_progressBar->setRange(0, 100);
    m_status = new QLabel(this);
    m_status->setObjectName(u"importStatus"_s);
    m_status->setWordWrap(true);
    m_errors = new QListWidget(this);
    m_errors->setObjectName(u"importErrors"_s);
    m_errors->setAccessibleName(tr("Problems in the sheet"));
    m_errors->setWordWrap(true); // a message names file, line, field and what to do: read it whole
    m_preview = new QStandardItemModel(0, 8, this);
    m_preview->setHorizontalHeaderLabels({tr("Line"), tr("Change"), tr("Provider"), tr("SKU"), tr("Region"),
                                          tr("Price model"), tr("Old price"), tr("New price")});
    m_previewView = new QTableView(this);
    m_previewView->setObjectName(u"importPreview"_s);
    m_previewView->setAccessibleName(tr("What the import would do"));
    m_previewView->setModel(m_preview);
    m_previewView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_previewView->setSortingEnabled(true);
    m_previewView->sortByColumn(0, Qt::AscendingOrder); // file order; QHeaderView's default is descending
    m_previewView->verticalHeader()->hide();
    m_previewView->horizontalHeader()->setStretchLastSection(true);

    auto *buttons = new QDialogButtonBox(this);
    m_importButton = buttons->addButton(tr("&Import"), QDialogButtonBox::AcceptRole);
    m_importButton->setObjectName(u"importButton"_s);
    m_cancelButton = buttons->addButton(QDialogButtonBox::Cancel);
    m_cancelButton->setObjectName(u"cancelButton"_s);
    connect(m_importButton, &QPushButton::clicked, this, &ImportDialog::import);
    connect(m_cancelButton, &QPushButton::clicked, this, &ImportDialog::cancel);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_progressBar);
    layout->addWidget(m_status);
    layout->addWidget(m_errors, 1);
    layout->addWidget(m_previewView, 3);
    layout->addWidget(buttons);

    m_progressTimer = new QTimer(this);
    m_progressTimer->setInterval(100);
    connect(m_progressTimer, &QTimer::timeout, this, [this] {
        if (m_progress)
            m_progressBar->setValue(m_progress->percent());
    });
    start();
}

ImportDialog::~ImportDialog()
{
    stopReading();
}

void ImportDialog::stopReading()
{
    if (!m_thread)
        return;
    m_progress->cancelled = true;
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
}

QStringList ImportDialog::errors() const
{
    QStringList lines;
    for (int row = 0; row < m_errors->count(); ++row)
        lines.append(m_errors->item(row)->text());
    return lines;
}

QString ImportDialog::statusText() const
{
    return m_status->text();
}

void ImportDialog::setState(State state, const QString &message)
{
    m_state = state;
    m_status->setText(message);
    m_importButton->setEnabled(state == State::Ready);
    m_format->setEnabled(state != State::Reading && state != State::Imported);
    m_provider->setEnabled(state != State::Reading && state != State::Imported);
    m_acceptOutliers->setEnabled(state != State::Reading && state != State::Imported);
    m_cancelButton->setText(state == State::Reading ? tr("Stop Reading") : tr("Cancel"));
    m_progressBar->setVisible(state == State::Reading);
    Q_EMIT stateChanged(state);
}

void ImportDialog::start()
{
    stopReading();
    m_errors->clear();
    m_preview->removeRows(0, m_preview->rowCount());
    m_summary = {};
    m_progress = std::make_shared<ReadProgress>();
    m_sheet = std::make_shared<pricing::ParsedSheet>();
    setState(State::Reading, tr("Reading %1…").arg(QFileInfo(m_path).fileName()));

    const int format = m_format->currentData().toInt();
    // The worker reads only its own copies and the immutable catalog; results come back through m_sheet.
    m_thread = QThread::create([path = m_path, format, progress = m_progress, sheet = m_sheet,
                                &catalog = m_catalog, provider = m_provider->text().trimmed(),
                                acceptOutliers = m_acceptOutliers->isChecked()] {
        ProgressDevice device(path, progress);
        if (!device.open(QIODevice::ReadOnly)) {
            sheet->fileName = path;
            sheet->diagnostics.append(Diagnostic::error(path, 0, {}, u"cannot open: "_s + device.errorString()));
            return;
        }
        pricing::SheetReader reader(catalog, QDate::currentDate());
        reader.setProvider(provider);
        reader.setAcceptOutliers(acceptOutliers);
        *sheet = reader.read(&device, path, pricing::ImportFormat(format), &progress->cancelled);
    });
    connect(m_thread, &QThread::finished, this, &ImportDialog::parsed);
    m_progressTimer->start();
    m_thread->start();
}

void ImportDialog::cancel()
{
    if (m_state == State::Reading) {
        m_progress->cancelled = true; // parsed() reports it when the worker stops
        return;
    }
    reject();
}

void ImportDialog::parsed()
{
    m_progressTimer->stop();
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
        m_thread = nullptr;
    }
    if (m_progress->cancelled) {
        setState(State::Cancelled, tr("Stopped. Nothing was imported; the database is unchanged."));
        return;
    }
    const pricing::ParsedSheet &sheet = *m_sheet;
    m_acceptOutliers->setVisible(sheet.outliers > 0 || m_acceptOutliers->isChecked());
    for (const auto &[reason, count] : sheet.skipped)
        new QListWidgetItem(tr("skipped %n row(s): %1", nullptr, count).arg(reason), m_errors);
    if (!sheet.unknownTypes.isEmpty())
        new QListWidgetItem(tr("accelerator instance types not in the mapping table: %1")
                                .arg(sheet.unknownTypes.join(u", "_s)),
                            m_errors);
    for (const Diagnostic &d : sheet.diagnostics) {
        auto *item = new QListWidgetItem(d.toString(), m_errors);
        item->setForeground(d.severity == Diagnostic::Severity::Error ? QColor(0xb0, 0x2a, 0x37) : QColor(0x99, 0x66, 0x00));
    }
    if (!sheet.ok()) {
        const auto errorCount = std::count_if(sheet.diagnostics.cbegin(), sheet.diagnostics.cend(),
                                              [](const Diagnostic &d) { return d.severity == Diagnostic::Severity::Error; });
        QString message = tr("%n error(s) in %1 rows: nothing can be imported until they are fixed "
                             "(a sheet is imported whole or not at all).",
                             nullptr, int(errorCount))
                              .arg(sheet.rowCount);
        if (sheet.outliers > 0)
            message += u' '
                       + tr("%n price(s) are quarantined as outliers: if they are right, tick 'Import outliers "
                            "anyway'.",
                            nullptr, sheet.outliers);
        setState(State::Invalid, message);
        return;
    }
    auto dryRun = m_database.importSheet(sheet, m_sheetName, m_source, true);
    if (!dryRun.ok()) {
        setState(State::Failed, dryRun.error().message);
        return;
    }
    m_summary = std::move(dryRun).value();
    for (const PriceChange &change : std::as_const(m_summary.changes)) {
        auto *line = new QStandardItem;
        line->setData(change.line, Qt::DisplayRole);
        m_preview->appendRow({line, new QStandardItem(changeLabel(change.kind)), new QStandardItem(change.key.provider),
                              new QStandardItem(change.key.sku), new QStandardItem(change.key.region),
                              new QStandardItem(pricing::toString(change.key.priceModel)),
                              new QStandardItem(change.oldPrice), new QStandardItem(change.newPrice)});
    }
    // Rows arrive in the summary's order; keep the order the header shows (line, by default).
    m_previewView->sortByColumn(m_previewView->horizontalHeader()->sortIndicatorSection(),
                                m_previewView->horizontalHeader()->sortIndicatorOrder());
    m_previewView->resizeColumnsToContents();
    const QString counts = tr("%1 rows: %2 added, %3 changed, %4 unchanged, %5 history only.")
                               .arg(QString::number(m_summary.rowCount), QString::number(m_summary.added),
                                    QString::number(m_summary.changed), QString::number(m_summary.unchanged),
                                    QString::number(m_summary.historical))
                           + (m_summary.supersededApproximate > 0
                                  ? u" "_s + tr("The file %1.").arg(pricing::supersededText(m_summary))
                                  : QString());
    if (m_summary.alreadyImportedAs > 0) {
        setState(State::AlreadyImported,
                 tr("This file was already imported as sheet %1; importing it again would change nothing. %2")
                     .arg(QString::number(m_summary.alreadyImportedAs), counts));
        return;
    }
    const auto format = pricing::importFormatFromString(sheet.format);
    const QString readAs = m_format->currentData().toInt() == int(pricing::ImportFormat::Auto) && format
                               ? tr("Read as: %1. ").arg(pricing::importFormatTitle(*format))
                               : QString();
    setState(State::Ready, readAs + tr("Preview — nothing written yet. %1").arg(counts));
}

void ImportDialog::import()
{
    if (m_state != State::Ready)
        return;
    auto result = m_database.importSheet(*m_sheet, m_sheetName, m_source, false);
    if (!result.ok()) {
        setState(State::Failed, tr("Import failed; the database is unchanged: %1").arg(result.error().message));
        return;
    }
    m_summary = std::move(result).value();
    setState(State::Imported, tr("Imported as sheet %1.").arg(m_summary.sheetId));
    accept();
}

} // namespace accelplan::ui
