#pragma once

#include "core/scenario/scenario.h"

#include <QWidget>

#include <functional>
#include <memory>
#include <optional>

class QAction;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QToolButton;
class QVBoxLayout;

namespace accelplan::catalog {
class PlanningCatalog;
}

namespace accelplan::ui {

class DemandEditor;
class ScenarioDocument;

/// The scenario editor: every field of a scenario with its unit, validated as you type (count
/// fields parsed once, then scenario::validate(), the file parser's rules), each edit recorded in
/// the document it edits. It shows whatever the document holds after an open, undo or redo.
class ScenarioEditor : public QWidget
{
    Q_OBJECT

public:
    explicit ScenarioEditor(ScenarioDocument *document, QWidget *parent = nullptr);

    /// The catalog's model presets, offered in the preset boxes (filled once).
    void setCatalog(std::shared_ptr<const catalog::PlanningCatalog> catalog);
    /// Why the document's scenario cannot be planned, field by field; empty when it can.
    QStringList problems() const { return m_problems; }
    /// Takes the training (or the inference) model from the Hugging Face config.json at \a path,
    /// one undoable edit; the section is turned on if it was off. A bad file changes nothing.
    Status openModelConfig(bool training, const QString &path);

Q_SIGNALS:
    /// The fields were edited or refilled and checked: problems() is current.
    void validated();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// Builds the fields, one group at a time (scenarioeditorform.cpp).
    void build();
    void buildGeneral(QVBoxLayout *form);
    void buildTraining(QVBoxLayout *form);
    void buildInference(QVBoxLayout *form);
    void buildConstraints(QVBoxLayout *form);
    void buildLockin(QVBoxLayout *form);
    void buildOwnership(QVBoxLayout *form);
    void buildAllIn(QVBoxLayout *form);
    void buildSensitivity(QVBoxLayout *form);
    /// The fields' makers: each names its field and records its edits.
    QLineEdit *lineEdit(QWidget *parent, const QString &name, const QString &accessible, const QString &placeholder);
    QComboBox *comboBox(QWidget *parent, const QString &name, const QString &accessible, const QStringList &items);
    QSpinBox *spinBox(QWidget *parent, const QString &name, const QString &accessible, int low, int high,
                      const QString &suffix);
    QDoubleSpinBox *realBox(QWidget *parent, const QString &name, const QString &accessible, double low, double high,
                            int decimals, const QString &suffix, const QString &special = {});
    QCheckBox *checkBox(QWidget *parent, const QString &name, const QString &text);
    QGroupBox *addGroup(QVBoxLayout *form, const QString &title, const QString &name, bool checkable);
    QToolButton *checkMenu(QWidget *parent, const QStringList &names, const QString &name, const QString &accessible,
                           QList<QAction *> *actions);
    /// Shows what the document holds (opened, reset, undone or redone) and checks it.
    void showScenario(const scenario::Scenario &scenario);
    void fill(const scenario::Scenario &scenario);
    void edited();
    void check(const scenario::Scenario &now, QStringList problems);
    /// The editor's scenario; each count field parsed once (bad ones turn red and, with
    /// \a problems, are listed there).
    scenario::Scenario read(QStringList *problems) const;
    /// A section's model fields (scenario::ModelSection): its preset, the sizes that override it,
    /// its precision; \a problemParams and \a problemActive name a bad count in read().
    struct ModelFields
    {
        QComboBox *preset = nullptr;
        QLineEdit *params = nullptr;
        QLineEdit *active = nullptr;
        QComboBox *precision = nullptr;
        QToolButton *openConfig = nullptr; ///< "config.json…": the model from a Hugging Face config
        QString problemParams;
        QString problemActive;
    };
    /// Adds the model rows to a section's \a form; \a section names the fields ("training":
    /// trainingPreset, trainingParams…).
    ModelFields addModelFields(QWidget *group, QFormLayout *form, const QString &section, const QString &what,
                               const QString &paramsExample, const QString &activeExample);
    void fillModel(const ModelFields &fields, const scenario::ModelSection &m);
    using CountReader = std::function<std::optional<double>(QLineEdit *, bool, const QString &)>;
    void readModel(const ModelFields &fields, scenario::ModelSection &m, const CountReader &count) const;
    void presetChosen(const ModelFields &fields);
    /// The preset box row for a scenario's model name (an id or an alias); 0 (none) if unknown.
    int presetIndex(const QComboBox *box, const QString &model) const;

