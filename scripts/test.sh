#!/usr/bin/env bash
# Builds RoofLab and runs every test: the Qt Test suites through CTest, the Debian package
# (built, unpacked into a temporary root and run from there), the same suites again under
# AddressSanitizer + UndefinedBehaviorSanitizer, and a bounded libFuzzer run of every
# loader. Installs the Debian packages it needs first.
# Usage: scripts/test.sh [--quick]   (--quick: the plain suites only)
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
for argument in "$@"; do
    case "$argument" in
    --quick) quick=1 ;;
    *)
        echo "test.sh: unknown argument '$argument' (expected --quick)" >&2
        exit 2
        ;;
    esac
done

scripts/deps.sh test
jobs=$(nproc)

echo "RoofLab: building and running the test suites (build-test/)"
cmake -S . -B build-test -G Ninja -DCMAKE_BUILD_TYPE=Debug -DROOFLAB_WERROR=ON >/dev/null
cmake --build build-test -j "$jobs"
ctest --test-dir build-test --output-on-failure -j "$jobs"

[[ $quick -eq 1 ]] && exit 0

echo "RoofLab: the Debian package, unpacked into a temporary root and run from there"
package=$(mktemp -d)
trap 'rm -rf "$package"' EXIT
ROOFLAB_BUILD_DIR=build-test scripts/package.sh "$package/deb"
dpkg -x "$package"/deb/rooflab_*.deb "$package/root"
for file in usr/bin/rooflab usr/libexec/rooflab/rooflab-window \
    usr/share/applications/org.rooflab.rooflab.desktop \
    usr/share/metainfo/org.rooflab.rooflab.metainfo.xml \
    usr/share/icons/hicolor/scalable/apps/org.rooflab.rooflab.svg \
    usr/share/icons/hicolor/256x256/apps/org.rooflab.rooflab.png \
    usr/share/mime/packages/org.rooflab.rooflab.xml usr/share/man/man1/rooflab.1.gz; do
    [[ -s "$package/root/$file" ]] || { echo "RoofLab: the package lacks /$file" >&2; exit 1; }
done
dpkg-deb --field "$package"/deb/rooflab_*.deb Depends | grep -q libqt6 ||
    { echo "RoofLab: the package's Depends name no Qt library" >&2; exit 1; }
# The file type, compiled as a desktop would: *.rooflab.json maps to RoofLab's type.
XDG_DATA_DIRS="$package/root/usr/share" update-mime-database "$package/root/usr/share/mime"
grep -q '^60:application/x-rooflab-scenario:\*\.rooflab\.json$' "$package/root/usr/share/mime/globs2" ||
    { echo "RoofLab: *.rooflab.json is not mapped to its file type" >&2; exit 1; }
"$package/root/usr/bin/rooflab" --version
"$package/root/usr/bin/rooflab" export -o "$package/from-package.svg" --width 400 --height 300
[[ -s "$package/from-package.svg" ]] || { echo "RoofLab: the packaged export wrote nothing" >&2; exit 1; }
# The packaged rooflab finds the packaged window's program: it refuses a screen the
# offscreen platform does not have (exit status 2), which only the window's program checks.
status=0
QT_QPA_PLATFORM=offscreen "$package/root/usr/bin/rooflab" --screen 9 2>"$package/window.err" || status=$?
[[ $status -eq 2 ]] && grep -q -- '--screen: give a screen number' "$package/window.err" ||
    { echo "RoofLab: the packaged rooflab did not start its window's program" >&2; exit 1; }

echo "RoofLab: the same suites under ASan + UBSan (build-asan/)"
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DROOFLAB_SANITIZE=ON >/dev/null
cmake --build build-asan -j "$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build-asan --output-on-failure -j "$jobs"

echo "RoofLab: fuzzing every loader (presets, scenarios, figure metadata, command line, lessons, measured data)"
scripts/fuzz.sh 50
