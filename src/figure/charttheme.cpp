#include "charttheme.h"

#include <QHash>

#include <algorithm>
#include <numeric>

namespace rooflab {

namespace {

QList<QColor> colors(std::initializer_list<const char *> names)
{
    QList<QColor> list;
    for (const char *name : names)
        list.append(QColor::fromString(QLatin1String(name)));
    return list;
}

ChartTheme lightTheme()
{
    ChartTheme t;
    t.background = QColor(255, 255, 255);
    t.foreground = QColor(34, 34, 34);
    t.muted = QColor(110, 110, 110);
    t.grid = QColor(205, 205, 205);
    t.subGrid = QColor(236, 236, 236);
    t.memoryZone = QColor(66, 133, 244, 22);
    t.computeZone = QColor(244, 140, 36, 22);
    t.legendFill = QColor(255, 255, 255, 235);
    t.legendBorder = QColor(200, 200, 200);
    t.halo = QColor(255, 196, 0);
    // A saturated qualitative palette that stays apart on white and on a projector.
    t.devices = colors(
        {"#1f5fbf", "#d62728", "#2a9d3a", "#8e44ad", "#e67e00", "#8c564b", "#d63384", "#0f8a9d"});
    return t;
}

ChartTheme darkTheme()
{
    ChartTheme t;
    t.background = QColor(30, 31, 34);
    t.foreground = QColor(230, 230, 230);
    t.muted = QColor(160, 160, 160);
    t.grid = QColor(70, 73, 78);
    t.subGrid = QColor(45, 47, 51);
    t.memoryZone = QColor(90, 169, 230, 26);
    t.computeZone = QColor(255, 180, 84, 24);
    t.legendFill = QColor(38, 40, 44, 235);
    t.legendBorder = QColor(85, 88, 94);
    t.halo = QColor(255, 215, 64);
    t.devices = colors(
        {"#5aa9e6", "#ff6b6b", "#7bd389", "#c3a6ff", "#ffb454", "#d4a373", "#f78fb3", "#4dd0e1"});
    return t;
}

ChartTheme printTheme()
{
    ChartTheme t = lightTheme();
    t.foreground = QColor(0, 0, 0);
    t.muted = QColor(90, 90, 90);
    t.grid = QColor(200, 200, 200);
    t.subGrid = QColor(235, 235, 235);
    t.memoryZone = QColor(0, 0, 0, 14);
    t.computeZone = QColor(0, 0, 0, 6);
    t.legendFill = QColor(255, 255, 255);
    t.legendBorder = QColor(0, 0, 0);
    t.halo = QColor(0, 0, 0);
    // Greys far enough apart to survive photocopying; dash patterns carry the rest of the
    // distinction.
    t.devices = colors({"#000000", "#555555", "#808080", "#2b2b2b"});
    t.greyscale = true;
    return t;
}

ChartTheme colorBlindTheme()
{
    ChartTheme t = lightTheme();
    // Okabe & Ito, "Color Universal Design" (2008): distinguishable with every common form
    // of colour-vision deficiency. Yellow is left out: it vanishes on white.
    t.devices =
        colors({"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000"});
    t.memoryZone = QColor(86, 180, 233, 26);
    t.computeZone = QColor(230, 159, 0, 22);
    t.halo = QColor(0, 0, 0);
    return t;
}

} // namespace

ChartTheme ChartTheme::forTheme(Theme theme)
{
    switch (theme) {
    case Theme::Light:
        return lightTheme();
    case Theme::Dark:
        return darkTheme();
    case Theme::Print:
        return printTheme();
    case Theme::ColorBlind:
        return colorBlindTheme();
    }
    return lightTheme();
}

int ChartTheme::slotOf(int index) const
{
    return index >= 0 && index < deviceSlots.size() ? deviceSlots.at(index) : index;
}

QColor ChartTheme::deviceColor(int index) const
{
    return devices.at(slotOf(index) % devices.size());
}

namespace {

// The devices most often compared have slots of their own that differ from each other's.
const QHash<QString, int> &reservedSlots()
{
    static const QHash<QString, int> table = {
        {QStringLiteral("h100-sxm5"), 0},      {QStringLiteral("b200"), 1},
        {QStringLiteral("mi300x"), 2},         {QStringLiteral("h200-sxm"), 3},
        {QStringLiteral("a100-sxm4-80gb"), 4}, {QStringLiteral("gb200"), 5},
        {QStringLiteral("mi355x"), 6},         {QStringLiteral("tpu-v5p"), 7},
    };
    return table;
}

} // namespace

int preferredDeviceSlot(const QString &deviceId)
{
    // A reserved slot, else a stable FNV-1a hash of the id (qHash is seeded per process).
    const QHash<QString, int> &table = reservedSlots();
    if (const auto known = table.constFind(deviceId); known != table.constEnd())
        return *known;
    quint32 hash = 2166136261u;
    for (const QChar c : deviceId) {
        hash ^= c.unicode();
        hash *= 16777619u;
    }
    return static_cast<int>(hash % 1024u);
}

void ChartTheme::assignDeviceSlots(const QStringList &deviceIds)
{
    // Devices with a reserved slot first, then the rest in id order, each takes its
    // preferred slot, or the next free one when a device before it in that order holds it:
    // the same set always gets the same colours, whatever order the devices were added in,
    // the devices shown never share one while the palette has room, and a user's device
    // ("h100-2xbw", whose hash asks for slot 0) never takes an H100's or MI300X's colour.
    const int size = static_cast<int>(devices.size());
    deviceSlots = QList<int>(deviceIds.size(), 0);
    if (size == 0)
        return;
    QList<int> order(deviceIds.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        const bool reservedA = reservedSlots().contains(deviceIds.at(a));
        const bool reservedB = reservedSlots().contains(deviceIds.at(b));
        if (reservedA != reservedB)
            return reservedA;
        return deviceIds.at(a) < deviceIds.at(b);
    });
    QList<int> taken;
    for (int i : std::as_const(order)) {
        int slot = preferredDeviceSlot(deviceIds.at(i)) % size;
        if (taken.size() < size) {
            while (taken.contains(slot))
                slot = (slot + 1) % size;
        }
        taken.append(slot);
        deviceSlots[i] = slot;
    }
}

Qt::PenStyle ChartTheme::deviceLineStyle(int index) const
{
    if (!greyscale)
        return Qt::SolidLine;
    static const Qt::PenStyle styles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine,
                                          Qt::DashDotDotLine};
    return styles[slotOf(index) % 5];
}

} // namespace rooflab
