#!/bin/sh
# finish-package.sh FYNE_TARBALL OUT_TARBALL
#
# Completes the Linux package made by `go tool fyne package -os linux`:
# adds to its .desktop file the keys fyne cannot write from FyneApp.toml
# (desktop-extra-keys: the PGN MIME type, the French texts) and adds the
# shared-mime-info XML that defines the PGN type, the AppStream metainfo
# (what software centres show) and the manual page. Everything else
# (binary, icon, fyne's own Makefile) stays as fyne made it.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
in=$1
out=$2

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

tar -xJf "$in" -C "$work"

# fyne puts everything under usr/local/ when the build machine has a
# /usr/local, under usr/ otherwise.
desktop=$(find "$work/usr" -path '*/share/applications/*.desktop' | head -n 1)
if [ -z "$desktop" ]; then
	echo "finish-package: no .desktop file in $in" >&2
	exit 1
fi
share=$(dirname "$(dirname "$desktop")")

# The extra keys go at the end of the [Desktop Entry] group, before any
# later group (fyne adds [X-Fyne Source] when FyneApp.toml has [Source]).
grep -v -e '^#' -e '^[[:space:]]*$' "$here/desktop-extra-keys" >"$work/extra"
awk -v extra="$work/extra" '
	function flush() { while ((getline line < extra) > 0) print line; close(extra) }
	/^\[/ { if (in_entry) flush(); in_entry = ($0 == "[Desktop Entry]") }
	/^[[:space:]]*$/ && in_entry { flush(); in_entry = 0 }
	{ print }
	END { if (in_entry) flush() }
' "$desktop" >"$work/desktop.new"
mv "$work/desktop.new" "$desktop"
chmod 0644 "$desktop"

install -Dm0644 "$here/org.echiquier.Echiquier.xml" \
	"$share/mime/packages/org.echiquier.Echiquier.xml"
install -Dm0644 "$here/org.echiquier.Echiquier.metainfo.xml" \
	"$share/metainfo/org.echiquier.Echiquier.metainfo.xml"
install -Dm0644 "$here/echiquier.1" "$share/man/man1/echiquier.1"

rm -f "$out"
tar -cJf "$out" -C "$work" --owner=0 --group=0 --sort=name usr Makefile
