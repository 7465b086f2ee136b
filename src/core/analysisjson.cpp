#include "analysisjson.h"

#include "presetparser.h"

namespace rooflab {

QJsonObject pointToJson(const PointAnalysis &p, RoofMode roof)
{
    QJsonObject obj;
    obj.insert(QStringLiteral("device"), p.deviceId);
    obj.insert(QStringLiteral("op"), p.operatorId);
    obj.insert(QStringLiteral("name"), p.operatorName);
    obj.insert(QStringLiteral("kind"), operatorKindName(p.kind));
    obj.insert(QStringLiteral("weights"), p.weights);
    obj.insert(QStringLiteral("act"), p.act);
    obj.insert(QStringLiteral("kv"), p.kv);
    obj.insert(QStringLiteral("math"), p.math);
    obj.insert(QStringLiteral("unit"), unitKindName(p.unit));
    obj.insert(QStringLiteral("flops"), p.flops);
    obj.insert(QStringLiteral("bytes"), p.bytes.total());
    obj.insert(QStringLiteral("bytes_by_operand"),
               QJsonObject{{QStringLiteral("weights"), p.bytes.weights},
                           {QStringLiteral("act"), p.bytes.act},
                           {QStringLiteral("kv"), p.bytes.kv},
                           {QStringLiteral("other"), p.bytes.other}});
    obj.insert(QStringLiteral("intensity"), p.intensity);
    obj.insert(QStringLiteral("peak_flops"), p.peakFlops);
    obj.insert(QStringLiteral("bandwidth"), p.bandwidth);
    obj.insert(QStringLiteral("ridge"), p.ridge);
    obj.insert(QStringLiteral("attainable_flops"), p.attainableFlops);
    obj.insert(QStringLiteral("bound"), boundName(p.bound));
    obj.insert(QStringLiteral("t_math_s"), p.tMath);
    obj.insert(QStringLiteral("t_mem_s"), p.tMem);
    obj.insert(QStringLiteral("t_s"), p.time);
    obj.insert(QStringLiteral("pct_of_peak"), p.pctOfPeak);
    obj.insert(QStringLiteral("ridge_batch"),
               p.ridgeBatch ? QJsonValue(*p.ridgeBatch) : QJsonValue(QJsonValue::Null));
    obj.insert(QStringLiteral("roof"), roofModeName(roof));
    if (p.fellBack)
        obj.insert(QStringLiteral("note"), p.note);
    if (!p.badge.isEmpty())
        obj.insert(QStringLiteral("badge"), p.badge);
    if (const std::optional<MeasuredPoint> &m = p.measured) {
        QJsonObject measured{{QStringLiteral("kernel"), m->kernel},
                             {QStringLiteral("level"), m->level},
                             {QStringLiteral("launches"), m->launches},
                             {QStringLiteral("time_share"), m->timeShare},
                             {QStringLiteral("warnings"), QJsonArray::fromStringList(m->warnings)}};
        measured.insert(QStringLiteral("roof_flops"),
                        m->roofFlops ? QJsonValue(*m->roofFlops) : QJsonValue(QJsonValue::Null));
        measured.insert(QStringLiteral("pct_of_roof"),
                        m->pctOfRoof ? QJsonValue(*m->pctOfRoof) : QJsonValue(QJsonValue::Null));
        obj.insert(QStringLiteral("measured"), measured);
    }
    if (const std::optional<CommunicationCost> &c = p.communication)
        obj.insert(QStringLiteral("communication"),
                   QJsonObject{{QStringLiteral("link"), c->link},
                               {QStringLiteral("count"), c->count},
                               {QStringLiteral("latency_s"), c->latency},
                               {QStringLiteral("latency_time_s"), c->latencyTime},
                               {QStringLiteral("bytes"), c->bytes},
                               {QStringLiteral("bytes_time_s"), c->bytesTime},
                               {QStringLiteral("link_bandwidth"), c->linkBandwidth}});
    return obj;
}

QJsonObject interconnectToJson(const Interconnect &link)
{
    QJsonObject obj{{QStringLiteral("name"), link.name},
                    {QStringLiteral("bandwidth_per_direction"), link.bandwidthPerDirection},
                    {QStringLiteral("domain_size"), link.domainSize},
                    {QStringLiteral("latency_s"), link.latency},
                    {QStringLiteral("achievable"), link.achievable},
                    {QStringLiteral("source"), link.source}};
    if (link.peerBandwidth > 0)
        obj.insert(QStringLiteral("peer_bandwidth"), link.peerBandwidth);
    return obj;
}

QJsonObject deviceToJson(const Device &d)
{
    QJsonArray memory;
    for (const MemoryLevel &m : d.memory) {
        QJsonObject level{{QStringLiteral("level"), m.level},
                          {QStringLiteral("name"), m.name},
                          {QStringLiteral("bandwidth"), m.bandwidth},
                          {QStringLiteral("source"), m.source}};
        if (m.sizeBytes > 0)
            level.insert(QStringLiteral("size_bytes"), m.sizeBytes);
        memory.append(level);
    }
    QJsonArray compute;
    for (const ComputeCeiling &c : d.compute) {
        compute.append(QJsonObject{{QStringLiteral("unit"), unitKindName(c.unit)},
                                   {QStringLiteral("math"), c.math},
                                   {QStringLiteral("peak_flops"), c.peakFlops},
                                   {QStringLiteral("source"), c.source}});
    }
    const QJsonValue interconnect =
        d.interconnect ? QJsonValue(interconnectToJson(*d.interconnect)) : QJsonValue();
    return QJsonObject{
        {QStringLiteral("interconnect"), interconnect},
        {QStringLiteral("id"), d.id},
        {QStringLiteral("name"), d.name},
        {QStringLiteral("vendor"), d.vendor},
        {QStringLiteral("year"), d.year},
        {QStringLiteral("capacity_bytes"), d.capacityBytes},
        {QStringLiteral("source"), d.source},
        {QStringLiteral("notes"), d.notes},
        {QStringLiteral("memory"), memory},
        {QStringLiteral("compute"), compute},
        {QStringLiteral("achievable"),
         QJsonObject{{QStringLiteral("compute"), d.achievable.compute},
                     {QStringLiteral("bandwidth"), d.achievable.bandwidth},
                     {QStringLiteral("source"), d.achievable.source}}},
    };
}

QJsonObject formatToJson(const Format &f)
{
    QJsonObject obj{{QStringLiteral("id"), f.id},
                    {QStringLiteral("name"), f.name},
                    {QStringLiteral("bits"), f.bits},
                    {QStringLiteral("math"), f.math},
                    {QStringLiteral("bytes_per_element"), f.bytesPerElement()}};
    if (f.blockSize > 0) {
        obj.insert(QStringLiteral("block_size"), f.blockSize);
        obj.insert(QStringLiteral("scale_bits"), f.scaleBits);
    }
    return obj;
}

} // namespace rooflab
