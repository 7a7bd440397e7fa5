#!/bin/sh
# mkdeb.sh TARBALL OUT_DIR
#
# Builds the Debian package of Échiquier, OUT_DIR/echiquier_VERSION_ARCH.deb,
# offline, with dpkg's own tools, from the Linux package `make package`
# made (TARBALL: the stripped release binary, the desktop entry, the PGN
# MIME type, the AppStream metainfo and the manual page, as every
# installation has them) and from the Debian files beside this script:
# the package's changelog (its first entry names the version and the
# maintainer), its copyright (machine-readable), the hicolor icons (the
# SVG, and PNGs from resources/icon.png). Depends is what dpkg-shlibdeps
# finds the binary needs; stockfish is recommended (the analysis uses it
# when it is there). The program is in /usr/bin, where a program of the
# desktop is looked for (root's PATH lacks /usr/games): its section is
# x11, since lintian keeps the games section for /usr/games.
set -eu
# dpkg's Perl tools warn of a locale that is not installed (make exports
# LANG=en_US.UTF-8 for the tests).
LC_ALL=C.UTF-8
export LC_ALL

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tarball=$1
out=$2
id=org.echiquier.Echiquier

for tool in dpkg-deb dpkg-shlibdeps dpkg-parsechangelog convert; do
	command -v "$tool" >/dev/null 2>&1 || {
		echo "mkdeb: $tool is missing (make deb-deps installs it)" >&2
		exit 1
	}
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The changelog owns the Debian version; FyneApp.toml owns the upstream one.
changelog() { dpkg-parsechangelog -l "$here/changelog" -S "$1"; }
version=$(changelog Version)
upstream=$(sed -n 's/^[[:space:]]*Version[[:space:]]*=[[:space:]]*"\(.*\)"/\1/p' "$root/FyneApp.toml")
[ "${version%-*}" = "$upstream" ] || {
	echo "mkdeb: resources/linux/changelog is at $version, FyneApp.toml at $upstream: add a changelog entry" >&2
	exit 1
}
maintainer=$(changelog Maintainer)
# Every file gets the changelog's date: the same sources make the same package.
SOURCE_DATE_EPOCH=$(changelog Timestamp)
export SOURCE_DATE_EPOCH
arch=$(dpkg --print-architecture)

mkdir "$work/tar"
tar -xJf "$tarball" -C "$work/tar"
# fyne puts everything under usr/local/ when the build machine has a
# /usr/local, under usr/ otherwise.
from=$(dirname "$(dirname "$(find "$work/tar/usr" -path '*/bin/echiquier')")")

pkg=$work/pkg
install -Dm0755 "$from/bin/echiquier" "$pkg/usr/bin/echiquier"
install -Dm0644 "$from/share/applications/$id.desktop" "$pkg/usr/share/applications/$id.desktop"
install -Dm0644 "$from/share/mime/packages/$id.xml" "$pkg/usr/share/mime/packages/$id.xml"
install -Dm0644 "$from/share/metainfo/$id.metainfo.xml" "$pkg/usr/share/metainfo/$id.metainfo.xml"
install -d "$pkg/usr/share/man/man1" "$pkg/usr/share/doc/echiquier"
gzip -9n <"$from/share/man/man1/echiquier.1" >"$pkg/usr/share/man/man1/echiquier.1.gz"
install -Dm0644 "$root/resources/icon.svg" "$pkg/usr/share/icons/hicolor/scalable/apps/$id.svg"
for size in 16 24 32 48 64 128 256 512; do
	dir=$pkg/usr/share/icons/hicolor/${size}x$size/apps
	mkdir -p "$dir"
	convert "$root/resources/icon.png" -resize "${size}x$size" -strip "$dir/$id.png"
done

# The copyright file, and the licence of the Bitstream Vera fonts taken
# from the fonts' own copyright file (resources/fonts/LICENSE-DejaVu.txt).
doc=$pkg/usr/share/doc/echiquier
{
	cat "$here/copyright"
	echo
	awk '/^License: bitstream-vera$/ { on = 1 } on && /^$/ { exit } on' "$root/resources/fonts/LICENSE-DejaVu.txt"
} >"$doc/copyright"
grep -q '^License: bitstream-vera$' "$doc/copyright" || {
	echo "mkdeb: no bitstream-vera licence in resources/fonts/LICENSE-DejaVu.txt" >&2
	exit 1
}
gzip -9n <"$here/changelog" >"$doc/changelog.Debian.gz"

# dpkg-shlibdeps reads a debian/control of a source package.
mkdir -p "$work/src/debian"
printf 'Source: echiquier\n\nPackage: echiquier\nArchitecture: any\n' >"$work/src/debian/control"
depends=$(cd "$work/src" && dpkg-shlibdeps -O "$pkg/usr/bin/echiquier" 2>"$work/shlibdeps.log" |
	sed -n 's/^shlibs:Depends=//p') || true
[ -n "$depends" ] || {
	cat "$work/shlibdeps.log" >&2
	echo "mkdeb: dpkg-shlibdeps found no dependencies" >&2
	exit 1
}

mkdir "$pkg/DEBIAN"
size=$(du -k -s --apparent-size "$pkg" | cut -f 1)
cat >"$pkg/DEBIAN/control" <<-CONTROL
	Package: echiquier
	Version: $version
	Architecture: $arch
	Maintainer: $maintainer
	Installed-Size: $size
	Depends: $depends
	Recommends: stockfish
	Section: x11
	Priority: optional
	Homepage: https://github.com/echiquier/echiquier
	Description: chess board for two players at one computer
	 Échiquier is a chess board for two people at one computer: drag the
	 pieces or type the moves, watch the move list and the clocks, claim or
	 offer draws, resign, and keep the games as PGN files. It follows the
	 FIDE Laws of Chess exactly, works offline and opens big PGN files.
	 .
	 It shows the opening tree of a file of games and the games that reach
	 a position, keeps comments, variations, arrows and circles in the PGN
	 file, and analyses positions and whole games with Stockfish when it is
	 installed. It speaks English and French.
CONTROL

(cd "$pkg" && find usr -type f | LC_ALL=C sort | xargs md5sum) >"$pkg/DEBIAN/md5sums"
find "$pkg" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
mkdir -p "$out"
deb=$out/echiquier_${version}_$arch.deb
rm -f "$deb"
dpkg-deb --root-owner-group -Zxz --build "$pkg" "$deb" >/dev/null
echo "deb: $deb ($(wc -c <"$deb") bytes; Depends: $depends)"
