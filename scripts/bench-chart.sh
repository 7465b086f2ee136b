#!/bin/sh
# Builds the chart benchmark in Release and runs it: the time from a new analysis (a batch
# change) to a finished replot, offscreen at 1600 x 1000, for 8 devices x 40 operators and
# for 10,000 points. Usage: scripts/bench-chart.sh [BUILD_DIR] [ITERATIONS]
set -eu
source_dir=$(cd "$(dirname "$0")/.." && pwd)
build_dir=${1:-"$source_dir/build-bench"}
iterations=${2:-60}
cmake -S "$source_dir" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build_dir" --target bench_chart_replot
QT_QPA_PLATFORM=offscreen "$build_dir/tests/bench/bench_chart_replot" "$iterations"
