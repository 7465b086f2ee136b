#!/usr/bin/env bash
# Installs the Debian 12 packages RoofLab needs, only those that are missing.
# Usage: scripts/deps.sh build|test|bench|package
# Runs apt-get as root, or through sudo for another user.
set -euo pipefail

build_packages=(cmake ninja-build g++ pkg-config
    qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev libqcustomplot-dev
    libgl-dev zlib1g-dev fonts-dejavu-core)
test_packages=(clang-14 libclang-rt-14-dev appstream desktop-file-utils libxml2-utils xvfb xauth
    shared-mime-info)
bench_packages=(python3-matplotlib hyperfine xvfb xauth imagemagick xdotool)
# dpkg-shlibdeps (dpkg-dev) computes the package's Depends; file is what it reads ELF with.
package_packages=(dpkg-dev file)

case "${1:-build}" in
build) wanted=("${build_packages[@]}") ;;
test) wanted=("${build_packages[@]}" "${test_packages[@]}" "${package_packages[@]}") ;;
package) wanted=("${build_packages[@]}" "${package_packages[@]}") ;;
bench) wanted=("${build_packages[@]}" "${bench_packages[@]}") ;;
*)
    echo "deps.sh: unknown set '$1' (expected build, test, bench or package)" >&2
    exit 2
    ;;
esac

missing=()
for package in "${wanted[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$package")
done

if [[ ${#missing[@]} -eq 0 ]]; then
    echo "RoofLab: all ${#wanted[@]} required Debian packages are installed."
    exit 0
fi

if [[ $(id -u) -eq 0 ]]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
else
    echo "RoofLab: missing packages: ${missing[*]}" >&2
    echo "RoofLab: run this script as root or install sudo." >&2
    exit 1
fi

echo "RoofLab: installing ${#missing[@]} Debian packages: ${missing[*]}"
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}"
