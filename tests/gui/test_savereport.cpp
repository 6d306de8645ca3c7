#include "tests/gui/windowtests.h"

TEST_CASE("gui: Open and save round-trip a scenario file, unknown keys and all", "[gui][files]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::PlannerView *planner = window->planner();
    QTemporaryDir dir;
    REQUIRE(dir.isValid());

    // An example with a key Accelplan does not know, in a section and at the top level.
    QFile example(test::examplePath(u"llama-70b.accelplan"_s));
    REQUIRE(example.open(QIODevice::ReadOnly));
    QJsonObject document = QJsonDocument::fromJson(example.readAll()).object();
    document.insert(u"x_team"_s, u"platform"_s);
    QJsonObject lockin = document.value(u"lockin"_s).toObject();
    lockin.insert(u"x_note"_s, u"ask finance"_s);
    document.insert(u"lockin"_s, lockin);
    const QString source = dir.filePath(u"source.accelplan"_s);
    {
        QFile file(source);
        REQUIRE(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(document).toJson());
    }
    const auto expected = scenario::readScenario(source);
    REQUIRE(expected.ok());

    const planning::Plan *before = planner->plan();
    REQUIRE(window->openScenario(source).ok());
    CHECK(window->scenarioPath() == QFileInfo(source).absoluteFilePath());
    CHECK(planner->findChild<QLineEdit *>(u"scenarioName"_s)->text() == expected->name);
    CHECK(window->windowTitle().contains(u"source.accelplan"_s));
    CHECK_FALSE(window->isWindowModified());
    REQUIRE(waitForNewPlan(planner, before));
    CHECK(planner->plan()->scenarioName == expected->name);
    CHECK(scenarioText(planner->scenario()) == scenarioText(expected.value()));

    // Saved unchanged: the same scenario, the unknown keys still there.
    const QString copy = dir.filePath(u"copy.accelplan"_s);
    REQUIRE(window->saveScenarioAs(copy).ok());
    const auto reread = scenario::readScenario(copy);
    REQUIRE(reread.ok());
    CHECK(scenarioText(reread.value()) == scenarioText(expected.value()));
    CHECK(reread->document.value(u"x_team"_s).toString() == u"platform"_s);
    CHECK(reread->document.value(u"lockin"_s).toObject().value(u"x_note"_s).toString() == u"ask finance"_s);

    // An edit marks the window modified; saving clears it and writes the edit.
    planner->findChild<QSpinBox *>(u"runs"_s)->setValue(3);
    CHECK(window->isWindowModified());
    REQUIRE(window->save());
    CHECK_FALSE(window->isWindowModified());
    CHECK(scenario::readScenario(copy)->training->runs == 3);
    CHECK(QSettings().value(u"Files/recent"_s).toStringList().value(0) == QFileInfo(copy).absoluteFilePath());

    // A scenario naming its model by an alias shows that preset in the editor.
    const QString aliased = dir.filePath(u"aliased.accelplan"_s);
    {
        QJsonObject training = document.value(u"training"_s).toObject();
        training.insert(u"model"_s, u"meta-llama/Llama-3.1-70B"_s);
        document.insert(u"training"_s, training);
        QFile file(aliased);
        REQUIRE(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(document).toJson());
    }
    REQUIRE(window->openScenario(aliased).ok());
    CHECK(planner->findChild<QComboBox *>(u"trainingPreset"_s)->currentText() == u"Llama 3.1 70B"_s);
    REQUIRE(window->openScenario(copy).ok());

    // A file that cannot be read is refused with its line and field; the planner keeps its scenario.
    const QString bad = dir.filePath(u"bad.accelplan"_s);
    {
        QFile file(bad);
        REQUIRE(file.open(QIODevice::WriteOnly));
        file.write("{\"format\": \"accelplan-scenario\", \"version\": 1, \"name\": \"x\",\n"
                   " \"training\": {\"tokens\": -5}}\n");
    }
    const QString kept = scenarioText(planner->scenario());
    const Status refused = window->openScenario(bad);
    REQUIRE_FALSE(refused.ok());
    QStringList messages{refused.error().message};
    for (const Diagnostic &d : refused.error().details)
        messages.append(d.toString());
    CHECK(messages.join(u'\n').contains(u"bad.accelplan:2"_s));
    CHECK(messages.join(u'\n').contains(u"training.tokens"_s));
    CHECK(scenarioText(planner->scenario()) == kept);
    CHECK(window->scenarioPath() == QFileInfo(copy).absoluteFilePath());
}

