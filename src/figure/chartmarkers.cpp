#include "chartmarkers.h"

#include <QCoreApplication>
#include <QTransform>

#include <cmath>
#include <numbers>

namespace rooflab {

MarkerShape markerForKind(OperatorKind kind)
{
    switch (kind) {
    case OperatorKind::DecodeGemm:
    case OperatorKind::Elementwise:
        return MarkerShape::Circle;
    case OperatorKind::PrefillGemm:
    case OperatorKind::RmsNorm:
    case OperatorKind::LayerNorm:
        return MarkerShape::Square;
    case OperatorKind::Gemm:
    case OperatorKind::Softmax:
        return MarkerShape::Diamond;
    case OperatorKind::AttentionDecode:
        return MarkerShape::Triangle;
    case OperatorKind::AttentionPrefill:
        return MarkerShape::TriangleDown;
    case OperatorKind::Matmul:
        return MarkerShape::Star;
    case OperatorKind::Activation:
        return MarkerShape::Pentagon;
    case OperatorKind::Custom:
        return MarkerShape::Hexagon;
    }
    return MarkerShape::Circle;
}

bool markerFilledForKind(OperatorKind kind)
{
    return defaultUnit(kind) == UnitKind::Matrix;
}

namespace {

QPainterPath regularPolygon(int corners, double radius, double startDegrees)
{
    QPainterPath path;
    for (int i = 0; i < corners; ++i) {
        const double angle = (startDegrees + 360.0 * i / corners) * std::numbers::pi / 180.0;
        const QPointF p(radius * std::cos(angle), radius * std::sin(angle));
        if (i == 0)
            path.moveTo(p);
        else
            path.lineTo(p);
    }
    path.closeSubpath();
    return path;
}

QPainterPath star(double radius)
{
    QPainterPath path;
    for (int i = 0; i < 10; ++i) {
        const double r = i % 2 == 0 ? radius : radius * 0.45;
        const double angle = (-90.0 + 36.0 * i) * std::numbers::pi / 180.0;
        const QPointF p(r * std::cos(angle), r * std::sin(angle));
        if (i == 0)
            path.moveTo(p);
        else
            path.lineTo(p);
    }
    path.closeSubpath();
    return path;
}

// A plus of two bars `half` long from the centre and `arm` thick, as one closed outline.
QPainterPath plus(double half, double arm)
{
    const double a = arm / 2;
    QPainterPath path;
    const QPointF corners[] = {{-a, -half}, {a, -half}, {a, -a}, {half, -a}, {half, a},   {a, a},
                               {a, half},   {-a, half}, {-a, a}, {-half, a}, {-half, -a}, {-a, -a}};
    path.moveTo(corners[0]);
    for (const QPointF &p : corners)
        path.lineTo(p);
    path.closeSubpath();
    return path;
}

} // namespace

QPainterPath markerPath(MarkerShape shape, double size)
{
    const double r = size / 2;
    QPainterPath path;
    switch (shape) {
    case MarkerShape::Circle:
        path.addEllipse(QPointF(0, 0), r * 0.9, r * 0.9);
        return path;
    case MarkerShape::Square:
        path.addRect(QRectF(-r * 0.8, -r * 0.8, r * 1.6, r * 1.6));
        return path;
    case MarkerShape::Diamond:
        return regularPolygon(4, r * 1.05, -90);
    case MarkerShape::Triangle:
        return regularPolygon(3, r * 1.1, -90).translated(0, r * 0.15);
    case MarkerShape::TriangleDown:
        return regularPolygon(3, r * 1.1, 90).translated(0, -r * 0.15);
    case MarkerShape::Pentagon:
        return regularPolygon(5, r, -90);
    case MarkerShape::Star:
        return star(r * 1.2);
    case MarkerShape::Hexagon:
        return regularPolygon(6, r, 0);
    case MarkerShape::Cross: {
        QTransform turn;
        turn.rotate(45);
        return turn.map(plus(r * 1.15, r * 0.5));
    }
    case MarkerShape::Plus:
        return plus(r, r * 0.42);
    }
    return path;
}

QString kindLegendName(OperatorKind kind)
{
    const char *text = "";
    switch (kind) {
    case OperatorKind::Elementwise:
        text = QT_TRANSLATE_NOOP("RooflineChart", "elementwise");
        break;
    case OperatorKind::Activation:
        text = QT_TRANSLATE_NOOP("RooflineChart", "activation");
        break;
    case OperatorKind::LayerNorm:
        text = QT_TRANSLATE_NOOP("RooflineChart", "LayerNorm");
        break;
    case OperatorKind::RmsNorm:
        text = QT_TRANSLATE_NOOP("RooflineChart", "RMSNorm");
        break;
    case OperatorKind::Softmax:
        text = QT_TRANSLATE_NOOP("RooflineChart", "softmax");
        break;
    case OperatorKind::Gemm:
        text = QT_TRANSLATE_NOOP("RooflineChart", "GEMM");
        break;
    case OperatorKind::Matmul:
        text = QT_TRANSLATE_NOOP("RooflineChart", "square matmul");
        break;
    case OperatorKind::DecodeGemm:
        text = QT_TRANSLATE_NOOP("RooflineChart", "decode GEMM");
        break;
    case OperatorKind::PrefillGemm:
        text = QT_TRANSLATE_NOOP("RooflineChart", "prefill GEMM");
        break;
    case OperatorKind::AttentionDecode:
        text = QT_TRANSLATE_NOOP("RooflineChart", "decode attention");
        break;
    case OperatorKind::AttentionPrefill:
        text = QT_TRANSLATE_NOOP("RooflineChart", "prefill attention");
        break;
    case OperatorKind::Custom:
        text = QT_TRANSLATE_NOOP("RooflineChart", "custom");
        break;
    }
    return QCoreApplication::translate("RooflineChart", text);
}

} // namespace rooflab
