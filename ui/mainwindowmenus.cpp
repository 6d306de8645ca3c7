#include "ui/mainwindow.h"

#include "ui/planner/scenariodocument.h"
#include "ui/settings.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QKeySequence>
#include <QMenu>
#include <QMenuBar>
#include <QTabWidget>
#include <QUndoStack>

// The window's menus and their actions, and the recent files (the rest is in mainwindow.cpp).

using namespace Qt::StringLiterals;

namespace accelplan::ui {

namespace {

constexpr int kMaxRecentFiles = 8;

} // namespace

void MainWindow::createActions()
{
    auto add = [this](QMenu *menu, const QString &text, const QString &name, const QKeySequence &shortcut,
                      const QString &tip, auto slot) {
        QAction *action = menu->addAction(text, this, slot);
        action->setObjectName(name);
        action->setShortcut(shortcut);
        action->setStatusTip(tip);
        return action;
    };
    QMenu *fileMenu = menuBar()->addMenu(tr("&File"));
    add(fileMenu, tr("&New Scenario"), u"actionNew"_s, QKeySequence::New, tr("Start a new scenario"),
        &MainWindow::newScenario);
    add(fileMenu, tr("&Open Scenario…"), u"actionOpen"_s, QKeySequence::Open, tr("Open an .accelplan file"),
        &MainWindow::openDialog);
    m_recentMenu = fileMenu->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(u"recentMenu"_s);
    fillRecentMenu();
    add(fileMenu, tr("&Save"), u"actionSave"_s, QKeySequence::Save, tr("Save the scenario"), &MainWindow::save);
    add(fileMenu, tr("Save &As…"), u"actionSaveAs"_s, QKeySequence::SaveAs, tr("Save the scenario under a new name"),
        &MainWindow::saveAsDialog);
    add(fileMenu, tr("Export &Report…"), u"actionExportReport"_s, QKeySequence(Qt::CTRL | Qt::Key_E),
        tr("Write the PDF budget report of the current plan"), &MainWindow::exportReportDialog);
    fileMenu->addSeparator();
    add(fileMenu, tr("&Import Price Sheet…"), u"actionImport"_s, QKeySequence(Qt::CTRL | Qt::Key_I),
        tr("Preview and import a price sheet"), &MainWindow::importDialog);
    add(fileMenu, tr("&Export Shown Prices…"), u"actionExport"_s, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E),
        tr("Write the offers shown in the Prices table as a CSV sheet"), &MainWindow::exportDialog);
    add(fileMenu, tr("Connect to &Team Database…"), u"actionConnectDatabase"_s, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D),
        tr("Use a team's price database on PostgreSQL, or another local database"), &MainWindow::connectDialog);
    fileMenu->addSeparator();
    QAction *quit = add(fileMenu, tr("&Quit"), u"actionQuit"_s, QKeySequence(Qt::CTRL | Qt::Key_Q),
                        tr("Quit Accelplan"), &QWidget::close);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *editMenu = menuBar()->addMenu(tr("&Edit"));
    m_undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    m_undo->setObjectName(u"actionUndo"_s);
    m_undo->setShortcut(QKeySequence::Undo);
    m_redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    m_redo->setObjectName(u"actionRedo"_s);
    m_redo->setShortcut(QKeySequence::Redo);
    editMenu->addAction(m_undo);
    editMenu->addAction(m_redo);
    // Every text field of the window (the scenario's, the filters) would take the keys for its own undo.
    qApp->installEventFilter(this);
    editMenu->addSeparator();
    add(editMenu, tr("Edit &Price…"), u"actionEditPrice"_s, QKeySequence(Qt::Key_F2),
        tr("Set a new price for the selected offer (saved as a manual sheet)"), &MainWindow::editPrice);

    QMenu *pricesMenu = menuBar()->addMenu(tr("&Prices"));
    add(pricesMenu, tr("&Update from Providers…"), u"actionUpdatePrices"_s, QKeySequence(Qt::CTRL | Qt::Key_U),
        tr("Download the providers' published price lists, preview each and import"),
        [this] { updateFromProviders(); });
    add(pricesMenu, tr("Negotiated &Discounts…"), u"actionDiscounts"_s, QKeySequence(Qt::CTRL | Qt::Key_K),
        tr("The team's discounts over the list prices: list, add, remove"), &MainWindow::showDiscounts);
    add(pricesMenu, tr("Vendor &Quotes…"), u"actionQuotes"_s, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K),
        tr("Prices vendors quoted the team, ranked until they expire: list, add, remove"), &MainWindow::showQuotes);
    add(pricesMenu, tr("Plan vs &Actual…"), u"actionActuals"_s, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A),
        tr("Your bill's FOCUS export against the plan: price, volume and throughput"), &MainWindow::showActuals);
    pricesMenu->addSeparator();
    for (const QString &name : {u"actionImport"_s, u"actionExport"_s, u"actionEditPrice"_s})
        if (QAction *action = findChild<QAction *>(name))
            pricesMenu->addAction(action);

    QMenu *viewMenu = menuBar()->addMenu(tr("&View"));
    add(viewMenu, tr("&Planner"), u"actionShowPlanner"_s, QKeySequence(Qt::CTRL | Qt::Key_1),
        tr("Show the planner"), [this] { m_tabs->setCurrentIndex(0); });
    add(viewMenu, tr("P&rices"), u"actionShowPrices"_s, QKeySequence(Qt::CTRL | Qt::Key_2), tr("Show the prices"),
        [this] { m_tabs->setCurrentIndex(1); });
    add(viewMenu, tr("&Compare"), u"actionShowCompare"_s, QKeySequence(Qt::CTRL | Qt::Key_3),
        tr("Compare scenarios side by side"), [this] { m_tabs->setCurrentIndex(2); });
    viewMenu->addSeparator();
    add(viewMenu, tr("&Reload Prices and Profiles"), u"actionReload"_s, QKeySequence(Qt::Key_F5),
        tr("Read the current prices, exchange rates and throughput profiles from the database again"),
        &MainWindow::reload);
    add(viewMenu, tr("&Find Offer"), u"actionFocusSearch"_s, QKeySequence::Find, tr("Search the offers"),
        &MainWindow::focusSearch);

    QMenu *catalogMenu = menuBar()->addMenu(tr("&Catalog"));
    add(catalogMenu, tr("Throughput &Profiles…"), u"actionProfiles"_s, QKeySequence(),
        tr("List, disable or remove your own throughput profiles"), &MainWindow::showProfiles);

    QMenu *helpMenu = menuBar()->addMenu(tr("&Help"));
    add(helpMenu, tr("&Glossary"), u"actionGlossary"_s, QKeySequence(QKeySequence::HelpContents),
        tr("What the planner's terms mean: MFU, goodput, lock-in, P50/P90, cash out, capex…"), &MainWindow::showGlossary);
    // The shipped example scenarios (compiled in), each opened as an untitled copy.
    QMenu *examples = helpMenu->addMenu(tr("&Examples"));
    examples->setObjectName(u"examplesMenu"_s);
    const QDir exampleDir(u":/data/examples"_s);
    for (const QString &file : exampleDir.entryList({u"*.accelplan"_s}, QDir::Files, QDir::Name)) {
        QAction *example = examples->addAction(QFileInfo(file).completeBaseName(), this,
                                               [this, path = exampleDir.filePath(file)] {
                                                   if (const Status opened = openExample(path); !opened)
                                                       showError(tr("Cannot open the example"), opened.error());
                                               });
        example->setObjectName(u"example:"_s + QFileInfo(file).completeBaseName());
    }
    helpMenu->addSeparator();
    QAction *about = helpMenu->addAction(tr("&About Accelplan"), this, &MainWindow::showAbout);
    about->setObjectName(u"actionAbout"_s);
    about->setMenuRole(QAction::AboutRole);
    QAction *aboutQt = helpMenu->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
    aboutQt->setMenuRole(QAction::AboutQtRole);
}

void MainWindow::addRecentFile(const QString &path)
{
    QStringList recent = Settings::recentFiles();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecentFiles)
        recent.removeLast();
    Settings::setRecentFiles(recent);
    fillRecentMenu();
}

void MainWindow::fillRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = Settings::recentFiles();
    for (int i = 0; i < recent.size(); ++i) {
        const QString path = recent.at(i);
        QAction *action = m_recentMenu->addAction(tr("&%1 %2").arg(QString::number(i + 1), QFileInfo(path).fileName()));
        action->setStatusTip(path);
        connect(action, &QAction::triggered, this, [this, path] {
            if (!maybeSave())
                return;
            if (const Status opened = openScenario(path); !opened.ok())
                showError(tr("Cannot Open Scenario"), opened.error());
        });
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

} // namespace accelplan::ui
