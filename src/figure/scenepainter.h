#pragma once

#include "sceneframe.h"
#include "scenemodel.h"

#include <QList>
#include <QPolygonF>

class QImage;
class QPainter;
class QPen;

namespace rooflab {

// Draws one laid-out frame of a scene with any QPainter (screen, image, SVG, PDF): the same
// calls for the window and for files.
class ScenePainter
{
public:
    ScenePainter(const SceneModel &model, const SceneFrame &frame, QPainter *painter);

    // Memory-bound and compute-bound shading under the zone roof, and its ridge line.
    void drawZones();
    // Which roof lines drawRoofs() draws. A deployment's interconnect slope moves with the
    // batch while the others stay: the window draws it over the points' buffer (LinksOnly)
    // so that a batch tick need not repaint the layers below.
    enum class Roofs { All, AllButLinks, LinksOnly };
    // Slopes, flat roofs (datasheet ghosts first) and ridge corners.
    void drawRoofs(Roofs which = Roofs::All);
    // Fading trails (data coordinates, oldest first) of points that moved recently.
    void drawTrails(const QList<QPolygonF> &trails);
    // Operator markers; the selected one with a halo.
    void drawPoints();
    // Every placed text with its leader line, ridge-batch carets and number badges.
    void drawLabels();
    // The legend box.
    void drawLegend();

private:
    void strokeLine(const QPointF &a, const QPointF &b, const QPen &pen);
    void drawLine(const QPointF &a, const QPointF &b, const QColor &color, double width,
                  Qt::PenStyle style);
    void drawStripe(const QPointF &a, const QPointF &b, const QColor &color, double width,
                    int index, int count);
    bool canStamp() const;
    const QImage &markerSprite(MarkerShape shape, bool filled, const QColor &color);
    void drawMarker(const QPointF &centre, MarkerShape shape, bool filled, const QColor &color,
                    double size);
    void drawTextLines(const QRectF &box, const QString &text, Qt::Alignment align);
    const QFont &fontFor(TextStyle style) const;

    const SceneModel &m;
    const SceneFrame &f;
    QPainter *p;
};

} // namespace rooflab
