#pragma once

#include <QList>
#include <QString>
#include <QWidget>

#include <memory>

namespace rooflab::gui {

// One bar: an operator class and its share of the step's time.
struct ShareBar
{
    QString label;
    double share = 0; // 0..1
};

// Horizontal bars of each operator class's share of a model step's time (Qt Charts). Draws
// the figures it is given, nothing else.
class ShareBarChart : public QWidget
{
    Q_OBJECT

public:
    explicit ShareBarChart(QWidget *parent = nullptr);
    ~ShareBarChart() override;

    // Shows `bars` under `title`; no bars shows `title` alone as a hint.
    void setBars(const QString &title, const QList<ShareBar> &bars);
    void setAppearance(bool dark, double fontScale);

    // The bars shown, in percent, for tests.
    QList<double> percentages() const;
    QStringList labels() const;
    // The title given (drawn wrapped to the width), and Qt Charts' own title, which stays
    // empty: for tests.
    QString title() const;
    QString chartTitle() const;

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace rooflab::gui
