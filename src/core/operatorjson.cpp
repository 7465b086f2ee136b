// Reading and writing one operator as JSON: one table of shape fields per kind serves both.
#include "presetparser.h"

namespace rooflab {

namespace {

struct ShapeField
{
    const char *key;
    double OperatorSpec::*member;
    NumberRule rule;
    NumberLimits limits = {};
};

// Vector operators take `elements`, or `hidden` to follow the batch; checked separately.
QList<ShapeField> shapeFields(OperatorKind kind)
{
    using K = OperatorKind;
    switch (kind) {
    case K::Elementwise:
        return {{"inputs", &OperatorSpec::inputs, NumberRule::WholePositive},
                {"flops_per_element", &OperatorSpec::flopsPerElement, NumberRule::NonNegative}};
    case K::LayerNorm:
    case K::RmsNorm:
        return {{"width", &OperatorSpec::width, NumberRule::WholePositive}};
    case K::Activation:
    case K::Softmax:
        return {};
    case K::Gemm:
        return {{"m", &OperatorSpec::m, NumberRule::WholePositive},
                {"n", &OperatorSpec::n, NumberRule::WholePositive},
                {"k", &OperatorSpec::k, NumberRule::WholePositive}};
    case K::Matmul:
        return {{"n", &OperatorSpec::n, NumberRule::WholePositive}};
    case K::DecodeGemm:
    case K::PrefillGemm:
        return {{"d", &OperatorSpec::d, NumberRule::WholePositive},
                {"f", &OperatorSpec::f, NumberRule::WholePositive}};
    case K::AttentionDecode:
    case K::AttentionPrefill:
        return {{"heads", &OperatorSpec::heads, NumberRule::WholePositive},
                {"kv_heads", &OperatorSpec::kvHeads, NumberRule::WholePositive},
                {"head_dim", &OperatorSpec::headDim, NumberRule::WholePositive}};
    case K::Custom:
        return {{"flops", &OperatorSpec::flops, NumberRule::NonNegative, workLimits},
                {"bytes", &OperatorSpec::bytes, NumberRule::Positive, workLimits}};
    }
    return {};
}

bool isVectorKind(OperatorKind kind)
{
    return defaultUnit(kind) == UnitKind::Vector;
}

bool hasDefault(const ShapeField &field)
{
    return field.member == &OperatorSpec::inputs || field.member == &OperatorSpec::flopsPerElement;
}

// Optional on decode/prefill GEMMs: routed experts, `experts` and `experts_per_token` together.
void readExperts(const QJsonObject &obj, const QString &path, JsonReader &reader, OperatorSpec &op)
{
    const auto experts =
        reader.optionalNumber(obj, QStringLiteral("experts"), path, NumberRule::WholePositive);
    const auto perToken = reader.optionalNumber(obj, QStringLiteral("experts_per_token"), path,
                                                NumberRule::WholePositive);
    if (experts.has_value() != perToken.has_value())
        reader.fail(path, QStringLiteral("experts and experts_per_token go together"));
    else if (experts && *perToken > *experts)
        reader.fail(JsonReader::join(path, QStringLiteral("experts_per_token")),
                    QStringLiteral("must not exceed experts (%1)").arg(*experts));
    op.experts = experts.value_or(0);
    op.expertsPerToken = perToken.value_or(0);
}

// Every field an operator of `kind` may have: a misspelt or foreign one ("weigths", or a
// measured "time_s" no operator reads yet) is refused rather than silently ignored.
QStringList knownKeys(OperatorKind kind)
{
    QStringList keys = {QStringLiteral("id"),      QStringLiteral("name"), QStringLiteral("kind"),
                        QStringLiteral("weights"), QStringLiteral("act"),  QStringLiteral("kv"),
                        QStringLiteral("math"),    QStringLiteral("unit")};
    for (const ShapeField &field : shapeFields(kind))
        keys.append(QString::fromLatin1(field.key));
    if (isVectorKind(kind))
        keys << QStringLiteral("elements") << QStringLiteral("hidden");
    if (kind == OperatorKind::Activation)
        keys.append(QStringLiteral("function"));
    if (kind == OperatorKind::DecodeGemm || kind == OperatorKind::PrefillGemm)
        keys << QStringLiteral("experts") << QStringLiteral("experts_per_token");
    return keys;
}

} // namespace

std::optional<NumberField> operatorNumberField(const QString &key)
{
    for (OperatorKind kind : allOperatorKinds()) {
        for (const ShapeField &field : shapeFields(kind)) {
            if (key == QLatin1String(field.key))
                return NumberField{.rule = field.rule, .limits = field.limits};
        }
    }
    // Checked outside the table: the size of a vector operator and a GEMM's experts.
    for (const char *whole : {"elements", "hidden", "experts", "experts_per_token"}) {
        if (key == QLatin1String(whole))
            return NumberField{.rule = NumberRule::WholePositive};
    }
    return std::nullopt;
}

std::optional<OperatorSpec> readOperator(const QJsonObject &obj, const QString &path,
                                         JsonReader &reader, const FormatLookup &knownFormat)
{
    const qsizetype errorsBefore = reader.errorCount();
    OperatorSpec op;
    op.id = reader.requiredString(obj, QStringLiteral("id"), path);
    if (!op.id.isEmpty() && !isValidId(op.id))
        reader.fail(JsonReader::join(path, QStringLiteral("id")),
                    QStringLiteral("\"%1\" may hold only a-z, 0-9, '.', '_' and '-'").arg(op.id));
    op.name = reader.optionalName(obj, QStringLiteral("name"), path, op.id);
    const QString kindName = reader.requiredString(obj, QStringLiteral("kind"), path);
    const std::optional<OperatorKind> kind = operatorKindFromName(kindName);
    if (!kind) {
        if (!kindName.isEmpty())
            reader.fail(JsonReader::join(path, QStringLiteral("kind")),
                        QStringLiteral("unknown operator kind \"%1\"").arg(kindName));
        return std::nullopt;
    }
    op.kind = *kind;
    reader.refuseUnknownKeys(obj, knownKeys(op.kind), path);

    for (const ShapeField &field : shapeFields(op.kind)) {
        const QString key = QString::fromLatin1(field.key);
        const auto value = hasDefault(field)
                               ? reader.optionalNumber(obj, key, path, field.rule, field.limits)
                               : reader.requiredNumber(obj, key, path, field.rule, field.limits);
        if (value)
            op.*field.member = *value;
    }
    if (isVectorKind(op.kind)) {
        const auto elements =
            reader.optionalNumber(obj, QStringLiteral("elements"), path, NumberRule::WholePositive);
        const auto hidden =
            reader.optionalNumber(obj, QStringLiteral("hidden"), path, NumberRule::WholePositive);
        if (elements.has_value() == hidden.has_value())
            reader.fail(path, QStringLiteral("needs exactly one of \"elements\" and \"hidden\""));
        op.elements = elements.value_or(0);
        op.hidden = hidden.value_or(0);
    }
    if (op.kind == OperatorKind::Activation) {
        op.function = reader.requiredString(obj, QStringLiteral("function"), path);
        if (!op.function.isEmpty() && !activationFlopsPerElement(op.function))
            reader.fail(
                JsonReader::join(path, QStringLiteral("function")),
                QStringLiteral("must be relu, silu or gelu, found \"%1\"").arg(op.function));
    }
    if (op.kind == OperatorKind::DecodeGemm || op.kind == OperatorKind::PrefillGemm)
        readExperts(obj, path, reader, op);
    if (op.kind == OperatorKind::AttentionDecode || op.kind == OperatorKind::AttentionPrefill) {
        if (op.kvHeads > 0 && op.heads > 0) {
            if (const QString problem = kvHeadsProblem(op.heads, op.kvHeads); !problem.isEmpty())
                reader.fail(JsonReader::join(path, QStringLiteral("kv_heads")), problem);
        }
    }

    for (const auto &[key, member] :
         {std::pair{"weights", &OperatorSpec::weights}, std::pair{"act", &OperatorSpec::act},
          std::pair{"kv", &OperatorSpec::kv}, std::pair{"math", &OperatorSpec::math}}) {
        const QString id = reader.optionalString(obj, QString::fromLatin1(key), path);
        if (!id.isEmpty() && knownFormat && !knownFormat(id))
            reader.fail(JsonReader::join(path, QString::fromLatin1(key)),
                        QStringLiteral("unknown format \"%1\"").arg(id));
        op.*member = id;
    }
    const QString unit = reader.optionalString(obj, QStringLiteral("unit"), path);
    if (!unit.isEmpty()) {
        op.unit = unitKindFromName(unit);
        if (!op.unit)
            reader.fail(JsonReader::join(path, QStringLiteral("unit")),
                        QStringLiteral("must be \"matrix\" or \"vector\", found \"%1\"").arg(unit));
    }
    if (reader.errorCount() != errorsBefore)
        return std::nullopt;
    return op;
}

QJsonObject writeOperator(const OperatorSpec &op)
{
    QJsonObject obj;
    obj.insert(QStringLiteral("id"), op.id);
    obj.insert(QStringLiteral("name"), op.name);
    obj.insert(QStringLiteral("kind"), operatorKindName(op.kind));
    for (const ShapeField &field : shapeFields(op.kind))
        obj.insert(QString::fromLatin1(field.key), op.*field.member);
    if (isVectorKind(op.kind)) {
        if (op.hidden > 0)
            obj.insert(QStringLiteral("hidden"), op.hidden);
        else
            obj.insert(QStringLiteral("elements"), op.elements);
    }
    if (op.kind == OperatorKind::Activation)
        obj.insert(QStringLiteral("function"), op.function);
    if (op.experts > 0) {
        obj.insert(QStringLiteral("experts"), op.experts);
        obj.insert(QStringLiteral("experts_per_token"), op.expertsPerToken);
    }
    for (const auto &[key, member] :
         {std::pair{"weights", &OperatorSpec::weights}, std::pair{"act", &OperatorSpec::act},
          std::pair{"kv", &OperatorSpec::kv}, std::pair{"math", &OperatorSpec::math}}) {
        if (!(op.*member).isEmpty())
            obj.insert(QString::fromLatin1(key), op.*member);
    }
    if (op.unit)
        obj.insert(QStringLiteral("unit"), unitKindName(*op.unit));
    return obj;
}

} // namespace rooflab
