#!/bin/sh
# check.sh package TARBALL
# check.sh install
#
# `package`: the Linux package holds the stripped binary, a valid .desktop
# file that opens PGN files, the icon and the PGN MIME type.
# `install`: `make install` into a throw-away HOME puts every file where
# the desktop looks for it and makes Échiquier the default for PGN files,
# which xdg-open then opens with it even without GNOME or KDE; `make
# uninstall` takes them away again. `make install PREFIX=` elsewhere
# leaves the user's default applications alone.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
id=org.echiquier.Echiquier
checks=0

fail() {
	echo "FAIL: $*" >&2
	exit 1
}
pass() {
	checks=$((checks + 1))
	echo "ok: $*"
}
have() { command -v "$1" >/dev/null 2>&1; }
need() { have "$1" || fail "$1 is missing (make test-deps installs it)"; }

# has_line FILE LINE: FILE holds LINE exactly.
has_line() { grep -qxF -e "$2" "$1"; }

check_desktop() {
	file=$1
	exec_re=$2
	need desktop-file-validate
	out=$(desktop-file-validate "$file" 2>&1) || fail "desktop-file-validate $file: $out"
	[ -z "$out" ] || fail "desktop-file-validate $file warns: $out"
	pass "desktop-file-validate $(basename "$file")"
	has_line "$file" 'Name=Échiquier' || fail "no Name=Échiquier in $file"
	has_line "$file" "Icon=$id" || fail "no Icon=$id in $file"
	grep -q '^Categories=\(.*;\)\{0,1\}Game;BoardGame;' "$file" || fail "Categories lacks Game;BoardGame; in $file"
	grep -q '^MimeType=\(.*;\)\{0,1\}application/x-chess-pgn;' "$file" || fail "MimeType lacks application/x-chess-pgn in $file"
	grep -q '^MimeType=\(.*;\)\{0,1\}application/vnd\.chess-pgn;' "$file" || fail "MimeType lacks application/vnd.chess-pgn in $file"
	grep -q '^Comment\[fr\]=.' "$file" || fail "no French comment in $file"
	grep -qx "$exec_re" "$file" || fail "Exec line is not $exec_re in $file: $(grep '^Exec=' "$file")"
	pass "$(basename "$file"): name, icon, categories, PGN MIME types, Exec with %f"
}

check_package() {
	tarball=$1
	[ -f "$tarball" ] || fail "no package at $tarball (make package builds it)"
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
	tar -tJf "$tarball" >"$work/list"
	for want in "bin/echiquier" "share/applications/$id.desktop" "share/pixmaps/$id.png" \
		"share/mime/packages/$id.xml"; do
		grep -q "^usr/\(local/\)\{0,1\}$want\$" "$work/list" || fail "$tarball lacks usr/[local/]$want"
	done
	has_line "$work/list" Makefile || fail "$tarball lacks fyne's Makefile"
	pass "package lists the binary, .desktop, icon, MIME type and Makefile"

	tar -xJf "$tarball" -C "$work"
	usr=$(dirname "$(dirname "$(find "$work/usr" -path "*/bin/echiquier")")")
	check_desktop "$usr/share/applications/$id.desktop" 'Exec=echiquier %f'
	cmp -s "$usr/share/pixmaps/$id.png" "$here/../icon.png" || fail "packaged icon is not resources/icon.png"
	cmp -s "$usr/share/mime/packages/$id.xml" "$here/$id.xml" || fail "packaged MIME type is not resources/linux/$id.xml"
	pass "icon and MIME type are the project's"

	need readelf
	bin=$usr/bin/echiquier
	[ -x "$bin" ] || fail "packaged binary is not executable"
	readelf -h "$bin" | grep -q 'Type:[[:space:]]*EXEC\|Type:[[:space:]]*DYN' || fail "packaged binary is not an ELF program"
	sections=$(readelf -S --wide "$bin")
	if echo "$sections" | grep -q -e '\.symtab' -e '\.debug_' -e '\.zdebug_'; then
		fail "packaged binary is not stripped (has .symtab or debug sections)"
	fi
	pass "binary is stripped ($(wc -c <"$bin") bytes; package $(wc -c <"$tarball") bytes)"
}

