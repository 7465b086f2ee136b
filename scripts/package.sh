#!/usr/bin/env bash
# Builds the Debian package of RoofLab with CPack (build-package/, Release) and puts the
# .deb in OUT_DIR (default out/). Usage: scripts/package.sh [OUT_DIR]
# Depends are computed by dpkg-shlibdeps from the libraries rooflab links.
# ROOFLAB_BUILD_DIR=DIR packages an already configured build folder instead (scripts/test.sh
# reuses its test build so CI compiles RoofLab once less).
set -euo pipefail
cd "$(dirname "$0")/.."
[[ $# -le 1 ]] || { echo "package.sh: usage: scripts/package.sh [OUT_DIR]" >&2; exit 2; }
out=${1:-out}

scripts/deps.sh package
build=${ROOFLAB_BUILD_DIR:-build-package}
if [[ -z "${ROOFLAB_BUILD_DIR:-}" ]]; then
    cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >/dev/null
fi
cmake --build "$build" --target rooflab rooflab_desktop_files -j "$(nproc)"
rm -f "$build"/rooflab_*.deb
(cd "$build" && cpack -G DEB >/dev/null)
mkdir -p "$out"
deb=$(ls "$build"/rooflab_*.deb)
cp "$deb" "$out"/
echo "RoofLab: $out/$(basename "$deb")"
dpkg-deb --field "$deb" Package Version Depends
