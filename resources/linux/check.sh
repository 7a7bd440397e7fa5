#!/bin/sh
# check.sh package TARBALL
# check.sh install
# check.sh deb DEB
#
# `package`: the Linux package holds the stripped binary, a valid .desktop
# file that opens PGN files, the icon and the PGN MIME type.
# `install`: `make install` into a throw-away HOME puts every file where
# the desktop looks for it and makes Échiquier the default for PGN files,
# which xdg-open then opens with it even without GNOME or KDE; `make
# uninstall` takes them away again. `make install PREFIX=` elsewhere
# leaves the user's default applications alone.
# `deb`: the Debian package passes lintian (no error), appstreamcli
# validate and desktop-file-validate, holds what a Debian package of a
# desktop program holds; installed on this machine with apt, its
# /usr/bin/echiquier opens its window and xdg-open opens a .pgn file in
# it; apt purge then leaves no file of it behind.
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
		"share/mime/packages/$id.xml" "share/metainfo/$id.metainfo.xml" "share/man/man1/echiquier.1"; do
		grep -q "^usr/\(local/\)\{0,1\}$want\$" "$work/list" || fail "$tarball lacks usr/[local/]$want"
	done
	has_line "$work/list" Makefile || fail "$tarball lacks fyne's Makefile"
	pass "package lists the binary, .desktop, icon, MIME type, metainfo, manual page and Makefile"

	tar -xJf "$tarball" -C "$work"
	usr=$(dirname "$(dirname "$(find "$work/usr" -path "*/bin/echiquier")")")
	check_desktop "$usr/share/applications/$id.desktop" 'Exec=echiquier %f'
	cmp -s "$usr/share/pixmaps/$id.png" "$here/../icon.png" || fail "packaged icon is not resources/icon.png"
	cmp -s "$usr/share/mime/packages/$id.xml" "$here/$id.xml" || fail "packaged MIME type is not resources/linux/$id.xml"
	cmp -s "$usr/share/metainfo/$id.metainfo.xml" "$here/$id.metainfo.xml" || fail "packaged metainfo is not resources/linux/$id.metainfo.xml"
	cmp -s "$usr/share/man/man1/echiquier.1" "$here/echiquier.1" || fail "packaged manual page is not resources/linux/echiquier.1"
	pass "icon, MIME type, metainfo and manual page are the project's"

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
		"$share/icons/hicolor/512x512/apps/$id.png" "$share/mime/packages/$id.xml" \
		"$share/metainfo/$id.metainfo.xml" "$share/man/man1/echiquier.1"; do
		[ -f "$f" ] || fail "make install did not write $f"
	done
	[ -x "$home/.local/bin/echiquier" ] || fail "installed binary is not executable"
	pass "make install wrote binary, .desktop, hicolor icon, MIME type, metainfo and manual page under ~/.local"
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
		"$share/icons/hicolor/512x512/apps/$id.png" "$share/mime/packages/$id.xml" \
		"$share/metainfo/$id.metainfo.xml" "$share/man/man1/echiquier.1"; do
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

