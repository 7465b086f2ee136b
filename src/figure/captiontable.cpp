#include "captiontable.h"

#include "legendnotes.h"
#include "legendslot.h"
#include "scenemodel.h"
#include "units.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace rooflab {

namespace {

QString tr(const char *text, int n = -1)
{
    return QCoreApplication::translate("RooflineChart", text, nullptr, n);
}

// Spacing in pixels at scale 1: margins around the table, cell padding, the device swatch.
constexpr double sideMargin = 24, topMargin = 12, bottomMargin = 14;
constexpr double cellPad = 7, swatchWidth = 22, swatchGap = 6;
// To fit the width the font first shrinks to this share of its size (never under
// minFontPixels); then columns are left out and device names shortened, then the font goes
// down to that of 100 % text, and only then are names elided, never below minNameWidth.
constexpr double minFontShare = 0.8;
constexpr int minFontPixels = 8;
constexpr double minNameWidth = 48;
// Every table starts with the device, drawn with its line's swatch.
constexpr int deviceColumn = 0;
// The point table's columns.
constexpr int operatorColumn = 1, formatsColumn = 2, flopsColumn = 3, bytesColumn = 4,
              boundColumn = 7;

QString formatsText(const PointAnalysis &p)
{
    QString text = tr("W %1, A %2").arg(p.weights, p.act);
    if (p.bytes.kv > 0) // only operators that read the KV cache name its format
        text += tr(", KV %1").arg(p.kv);
    return text;
}

QStringList cellsOf(const Analysis &analysis, const PointAnalysis &p)
{
    QString device = p.deviceId;
    for (const DeviceRoofs &d : analysis.devices) {
        if (d.deviceId == p.deviceId)
            device = d.deviceName;
    }
    return {device,
            p.operatorName,
            formatsText(p),
            formatSi(p.flops, QStringLiteral("FLOP")),
            formatSi(p.bytes.total(), QStringLiteral("B")),
            formatNumber(p.intensity) + QStringLiteral(" FLOP/B"),
            formatSi(p.attainableFlops, QStringLiteral("FLOP/s")),
            boundName(p.bound),
            formatDuration(p.time)};
}

// A device's whole step: the sums over its classes, the step's own time (launch overheads
// and communication included) and the rate that time gives.
QStringList totalCells(const Analysis &analysis, const ModelAnalysis &m)
{
    PointAnalysis sum = m.classes.first().point;
    sum.operatorName = tr("Step total");
    QStringList cells = cellsOf(analysis, sum);
    cells[formatsColumn] = QString(); // the classes' formats differ (the KV cache)
    const ModelTotals &t = m.totals;
    cells[flopsColumn] = formatSi(t.flops, QStringLiteral("FLOP"));
    cells[bytesColumn] = formatSi(t.bytes.total(), QStringLiteral("B"));
    cells[bytesColumn + 1] = formatNumber(t.intensity) + QStringLiteral(" FLOP/B");
    cells[bytesColumn + 2] =
        t.stepTime > 0 ? formatSi(t.flops / t.stepTime, QStringLiteral("FLOP/s")) : QString();
    cells[bytesColumn + 3] = QString();
    cells[bytesColumn + 4] = formatDuration(t.stepTime);
    return cells;
}

QFont withPixels(QFont font, int pixels)
{
    font.setPixelSize(pixels);
    return font;
}

} // namespace

QStringList CaptionTable::header()
{
    return {tr("Device"),    tr("Operator"),   tr("Formats"), tr("FLOPs"), tr("Bytes"),
            tr("Intensity"), tr("Attainable"), tr("Bound"),   tr("Time")};
}

CaptionTable CaptionTable::withStyle(const SceneModel &model, Columns columns)
{
    CaptionTable table;
    table.m_columns = std::move(columns);
    table.m_theme = model.theme;
    table.m_font = model.fonts.legend;
    table.m_baseFontPixels = model.fonts.legend.pixelSize();
    table.m_plainFontPixels = table.m_baseFontPixels / std::max(1.0, model.options.fontScale);
    table.m_deviceShortNames = shortDeviceNames(model.deviceNames);
    return table;
}

bool CaptionTable::sameTextInEveryRow(int column, QString *text) const
{
    text->clear();
    for (const Row &row : m_rows) {
        const QString &cell = row.cells.at(column);
        if (cell.isEmpty())
            continue;
        if (!text->isEmpty() && cell != *text)
            return false;
        *text = cell;
    }
    return true;
}

