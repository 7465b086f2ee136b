#!/usr/bin/env bash
# Writes the man page rooflab.1 from the program's own --help texts, so the page states
# exactly the options and ranges the program checks. Usage: manpage.sh ROOFLAB OUT VERSION
set -euo pipefail
[[ $# -eq 3 ]] || { echo "usage: manpage.sh ROOFLAB OUT VERSION" >&2; exit 2; }
rooflab=$1
out=$2
version=$3
export QT_QPA_PLATFORM=offscreen

# Help text as roff: lines starting with "." or "'" escaped, backslashes and dashes kept.
roff() {
    sed -e "s|^Usage: [^ ]*|Usage: rooflab|" |
    sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"
}

{
    echo ".TH ROOFLAB 1 \"\" \"RoofLab $version\" \"User Commands\""
    echo ".SH NAME"
    echo "rooflab \\- interactive roofline plots for kernels, devices and LLM workloads"
    echo ".SH SYNOPSIS"
    echo ".B rooflab"
    echo "[\\fISCENARIO\\fR]"
    echo ".br"
    echo ".B rooflab"
    echo "\\fBlist\\fR|\\fBanalyze\\fR|\\fBcompare\\fR|\\fBexport\\fR|\\fBlesson\\fR [\\fIOPTIONS\\fR]"
    echo ".SH DESCRIPTION"
    echo "Without a command, RoofLab opens its window, with SCENARIO (a *.rooflab.json file,"
    echo "or a PNG, SVG or PDF exported by RoofLab) when one is given. The commands run"
    echo "without a display. Exit status: 0 success, 1 a failure such as a full disk,"
    echo "2 a refused argument or input file, named in the message."
    echo ".SH OPTIONS"
    echo ".nf"
    "$rooflab" --help | roff
    echo ".fi"
    for command in list analyze compare export lesson; do
        echo ".SH COMMAND: ${command^^}"
        echo ".nf"
        "$rooflab" "$command" --help | roff
        echo ".fi"
    done
    echo ".SH FILES"
    echo "Presets are read from the built-in set, then from"
    echo ".I \$XDG_DATA_HOME/rooflab/presets"
    echo "(usually ~/.local/share/rooflab/presets) and from every \\-\\-presets folder."
    echo ".SH SEE ALSO"
    echo "The README and docs/ of the RoofLab sources."
} >"$out.tmp"
mv "$out.tmp" "$out"