# check_deb DEB: the package as distributions check it, then installed.
check_deb() {
	deb=$1
	[ -f "$deb" ] || fail "no package at $deb (make deb builds it)"
	deb=$(cd "$(dirname "$deb")" && pwd)/$(basename "$deb")
	for tool in lintian appstreamcli desktop-file-validate dpkg-deb apt-get Xvfb xdotool xdg-open mimetype man; do
		need "$tool"
	done
	# dpkg's and lintian's Perl warn of a locale that is not installed.
	LC_ALL=C.UTF-8
	export LC_ALL
	work=$(mktemp -d)
	xvfb=""
	installed=""
	trap 'deb_cleanup' EXIT
	trap 'exit 1' INT TERM HUP

	# Errors fail; warnings and notes are shown (NOTE-26.md says why
	# those left stay). lintian refuses nothing to root, but says so.
	lintian --fail-on error -I --pedantic "$deb" >"$work/lintian" 2>&1 || {
		cat "$work/lintian" >&2
		fail "lintian reports errors on $deb"
	}
	grep -v -e '^running with root privileges' "$work/lintian" | sed 's/^/  lintian: /' || true
	pass "lintian: no error ($(grep -c '^W:' "$work/lintian" || true) warnings, $(grep -c '^[IP]:' "$work/lintian" || true) notes)"

	dpkg-deb -x "$deb" "$work/root"
	dpkg-deb -c "$deb" | awk '{ print $6 }' | sed 's|^\./|/|' >"$work/list"
	for want in /usr/bin/echiquier "/usr/share/applications/$id.desktop" "/usr/share/metainfo/$id.metainfo.xml" \
		"/usr/share/mime/packages/$id.xml" "/usr/share/icons/hicolor/scalable/apps/$id.svg" \
		"/usr/share/icons/hicolor/48x48/apps/$id.png" "/usr/share/icons/hicolor/256x256/apps/$id.png" \
		/usr/share/man/man1/echiquier.1.gz /usr/share/doc/echiquier/copyright \
		/usr/share/doc/echiquier/changelog.Debian.gz; do
		has_line "$work/list" "$want" || fail "$deb lacks $want"
	done
	grep -q '^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' \
		"$work/root/usr/share/doc/echiquier/copyright" || fail "the copyright file is not machine-readable"
	for piece in 'pieces/cburnett/\*' 'pieces/fancy/\*' 'resources/sounds/move.wav' 'resources/fonts/DejaVuSans-chess-subset.ttf' \
		'app/opening/eco_lichess.tsv' 'License: bitstream-vera$'; do
		grep -q "$piece" "$work/root/usr/share/doc/echiquier/copyright" || fail "the copyright file does not name $piece"
	done
	depends=$(dpkg-deb -f "$deb" Depends)
	case $depends in *libc6*libgl1* | *libgl1*libc6*) ;; *) fail "Depends is '$depends', not dpkg-shlibdeps's" ;; esac
	[ "$(dpkg-deb -f "$deb" Recommends)" = stockfish ] || fail "Recommends is not stockfish"
	pass "the package holds the program, desktop entry, metainfo, MIME type, icons, manual page, copyright and changelog; Depends: $depends"

	metainfo=$work/root/usr/share/metainfo/$id.metainfo.xml
	out=$(appstreamcli validate --no-net --explain "$metainfo" 2>&1) || {
		echo "$out" >&2
		fail "appstreamcli validate --no-net $id.metainfo.xml"
	}
	version=$(sed -n 's/^[[:space:]]*Version[[:space:]]*=[[:space:]]*"\(.*\)"/\1/p' "$here/../../FyneApp.toml")
	grep -q "<release version=\"$version\" date=\"[0-9-]*\"" "$metainfo" || fail "the metainfo has no release $version with its date"
	pass "appstreamcli validate --no-net: $(echo "$out" | tail -n 1); release $version listed"
	check_screenshots "$metainfo"
	out=$(desktop-file-validate "$work/root/usr/share/applications/$id.desktop" 2>&1) ||
		fail "desktop-file-validate: $out"
	[ -z "$out" ] || fail "desktop-file-validate warns: $out"
	pass "desktop-file-validate $id.desktop"

	# The rest changes this machine: one check at a time (other
	# worktrees' make test may run beside this one).
	exec 9>/tmp/echiquier-deb-check.lock
	flock 9
	if dpkg-query -W -f='${Status}' echiquier 2>/dev/null | grep -q 'ok installed'; then
		fail "echiquier is already installed on this machine: purge it first (apt purge echiquier)"
	fi
	# The folders a package may write into; the caches that dpkg's
	# triggers rebuild (MIME, desktop, icons, manual pages) are compared
	# as lists of files too.
	snapshot() { find /usr /etc /opt /var/lib/dpkg/info /var/cache/man -xdev 2>/dev/null | LC_ALL=C sort; }
	snapshot >"$work/before"
	apt_get install -y "$deb" >"$work/apt-install.log" 2>&1 || {
		cat "$work/apt-install.log" >&2
		fail "apt-get install $deb"
	}
	installed=yes
	[ -x /usr/bin/echiquier ] || fail "apt installed no /usr/bin/echiquier"
	man -w echiquier 2>/dev/null | grep -q '^/usr/share/man/man1/echiquier.1.gz$' || fail "man -w echiquier does not find its manual page"
	pass "apt-get install $(basename "$deb"): /usr/bin/echiquier, man echiquier"

	check_installed_program

	apt_get purge -y echiquier >"$work/apt-purge.log" 2>&1 || {
		cat "$work/apt-purge.log" >&2
		fail "apt-get purge echiquier"
	}
	installed=""
	snapshot >"$work/after"
	if ! cmp -s "$work/before" "$work/after"; then
		diff "$work/before" "$work/after" >&2 || true
		fail "apt purge echiquier did not leave the file system as it was"
	fi
	pass "apt-get purge echiquier left no file behind ($(wc -l <"$work/before") files and folders compared)"
}