QStringList CaptionTable::shownTitles() const
{
    QStringList titles;
    for (qsizetype c = 0; c < m_columnWidths.size(); ++c) {
        if (m_columnWidths.at(c) > 0)
            titles.append(m_columns.titles.at(c));
    }
    return titles;
}

const QString &CaptionTable::cellText(const Row &row, int column) const
{
    if (m_shortNames && column == deviceColumn && row.device >= 0 &&
        row.device < m_deviceShortNames.size())
        return m_deviceShortNames.at(row.device);
    return row.cells.at(column);
}

CaptionTable CaptionTable::build(const Analysis &analysis, const SceneModel &model,
                                 const QList<ModelAnalysis> &models)
{
    // Formats, then the operator (when shared), bytes and FLOPs give way to a narrow figure;
    // after the devices' short names, a bound every row shares (a step total has none).
    CaptionTable table =
        withStyle(model, {.titles = header(),
                          .numeric = {false, false, false, true, true, true, true, false, true},
                          .dropOrder = {formatsColumn, operatorColumn, bytesColumn, flopsColumn},
                          .lateDropOrder = {boundColumn},
                          .shared = {{operatorColumn, QStringLiteral("%1")},
                                     {boundColumn, tr("Bound: %1 (every point)")}},
                          .names = {deviceColumn, operatorColumn}});
    const QString &op = model.options.selectedOperator;
    const bool operatorShown =
        models.isEmpty() && !op.isEmpty() &&
        std::any_of(analysis.points.cbegin(), analysis.points.cend(),
                    [&op](const PointAnalysis &p) { return p.operatorId == op; });
    // Device order as in the legend; within a device, the analysis' operator order.
    for (qsizetype d = 0; d < analysis.devices.size(); ++d) {
        const QString &deviceId = analysis.devices.at(d).deviceId;
        for (const PointAnalysis &p : analysis.points) {
            if (p.deviceId != deviceId || (operatorShown && p.operatorId != op))
                continue;
            const bool selected = (operatorShown || !models.isEmpty()) && p.operatorId == op &&
                                  p.deviceId == model.options.selectedDevice;
            table.m_rows.append({cellsOf(analysis, p), static_cast<int>(d), selected, {}});
        }
        for (const ModelAnalysis &m : models) {
            if (m.roofs.deviceId == deviceId && !m.classes.isEmpty())
                table.m_rows.append({totalCells(analysis, m), static_cast<int>(d), true, {}});
        }
    }
    return table;
}

