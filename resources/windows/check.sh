#!/bin/sh
# check.sh ZIP SETUP
#
# Checks the Windows packages that `make windows` wrote. The zip holds a
# stripped 64-bit Windows GUI program with the app's icon and version,
# the licence and the credits; the installer asks for no administrator
# rights. Then, under Wine, in a fresh prefix and a private Xvfb: the
# installer installs silently (/S) for the user alone, with its
# Start-menu entry, its uninstaller registered under HKCU and the .pgn
# association under HKCU\Software\Classes; the installed program opens a
# game given on its command line as a Windows path (drive letter,
# backslashes, a space) and shows it (its window is named after the file;
# screenshots in testoutput/windows/), and keeps its settings and
# autosave under %APPDATA%\fyne; opening a .pgn file through Windows'
# shell (what a double click in Explorer does) starts it on that file;
# installing again while the program runs (an upgrade) closes it first;
# the uninstaller (/S), run while the program runs, closes it, takes
# away the files, the entry and the registry keys, and leaves the user's
# settings.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
zip=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
setup=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
id=org.echiquier.Echiquier
name=Échiquier
version=$(sed -n 's/^[[:space:]]*Version[[:space:]]*=[[:space:]]*"\(.*\)"/\1/p' "$root/FyneApp.toml")
shots=$root/testoutput/windows
checks=0

fail() {
	printf 'FAIL: %s\n' "$*" >&2
	if [ -n "${WINEPREFIX:-}" ]; then
		echo "the Wine prefix's processes:" >&2
		prefix_processes >&2
	fi
	exit 1
}
pass() {
	checks=$((checks + 1))
	printf 'ok: %s\n' "$*"
}
need() { command -v "$1" >/dev/null 2>&1 || fail "$1 is missing (make test-deps installs it)"; }

for tool in unzip x86_64-w64-mingw32-objdump strings iconv wine wineserver winepath Xvfb xdotool import convert; do
	need "$tool"
done
[ -f "$zip" ] || fail "no zip at $zip (make windows builds it)"
[ -f "$setup" ] || fail "no installer at $setup (make windows builds it)"