# apt_get runs apt-get without questions, waiting for dpkg's lock when
# another apt runs.
apt_get() {
	DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=600 "$@"
}

deb_cleanup() {
	status=$?
	[ -z "${programs:-}" ] || kill $programs 2>/dev/null || true
	[ -z "$xvfb" ] || kill "$xvfb" 2>/dev/null || true
	if [ -n "$installed" ]; then
		apt_get purge -y echiquier >/dev/null 2>&1 || echo "check: could not purge echiquier" >&2
	fi
	rm -rf "$work"
	exit $status
}

# check_screenshots METAINFO: the screenshots the metainfo names are in
# resources/linux/screenshots, as large as it says, under 2 MB in all.
check_screenshots() {
	total=0
	n=0
	for url in $(sed -n 's|.*<image type="source" width="[0-9]*" height="[0-9]*">\(.*\)</image>.*|\1|p' "$1"); do
		name=${url##*/}
		file=$here/screenshots/$name
		[ -f "$file" ] || fail "the metainfo shows $name, which is not in resources/linux/screenshots"
		case $url in https://raw.githubusercontent.com/echiquier/echiquier/main/resources/linux/screenshots/"$name") ;;
		*) fail "the screenshot $url is not the repository's resources/linux/screenshots/$name" ;;
		esac
		size=$(identify -format '%wx%h' "$file")
		grep -q "width=\"${size%x*}\" height=\"${size#*x}\">$url<" "$1" || fail "$name is $size, not as the metainfo says"
		total=$((total + $(wc -c <"$file")))
		n=$((n + 1))
	done
	[ $n -gt 0 ] || fail "the metainfo shows no screenshot"
	[ $total -lt 2000000 ] || fail "the screenshots take $total bytes, more than 2 MB"
	pass "$n screenshots, $total bytes, as large as the metainfo says"
}

