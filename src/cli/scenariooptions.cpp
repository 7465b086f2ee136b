#include "scenariooptions.h"

#include "deviceedits.h"
#include "measuredoption.h"

#include "deploymentoptions.h"
#include "jsonreader.h"
#include "presetfolders.h"
#include "presetparser.h"
#include "usageerror.h"

#include <QTextStream>

#include <algorithm>
#include <cmath>

namespace rooflab::cli {

namespace {

struct ShapeOption
{
    const char *name;
    const char *valueName;
    const char *help;
};

constexpr ShapeOption shapeOptions[] = {
    {"m", "M", "GEMM rows: tokens (A is M x K activations)."},
    {"n", "N", "GEMM columns (B is K x N weights); size of a square matmul."},
    {"k", "K", "GEMM inner dimension."},
    {"d", "D", "Decode/prefill GEMM weight rows (input width)."},
    {"f", "F", "Decode/prefill GEMM weight columns (output width)."},
    {"elements", "N", "Element count of a vector operator."},
    {"hidden", "D", "Per-token width of a vector operator: elements = batch x D."},
    {"inputs", "K", "Inputs of an elementwise operator (default 1)."},
    {"flops-per-element", "C", "FLOPs per element of an elementwise operator (default 1)."},
    {"function", "NAME", "Activation function: relu, silu or gelu."},
    {"heads", "H", "Attention query heads."},
    {"kv-heads", "HKV", "Attention key/value heads (grouped-query attention)."},
    {"head-dim", "D", "Attention head dimension."},
    {"flops", "W", "FLOPs of a custom operator."},
    {"bytes", "Q", "Bytes of a custom operator."},
    {"batch", "B", "Batch: sequences in flight (default 1)."},
    {"seq", "S", "Cached tokens per sequence for decode attention (default 4096)."},
    {"prompt", "T", "Prompt tokens per sequence for prefill (default 512)."},
};

QString opt(const char *name)
{
    return QString::fromLatin1(name);
}

// A number from option `name`, checked by the rule and limits the same field has in a
// preset or scenario file (jsonreader.h numberProblem), so both refuse with one message.
double numberOption(const app::ParsedOptions &options, const QString &name, NumberRule rule,
                    const NumberLimits &limits = {})
{
    const QString text = options.value(name);
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (!ok)
        throw UsageError{QStringLiteral("--%1: expected a number, got \"%2\"").arg(name, text)};
    if (const QString problem = numberProblem(value, rule, limits); !problem.isEmpty())
        throw UsageError{QStringLiteral("--%1: %2").arg(name, problem)};
    return value;
}

// A shape option's value, checked by the rule of the operator field it sets
// (operatorNumberField: --kv-heads is kv_heads, --norm-width is width); --batch, --seq and
// --prompt follow the scenario file's rule, greater than zero.
double shapeNumber(const app::ParsedOptions &options, const char *name)
{
    QString key = opt(name);
    key.replace(QLatin1Char('-'), QLatin1Char('_'));
    if (key == QLatin1String("norm_width"))
        key = QStringLiteral("width");
    const NumberField field = operatorNumberField(key).value_or(NumberField{});
    return numberOption(options, opt(name), field.rule, field.limits);
}

double required(const app::ParsedOptions &options, const QString &kind, const char *name)
{
    if (!options.isSet(opt(name)))
        throw UsageError{QStringLiteral("--op %1 needs --%2").arg(kind, opt(name))};
    return shapeNumber(options, name);
}

double optional(const app::ParsedOptions &options, const char *name, double fallback)
{
    return options.isSet(opt(name)) ? shapeNumber(options, name) : fallback;
}

void readVectorSize(const app::ParsedOptions &options, const QString &kind, OperatorSpec &op)
{
    if (options.isSet(QStringLiteral("hidden")))
        op.hidden = shapeNumber(options, "hidden");
    else
        op.elements = required(options, kind, "elements");
}

OperatorSpec operatorFromShape(const app::ParsedOptions &options, OperatorKind kind)
{
    const QString name = operatorKindName(kind);
    OperatorSpec op;
    op.kind = kind;
    op.id = name;
    op.name = name;
    switch (kind) {
    case OperatorKind::Elementwise:
        readVectorSize(options, name, op);
        op.inputs = optional(options, "inputs", 1);
        op.flopsPerElement = optional(options, "flops-per-element", 1);
        break;
    case OperatorKind::Activation:
        readVectorSize(options, name, op);
        op.function = options.value(QStringLiteral("function"));
        if (op.function.isEmpty())
            throw UsageError{QStringLiteral("--op activation needs --function")};
        if (!activationFlopsPerElement(op.function))
            throw UsageError{QStringLiteral("--function: must be relu, silu or gelu, got \"%1\"")
                                 .arg(op.function)};
        break;
    case OperatorKind::LayerNorm:
    case OperatorKind::RmsNorm:
        readVectorSize(options, name, op);
        // 0 (the default) leaves the norm's parameters out.
        op.width = optional(options, "norm-width", 0);
        break;
    case OperatorKind::Softmax:
        readVectorSize(options, name, op);
        break;
    case OperatorKind::Gemm:
        op.m = required(options, name, "m");
        op.n = required(options, name, "n");
        op.k = required(options, name, "k");
        break;
    case OperatorKind::Matmul:
        op.n = required(options, name, "n");
        break;
    case OperatorKind::DecodeGemm:
    case OperatorKind::PrefillGemm:
        op.d = required(options, name, "d");
        op.f = required(options, name, "f");
        break;
    case OperatorKind::AttentionDecode:
    case OperatorKind::AttentionPrefill:
        op.heads = required(options, name, "heads");
        op.kvHeads = optional(options, "kv-heads", op.heads);
        op.headDim = required(options, name, "head-dim");
        if (const QString problem = kvHeadsProblem(op.heads, op.kvHeads); !problem.isEmpty())
            throw UsageError{QStringLiteral("--kv-heads: ") + problem};
        break;
    case OperatorKind::Custom:
        op.flops = required(options, name, "flops");
        op.bytes = required(options, name, "bytes");
        break;
    }
    return op;
}

QString formatOption(const app::ParsedOptions &options, const Catalog &catalog, const QString &name,
                     const QString &fallback)
{
    if (!options.isSet(name))
        return fallback;
    const QString id = options.value(name).toLower();
    if (!catalog.format(id)) {
        QStringList ids;
        for (const Format &f : catalog.formats())
            ids.append(f.id);
        throw UsageError{QStringLiteral("--%1: unknown format \"%2\" (known: %3)")
                             .arg(name, options.value(name), ids.join(QStringLiteral(", ")))};
    }
    return id;
}

// --model and --phase.
void applyModelOptions(const app::ParsedOptions &options, const Catalog &catalog,
                       Scenario &scenario)
{
    if (options.isSet(QStringLiteral("model"))) {
        const QString id = options.value(QStringLiteral("model")).toLower();
        if (!catalog.model(id))
            throw UsageError{QStringLiteral("--model: unknown model \"%1\"; `rooflab list "
                                            "models` shows the known ones")
                                 .arg(options.value(QStringLiteral("model")))};
        scenario.model = id;
    }
    if (options.isSet(QStringLiteral("phase"))) {
        const auto phase = phaseFromName(options.value(QStringLiteral("phase")));
        if (!phase)
            throw UsageError{QStringLiteral("--phase: must be decode or prefill, got \"%1\"")
                                 .arg(options.value(QStringLiteral("phase")))};
        scenario.phase = *phase;
    }
}

} // namespace

QStringList scenarioRepeatableOptions()
{
    return {QStringLiteral("device"), QStringLiteral("op"), QStringLiteral("price"),
            QStringLiteral("measured")};
}

QString numberRangesHelp()
{
    return QStringLiteral(
        "Numbers: shape counts (--m --n --k --d --f --elements --hidden --inputs --heads\n"
        "--kv-heads --head-dim --norm-width) are whole numbers from 1 to 1e15, and --kv-heads\n"
        "divides --heads; --flops and --bytes go up to 1e30; --batch, --seq, --prompt and\n"
        "--flops-per-element up to 1e15. A value other than 0 is at least 1e-12.");
}

void addScenarioOptions(QCommandLineParser &parser, bool widthIsNormWidth)
{
    parser.addOption({QStringLiteral("device"),
                      QStringLiteral("Device id (repeatable); see `rooflab list devices`. "
                                     "ID:bandwidth=2x,peak=matrix:bf16=2x,capacity=160GB is a "
                                     "what-if copy of it."),
                      QStringLiteral("ID[:EDITS]")});
    parser.addOption({QStringLiteral("op"),
                      QStringLiteral("Operator kind (with its shape options) or an operator id "
                                     "from `rooflab list operators` (repeatable)."),
                      QStringLiteral("KIND|ID")});
    parser.addOption({QStringLiteral("model"),
                      QStringLiteral("Transformer model id from `rooflab list models`: analyse "
                                     "one step of it instead of --op."),
                      QStringLiteral("ID")});
    parser.addOption({QStringLiteral("phase"),
                      QStringLiteral("With --model: the step analysed (default decode)."),
                      QStringLiteral("decode|prefill")});
    addDeploymentOptions(parser);
    for (const ShapeOption &s : shapeOptions)
        parser.addOption({opt(s.name), opt(s.help), opt(s.valueName)});
    QStringList normWidthNames{QStringLiteral("norm-width")};
    if (widthIsNormWidth)
        normWidthNames.append(QStringLiteral("width"));
    parser.addOption({normWidthNames,
                      QStringLiteral("Row width of a norm, for its parameter bytes (default 0)."),
                      QStringLiteral("W")});
    parser.addOption({QStringLiteral("weights"), QStringLiteral("Weight format (default bf16)."),
                      QStringLiteral("FORMAT")});
    parser.addOption({QStringLiteral("act"), QStringLiteral("Activation format (default bf16)."),
                      QStringLiteral("FORMAT")});
    parser.addOption({QStringLiteral("kv"), QStringLiteral("KV-cache format (default bf16)."),
                      QStringLiteral("FORMAT")});
    parser.addOption({QStringLiteral("math"),
                      QStringLiteral("Math format (default: the wider of weights and "
                                     "activations)."),
                      QStringLiteral("FORMAT")});
    parser.addOption({QStringLiteral("unit"),
                      QStringLiteral("Run the operator on matrix or vector units."),
                      QStringLiteral("matrix|vector")});
    parser.addOption({QStringLiteral("roof"),
                      QStringLiteral("Roofs to measure against (default datasheet)."),
                      QStringLiteral("datasheet|achievable")});
    parser.addOption({QStringLiteral("measured"),
                      QStringLiteral("Kernels a profiler measured, drawn where they ran "
                                     "(repeatable; the formats of `rooflab import`)."),
                      QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("memory"),
                      QStringLiteral("Memory level the bytes cross (default main)."),
                      QStringLiteral("main|l2")});
}

Catalog loadCatalog(const app::Invocation &invocation)
{
    return app::loadCatalog(invocation.presetFolders);
}

double positiveOption(const app::ParsedOptions &options, const QString &name)
{
    return numberOption(options, name, NumberRule::Positive);
}

void applyScenarioOptions(const app::ParsedOptions &options, Catalog &catalog, Scenario &scenario,
                          DeploymentChecks checks)
{
    if (options.isSet(QStringLiteral("device"))) {
        scenario.devices.clear();
        for (const QString &value : options.values(QStringLiteral("device"))) {
            const QString id = resolveDeviceArgument(value, catalog);
            if (!scenario.devices.contains(id))
                scenario.devices.append(id);
        }
    }
    if (options.isSet(QStringLiteral("measured"))) {
        scenario.measured.clear();
        for (const QString &file : options.values(QStringLiteral("measured")))
            scenario.measured.append(measuredKernelsFromFile(file));
    }
    if (options.isSet(QStringLiteral("model")) && options.isSet(QStringLiteral("op")))
        throw UsageError{QStringLiteral("--op: give either --model or --op, not both")};
    applyModelOptions(options, catalog, scenario);
    applyDeploymentOptions(options, catalog, scenario, checks);
    scenario.batch = optional(options, "batch", scenario.batch);
    scenario.seq = optional(options, "seq", scenario.seq);
    scenario.prompt = optional(options, "prompt", scenario.prompt);

    PrecisionScheme &scheme = scenario.scheme;
    scheme.weights = formatOption(options, catalog, QStringLiteral("weights"), scheme.weights);
    scheme.act = formatOption(options, catalog, QStringLiteral("act"), scheme.act);
    scheme.kv = formatOption(options, catalog, QStringLiteral("kv"), scheme.kv);
    scheme.math = formatOption(options, catalog, QStringLiteral("math"), scheme.math);

    if (options.isSet(QStringLiteral("roof"))) {
        const auto mode = roofModeFromName(options.value(QStringLiteral("roof")));
        if (!mode)
            throw UsageError{QStringLiteral("--roof: must be datasheet or achievable, got \"%1\"")
                                 .arg(options.value(QStringLiteral("roof")))};
        scenario.roof = *mode;
    }
    if (options.isSet(QStringLiteral("memory"))) {
        const QString level = options.value(QStringLiteral("memory"));
        if (level != QLatin1String("main") && level != QLatin1String("l2"))
            throw UsageError{QStringLiteral("--memory: must be main or l2, got \"%1\"").arg(level)};
        scenario.memoryLevel = level;
    }

    std::optional<UnitKind> unit;
    if (options.isSet(QStringLiteral("unit"))) {
        unit = unitKindFromName(options.value(QStringLiteral("unit")));
        if (!unit)
            throw UsageError{QStringLiteral("--unit: must be matrix or vector, got \"%1\"")
                                 .arg(options.value(QStringLiteral("unit")))};
    }
    if (options.isSet(QStringLiteral("op"))) {
        scenario.operators.clear();
        for (const QString &value : options.values(QStringLiteral("op"))) {
            OperatorSpec op;
            if (const std::optional<OperatorKind> kind = operatorKindFromName(value)) {
                op = operatorFromShape(options, *kind);
            } else if (const OperatorSpec *preset = catalog.operatorSpec(value)) {
                op = *preset;
            } else {
                QStringList kinds;
                for (OperatorKind k : allOperatorKinds())
                    kinds.append(operatorKindName(k));
                throw UsageError{QStringLiteral("--op: \"%1\" is neither an operator kind (%2) "
                                                "nor an operator id from `rooflab list "
                                                "operators`")
                                     .arg(value, kinds.join(QStringLiteral(", ")))};
            }
            if (unit)
                op.unit = unit;
            const QString base = op.id;
            for (int n = 2; std::any_of(scenario.operators.cbegin(), scenario.operators.cend(),
                                        [&](const OperatorSpec &o) { return o.id == op.id; });
                 ++n)
                op.id = base + QLatin1Char('-') + QString::number(n);
            scenario.operators.append(op);
        }
    }
}

} // namespace rooflab::cli
