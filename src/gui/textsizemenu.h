#pragma once

#include <QMenu>

#include <functional>

class QActionGroup;

namespace rooflab::gui {

// View › Text size: the steps of textScaleSteps as a choice, and Ctrl++ / Ctrl+- to step
// through them. `apply` makes the change (an undoable presentation edit).
class TextSizeMenu : public QMenu
{
    Q_OBJECT

public:
    TextSizeMenu(std::function<void(double)> apply, QWidget *parent = nullptr);

    // Checks the step nearest `scale`.
    void refresh(double scale);
    // The step `steps` away from the one checked (clamped to the list).
    double stepFrom(double scale, int steps) const;

private:
    std::function<void(double)> m_apply;
    QActionGroup *m_group;
    double m_scale = 1;
};

} // namespace rooflab::gui
