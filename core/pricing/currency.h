#pragma once

#include <QString>

namespace accelplan::pricing {

/// True for an active ISO 4217 alphabetic code ("USD", "EUR"), upper case.
bool isIsoCurrency(const QString &code);

/// Why \a code cannot be the currency of a price, a rate or a plan, as a message to follow the
/// field's or option's name: empty when it is an active ISO 4217 code. Every price reader, the
/// scenario and every --currency option check a code with this, so all refuse the same codes.
QString currencyProblem(const QString &code);

} // namespace accelplan::pricing