double CaptionTable::layout(double width, double maxHeight, int maxFontPixels)
{
    m_figureWidth = width;
    m_height = 0;
    m_shownRows = 0;
    m_sharedLine.clear();
    m_sharedLines.clear();
    m_shortNames = false;
    if (m_rows.isEmpty())
        return 0;
    const QStringList &titles = m_columns.titles;
    const int columns = static_cast<int>(titles.size());
    QList<bool> shown(columns, true);
    // Widths of the shown columns at a font size (0: column left out), and their sum. The
    // cap applies to every step, so each table gives way at the size it is drawn in.
    const auto measure = [&](int pixels) {
        m_font = withPixels(m_font, maxFontPixels > 0 ? std::min(pixels, maxFontPixels) : pixels);
        m_boldFont = m_font;
        m_boldFont.setBold(true);
        const QFontMetricsF plain(m_font), bold(m_boldFont);
        m_columnWidths = QList<double>(columns, 0);
        double total = 0;
        for (int c = 0; c < columns; ++c) {
            if (!shown.at(c))
                continue;
            double w = bold.horizontalAdvance(titles.at(c));
            for (const Row &row : std::as_const(m_rows)) {
                const bool isBold = row.selected || row.boldCells.contains(c);
                w = std::max(w, (isBold ? bold : plain).horizontalAdvance(cellText(row, c)));
            }
            if (c == deviceColumn)
                w += swatchWidth + swatchGap;
            m_columnWidths[c] = std::ceil(w + 2 * cellPad);
            total += m_columnWidths.at(c);
        }
        return total;
    };
    const double available = std::max(1.0, width - 2 * sideMargin);
    const int basePixels = static_cast<int>(std::lround(m_baseFontPixels));
    double total = measure(basePixels);
    // Too wide: first a somewhat smaller font, every column kept whole.
    const int floorPixels =
        std::max(minFontPixels, static_cast<int>(std::lround(basePixels * minFontShare)));
    int pixels = basePixels;
    if (total > available) {
        pixels =
            std::max(floorPixels, static_cast<int>(std::floor(basePixels * available / total)));
        total = measure(pixels);
    }
    // Then leave out the columns a reader misses least. A shared column goes only when every
    // row with text in it has the same text; that text is then named above the table.
    QStringList sharedTexts;
    const auto dropColumns = [&](const QList<int> &order) {
        for (int c : order) {
            if (total <= available)
                break;
            const auto shared = std::find_if(m_columns.shared.cbegin(), m_columns.shared.cend(),
                                             [c](const SharedColumn &s) { return s.column == c; });
            if (shared != m_columns.shared.cend()) {
                QString text;
                if (!sameTextInEveryRow(c, &text))
                    continue;
                if (!text.isEmpty())
                    sharedTexts.append(shared->form.arg(text));
            }
            shown[c] = false;
            total = measure(pixels);
        }
    };
    dropColumns(m_columns.dropOrder);
    // Then the devices' short names ("H100" for "NVIDIA H100 SXM5 80GB"): the swatch matches
    // each row to its legend line, which has the whole name.
    if (total > available && m_columnWidths.at(deviceColumn) > 0 && !m_deviceShortNames.isEmpty()) {
        m_shortNames = true;
        total = measure(pixels);
    }
    dropColumns(m_columns.lateDropOrder);
    m_sharedLine = sharedTexts.join(QStringLiteral(" · "));
    // Then a smaller font, down to that of 100 % text: at large text in a narrow figure a
    // smaller table beats cut names. Padding does not shrink with the font, so a few steps.
    const int plainPixels =
        std::max(minFontPixels, static_cast<int>(std::lround(m_plainFontPixels)));
    while (total > available && pixels > plainPixels) {
        pixels = std::clamp(static_cast<int>(std::floor(pixels * available / total)), plainPixels,
                            pixels - 1);
        total = measure(pixels);
    }
    if (total > available) {
        // Still too wide: the name columns give up the rest; their text is elided when drawn.
        double names = 0;
        for (int c : std::as_const(m_columns.names))
            names += m_columnWidths.at(c);
        const double keep = names > 0 ? std::max(0.0, names - (total - available)) / names : 1;
        for (int c : std::as_const(m_columns.names)) {
            if (m_columnWidths.at(c) > 0)
                m_columnWidths[c] = std::max(minNameWidth, std::floor(m_columnWidths.at(c) * keep));
        }
    }

    // What the rows share, wrapped to the table's width: a narrow table's "8B MLP up (decode) ·
    // Bound: …" can be wider than the table, and a fact cut off is a fact lost.
    double tableWidth = 0;
    for (double w : std::as_const(m_columnWidths))
        tableWidth += w;
    if (!m_sharedLine.isEmpty())
        m_sharedLines = wrapLegendText(m_boldFont, m_sharedLine, tableWidth - 2 * cellPad);
    m_rowHeight = std::ceil(QFontMetricsF(m_font).height()) + 8;
    // Margins, the header and the lines above the table when they name something.
    m_fixedHeight =
        topMargin + bottomMargin + m_rowHeight * static_cast<double>(1 + m_sharedLines.size());
    if (leastHeight() > maxHeight)
        return 0; // not even one row fits: no table rather than a useless one
    const int count = static_cast<int>(m_rows.size());
    // Capped before the cast: an unbounded height (Figure measures a table's whole height)
    // gives more rows than an int holds.
    const int fit = static_cast<int>(
        std::min(std::floor((maxHeight - m_fixedHeight) / m_rowHeight), count + 1.0));
    // When rows are left out, one line says how many: it takes a row's place.
    m_shownRows = count <= fit ? count : std::max(0, fit - 1);
    const int lines = m_shownRows + (m_shownRows < count ? 1 : 0);
    m_height = m_fixedHeight + lines * m_rowHeight;
    return m_height;
}

namespace {

// The lines a table of `rows` rows draws at least: one row, and the count of the others.
int leastLines(qsizetype rows)
{
    return rows < 2 ? 1 : 2;
}

} // namespace

