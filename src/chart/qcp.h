#pragma once

// The one way RoofLab's renderer includes QCustomPlot. Its header still uses the Qt
// keywords `signals` and `foreach`, which RoofLab's strict defines turn off; map them to
// their spelled-out forms for the duration of the include only.

#ifdef signals
#define ROOFLAB_HAD_SIGNALS
#else
#define signals Q_SIGNALS
#endif
#ifdef foreach
#define ROOFLAB_HAD_FOREACH
#else
#define foreach(variable, container) for (variable : container)
#endif

#include <qcustomplot.h>

#ifndef ROOFLAB_HAD_SIGNALS
#undef signals
#endif
#ifndef ROOFLAB_HAD_FOREACH
#undef foreach
#endif
#undef ROOFLAB_HAD_SIGNALS
#undef ROOFLAB_HAD_FOREACH
