#pragma once

#include <QBrush>
#include <QFontMetricsF>
#include <QList>
#include <QPen>
#include <QRect>
#include <QString>
#include <QStringList>
#include <QWidget>

namespace rooflab::gui {

// `text` broken at spaces into lines no wider than `width` in `metrics` (a word wider than
// that on a line of its own).
QStringList wrapAtSpaces(const QString &text, const QFontMetricsF &metrics, qreal width);

// One entry of a chart's legend: a line in the series' pen, or, with a brush, a dot.
struct ChartKeyEntry
{
    QString name;
    QPen pen;
    QBrush dot = Qt::NoBrush; // set: a marker, not a line
};

// A chart's title and legend as a widget above it: the title wraps at spaces and the legend's
// entries flow onto as many rows as the width needs, so neither is ever elided. Qt Charts
// keeps its title and a top legend on one line each and elides them where the chart is narrow
// (large text in a dock).
class ChartHeader : public QWidget
{
    Q_OBJECT

public:
    explicit ChartHeader(QWidget *parent = nullptr);

    void setTitle(const QString &title);
    void setEntries(const QList<ChartKeyEntry> &entries);
    void setFonts(const QFont &title, const QFont &entries);
    void setColors(const QColor &text, const QColor &background);

    QString title() const { return m_title; }
    QStringList names() const;
    const QFont &titleFont() const { return m_titleFont; }
    const QFont &entryFont() const { return m_entryFont; }

    // Where the text goes at `width`: the title's lines, and each entry's rectangle (its
    // mark and its name), for painting and for tests.
    QStringList titleLines(int width) const;
    QList<QRect> entryRects(int width) const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    int lineHeight(const QFont &font) const;
    int markWidth() const;
    int entryWidth(const ChartKeyEntry &entry) const;
    // The top of the legend's first row below the title's lines.
    int legendTop(int titleLines) const;

    QString m_title;
    QList<ChartKeyEntry> m_entries;
    QFont m_titleFont, m_entryFont;
    QColor m_text = Qt::black, m_background = Qt::white;
};

} // namespace rooflab::gui
