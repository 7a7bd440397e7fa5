#!/bin/sh
# install.sh install|uninstall TARBALL PREFIX
#
# Installs Échiquier from the package `make package` built into PREFIX
# (~/.local for the current user): the binary in PREFIX/bin, the .desktop
# file in PREFIX/share/applications, the icon in the hicolor theme, the PGN
# MIME type in PREFIX/share/mime; then makes Échiquier the default
# application for PGN files. The desktop tools are used when they exist
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
# PATH, quoted as the Desktop Entry specification asks.
exec_line() {
	case $bindir in
	*[\"\`\$\\%]* | *'
'*)
		echo "install: cannot write '$bindir' into a .desktop file; choose another PREFIX" >&2
		exit 1
		;;
	esac
	printf 'Exec="%s/%s" %%f\n' "$bindir" "$exe"
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
	# shellcheck disable=SC2086 # one argument per MIME type
	refresh xdg-mime default "$id.desktop" $mimetypes
}

# forget_default removes our line from the user's mimeapps.list, where
# xdg-mime wrote it, so that no default points at a removed application.
forget_default() {
	list=${XDG_CONFIG_HOME:-$HOME/.config}/mimeapps.list
	[ -f "$list" ] || return 0
	sed -i -e "/^application\/\(x-\|vnd\.\)chess-pgn=$id\.desktop;\{0,1\}\$/d" "$list"
}

do_uninstall() {
	rm -f "$bindir/$exe" "$appsdir/$id.desktop" "$icondir/$id.png" "$mimedir/packages/$id.xml"
	if [ -d "$mimedir/packages" ]; then refresh update-mime-database "$mimedir"; fi
	if [ -d "$appsdir" ]; then refresh update-desktop-database "$appsdir"; fi
	forget_default
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