# check_installed_program: /usr/bin/echiquier, as installed, opens its
# window in a private Xvfb (a display from 300 up: the end-to-end test
# takes 100 to 199, the Windows check 200 to 299), and xdg-open, without
# GNOME or KDE, opens a .pgn file in it: its window is named after the
# file. The programs run in a throw-away home.
check_installed_program() {
	programs=""
	n=300
	while [ $n -lt 400 ]; do
		if [ ! -e /tmp/.X11-unix/X$n ] && [ ! -e /tmp/.X$n-lock ]; then
			# (9>&-: the server must not hold the check's lock.)
			Xvfb :$n -screen 0 1280x800x24 -nolisten tcp -noreset >"$work/xvfb.log" 2>&1 9>&- &
			xvfb=$!
			tries=0
			while [ $tries -lt 100 ] && ! DISPLAY=:$n xdotool getmouselocation >/dev/null 2>&1; do
				kill -0 "$xvfb" 2>/dev/null || break
				sleep 0.1
				tries=$((tries + 1))
			done
			DISPLAY=:$n xdotool getmouselocation >/dev/null 2>&1 && break
			kill "$xvfb" 2>/dev/null || true
			xvfb=""
		fi
		n=$((n + 1))
	done
	[ -n "$xvfb" ] || fail "no Xvfb could start on a display from :300 to :399"
	DISPLAY=:$n
	export DISPLAY
	home=$work/home
	mkdir -p "$home/run"
	chmod 0700 "$home/run"
	set -- env -u WAYLAND_DISPLAY -u BROWSER -u XDG_CURRENT_DESKTOP -u DESKTOP_SESSION \
		DISPLAY=:$n HOME="$home" XDG_CONFIG_HOME="$home/.config" XDG_DATA_HOME="$home/.local/share" \
		XDG_CACHE_HOME="$home/.cache" XDG_RUNTIME_DIR="$home/run" \
		DBUS_SESSION_BUS_ADDRESS="unix:path=$home/no-bus" LANG=en_US.UTF-8 LC_ALL=

	"$@" /usr/bin/echiquier >"$work/program.log" 2>&1 &
	programs=$!
	wait_window "$programs" 'Échiquier' || fail "/usr/bin/echiquier showed no window within 120 s: $(cat "$work/program.log")"
	pass "/usr/bin/echiquier opened its window: '$window_name'"

	pgn="$home/Game of the day.pgn"
	printf '[Event "deb check"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. d4 d5 2. c4 *\n' >"$pgn"
	got=$("$@" mimetype --brief "$pgn" 2>/dev/null)
	[ "$got" = application/vnd.chess-pgn ] || fail "mimetype calls $pgn '$got', not application/vnd.chess-pgn"
	# Without a desktop, xdg-open runs the program and waits for it.
	"$@" xdg-open "$pgn" >"$work/xdg-open.log" 2>&1 &
	programs="$programs $!"
	wait_window "" 'Game of the day.pgn' ||
		fail "xdg-open '$pgn' opened no window named after it: $(cat "$work/xdg-open.log")"
	programs="$programs $pid"
	[ "$(readlink "/proc/$pid/exe")" = /usr/bin/echiquier ] ||
		fail "the window '$window_name' is of $(readlink "/proc/$pid/exe"), not /usr/bin/echiquier"
	pass "xdg-open '$(basename "$pgn")' opened it in /usr/bin/echiquier: window '$window_name'"
	kill $programs 2>/dev/null || true
	# The shell's own children are reaped; the program xdg-open started
	# is awaited, for 10 s at most.
	for p in $programs; do
		wait "$p" 2>/dev/null || true
		tries=0
		while kill -0 "$p" 2>/dev/null && [ $tries -lt 100 ]; do
			sleep 0.1
			tries=$((tries + 1))
		done
	done
	programs=""
}

# wait_window PID NAME: waits up to 120 s for a window whose name holds
# NAME (of process PID, unless empty); sets $window_name and $pid.
wait_window() {
	tries=0
	while [ $tries -lt 240 ]; do
		if [ -n "$1" ]; then
			wid=$(xdotool search --pid "$1" --name "$2" 2>/dev/null | head -n 1) || true
		else
			wid=$(xdotool search --name "$2" 2>/dev/null | head -n 1) || true
		fi
		if [ -n "$wid" ]; then
			window_name=$(xdotool getwindowname "$wid")
			pid=$(xdotool getwindowpid "$wid")
			return 0
		fi
		[ -z "$1" ] || kill -0 "$1" 2>/dev/null || return 1
		sleep 0.5
		tries=$((tries + 1))
	done
	return 1
}

case ${1:-} in
package) check_package "$2" ;;
install) check_install ;;
deb) check_deb "$2" ;;
*)
	echo "usage: $0 package TARBALL | install | deb DEB" >&2
	exit 2
	;;
esac
echo "$1 check: all $checks checks passed"