TEST_CASE("gui: File > Export Report writes the same report as the command line", "[gui][report]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    REQUIRE(window->openScenario(test::examplePath(u"llama-70b.accelplan"_s)).ok());
    REQUIRE(waitFor([&] {
        return window->planner()->plan() && !window->planner()->busy()
               && window->planner()->plan()->scenarioName == u"Llama-class 70B"_s;
    }));
    QTemporaryDir dir;
    const QString pdf = dir.filePath(u"window.pdf"_s);
    REQUIRE(window->exportReport(pdf).ok());
    QProcess pdftotext;
    pdftotext.start(u"pdftotext"_s, {pdf, u"-"_s});
    REQUIRE(pdftotext.waitForFinished(60'000));
    const QString text = QString::fromUtf8(pdftotext.readAllStandardOutput());
    const planning::Plan &plan = *window->planner()->plan();
    for (const QString &heading : {u"Summary"_s, u"Assumptions"_s, u"Options"_s, u"Budget"_s, u"Lock-in"_s,
                                   u"Sensitivity"_s, u"Sources"_s})
        CHECK(text.contains(u'\n' + heading + u'\n'));
    CHECK(text.contains(ui::report::reportAmount(plan.budget.total) + u" USD"_s));
    CHECK(text.contains(u"Amounts in USD"_s));
}

TEST_CASE("gui: The report reads for finance first (the engineering appendix after) and no page ends with a heading",
          "[gui][report]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    REQUIRE(window->openScenario(test::examplePath(u"llama-70b.accelplan"_s)).ok());
    REQUIRE(waitFor([&] {
        return window->planner()->plan() && !window->planner()->busy()
               && window->planner()->plan()->scenarioName == u"Llama-class 70B"_s;
    }));
    auto pdfText = [](const QString &pdf, int page = 0) {
        QStringList arguments;
        if (page > 0)
            arguments << u"-f"_s << QString::number(page) << u"-l"_s << QString::number(page);
        QProcess pdftotext;
        pdftotext.start(u"pdftotext"_s, arguments << pdf << u"-"_s);
        REQUIRE(pdftotext.waitForFinished(60'000));
        // Ligatures as pdftotext writes them ("ﬀ", "ﬁ") back to letters.
        return QString::fromUtf8(pdftotext.readAllStandardOutput())
            .replace(u"\uFB00"_s, u"ff"_s)
            .replace(u"\uFB01"_s, u"fi"_s)
            .replace(u"\uFB02"_s, u"fl"_s);
    };
    QTemporaryDir dir;
    int checkedPages = 0;
    // Several lengths and page sizes put the headings at many places on their pages.
    for (const auto &[pageSize, top] : {std::pair{QPageSize::A4, 10}, std::pair{QPageSize::A4, 3},
                                        std::pair{QPageSize::A4, 25}, std::pair{QPageSize::Letter, 7},
                                        std::pair{QPageSize::Letter, 40}}) {
        INFO("top " << top << (pageSize == QPageSize::A4 ? " on A4" : " on Letter"));
        const QString pdf = dir.filePath(u"report-%1-%2.pdf"_s.arg(int(pageSize)).arg(top));
        REQUIRE(window->exportReport(pdf, pageSize, top).ok());
        const QString text = pdfText(pdf);

        // The summary, the finance sections, then the appendix with the assumptions and sources.
        qsizetype at = 0;
        for (const QString &heading : {u"Summary"_s, u"Options"_s, u"Budget"_s, u"Lock-in"_s, u"Sensitivity"_s,
                                       u"Engineering appendix"_s, u"Assumptions"_s, u"Sources"_s}) {
            INFO(heading.toStdString());
            const qsizetype found = text.indexOf(u'\n' + heading + u'\n', at);
            CHECK(found >= 0);
            at = std::max(at, found);
        }

        // The headings as the report writes them; none is the last line of a page's body.
        ui::report::ReportRequest request{window->planner()->scenario(), window->planner()->sharedPlan(), {}, pageSize,
                                          top, {}, {}};
        QStringList headings;
        const QRegularExpression tag(u"<h[1-6][^>]*>(.*?)</h[1-6]>"_s);
        for (const QRegularExpressionMatch &m : tag.globalMatch(ui::report::reportHtml(request)))
            headings << QTextDocumentFragment::fromHtml(m.captured(1)).toPlainText().simplified();
        REQUIRE(headings.contains(u"Engineering appendix"_s));
        const int pages = text.count(QRegularExpression(u"Page \\d+ of \\d+"_s));
        REQUIRE(pages >= 3);
        for (int page = 1; page <= pages; ++page) {
            QStringList body;
            for (const QString &line : pdfText(pdf, page).split(u'\n')) {
                const QString shown = line.simplified();
                if (!shown.isEmpty() && !shown.startsWith(u"Page "_s) && !shown.startsWith(u"Report of "_s)
                    && !shown.startsWith(u"Amounts in "_s) && shown != window->planner()->plan()->scenarioName)
                    body << shown;
            }
            REQUIRE_FALSE(body.isEmpty());
            // A heading wrapped over two lines ends with its last.
            const QString last = body.constLast();
            INFO("page " << page << " ends with: " << last.toStdString());
            CHECK(std::none_of(headings.cbegin(), headings.cend(), [&last](const QString &heading) {
                return heading == last || (last.size() >= 8 && heading.endsWith(last));
            }));
            if (body.constFirst() == u"Engineering appendix"_s)
                ++checkedPages; // the appendix opens a page
        }
    }
    CHECK(checkedPages == 5);
}

TEST_CASE("gui: Help > Examples opens each shipped example as an untitled scenario", "[gui][files]")
{
    SeededDatabase db;
    auto window = plannedWindow(*db.database);
    ui::PlannerView *planner = window->planner();
    auto *examples = window->findChild<QMenu *>(u"examplesMenu"_s);
    REQUIRE(examples != nullptr);
    QStringList names;
    for (const QAction *action : examples->actions())
        names.append(action->text());
    CHECK(names == QStringList{u"chat-service-8b-eur"_s, u"jax-8b-tpu-or-gpu"_s, u"llama-70b"_s});

    QAction *llama = window->findChild<QAction *>(u"example:llama-70b"_s);
    REQUIRE(llama != nullptr);
    const planning::Plan *before = planner->plan();
    llama->trigger();
    REQUIRE(waitForNewPlan(planner, before));
    auto expected = scenario::readScenario(test::examplePath(u"llama-70b.accelplan"_s));
    REQUIRE(expected.ok());
    CHECK(planner->scenario().name == expected->name);
    CHECK(planner->plan()->scenarioName == expected->name);
    CHECK(window->windowFilePath().isEmpty()); // untitled: Save asks for a path
    CHECK(window->windowTitle().startsWith(u"Untitled"_s));
}