    ScenarioDocument *m_document;
    std::shared_ptr<const catalog::PlanningCatalog> m_catalog;
    scenario::Scenario m_base; ///< the scenario last shown, for fields the editor does not show
    scenario::Scenario m_last; ///< the scenario as the editor last read it
    QStringList m_lastUnreadable; ///< the count fields it could not read then
    QStringList m_problems;
    bool m_filling = false;

    QLineEdit *m_name = nullptr;
    QComboBox *m_currency = nullptr;
    QGroupBox *m_training = nullptr;
    ModelFields m_trainModel;
    QLineEdit *m_trainTokens = nullptr;
    QComboBox *m_framework = nullptr;
    QDoubleSpinBox *m_deadline = nullptr;
    QSpinBox *m_runs = nullptr;
    QCheckBox *m_steadyState = nullptr;
    QSpinBox *m_startMonth = nullptr;
    QGroupBox *m_inference = nullptr;
    ModelFields m_serveModel;
    QSpinBox *m_inputTokens = nullptr;
    QSpinBox *m_outputTokens = nullptr;
    QDoubleSpinBox *m_qps = nullptr;
    QDoubleSpinBox *m_ttft = nullptr;
    QDoubleSpinBox *m_tpot = nullptr;
    QDoubleSpinBox *m_serveUtilization = nullptr;
    QDoubleSpinBox *m_prefixCacheHit = nullptr;
    QSpinBox *m_concurrency = nullptr;
    QComboBox *m_phase = nullptr;
    QComboBox *m_kvPrecision = nullptr;
    QComboBox *m_engine = nullptr;
    QSpinBox *m_months = nullptr;
    QLineEdit *m_providers = nullptr;
    QSpinBox *m_maxChips = nullptr;
    QDoubleSpinBox *m_budget = nullptr;
    QCheckBox *m_excludeSpot = nullptr;
    QCheckBox *m_excludeMarketplace = nullptr;
    QCheckBox *m_wholeNodes = nullptr;
    QDoubleSpinBox *m_minScaleOut = nullptr;
    QLineEdit *m_fabrics = nullptr;
    QLineEdit *m_regions = nullptr;
    QLineEdit *m_accelerators = nullptr;
    QList<QAction *> m_offerKinds;  ///< one per pricing::OfferKind (property "name"); none checked: all
    QList<QAction *> m_priceModels; ///< one per pricing::PriceModel (property "name"); none checked: all
    QDoubleSpinBox *m_exitProbability = nullptr;
    QDoubleSpinBox *m_datasetGb = nullptr;
    QDoubleSpinBox *m_engineerWeek = nullptr;
    QCheckBox *m_customKernels = nullptr;
    QDoubleSpinBox *m_checkpointGb = nullptr;
    QDoubleSpinBox *m_commitmentOtherUse = nullptr;
    QDoubleSpinBox *m_ownedOtherUse = nullptr;
    QCheckBox *m_production = nullptr;
    QDoubleSpinBox *m_powerPrice = nullptr;
    QDoubleSpinBox *m_pue = nullptr;
    QSpinBox *m_lifetime = nullptr;
    QDoubleSpinBox *m_ownedUtilization = nullptr;
    QDoubleSpinBox *m_colo = nullptr;
    QDoubleSpinBox *m_networking = nullptr;
    QDoubleSpinBox *m_installation = nullptr;
    QCheckBox *m_allInStorage = nullptr;
    QDoubleSpinBox *m_trainingEgress = nullptr;
    QDoubleSpinBox *m_responseKb = nullptr;
    QLineEdit *m_supportPlans = nullptr;
    QSpinBox *m_samples = nullptr;
    DemandEditor *m_demand = nullptr;
    QLabel *m_problemsLabel = nullptr;
};

} // namespace accelplan::ui
