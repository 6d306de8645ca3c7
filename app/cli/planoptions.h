#pragma once
#include "core/scenario/scenario.h"

#include "app/cli/cliapp.h"
#include "core/catalog/acceleratorcatalog.h"
#include "core/catalog/planningcatalog.h"
#include "core/scenario/constraints.h"

#include <QCommandLineParser>
#include <QIODevice>
#include <QString>

#include <functional>
#include <optional>

/// The options train, serve, plan and report share, each read one way: a bad value is a usage error
/// that names the option (exit 1), reported before false is returned.
namespace accelplan::cli {

/// Reads a number option in [min, max] (a whole number when \a whole); NaN and infinity are refused
/// by name like any other bad value. False after a usage error.
bool numberOption(Context &context, const QCommandLineParser &parser, const QString &name, double min, double max,
                  std::optional<double> *out, bool whole = false);

/// Reads a count option ("70B", "2T", "70e9"); false after a usage error.
bool countOption(Context &context, const QCommandLineParser &parser, const QString &name, std::optional<double> *out);

/// --precision into \a name, which holds the scenario format's default when the option is not given
/// (one set of defaults: the window and a scenario file without the field get the same).
bool precisionOption(Context &context, const QCommandLineParser &parser, catalog::Precision *precision, QString *name);

/// Declares the offer constraints train and serve share (and --currency, --format).
void addConstraintOptions(QCommandLineParser &parser);

/// Reads what addConstraintOptions() declares, plus --accelerator; false after a usage error.
bool readConstraints(Context &context, const QCommandLineParser &parser, const catalog::AcceleratorCatalog &accelerators,
                     scenario::Constraints *constraints, QString *currency, const catalog::Accelerator **accelerator);

/// Applies --model PRESET or --model-config FILE (a Hugging Face config.json, its architecture and
/// the parameters computed from it) to \a section: ExitOk, or the exit status after a usage error
/// or a bad file (its line and field named).
int modelOption(Context &context, const QCommandLineParser &parser, const catalog::PlanningCatalog &planning,
                scenario::ModelSection &section);
/// Declares --model and --model-config.
void addModelOptions(QCommandLineParser &parser);

/// Streams JSON to standard output after what the text stream holds.
int writeJson(Context &context, const std::function<void(QIODevice *)> &write);

} // namespace accelplan::cli