check_install() {
	make="make --no-print-directory -C $here/../.."
	home=$(mktemp -d)
	trap 'rm -rf "$home"' EXIT
	# Go's caches stay where they are: a build in the new HOME would start
	# cold.
	GOCACHE=$(go env GOCACHE)
	GOMODCACHE=$(go env GOMODCACHE)
	GOPATH=$(go env GOPATH)
	export GOCACHE GOMODCACHE GOPATH
	HOME=$home
	XDG_CONFIG_HOME=$home/.config
	XDG_DATA_HOME=$home/.local/share
	export HOME XDG_CONFIG_HOME XDG_DATA_HOME
	unset XDG_CURRENT_DESKTOP DESKTOP_SESSION KDE_FULL_SESSION GNOME_DESKTOP_SESSION_ID 2>/dev/null || true

	check_other_prefix

	$make install >"$home/install.log" 2>&1 || {
		cat "$home/install.log" >&2
		fail "make install"
	}
	share=$home/.local/share
	for f in "$home/.local/bin/echiquier" "$share/applications/$id.desktop" \
		"$share/icons/hicolor/512x512/apps/$id.png" "$share/mime/packages/$id.xml"; do
		[ -f "$f" ] || fail "make install did not write $f"
	done
	[ -x "$home/.local/bin/echiquier" ] || fail "installed binary is not executable"
	pass "make install wrote binary, .desktop, hicolor icon and MIME type under ~/.local"
	check_desktop "$share/applications/$id.desktop" "Exec=$home/.local/bin/echiquier %f"

	if have update-mime-database; then
		has_line "$share/mime/aliases" "application/x-chess-pgn application/vnd.chess-pgn" ||
			fail "user MIME database lacks the x-chess-pgn alias"
		grep -q '^[0-9]*:application/vnd\.chess-pgn:\*\.pgn$' "$share/mime/globs2" ||
			fail "user MIME database lacks the *.pgn glob"
		pass "user MIME database knows *.pgn"
	else
		echo "note: update-mime-database missing, MIME database not checked"
	fi
	if have update-desktop-database; then
		grep -q "^application/x-chess-pgn=\(.*;\)\{0,1\}$id.desktop;" "$share/applications/mimeinfo.cache" ||
			fail "mimeinfo.cache does not list $id.desktop for PGN"
		pass "mimeinfo.cache lists $id.desktop for PGN"
	else
		echo "note: update-desktop-database missing, mimeinfo.cache not checked"
	fi
	if have xdg-mime; then
		for type in application/x-chess-pgn application/vnd.chess-pgn; do
			got=$(xdg-mime query default "$type")
			[ "$got" = "$id.desktop" ] || fail "xdg-mime query default $type answers '$got'"
		done
		pass "xdg-mime: $id.desktop opens PGN files"
	else
		echo "note: xdg-mime missing, default application not checked"
	fi

	check_xdg_open

	$make uninstall >"$home/uninstall.log" 2>&1 || {
		cat "$home/uninstall.log" >&2
		fail "make uninstall"
	}
	for f in "$home/.local/bin/echiquier" "$share/applications/$id.desktop" \
		"$share/icons/hicolor/512x512/apps/$id.png" "$share/mime/packages/$id.xml"; do
		[ ! -e "$f" ] || fail "make uninstall left $f"
	done
	if [ -f "$XDG_CONFIG_HOME/mimeapps.list" ] && grep -q "$id" "$XDG_CONFIG_HOME/mimeapps.list"; then
		fail "make uninstall left $id in mimeapps.list"
	fi
	pass "make uninstall removed the files and the default"
}