double CaptionTable::leastHeight() const
{
    return m_fixedHeight + leastLines(m_rows.size()) * m_rowHeight;
}

int CaptionTable::linesOverLeast() const
{
    if (m_shownRows == 0)
        return 0;
    return m_shownRows + (leavesOutRows() ? 1 : 0) - leastLines(m_rows.size());
}

double CaptionTable::draw(QPainter *painter, double top) const
{
    if (m_height <= 0)
        return 0;
    double tableWidth = 0;
    for (double w : m_columnWidths)
        tableWidth += w;
    const double left = std::max(0.0, std::round((m_figureWidth - tableWidth) / 2));
    const double right = left + tableWidth;
    double y = top + topMargin;
    const QFontMetricsF plain(m_font);
    const auto baselineIn = [&](const QFontMetricsF &metrics) {
        return y + (m_rowHeight - metrics.height()) / 2 + metrics.ascent();
    };

    const auto drawRow = [&](const QStringList &cells, const QFont &font, const Row *row) {
        double x = left;
        for (int c = 0; c < static_cast<int>(cells.size()); ++c) {
            const double w = m_columnWidths.at(c);
            if (w <= 0)
                continue; // left out for want of width
            const QFont &cellFont = row && row->boldCells.contains(c) ? m_boldFont : font;
            const QFontMetricsF metrics(cellFont);
            const double baseline = baselineIn(metrics);
            painter->setFont(cellFont);
            double textLeft = x + cellPad, textWidth = w - 2 * cellPad;
            if (c == deviceColumn && row) {
                // The device's line as in the legend, so a row is matched to its roofs.
                const double mid = y + m_rowHeight / 2;
                QPen pen(m_theme.deviceColor(row->device), 2.6,
                         m_theme.deviceLineStyle(row->device), Qt::FlatCap);
                painter->setPen(pen);
                painter->drawLine(QPointF(textLeft, mid), QPointF(textLeft + swatchWidth, mid));
                textLeft += swatchWidth + swatchGap;
                textWidth -= swatchWidth + swatchGap;
            }
            QString text = row ? cellText(*row, c) : cells.at(c);
            if (metrics.horizontalAdvance(text) > textWidth + 0.5)
                text = metrics.elidedText(text, Qt::ElideRight, textWidth);
            const double advance = metrics.horizontalAdvance(text);
            const bool numeric = m_columns.numeric.value(c, false);
            const double textX = numeric ? textLeft + textWidth - advance : textLeft;
            painter->setPen(m_theme.foreground);
            painter->drawText(QPointF(textX, baseline), text);
            x += w;
        }
        y += m_rowHeight;
    };
    const auto rule = [&](double width) {
        painter->setPen(QPen(m_theme.foreground, width, Qt::SolidLine, Qt::FlatCap));
        painter->drawLine(QPointF(left, y), QPointF(right, y));
    };

    // What every row shares (the operator, the bound), named once when its column did not
    // fit.
    const QFontMetricsF boldMetrics(m_boldFont);
    for (const QString &line : m_sharedLines) {
        painter->setFont(m_boldFont);
        painter->setPen(m_theme.foreground);
        painter->drawText(QPointF(left + cellPad, baselineIn(boldMetrics)), line);
        y += m_rowHeight;
    }
    // Three rules as in a printed table: above and below the header, and at the end.
    rule(1.2);
    drawRow(m_columns.titles, m_boldFont, nullptr);
    rule(0.8);
    for (int i = 0; i < m_shownRows; ++i) {
        const Row &row = m_rows.at(i);
        drawRow(row.cells, row.selected ? m_boldFont : m_font, &row);
    }
    const int hidden = static_cast<int>(m_rows.size()) - m_shownRows;
    if (hidden > 0) {
        const QString note =
            countedText(hidden, tr("… and %1 more row that does not fit; a taller figure lists it"),
                        tr("… and %1 more rows that do not fit; a taller figure lists them"));
        painter->setFont(m_font);
        painter->setPen(m_theme.muted);
        painter->drawText(QPointF(left + cellPad, baselineIn(plain)),
                          plain.elidedText(note, Qt::ElideRight, tableWidth - 2 * cellPad));
        y += m_rowHeight;
    }
    rule(1.2);
    return m_height;
}

} // namespace rooflab
