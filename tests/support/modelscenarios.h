#pragma once

// Model scenarios more than one suite starts from.

#include "scenario.h"

namespace rooflab::test {

// Llama 3.1 70B decoding at `batch`, context 4096, on `tp` of `device` in tensor parallel.
inline Scenario llama70bDecode(const QString &device, double batch, int tp)
{
    Scenario s;
    s.model = QStringLiteral("llama-3.1-70b");
    s.phase = Phase::Decode;
    s.batch = batch;
    s.seq = 4096;
    s.devices = QStringList{device};
    s.deployment.tp = tp;
    return s;
}

} // namespace rooflab::test
