#!/bin/sh
# Builds the window benchmarks in Release and runs them: the time from a new analysis (a
# batch change) to a finished replot, offscreen at 1600 x 1000, for 8 devices x 40 operators
# and for 10,000 points, with the label layout's part; then, with Llama 3.1 70B on three and
# on four devices, from a batch change to every view of the window updated. Each case ends
# in a line "bench: NAME median_ms=X p90_ms=Y".
# Usage: scripts/bench-chart.sh [BUILD_DIR] [ITERATIONS]
set -eu
source_dir=$(cd "$(dirname "$0")/.." && pwd)
build_dir=${1:-"$source_dir/build-bench"}
iterations=${2:-60}
cmake -S "$source_dir" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build_dir" --target bench_chart_replot bench_model_window bench_compare_dock
QT_QPA_PLATFORM=offscreen "$build_dir/tests/bench/bench_chart_replot" "$iterations"
QT_QPA_PLATFORM=offscreen "$build_dir/tests/bench/bench_model_window" "$iterations"
QT_QPA_PLATFORM=offscreen "$build_dir/tests/bench/bench_compare_dock" "$iterations"
