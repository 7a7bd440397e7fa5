#!/bin/sh
# package.sh EXE VERSION ZIP SETUP
#
# Packs the Windows program EXE (cross-built by `make windows`) twice:
# ZIP holds echiquier.exe, LICENSE.txt and CREDITS.txt at its top, to run
# from any folder; SETUP is the NSIS installer of the same three files
# (echiquier.nsi). The texts get Windows line ends and a .txt name, so
# that a double click opens them.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$here/../..
exe=$1
version=$2
zip=$3
setup=$4

for tool in zip makensis convert; do
	command -v "$tool" >/dev/null 2>&1 || {
		echo "package.sh: $tool is missing (make windows-deps installs it)" >&2
		exit 1
	}
done
echo "$version" | grep -qx '[0-9]\{1,5\}\.[0-9]\{1,5\}\.[0-9]\{1,5\}' || {
	echo "package.sh: version '$version' is not x.y.z, as Windows' version resources need" >&2
	exit 1
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage=$work/stage
mkdir "$stage"

crlf() { sed 's/\r*$/\r/' "$@"; }

cp "$exe" "$stage/echiquier.exe"
crlf "$root/LICENSE" >"$stage/LICENSE.txt"
# The README's Licence section, then the notices of what the program
# embeds that is not ours (their licences ask for them in every copy).
{
	printf 'Échiquier %s\n\n' "$version"
	sed -n '/^## Licence/,/^## [^L]/{/^## [^L]/!p}' "$root/README.md"
	for f in pieces/cburnett/README.md pieces/fancy/README.md \
		resources/fonts/LICENSE-DejaVu.txt resources/fonts/LICENSE-Symbola.txt \
		resources/sounds/README.md; do
		printf '\n\n==== %s ====\n\n' "$f"
		cat "$root/$f"
	done
} | crlf >"$stage/CREDITS.txt"

# The installer's icon: the app's, at the sizes Windows shows.
convert "$root/resources/icon.png" -define icon:auto-resize=256,64,48,32,16 "$work/echiquier.ico"

mkdir -p "$(dirname "$zip")" "$(dirname "$setup")"
rm -f "$zip" "$setup"
(cd "$stage" && zip -q -X -9 "$work/out.zip" echiquier.exe LICENSE.txt CREDITS.txt)
mv "$work/out.zip" "$zip"

size_kb=$(du -k -c "$stage"/* | tail -n 1 | cut -f 1)
makensis -V2 -INPUTCHARSET UTF8 -DVERSION="$version" -DSTAGE="$stage" \
	-DICON="$work/echiquier.ico" -DSIZE_KB="$size_kb" -DOUTFILE="$work/$(basename "$setup")" \
	"$here/echiquier.nsi"
mv "$work/$(basename "$setup")" "$setup"
echo "windows: $zip ($(wc -c <"$zip") bytes), $setup ($(wc -c <"$setup") bytes)"
