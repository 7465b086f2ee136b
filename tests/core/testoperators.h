#pragma once

// Builders of OperatorSpec values for the core tests: each sets the kind, its shape fields
// and an id equal to the kind's name.

#include "operatorspec.h"

namespace rooflab::test {

// An operator of `kind` with no shape yet.
inline OperatorSpec makeOperator(OperatorKind kind)
{
    OperatorSpec op;
    op.kind = kind;
    op.id = operatorKindName(kind);
    op.name = op.id;
    return op;
}

// A vector operator over `elements`, or over batch x `hidden` when hidden > 0.
inline OperatorSpec vectorOp(OperatorKind kind, double elements, double hidden = 0)
{
    OperatorSpec op = makeOperator(kind);
    op.elements = elements;
    op.hidden = hidden;
    return op;
}

// Elementwise with `inputs` inputs and `c` FLOPs per element.
inline OperatorSpec elementwise(double elements, double hidden, double inputs, double c)
{
    OperatorSpec op = vectorOp(OperatorKind::Elementwise, elements, hidden);
    op.inputs = inputs;
    op.flopsPerElement = c;
    return op;
}

// An activation function (relu, silu, gelu).
inline OperatorSpec activation(const char *function, double elements, double hidden = 0)
{
    OperatorSpec op = vectorOp(OperatorKind::Activation, elements, hidden);
    op.function = QString::fromLatin1(function);
    return op;
}

// LayerNorm or RMSNorm with `width` parameters per row.
inline OperatorSpec norm(OperatorKind kind, double elements, double hidden, double width)
{
    OperatorSpec op = vectorOp(kind, elements, hidden);
    op.width = width;
    return op;
}

// GEMM C[m x n] = A[m x k] * B[k x n].
inline OperatorSpec gemm(double m, double n, double k)
{
    OperatorSpec op = makeOperator(OperatorKind::Gemm);
    op.m = m;
    op.n = n;
    op.k = k;
    return op;
}

// Square matmul of size n.
inline OperatorSpec matmul(double n)
{
    OperatorSpec op = makeOperator(OperatorKind::Matmul);
    op.n = n;
    return op;
}

// Decode or prefill GEMM with a [d x f] weight.
inline OperatorSpec weightGemm(OperatorKind kind, double d, double f)
{
    OperatorSpec op = makeOperator(kind);
    op.d = d;
    op.f = f;
    return op;
}

// Decode or prefill attention.
inline OperatorSpec attention(OperatorKind kind, double heads, double kvHeads, double headDim)
{
    OperatorSpec op = makeOperator(kind);
    op.heads = heads;
    op.kvHeads = kvHeads;
    op.headDim = headDim;
    return op;
}

// A custom operator given by its FLOPs and bytes.
inline OperatorSpec custom(double flops, double bytes)
{
    OperatorSpec op = makeOperator(OperatorKind::Custom);
    op.flops = flops;
    op.bytes = bytes;
    return op;
}

} // namespace rooflab::test