# check_other_prefix: make install PREFIX=~/opt, a folder where no
# desktop looks for applications, installs there but names no default
# application in mimeapps.list, which would point at a .desktop file no
# desktop finds; make uninstall PREFIX=~/opt removes it again.
check_other_prefix() {
	opt=$home/opt
	$make install PREFIX="$opt" >"$home/install-opt.log" 2>&1 || {
		cat "$home/install-opt.log" >&2
		fail "make install PREFIX=$opt"
	}
	[ -x "$opt/bin/echiquier" ] && [ -f "$opt/share/applications/$id.desktop" ] ||
		fail "make install PREFIX=$opt did not install there"
	if [ -f "$XDG_CONFIG_HOME/mimeapps.list" ] && grep -q "$id" "$XDG_CONFIG_HOME/mimeapps.list"; then
		fail "make install PREFIX=$opt named $id in mimeapps.list: $(grep "$id" "$XDG_CONFIG_HOME/mimeapps.list")"
	fi
	$make uninstall PREFIX="$opt" >"$home/uninstall-opt.log" 2>&1 || {
		cat "$home/uninstall-opt.log" >&2
		fail "make uninstall PREFIX=$opt"
	}
	[ ! -e "$opt/bin/echiquier" ] || fail "make uninstall PREFIX=$opt left the binary"
	pass "make install PREFIX=$opt leaves mimeapps.list alone"
}

# check_xdg_open: xdg-open, without GNOME or KDE (as on a bare Debian
# 12), runs the installed .desktop file's Exec line on a PGN file whose
# name has a space. The installed binary is swapped for a stub that
# writes down its arguments: no window opens. xdg-open only looks for
# applications when it sees a display, so it is given a display that
# does not exist, and a session bus that does not exist either, so that
# it asks nothing of a real desktop.
check_xdg_open() {
	if ! have xdg-open || ! have mimetype; then
		echo "note: xdg-open or mimetype (libfile-mimeinfo-perl) missing, xdg-open not checked"
		return 0
	fi
	bin=$home/.local/bin/echiquier
	record=$home/opened-with
	cat >"$bin" <<-EOF
		#!/bin/sh
		for arg in "\$@"; do printf '%s\n' "\$arg"; done >"$record"
	EOF
	pgn="$home/My games.pgn"
	printf '[Event "xdg-open"]\n[Result "*"]\n\n1. e4 *\n' >"$pgn"
	mkdir -p "$home/run"
	got=$(env -u WAYLAND_DISPLAY -u BROWSER DISPLAY=:echiquier-check \
		DBUS_SESSION_BUS_ADDRESS="unix:path=$home/no-bus" XDG_RUNTIME_DIR="$home/run" \
		mimetype --brief "$pgn" 2>/dev/null)
	[ "$got" = application/vnd.chess-pgn ] || fail "mimetype calls $pgn '$got', not application/vnd.chess-pgn"
	out=$(env -u WAYLAND_DISPLAY -u BROWSER DISPLAY=:echiquier-check \
		DBUS_SESSION_BUS_ADDRESS="unix:path=$home/no-bus" XDG_RUNTIME_DIR="$home/run" \
		timeout 60 xdg-open "$pgn" 2>&1) || fail "xdg-open '$pgn' failed: $out"
	[ -f "$record" ] || fail "xdg-open '$pgn' did not run the installed program: $out"
	[ "$(cat "$record")" = "$pgn" ] || fail "xdg-open ran the installed program with '$(cat "$record")', not '$pgn'"
	pass "xdg-open without a desktop runs $(grep '^Exec=' "$share/applications/$id.desktop") on '$pgn'"
}

case ${1:-} in
package) check_package "$2" ;;
install) check_install ;;
*)
	echo "usage: $0 package TARBALL | install" >&2
	exit 2
	;;
esac
echo "$1 check: all $checks checks passed"
