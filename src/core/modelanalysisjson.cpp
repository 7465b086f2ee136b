#include "modelanalysisjson.h"

#include "analysisjson.h"
#include "modeldeployment.h"
#include "modelparser.h"

#include <QJsonArray>

namespace rooflab {

namespace {

QJsonValue optionalNumber(const std::optional<double> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QJsonObject schemeToJson(const PrecisionScheme &s)
{
    return QJsonObject{{QStringLiteral("weights"), s.weights},
                       {QStringLiteral("act"), s.act},
                       {QStringLiteral("kv"), s.kv},
                       {QStringLiteral("math"),
                        s.math.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s.math)}};
}

QJsonObject bytesToJson(const OperandBytes &b)
{
    return QJsonObject{{QStringLiteral("weights"), b.weights},
                       {QStringLiteral("act"), b.act},
                       {QStringLiteral("kv"), b.kv},
                       {QStringLiteral("other"), b.other}};
}

void insertFootprint(QJsonObject &obj, const ModelFootprint &f)
{
    obj.insert(QStringLiteral("weight_bytes"), f.weightBytes);
    obj.insert(QStringLiteral("kv_cache_bytes"), f.kvCacheBytes);
    obj.insert(QStringLiteral("kv_bytes_per_token"), f.kvBytesPerToken);
    obj.insert(QStringLiteral("context_tokens"), f.contextTokens);
    obj.insert(QStringLiteral("activation_bytes"), f.activationBytes);
    obj.insert(QStringLiteral("footprint_bytes"), f.totalBytes);
    obj.insert(QStringLiteral("capacity_bytes"), f.capacityBytes);
    obj.insert(QStringLiteral("fits"), f.fits);
    obj.insert(QStringLiteral("devices_needed"), f.devicesNeeded);
    obj.insert(QStringLiteral("fitting_tp"),
               f.fittingTp > 0 ? QJsonValue(f.fittingTp) : QJsonValue(QJsonValue::Null));
    obj.insert(QStringLiteral("fitting_scheme"), f.fittingScheme
                                                     ? QJsonValue(schemeToJson(*f.fittingScheme))
                                                     : QJsonValue(QJsonValue::Null));
    obj.insert(QStringLiteral("fitting_footprint_bytes"),
               f.fittingScheme ? QJsonValue(f.fittingTotalBytes) : QJsonValue(QJsonValue::Null));
}

// The deployment's figures, per device of it (docs/models.md, "Deployments").
void insertDeployment(QJsonObject &obj, const ModelAnalysis &a)
{
    const ModelDeployment &d = a.deployment;
    const ModelTotals &t = a.totals;
    obj.insert(QStringLiteral("tp"), d.tp);
    obj.insert(QStringLiteral("tp_auto"), d.tpAuto);
    obj.insert(QStringLiteral("pp"), d.pp);
    obj.insert(QStringLiteral("devices"), d.devices);
    obj.insert(QStringLiteral("headroom"), d.headroom);
    obj.insert(QStringLiteral("usable_bytes_per_device"), d.usableBytes);
    obj.insert(QStringLiteral("weight_bytes_per_device"), d.perDevice.weightBytes);
    obj.insert(QStringLiteral("kv_cache_bytes_per_device"), d.perDevice.kvCacheBytes);
    obj.insert(QStringLiteral("activation_bytes_per_device"), d.perDevice.activationBytes);
    obj.insert(QStringLiteral("footprint_bytes_per_device"), d.perDevice.totalBytes);
    // "fits" speaks of the deployment; the whole-model figures above keep their own.
    obj.insert(QStringLiteral("fits_one_device"), a.footprint.fits);
    obj.insert(QStringLiteral("fits"), d.fits);
    obj.insert(QStringLiteral("max_batch_fits"), d.maxBatchFits);
    obj.insert(QStringLiteral("all_reduces"), d.allReduces);
    obj.insert(QStringLiteral("all_reduce_bytes"), d.allReduceBytes);
    obj.insert(QStringLiteral("all_gathers"), d.allGathers);
    obj.insert(QStringLiteral("all_gather_bytes"), d.allGatherBytes);
    obj.insert(QStringLiteral("expert_parallel"), d.expertParallel);
    obj.insert(QStringLiteral("all_to_alls"), d.allToAlls);
    obj.insert(QStringLiteral("all_to_all_bytes"), d.allToAllBytes);
    obj.insert(QStringLiteral("all_to_all_time_s"), d.allToAllTime);
    obj.insert(QStringLiteral("stage_transfers"), d.transfers);
    obj.insert(QStringLiteral("stage_transfer_bytes"), d.transferBytes);
    obj.insert(QStringLiteral("compute_time_s"), d.computeTime);
    obj.insert(QStringLiteral("comm_time_s"), d.commTime);
    obj.insert(QStringLiteral("comm_latency_time_s"), d.commLatencyTime);
    obj.insert(QStringLiteral("comm_bound"), d.commTime > 0
                                                 ? QJsonValue(boundName(communicationBound(d)))
                                                 : QJsonValue(QJsonValue::Null));
    obj.insert(QStringLiteral("slowest_stage_time_s"), d.slowestStageTime);
    obj.insert(QStringLiteral("time_per_token_s"), t.stepTime);
    obj.insert(QStringLiteral("tokens_per_s_per_device"), d.tokensPerSecondPerDevice);
    obj.insert(QStringLiteral("price_per_device_hour_usd"), optionalNumber(d.pricePerDeviceHour));
    obj.insert(QStringLiteral("cost_per_mtok_usd"), optionalNumber(d.costPerMillionTokens));
}

QJsonObject totalsToJson(const ModelAnalysis &a)
{
    const ModelTotals &t = a.totals;
    QJsonObject obj{
        {QStringLiteral("params"), t.params},
        {QStringLiteral("active_params"), t.activeParams},
        {QStringLiteral("flops"), t.flops},
        {QStringLiteral("bytes"), t.bytes.total()},
        {QStringLiteral("bytes_by_operand"), bytesToJson(t.bytes)},
        {QStringLiteral("intensity"), t.intensity},
        {QStringLiteral("math_time_s"), t.mathTime},
        {QStringLiteral("memory_time_s"), t.memoryTime},
        {QStringLiteral("kernels"), t.kernels},
        {QStringLiteral("launch_overhead_s"), t.launchOverhead},
        {QStringLiteral("step_time_s"), t.stepTime},
        {QStringLiteral("tokens_per_step"), t.tokensPerStep},
        {QStringLiteral("tokens_per_s"), t.tokensPerSecond},
        {QStringLiteral("time_per_output_token_s"), optionalNumber(t.timePerOutputToken)},
        {QStringLiteral("time_to_first_token_s"), optionalNumber(t.timeToFirstToken)},
        {QStringLiteral("compute_bound_batch"), optionalNumber(t.computeBoundBatch)},
    };
    insertFootprint(obj, a.footprint);
    insertDeployment(obj, a);
    return obj;
}

} // namespace

QJsonObject modelAnalysisToJson(const ModelAnalysis &a)
{
    QJsonArray operators;
    for (const ModelOperatorResult &r : a.operators) {
        QJsonObject obj = pointToJson(r.point, a.roof);
        obj.insert(QStringLiteral("count"), r.op.count);
        obj.insert(QStringLiteral("per_layer"), r.op.perLayer);
        obj.insert(QStringLiteral("class"), modelOpClassId(r.op.opClass));
        obj.insert(QStringLiteral("step_time_s"), r.stepTime);
        obj.insert(QStringLiteral("share"), r.share);
        operators.append(obj);
    }
    QJsonArray classes;
    for (const ModelClassResult &c : a.classes) {
        QJsonObject obj = pointToJson(c.point, a.roof);
        obj.insert(QStringLiteral("class"), modelOpClassId(c.opClass));
        obj.insert(QStringLiteral("kernels"), c.kernels);
        obj.insert(QStringLiteral("step_time_s"), c.stepTime);
        obj.insert(QStringLiteral("share"), c.share);
        classes.append(obj);
    }
    return QJsonObject{
        {QStringLiteral("model"), a.modelId},
        {QStringLiteral("model_name"), a.modelName},
        {QStringLiteral("device"), a.deviceId},
        {QStringLiteral("device_name"), a.deviceName},
        {QStringLiteral("phase"), phaseName(a.phase)},
        {QStringLiteral("batch"), a.shape.batch},
        {QStringLiteral("seq"), a.shape.seq},
        {QStringLiteral("prompt"), a.shape.prompt},
        {QStringLiteral("scheme"), schemeToJson(a.scheme)},
        {QStringLiteral("roof"), roofModeName(a.roof)},
        {QStringLiteral("operators"), operators},
        {QStringLiteral("classes"), classes},
        {QStringLiteral("totals"), totalsToJson(a)},
        {QStringLiteral("problems"), QJsonArray::fromStringList(a.problems)},
        {QStringLiteral("warnings"), QJsonArray::fromStringList(a.warnings)},
    };
}

QJsonObject modelToJson(const ModelSpec &model)
{
    QJsonObject obj = writeModel(model);
    obj.remove(QStringLiteral("schema"));
    obj.remove(QStringLiteral("version"));
    obj.insert(QStringLiteral("params"), model.parameterCount());
    obj.insert(QStringLiteral("active_params"), model.activeParameterCount());
    obj.insert(QStringLiteral("published_params"), model.publishedParams > 0
                                                       ? QJsonValue(model.publishedParams)
                                                       : QJsonValue(QJsonValue::Null));
    return obj;
}

} // namespace rooflab
