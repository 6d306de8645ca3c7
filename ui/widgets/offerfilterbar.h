#pragma once

#include "core/pricing/pricetypes.h"

#include <QWidget>

class QComboBox;
class QHBoxLayout;
class QLineEdit;

namespace accelplan::catalog {
class AcceleratorCatalog;
}

namespace accelplan::ui {

class OfferFilterProxyModel;

/// A search field and provider, kind, accelerator and price-model filters for a table of offers
/// or of options built on offers. Filled from the offers shown; keeps each choice across refills
/// where it still exists. Object names are \a prefix + "searchEdit", "providerFilter", …
class OfferFilterBar : public QWidget
{
    Q_OBJECT

public:
    /// A compact bar has no labels (the "All …" entries say what each box filters) and narrower boxes.
    OfferFilterBar(const QString &prefix, bool compact, QWidget *parent = nullptr);

    /// Offers the providers, kinds, accelerators and price models of \a offers.
    void fill(const QList<const pricing::PriceRecord *> &offers, const catalog::AcceleratorCatalog *catalog);
    void applyTo(OfferFilterProxyModel *proxy) const;
    QLineEdit *searchEdit() const { return m_search; }
    QComboBox *providerCombo() const { return m_provider; }
    QComboBox *kindCombo() const { return m_kind; }
    QComboBox *acceleratorCombo() const { return m_accelerator; }
    QComboBox *priceModelCombo() const { return m_priceModel; }
    /// Adds a labelled combo box after the filters (the window's display currency).
    QComboBox *addCombo(const QString &objectName, const QString &labelText, const QString &accessibleName,
                        int typicalLength);

Q_SIGNALS:
    void changed();

private:
    bool m_compact = false;
    // The bar wraps onto a second row after the search and two filters, so the window fits 1024
    // pixels, and half a 1920-pixel screen at scale 2.
    QHBoxLayout *m_rows[2] = {nullptr, nullptr};
    int m_combos = 0;
    QLineEdit *m_search = nullptr;
    QComboBox *m_provider = nullptr;
    QComboBox *m_kind = nullptr;
    QComboBox *m_accelerator = nullptr;
    QComboBox *m_priceModel = nullptr;
};

} // namespace accelplan::ui
