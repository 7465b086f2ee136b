#!/usr/bin/env bash
# Builds RoofLab (installing what it needs) and starts it. Without a display it renders the
# default scenario to PNG and SVG instead and says where they are.
# Usage: scripts/run.sh [rooflab arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/deps.sh build
echo "RoofLab: building (Release) in build-release/"
cmake -S . -B build-release -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >/dev/null
cmake --build build-release --target rooflab

if [[ -n "${DISPLAY:-}" || -n "${WAYLAND_DISPLAY:-}" ]]; then
    echo "RoofLab: starting the window"
    exec build-release/rooflab "$@"
fi

mkdir -p out
echo "RoofLab: no display found; rendering the default scenario instead"
build-release/rooflab export -o out/rooflab-default.png
build-release/rooflab export -o out/rooflab-default.svg
echo "RoofLab: wrote $(pwd)/out/rooflab-default.png and $(pwd)/out/rooflab-default.svg"
