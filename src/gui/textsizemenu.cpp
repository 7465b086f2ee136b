#include "textsizemenu.h"

#include "presentation.h"

#include <QActionGroup>

#include <algorithm>
#include <cmath>
#include <iterator>

namespace rooflab::gui {

namespace {

// The index of the step nearest `scale`.
qsizetype nearestStep(double scale)
{
    qsizetype best = 0;
    for (qsizetype i = 1; i < qsizetype(std::size(textScaleSteps)); ++i) {
        if (std::abs(textScaleSteps[i] - scale) < std::abs(textScaleSteps[best] - scale))
            best = i;
    }
    return best;
}

} // namespace

TextSizeMenu::TextSizeMenu(std::function<void(double)> apply, QWidget *parent)
    : QMenu(tr("Te&xt size"), parent), m_apply(std::move(apply)), m_group(new QActionGroup(this))
{
    for (const double step : textScaleSteps) {
        QAction *action = addAction(tr("%1 %").arg(std::lround(step * 100)));
        action->setCheckable(true);
        action->setData(step);
        m_group->addAction(action);
        connect(action, &QAction::triggered, this, [this, step] { m_apply(step); });
    }
    addSeparator();
    QAction *larger = addAction(tr("&Larger"));
    larger->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::Key_Plus), QKeySequence(Qt::CTRL | Qt::Key_Equal)});
    connect(larger, &QAction::triggered, this, [this] {
        if (const double next = stepFrom(m_scale, 1); next != m_scale)
            m_apply(next);
    });
    QAction *smaller = addAction(tr("&Smaller"));
    smaller->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Minus));
    connect(smaller, &QAction::triggered, this, [this] {
        if (const double next = stepFrom(m_scale, -1); next != m_scale)
            m_apply(next);
    });
}

void TextSizeMenu::refresh(double scale)
{
    m_scale = scale;
    const QList<QAction *> actions = m_group->actions();
    const qsizetype nearest = nearestStep(scale);
    for (qsizetype i = 0; i < actions.size(); ++i)
        actions.at(i)->setChecked(i == nearest && std::abs(textScaleSteps[i] - scale) < 1e-9);
}

double TextSizeMenu::stepFrom(double scale, int steps) const
{
    const qsizetype count = qsizetype(std::size(textScaleSteps));
    qsizetype index = nearestStep(scale) + steps;
    index = std::clamp<qsizetype>(index, 0, count - 1);
    return textScaleSteps[index];
}

} // namespace rooflab::gui
