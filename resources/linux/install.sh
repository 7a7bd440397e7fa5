#!/bin/sh
# install.sh install|uninstall TARBALL PREFIX
#
# Installs Échiquier from the package `make package` built into PREFIX
# (~/.local for the current user): the binary in PREFIX/bin, the .desktop
# file in PREFIX/share/applications, the icon in the hicolor theme, the PGN
# MIME type in PREFIX/share/mime, the AppStream metainfo in
# PREFIX/share/metainfo, the manual page in PREFIX/share/man/man1; then, when PREFIX/share is where the
# desktop looks for applications, makes Échiquier the default application
# for PGN files. The desktop tools are used when they exist
# and skipped, with a note, when they do not. `uninstall` removes the same
# files. Exits non-zero only when a file cannot be copied or removed.
set -eu

id=org.echiquier.Echiquier
exe=echiquier
mimetypes="application/x-chess-pgn application/vnd.chess-pgn"

action=$1
tarball=$2
prefix=$3

bindir=$prefix/bin
datadir=$prefix/share
appsdir=$datadir/applications
icondir=$datadir/icons/hicolor/512x512/apps
mimedir=$datadir/mime
metainfo=$datadir/metainfo/$id.metainfo.xml
manpage=$datadir/man/man1/$exe.1

have() { command -v "$1" >/dev/null 2>&1; }

# refresh runs a desktop database tool when it is installed.
refresh() {
	if have "$1"; then
		"$@" || echo "install: $1 failed; the desktop may notice the change later" >&2
	else
		echo "install: $1 not found, skipped"
	fi
}

# exec_line prints the Exec line for the installed binary: an absolute
# path, because ~/.local/bin is often missing from a desktop session's
# PATH. The path is written bare when it can be, though the Desktop Entry
# specification allows quotes: xdg-open without GNOME or KDE (Debian 12's
# xdg-utils 1.1.3) takes the Exec line's first word, quotes included, as
# the program, finds none and fails with "Permission denied". A path that
# needs quotes (a space, a character the specification reserves) gets
# them, with a warning that such desktops cannot run it.
exec_line() {
	case $bindir in
	*[\"\`\$\\%]* | *'
'*)
		echo "install: cannot write '$bindir' into a .desktop file; choose another PREFIX" >&2
		exit 1
		;;
	*[[:space:]\'\>\<~\|\&\;\*\?\#\(\)]*)
		echo "install: '$bindir' must be quoted in the .desktop file; xdg-open without GNOME or KDE cannot open files with it" >&2
		printf 'Exec="%s/%s" %%f\n' "$bindir" "$exe"
		;;
	*)
		printf 'Exec=%s/%s %%f\n' "$bindir" "$exe"
		;;
	esac
}

# canonical prints directory $1 as an absolute path without symbolic
# links, or nothing when it does not exist.
canonical() { (cd -P -- "$1" 2>/dev/null && pwd); }

# on_data_path tells whether $datadir is one of the folders where the
# desktop looks for applications: $XDG_DATA_HOME (~/.local/share) or one
# of $XDG_DATA_DIRS (/usr/local/share:/usr/share). Only then may the
# user's mimeapps.list name the application: elsewhere, the default would
# point at a .desktop file no desktop finds.
on_data_path() {
	data=$(canonical "$datadir")
	[ -n "$data" ] || return 1
	old_ifs=$IFS
	IFS=:
	# shellcheck disable=SC2086 # split on the colons
	set -- "${XDG_DATA_HOME:-$HOME/.local/share}" ${XDG_DATA_DIRS:-/usr/local/share:/usr/share}
	IFS=$old_ifs
	for dir in "$@"; do
		[ -n "$dir" ] && [ "$(canonical "$dir")" = "$data" ] && return 0
	done
	return 1
}

do_install() {
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
	tar -xJf "$tarball" -C "$work"
	pkgshare=$(dirname "$(dirname "$(find "$work/usr" -path "*/share/applications/$id.desktop")")")
	pkgbin=$(dirname "$pkgshare")/bin

	line=$(exec_line)
	install -Dm0755 "$pkgbin/$exe" "$bindir/$exe"
	install -Dm0644 "$pkgshare/pixmaps/$id.png" "$icondir/$id.png"
	install -Dm0644 "$pkgshare/mime/packages/$id.xml" "$mimedir/packages/$id.xml"
	install -Dm0644 "$pkgshare/metainfo/$id.metainfo.xml" "$metainfo"
	install -Dm0644 "$pkgshare/man/man1/$exe.1" "$manpage"
	mkdir -p "$appsdir"
	awk -v line="$line" '/^Exec=/ { print line; next } { print }' \
		"$pkgshare/applications/$id.desktop" >"$appsdir/$id.desktop"
	chmod 0644 "$appsdir/$id.desktop"
	echo "install: $bindir/$exe"
	echo "install: $appsdir/$id.desktop"

	# Icon themes notice new icons by the theme folder's time.
	touch "$datadir/icons/hicolor"
	refresh update-mime-database "$mimedir"
	refresh update-desktop-database "$appsdir"
	if on_data_path; then
		# shellcheck disable=SC2086 # one argument per MIME type
		refresh xdg-mime default "$id.desktop" $mimetypes
	else
		echo "install: $datadir is not where the desktop looks for applications (\$XDG_DATA_HOME, \$XDG_DATA_DIRS): PGN files are not given to Échiquier"
	fi
}

# forget_default removes our line from the user's mimeapps.list, where
# xdg-mime wrote it, so that no default points at a removed application.
forget_default() {
	list=${XDG_CONFIG_HOME:-$HOME/.config}/mimeapps.list
	[ -f "$list" ] || return 0
	sed -i -e "/^application\/\(x-\|vnd\.\)chess-pgn=$id\.desktop;\{0,1\}\$/d" "$list"
}

do_uninstall() {
	rm -f "$bindir/$exe" "$appsdir/$id.desktop" "$icondir/$id.png" "$mimedir/packages/$id.xml" \
		"$metainfo" "$manpage"
	if [ -d "$mimedir/packages" ]; then refresh update-mime-database "$mimedir"; fi
	if [ -d "$appsdir" ]; then refresh update-desktop-database "$appsdir"; fi
	if on_data_path; then forget_default; fi
	echo "uninstall: removed Échiquier from $prefix"
}

case $action in
install) do_install ;;
uninstall) do_uninstall ;;
*)
	echo "usage: $0 install|uninstall TARBALL PREFIX" >&2
	exit 2
	;;
esac
