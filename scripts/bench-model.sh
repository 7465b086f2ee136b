#!/bin/sh
# Builds the model-window benchmark in Release and runs it: with Llama 3.1 70B on three
# devices, the time from a batch change to every view updated, offscreen.
# Usage: scripts/bench-model.sh [BUILD_DIR] [ITERATIONS]
set -eu
source_dir=$(cd "$(dirname "$0")/.." && pwd)
build_dir=${1:-"$source_dir/build-bench"}
iterations=${2:-40}
cmake -S "$source_dir" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build_dir" --target bench_model_window
QT_QPA_PLATFORM=offscreen "$build_dir/tests/bench/bench_model_window" "$iterations"
