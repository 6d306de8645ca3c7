#pragma once

#include "core/planning/plan/plan.h"

#include <QAbstractTableModel>

#include <memory>

namespace accelplan::ui {

/// The ranked options of one side of a plan (training or inference), one row each, in the order
/// the planner ranked them (lock-in-adjusted cost; options that cannot run last, with the
/// reason). RawValueRole gives the number behind each cell for sorting and charts.
class OptionTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    /// How the lock-in score is made, with the planner's weights (header tooltip and details).
    static QString lockinExplanation();
    enum class Side { Training, Inference };
    enum Column { // key figures first (cost, days or replicas, chips, region), then what and how
        Rank,
        Cost,      ///< over the whole plan
        Time,      ///< training: wall days; inference: replicas
        Chips,
        Region,
        Provider,
        Offer,
        Accelerator,
        PriceModel,
        Kind,
        Nodes,     ///< training: nodes of the cluster
        Fabric,    ///< training: scale-out fabric and Gb/s per node
        PerMillion, ///< inference: all-in cost per 1M output tokens
        Lockin,
        ExitCost,
        AdjustedCost,
        Fits,
        ColumnCount
    };
    Q_ENUM(Column)
    enum Role { RawValueRole = Qt::UserRole + 1 };

    explicit OptionTableModel(Side side, QObject *parent = nullptr);

    /// Shows the options of \a plan (which the model keeps alive); null clears the table.
    void setPlan(std::shared_ptr<const planning::Plan> plan);
    const planning::Plan *plan() const { return m_plan.get(); }
    Side side() const { return m_side; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// The formula and provenance of one option, as HTML for the detail pane.
    QString detailHtml(int row) const;
    /// The offer behind a row (null for a row out of range).
    const pricing::PriceRecord *offerAt(int row) const;

private:
    QVariant raw(int row, int column) const;

    Side m_side;
    std::shared_ptr<const planning::Plan> m_plan;
};

} // namespace accelplan::ui