work=$(mktemp -d)
xvfb=""
cleanup() {
	status=$?
	if [ -n "${WINEPREFIX:-}" ]; then
		wineserver -k 2>/dev/null || true
	fi
	[ -z "$xvfb" ] || kill "$xvfb" 2>/dev/null || true
	rm -rf "$work"
	exit $status
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

check_zip() {
	got=$(unzip -Z1 "$zip" | LC_ALL=C sort | tr '\n' ' ')
	[ "$got" = "CREDITS.txt LICENSE.txt echiquier.exe " ] || fail "$zip holds $got"
	mkdir "$work/zip"
	unzip -q "$zip" -d "$work/zip"
	tr -d '\r' <"$work/zip/LICENSE.txt" | cmp -s - "$root/LICENSE" || fail "LICENSE.txt is not LICENSE"
	grep -q 'Colin M. L' "$work/zip/CREDITS.txt" && grep -q 'Bitstream Vera' "$work/zip/CREDITS.txt" &&
		grep -q 'Thomas Dybdahl Ahle' "$work/zip/CREDITS.txt" ||
		fail "CREDITS.txt lacks the pieces', the fonts' or the sounds' notices"
	pass "zip holds echiquier.exe, LICENSE.txt and CREDITS.txt"

	exe=$work/zip/echiquier.exe
	headers=$(x86_64-w64-mingw32-objdump -p "$exe")
	printf '%s\n' "$headers" | grep -q '^Magic[[:space:]]*020b' || fail "echiquier.exe is not a 64-bit (PE32+) program"
	printf '%s\n' "$headers" | grep -q '^Subsystem[[:space:]]*00000002' ||
		fail "echiquier.exe is not a GUI program (it would open a console window)"
	x86_64-w64-mingw32-objdump -h "$exe" | grep -q -e '\.debug_' -e '\.zdebug_' &&
		fail "echiquier.exe has debug sections (not a release build)"
	# The resources fyne.syso brought: an icon (type 3), a group icon (14),
	# the version (16) and the manifest (24).
	# objdump lists the resource types at the first level of .rsrc.
	for type in 03 0e 10 18; do
		printf '%s\n' "$headers" | grep -q "^[0-9a-f]*   Entry: ID: 0x0000$type," ||
			fail "echiquier.exe has no resource of type 0x$type"
	done
	strings -e l "$exe" | grep -qx "$version\.[0-9]*" || fail "echiquier.exe's version resource is not $version.BUILD"
	# The name in UTF-16, as the version resource holds it: É is C9 00.
	LC_ALL=C grep -qaP '\xc9\x00c\x00h\x00i\x00q\x00u\x00i\x00e\x00r\x00\x00\x00' "$exe" ||
		fail "echiquier.exe's version resource does not name $name"
	pass "echiquier.exe: PE32+, Windows GUI, no debug sections, icon, manifest and version $version ($(wc -c <"$exe") bytes)"

	# Wine runs everything with every right: the installer's manifest is
	# what says that Windows will not ask for an administrator.
	grep -qa 'requestedExecutionLevel level="asInvoker"' "$setup" ||
		fail "the installer's manifest does not run it as the user (asInvoker)"
	pass "the installer runs as the user, without administrator rights ($(wc -c <"$setup") bytes)"
}

# start_x starts a private Xvfb on a free display from 200 up (the Go
# end-to-end test takes 100 to 199; below are other people's). A lock
# file without its socket is a server in another namespace, not a free
# display.
start_x() {
	n=200
	while [ $n -lt 300 ]; do
		if [ ! -e /tmp/.X11-unix/X$n ] && [ ! -e /tmp/.X$n-lock ]; then
			Xvfb :$n -screen 0 1280x800x24 -nolisten tcp -noreset >"$work/xvfb.log" 2>&1 &
			xvfb=$!
			DISPLAY=:$n
			export DISPLAY
			tries=0
			while [ $tries -lt 100 ]; do
				xdotool getmouselocation >/dev/null 2>&1 && return 0
				kill -0 "$xvfb" 2>/dev/null || break
				sleep 0.1
				tries=$((tries + 1))
			done
			kill "$xvfb" 2>/dev/null || true
			xvfb=""
		fi
		n=$((n + 1))
	done
	cat "$work/xvfb.log" >&2
	fail "no Xvfb could start on a display from :200 to :299"
}

# Waits follow Wine's progress, not the clock: a machine busy with other
# work may take minutes to start a program under Wine. A wait gives up
# when no process of the prefix (the program, wineserver, the installer)
# has used the processor for $idle_limit seconds, or after $wait_limit
# seconds in all (a program that spins without ever doing what is
# awaited).
idle_limit=60
wait_limit=900

# prefix_pids prints the processes running in $WINEPREFIX.
prefix_pids() {
	for proc in /proc/[0-9]*; do
		grep -qzx "WINEPREFIX=$WINEPREFIX" "$proc/environ" 2>/dev/null && echo "${proc#/proc/}"
	done
	return 0
}

# prefix_ticks prints the processor time (in clock ticks) they used so
# far.
prefix_ticks() {
	total=0
	for p in $(prefix_pids); do
		# utime and stime: the 12th and 13th fields after the name's ")".
		ticks=$(sed 's/.*) //' "/proc/$p/stat" 2>/dev/null | awk '{ print $12 + $13 }') || continue
		total=$((total + ${ticks:-0}))
	done
	echo "$total"
}

# prefix_processes lists them: what a failed wait shows.
prefix_processes() {
	for p in $(prefix_pids); do
		ps -o pid=,stat=,time=,args= -p "$p" 2>/dev/null || true
	done
}

# wait_start begins a wait; stalled, called between tries, says when it
# should give up, with the reason in $stall.
wait_start() {
	begun=$(date +%s)
	moved=$begun
	sampled=$begun
	last_ticks=$(prefix_ticks)
}
stalled() {
	now=$(date +%s)
	if [ $((now - sampled)) -ge 5 ]; then
		sampled=$now
		ticks=$(prefix_ticks)
		[ "$ticks" = "$last_ticks" ] || moved=$now
		last_ticks=$ticks
	fi
	if [ $((now - moved)) -ge $idle_limit ]; then
		stall="for $idle_limit s no process of the Wine prefix used the processor"
	elif [ $((now - begun)) -ge $wait_limit ]; then
		stall="after $wait_limit s, while Wine's processes still used the processor"
	else
		return 1
	fi
}

# launch TITLE LIMIT COMMAND...: starts COMMAND and waits for a window
# whose name holds TITLE, at most LIMIT seconds (or until Wine stalls),
# $why saying why it gave up. A program that fails fails the check.
launch() {
	title=$1
	limit=$2
	shift 2
	"$@" >"$work/program.log" 2>&1 &
	started=$!
	wait_start
	until xdotool search --name "$title" >/dev/null 2>&1; do
		# (wine start returns as soon as it has started the program.)
		if [ "$2" != start ] && ! kill -0 $started 2>/dev/null && ! wait $started; then
			cat "$work/program.log" >&2
			fail "the program failed"
		fi
		waited=$(($(date +%s) - begun))
		if stalled; then
			why="no window named '$title': $stall ($waited s)"
			return 1
		elif [ $waited -ge "$limit" ]; then
			why="no window named '$title' within $limit s"
			return 1
		fi
		sleep 0.5
	done
	echo "   (the window '$title' came after $(($(date +%s) - begun)) s)"
}

# wait_until COMMAND...: runs COMMAND every half second until it
# succeeds, failing when Wine stalls ($stall says how).
wait_until() {
	wait_start
	until "$@" >/dev/null 2>&1; do
		! stalled || return 1
		sleep 0.5
	done
}

# wincmd prints what cmd.exe expands TEXT to, without the line end.
wincmd() { timeout 60 wine cmd /c echo "$1" 2>/dev/null | tr -d '\r'; }

# regval KEY NAME prints the text of the value NAME of KEY (@: its
# default value). It reads what reg export writes, UTF-16, with .reg's
# escapes: reg query writes in a console code page where É is another
# byte.
regval() {
	rm -f "$work/key.reg"
	timeout 60 wine reg export "$1" "$(winepath -w "$work/key.reg")" /y >/dev/null 2>&1 || return 1
	if [ "$2" = @ ]; then want='@="'; else want="\"$2\"=\""; fi
	# The key's own section only, not its subkeys'.
	iconv -f UTF-16 -t UTF-8 "$work/key.reg" | tr -d '\r' | awk '/^\[/ { n++; next } n == 1' |
		grep -F "$want" | head -n 1 | sed 's/^[^=]*="//; s/"$//; s/\\\\/\\/g; s/\\"/"/g'
}

# start_program TITLE SHOT COMMAND...: starts COMMAND, waits for a
# window whose name holds TITLE (failing at once if COMMAND is the program
# and fails), screenshots it to SHOT and checks that the picture shows
# something (a window that OpenGL could not draw into is one or two
# colours). It leaves the program running, its window in $wid and its
# process (Wine runs each Windows process as a Unix one) in $pid.
#
# The window comes within seconds, even with both cores busy. Once in
# dozens of runs, under Wine, it did not come at all (the program had
# written its first log line, then nothing for 180 s). Such a start is
# reported, with Wine's processes, then the program is ended and
# started once more: a second start that stalls fails the check.
start_program() {
	title=$1
	shot=$2
	shift 2
	if ! launch "$title" 180 "$@"; then
		echo "warning: $why; the Wine prefix's processes:"
		prefix_processes
		echo "warning: the program said:"
		cat "$work/program.log"
		for p in $(prefix_processes | awk '/echiquier\.exe/ { print $1 }'); do
			kill -9 "$p" 2>/dev/null || true
		done
		echo "warning: the program ended; started once more"
		launch "$title" "$wait_limit" "$@" || {
			echo "windows open:" >&2
			xdotool search --name . getwindowname %@ >&2 2>/dev/null || true
			echo "the program said:" >&2
			cat "$work/program.log" >&2
			fail "$why, twice"
		}
	fi
	wid=$(xdotool search --name "$title" | head -n 1)
	pid=$(xdotool getwindowpid "$wid") || fail "the window '$title' names no process (_NET_WM_PID)"
	running "$pid" || fail "the window '$title' names process $pid, which does not run"
	# Fyne draws its first frame a little after the window appears.
	wait_start
	while :; do
		import -window "$wid" "$shot"
		colours=$(convert "$shot" -format '%k' info:)
		[ "$colours" -lt 64 ] || break
		! stalled || fail "the window '$title' shows only $colours colours: $stall (not drawn?): see $shot"
		sleep 0.5
	done
	window_name=$(xdotool getwindowname "$wid")
}

# running PID: process PID runs (a zombie, ended but not yet reaped by
# the shell that started it, does not).
running() { ps -o stat= -p "$1" 2>/dev/null | grep -q '^[^Z]'; }

# run_until_window TITLE SHOT COMMAND...: start_program, then closes the
# program as Windows asks programs to close (WM_CLOSE, taskkill without
# /F) and waits for its process to end: a window gone is not yet a
# program gone, and Windows cannot remove the file of a running program.
run_until_window() {
	start_program "$@"
	# What the running program keeps in its storage folder (its autosave
	# lock is there only while it runs).
	running_files=$(ls -A "$storage" 2>/dev/null | tr '\n' ' ')
	timeout 60 wine taskkill /im echiquier.exe >/dev/null 2>&1 || true
	wait_until sh -c '! ps -o stat= -p "$1" | grep -q "^[^Z]"' - "$pid" ||
		fail "echiquier.exe (process $pid) did not end after WM_CLOSE: $stall"
}

check_wine() {
	mkdir -p "$shots" "$work/home" "$work/games"
	# Wine writes only into the throw-away prefix and home: no menu
	# entries nor file types for the Linux desktop (winemenubuilder), no
	# Mono or Gecko download prompts (mscoree, mshtml).
	WINEPREFIX=$work/prefix
	HOME=$work/home
	XDG_DATA_HOME=$work/home/.local/share
	XDG_CONFIG_HOME=$work/home/.config
	WINEDEBUG=-all
	WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d"
	# Wine takes the Unix locale's character set for its console: UTF-8
	# for the accented names.
	LC_ALL=C.UTF-8
	export WINEPREFIX HOME XDG_DATA_HOME XDG_CONFIG_HOME WINEDEBUG WINEDLLOVERRIDES LC_ALL
	unset WAYLAND_DISPLAY 2>/dev/null || true
	start_x

	timeout 600 wineboot -i >"$work/wineboot.log" 2>&1 || {
		cat "$work/wineboot.log" >&2
		fail "wineboot -i"
	}
	timeout 120 wineserver -w || true
	# Go programs need ProcessPrng from bcryptprimitives.dll, which Wine
	# has from 9.0 on only: an older Wine gets a stand-in (see its source).
	system32=$WINEPREFIX/drive_c/windows/system32
	stand_in=""
	if [ ! -e "$system32/bcryptprimitives.dll" ]; then
		x86_64-w64-mingw32-gcc -shared -O2 -o "$system32/bcryptprimitives.dll" \
			"$here/bcryptprimitives.c" -lbcrypt || fail "building the bcryptprimitives.dll stand-in"
		stand_in=", with the bcryptprimitives.dll stand-in"
	fi
	pass "fresh Wine prefix ($(wine --version)$stand_in) on display $DISPLAY"

	timeout 300 wine "$setup" /S >"$work/setup.log" 2>&1 || {
		cat "$work/setup.log" >&2
		fail "the installer /S failed"
	}
	local_w=$(wincmd '%LOCALAPPDATA%')
	appdata_w=$(wincmd '%APPDATA%')
	case $local_w in [A-Z]:\\*) ;; *) fail "%LOCALAPPDATA% is '$local_w'" ;; esac
	dir_w="$local_w\\Programs\\$name"
	dir=$(winepath -u "$dir_w")
	exe_w="$dir_w\\echiquier.exe"
	for f in echiquier.exe uninstall.exe LICENSE.txt CREDITS.txt; do
		[ -f "$dir/$f" ] || fail "the installer did not write $dir_w\\$f"
	done
	cmp -s "$dir/echiquier.exe" "$work/zip/echiquier.exe" || fail "the installed program is not the zip's"
	lnk=$(winepath -u "$appdata_w\\Microsoft\\Windows\\Start Menu\\Programs\\$name.lnk")
	[ -f "$lnk" ] || fail "no Start-menu entry at $lnk"
	pass "installed silently, per user, into $dir_w, with a Start-menu entry"

	classes='HKCU\Software\Classes'
	got=$(regval "$classes\\.pgn" @) || fail "no $classes\\.pgn key"
	[ "$got" = Echiquier.pgn ] || fail "$classes\\.pgn names '$got', not Echiquier.pgn"
	got=$(regval "$classes\\Echiquier.pgn\\shell\\open\\command" @) || fail "no open command for Echiquier.pgn"
	[ "$got" = "\"$exe_w\" \"%1\"" ] || fail "the .pgn open command is '$got'"
	pass ".pgn association in $classes: $got"
	uninstall_key="HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\$id"
	got=$(regval "$uninstall_key" UninstallString) || fail "no $uninstall_key key"
	[ "$got" = "\"$dir_w\\uninstall.exe\"" ] || fail "UninstallString is '$got'"
	got=$(regval "$uninstall_key" DisplayName)
	[ "$got" = "$name" ] || fail "DisplayName is '$got'"
	got=$(regval "$uninstall_key" DisplayVersion)
	[ "$got" = "$version" ] || fail "DisplayVersion is '$got'"
	pass "uninstaller registered in $uninstall_key"

	storage_w="$appdata_w\\fyne\\$id"
	storage=$(winepath -u "$storage_w")

	# The program, given a Windows path on its command line.
	printf '[Event "Wine check"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n' \
		>"$work/games/Ruy Lopez.pgn"
	game_w=$(winepath -w "$work/games/Ruy Lopez.pgn")
	case $game_w in [A-Z]:\\*\\*) ;; *) fail "winepath gave '$game_w'" ;; esac
	run_until_window "Ruy Lopez.pgn" "$shots/command-line.png" wine "$dir/echiquier.exe" "$game_w"
	pass "echiquier.exe '$game_w' showed the game: window '$window_name', $colours colours ($shots/command-line.png)"

	# The settings (settings.FileStore, in settings\settings.json) and
	# the autosave (its lock, while the program runs) are in Fyne's
	# storage folder, in the roaming AppData.
	case " $running_files" in *" settings "*) ;; *) fail "no settings folder in $storage_w: $running_files" ;; esac
	case " $running_files" in *" autosave-"*) ;; *) fail "no autosave files in $storage_w: $running_files" ;; esac
	[ ! -e "$HOME/.config/fyne" ] || fail "the program wrote into the Unix ~/.config/fyne"
	pass "the settings and the autosave in $storage_w: $running_files"
	# Opening the game made its folder the last one used: a setting,
	# kept in settings\settings.json, written as Windows names the
	# folder.
	dir_json=$(printf '%s\n' "${game_w%\\*}" | sed 's/\\/\\\\/g')
	kept_in=$(grep -rlF "\"$dir_json\"" "$storage" | sed "s|^$storage/||" | tr '\n' ' ')
	[ "$kept_in" = "settings/settings.json " ] || fail "the last folder, $dir_json, is not in settings\\settings.json of $storage_w (found in: $kept_in)"
	pass "the last folder, $dir_json, kept in $storage_w: $kept_in"

	# A double click in Explorer: the shell opens the file with the
	# association's command. Windows' HKEY_CLASSES_ROOT shows the keys of
	# HKCU\Software\Classes over those of HKLM\Software\Classes; Wine
	# 8's shows HKLM's alone: the installer's keys are copied there as
	# they are.
	for key in .pgn Echiquier.pgn; do
		timeout 60 wine reg export "$classes\\$key" "$(winepath -w "$work/user.reg")" /y >/dev/null 2>&1 ||
			fail "reg export $classes\\$key"
		iconv -f UTF-16 -t UTF-8 "$work/user.reg" |
			sed 's/^\[HKEY_CURRENT_USER\\Software\\Classes\\/[HKEY_LOCAL_MACHINE\\Software\\Classes\\/' |
			{ printf '\377\376' && iconv -f UTF-8 -t UTF-16LE; } >"$work/machine.reg"
		timeout 60 wine reg import "$(winepath -w "$work/machine.reg")" >/dev/null 2>&1 || fail "reg import of $key"
	done
	got=$(regval 'HKCR\Echiquier.pgn\shell\open\command' @)
	[ "$got" = "\"$exe_w\" \"%1\"" ] || fail "copying the association into HKLM gave '$got'"
	printf '[Event "Wine check"]\n[Result "*"]\n\n1. e4 c5 *\n' >"$work/games/Sicilian.pgn"
	run_until_window "Sicilian.pgn" "$shots/association.png" wine start /unix "$work/games/Sicilian.pgn"
	pass "opening Sicilian.pgn through the shell started Échiquier on it: window '$window_name'"

	# Installing again (an upgrade) while the program runs: Windows
	# cannot replace a running program's file. The installer asks the
	# program to close, as its close button does (it quits cleanly: its
	# autosave lock goes), then installs every file (LICENSE.txt, removed
	# here, is written again).
	start_program "Ruy Lopez.pgn" "$shots/before-upgrade.png" wine "$dir/echiquier.exe" "$game_w"
	rm "$dir/LICENSE.txt"
	status=0
	timeout 300 wine "$setup" /S >"$work/setup.log" 2>&1 || status=$?
	[ $status -eq 0 ] || fail "the installer /S over the running program failed ($status)"
	! running "$pid" || fail "the installer left the program running (process $pid)"
	[ -f "$dir/LICENSE.txt" ] && cmp -s "$dir/echiquier.exe" "$work/zip/echiquier.exe" ||
		fail "the installer over the running program did not install every file: $(ls -A "$dir" | tr '\n' ' ')"
	locks=$(cd "$storage" && ls -A | grep '\.lock$' | tr '\n' ' ') || true
	[ -z "$locks" ] || fail "the program asked to close by the installer did not quit cleanly (left $locks)"
	pass "installing over the running program closed it (WM_CLOSE, a clean quit), then installed every file"

	# Uninstalling while the program runs: the uninstaller, too, asks it
	# to close, then removes everything. It copies itself away and
	# returns at once: what it removes is awaited.
	start_program "Sicilian.pgn" "$shots/before-uninstall.png" wine "$dir/echiquier.exe" \
		"$(winepath -w "$work/games/Sicilian.pgn")"
	timeout 120 wine "$dir/uninstall.exe" /S >"$work/uninstall.log" 2>&1 || {
		cat "$work/uninstall.log" >&2
		fail "the uninstaller /S failed"
	}
	wait_until sh -c '[ ! -e "$1" ]' - "$dir" ||
		fail "the uninstaller left $dir_w ($stall): $(ls -A "$dir" | tr '\n' ' ')"
	wait_until sh -c '! ps -o stat= -p "$1" | grep -q "^[^Z]"' - "$pid" ||
		fail "the uninstaller removed the program but left it running (process $pid): $stall"
	pass "uninstalling while the program ran closed it, then removed its folder"
	timeout 120 wineserver -w || true
	[ ! -e "$lnk" ] || fail "the uninstaller left the Start-menu entry"
	for key in "$classes\\.pgn" "$classes\\Echiquier.pgn" "$uninstall_key"; do
		# reg query: 0 found, 1 not found.
		status=0
		timeout 60 wine reg query "$key" >/dev/null 2>&1 || status=$?
		[ $status -ne 0 ] || fail "the uninstaller left $key"
		[ $status -eq 1 ] || fail "reg query $key failed ($status)"
	done
	[ -d "$storage" ] || fail "the uninstaller removed the user's settings and autosave"
	pass "uninstalled silently: files, Start-menu entry and registry keys gone, the user's settings kept"
}

check_zip
check_wine
echo "windows check: all $checks checks passed"
