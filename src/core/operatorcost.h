#pragma once

#include "operatorspec.h"

#include <optional>

namespace rooflab {

// Bytes per element of each operand, after the precision scheme is applied.
struct OperandSizes
{
    double weights = 2;
    double act = 2;
    double kv = 2;
};

// The scenario values that shape operators follow.
struct ShapeContext
{
    double batch = 1;    // B: sequences in flight
    double seq = 4096;   // S: cached tokens per sequence (decode attention)
    double prompt = 512; // T: prompt tokens per sequence (prefill)
};

// Bytes an operator moves, split by operand.
struct OperandBytes
{
    double weights = 0;
    double act = 0;
    double kv = 0;
    double other = 0; // custom operators: not attributed

    double total() const { return weights + act + kv + other; }
};

// FLOPs and bytes of one operator at one shape and scheme.
struct OperatorCost
{
    double flops = 0;
    OperandBytes bytes;

    double intensity() const { return bytes.total() > 0 ? flops / bytes.total() : 0.0; }
};

// Work and traffic of `op` per docs/presets.md, each operand crossing memory once.
OperatorCost operatorCost(const OperatorSpec &op, const OperandSizes &sizes,
                          const ShapeContext &shape);

// Expected number of distinct experts that `tokens` tokens touch when each picks `perToken`
// of `experts` uniformly and independently: E * (1 - (1 - k/E)^tokens).
double expectedDistinctExperts(double experts, double perToken, double tokens);

// The exact scenario batch at which a batched GEMM's intensity equals `ridge`, solved with
// activation bytes included. nullopt when no batch reaches it (the intensity's limit for an
// infinite batch is at or below the ridge) or the kind does not follow the batch. Routed
// experts have no closed form (their weight bytes grow with the batch): bisected instead.
std::optional<double> ridgeBatch(const OperatorSpec &op, const OperandSizes &sizes,
                                 const ShapeContext &shape, double ridge);

} // namespace rooflab
