# Échiquier — build, run and test.
#
#   make run        build the app and open it
#   make test       everything CI checks (formatting, vet, race tests,
#                   fuzzing, the end-to-end test under Xvfb, the package,
#                   the Windows packages under Wine)
#   make package    the Linux package, dist/echiquier-VERSION-linux-ARCH.tar.xz
#   make install    install it for the current user, under ~/.local
#                   (make install PREFIX=/other/prefix to choose)
#   make uninstall  remove what make install put there
#   make deb        the Debian package, dist/echiquier_VERSION_ARCH.deb
#                   (sudo apt install ./dist/echiquier_…deb installs it)
#   make screenshots  the metainfo's screenshots, from the end-to-end test's
#   make windows    the Windows program, cross-built: a zip and an installer,
#                   dist/echiquier-VERSION-windows-amd64.zip and
#                   dist/echiquier-VERSION-setup.exe
#
# They install the Debian packages they need when they are missing.

GO        ?= go
BINARY    := echiquier
# A number of runs, not a duration: Go 1.26 sometimes ends a timed fuzz
# run with a false "context deadline exceeded" failure (golang/go#75804).
FUZZTIME  ?= 40000x

# Packages Fyne needs to build (cgo, OpenGL, X11 headers).
BUILD_PKGS := gcc libgl1-mesa-dev xorg-dev
# ... and the sounds (app/sound): oto plays through ALSA, whose headers
# its cgo finds with pkg-config.
BUILD_PKGS += libasound2-dev pkg-config
# Packages the tests need: a virtual X server, a real mouse, screenshots,
# an independent PGN checker, a chess engine (app/engine's tests), the X
# clipboard (xclip), an SVG renderer (app/diagram's SVG against its PNG).
TEST_PKGS  := xvfb xdotool imagemagick pgn-extract stockfish xclip librsvg2-bin
# ... and a window manager on the virtual screen, as on a desktop
# (openbox: frames, focus, a double click on a title maximises), with
# xwininfo and xprop (x11-utils) to find where it put the windows.
TEST_PKGS  += openbox x11-utils
# ... and tesseract-ocr, which reads the window's words and clocks off the
# end-to-end test's screenshots, as a person would (its English model
# reads the French words the test looks for: no tesseract-ocr-fra).
TEST_PKGS  += tesseract-ocr
# ... and the checks of the Linux package and of its installation
# (libfile-mimeinfo-perl's mimetype is how xdg-open without GNOME or KDE
# finds that a .pgn file is a PGN file).
TEST_PKGS  += desktop-file-utils xdg-utils libfile-mimeinfo-perl
# ... and the sound's check: the program's sound goes through ALSA
# (libasound2-plugins' pulse plugin) to a PulseAudio server of the
# test's, whose null sink parec records and sox measures.
TEST_PKGS  += pulseaudio pulseaudio-utils libasound2-plugins sox
# Packages `make package` needs: fyne packs the package with tar -J.
PACKAGE_PKGS := xz-utils
# Packages `make deb` needs: dpkg-dev's dpkg-shlibdeps and
# dpkg-parsechangelog, ImageMagick for the icon's sizes.
DEB_PKGS := dpkg-dev imagemagick
# ... and its check: lintian, appstreamcli (appstream), man (lintian reads
# the manual page with it), and the Xvfb, xdotool, desktop-file-utils and
# xdg-utils of TEST_PKGS.
TEST_PKGS  += lintian appstream man-db
# Packages `make windows` needs: the MinGW-w64 cross-compiler (Fyne's cgo
# for Windows), NSIS for the installer, ImageMagick for the installer's
# icon, zip.
WINDOWS_PKGS := gcc-mingw-w64-x86-64 nsis imagemagick zip
# ... and its smoke test: Wine runs the installer and the program (wine64
# for 64-bit programs), under the Xvfb of TEST_PKGS; unzip opens the zip.
TEST_PKGS  += wine wine64 unzip

# The Linux program, built once, by Fyne's own tool (a tool directive in
# go.mod) with the release flags: -ldflags "-s -w", -trimpath and the
# release tag. The tarball, the Debian package and the end-to-end test
# all take this one binary; vet, the end-to-end test's own binary, the
# corpus check and the fuzzing build with the same -trimpath and tag
# (RELEASE_FLAGS), so that Go's cache compiles Fyne's cgo once for them
# all (the unit tests' -race is a second build, Windows a third).
# It is a position-independent executable (-buildmode=pie), as Debian
# builds its programs, for address space layout randomisation.
LINUX_BIN     := dist/linux/$(BINARY)
RELEASE_FLAGS := -trimpath -tags release -buildmode=pie
VERSION := $(shell sed -n 's/^[[:space:]]*Version[[:space:]]*=[[:space:]]*"\(.*\)"/\1/p' FyneApp.toml)
ARCH    := $(shell $(GO) env GOARCH)
PACKAGE := dist/$(BINARY)-$(VERSION)-linux-$(ARCH).tar.xz
# The Debian package: its version (with the Debian revision) is the first
# line of its changelog.
DEB_VERSION := $(shell sed -n '1s/^[^(]*(\([^)]*\)).*/\1/p' resources/linux/changelog)
DEB_ARCH    := $(shell dpkg --print-architecture 2>/dev/null || $(GO) env GOARCH)
DEB         := dist/$(BINARY)_$(DEB_VERSION)_$(DEB_ARCH).deb
# What goes into the package: the program's sources and embedded files,
# the metadata and the packaging files (tests excluded).
PACKAGE_SOURCES := main.go go.mod go.sum FyneApp.toml $(shell find app widgets theme \
	pieces resources settings -type f -not -path '*/testdata/*' -not -name '*_test.go' 2>/dev/null)
# Where make install puts the app; the desktop finds it under ~/.local.
PREFIX  := $(HOME)/.local

# The Windows program and its two packages.
WINDOWS_EXE   := dist/windows/$(BINARY).exe
WINDOWS_ZIP   := dist/$(BINARY)-$(VERSION)-windows-amd64.zip
WINDOWS_SETUP := dist/$(BINARY)-$(VERSION)-setup.exe
WINDOWS_CC    := x86_64-w64-mingw32-gcc

# ensure-packages installs the Debian packages given that are not installed
# yet, with sudo when not root.
define ensure-packages
	@missing=""; for p in $(1); do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:$$missing"; \
		sudo=""; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
		$$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing; \
	fi
endef

# Tests read no locale of their own: a fixed one keeps messages stable.
export LANG := en_US.UTF-8

# Beside a clone with the shared test data (../shared/data, as CI has
# it), a test that cannot find the data it names fails instead of
# skipping; a clone alone still passes, its tests of that data skipped.
export ECHIQUIER_SHARED_REQUIRED := $(if $(wildcard ../shared/data/pgn),1)

.PHONY: all run build deps test-deps package-deps deb-deps windows-deps test check-format vet unit \
	corpus-check fuzz e2e bench clean package install uninstall package-check install-check windows \
	windows-check deb deb-check screenshots linux-bin timed

all: build

deps:
	$(call ensure-packages,$(BUILD_PKGS))

package-deps:
	$(call ensure-packages,$(PACKAGE_PKGS))

deb-deps:
	$(call ensure-packages,$(DEB_PKGS))

windows-deps:
	$(call ensure-packages,$(WINDOWS_PKGS))

test-deps: deps package-deps deb-deps windows-deps
	$(call ensure-packages,$(TEST_PKGS))

build: deps
	$(GO) build -o $(BINARY) .

run: build
	./$(BINARY)

# make test runs the steps one after the other, each timed, but for the
# Windows ones: once the Linux program and the unit tests are built, the
# Windows program is built and checked under Wine (windows-check, its
# output in dist/windows-check.log, shown at the end) beside the Linux
# steps. Nothing else may build the root package while the Windows
# program is built (see WINDOWS_EXE): the later Linux steps do not.
TEST_FIRST := check-format vet linux-bin unit
TEST_LINUX := corpus-check fuzz e2e package-check install-check deb-check
test: test-deps
	@$(MAKE) --no-print-directory timed STEPS="$(TEST_FIRST)"
	@mkdir -p dist; \
	$(MAKE) --no-print-directory timed STEPS=windows-check >dist/windows-check.log 2>&1 & windows=$$!; \
	$(MAKE) --no-print-directory timed STEPS="$(TEST_LINUX)"; linux=$$?; \
	wait $$windows; windows=$$?; \
	echo "== windows-check's output (dist/windows-check.log):"; cat dist/windows-check.log; \
	[ $$linux -eq 0 ] && [ $$windows -eq 0 ]

# timed runs the make targets STEPS in turn and says how long each took.
timed:
	@for step in $(STEPS); do \
		start=$$(date +%s); \
		$(MAKE) --no-print-directory $$step; status=$$?; \
		echo "== step $$step: $$(($$(date +%s) - start)) s$$([ $$status -eq 0 ] || echo ", FAILED")"; \
		[ $$status -eq 0 ] || exit $$status; \
	done

check-format:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed on:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet $(RELEASE_FLAGS) ./...

# The timeouts only stop a test that hangs: CI's own 90 minutes bound the
# whole, and a loaded machine may take several times the usual time.
unit:
	$(GO) test -race -timeout 60m ./...

# The opening tree of the whole corpus against notnil/chess's replay of
# every game: two minutes without the race detector, too long with it.
corpus-check:
	ECHIQUIER_WHOLE_CORPUS=1 $(GO) test $(RELEASE_FLAGS) -count=1 -run '^TestCorpusWhole$$' -timeout 60m ./app/explore/

# Each fuzz target runs for a short while; go test -fuzz takes one target
# at a time. The targets are read from the test files (go test -list
# would build and link each package's test binary once more).
FUZZ_PKGS := ./app/pgn ./app/game ./app/engine ./app/autosave ./app/explore ./app/sound
fuzz:
	@for pkg in $(FUZZ_PKGS); do \
		targets=$$(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' $$pkg/*_test.go); \
		[ -n "$$targets" ] || { echo "fuzz: no fuzz target in $$pkg"; exit 1; }; \
		for target in $$targets; do \
			echo "fuzz $$pkg $$target"; \
			$(GO) test $(RELEASE_FLAGS) -run '^$$' -fuzz "^$$target$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
		done; \
	done

# The real program under Xvfb, driven by xdotool; screenshots go to
# testoutput/ (ignored by git). The program is the release one, as
# packaged (ECHIQUIER_E2E_BIN; without it the test builds its own).
e2e: $(LINUX_BIN)
	ECHIQUIER_E2E=1 ECHIQUIER_E2E_BIN="$(CURDIR)/$(LINUX_BIN)" $(GO) test $(RELEASE_FLAGS) -count=1 -timeout 60m \
		-run '^TestEndToEnd$$' -v ./app/

# The screenshots of the AppStream metainfo (resources/linux/screenshots,
# kept in git): the end-to-end test's, cut to the window (the black of
# the screen around it trimmed) and reduced to 256 colours. Run make e2e
# first; make deb-check checks that the metainfo gives their sizes.
# The screenshots are the window at its first size, without the window
# manager's frame, which the trim may keep.
SCREENSHOT_SIZE := 1040x720
SCREENSHOTS := game:e2e-en-layout-engine.png tree:e2e-en-tree.png french:e2e-fr-report-first.png
screenshots:
	@for s in $(SCREENSHOTS); do \
		from=testoutput/$${s#*:}; to=resources/linux/screenshots/$${s%%:*}.png; \
		[ -f "$$from" ] || { echo "no $$from: run make e2e first"; exit 1; }; \
		convert "$$from" -bordercolor black -border 1 -trim +repage \
			-gravity NorthWest -crop $(SCREENSHOT_SIZE)+0+0 +repage -strip -colors 256 \
			-define png:compression-level=9 "$$to" && \
		echo "$$to ($$(identify -format %wx%h "$$to"), $$(wc -c <"$$to") bytes)"; \
	done

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# `fyne build -release` writes fyne_metadata_init.go (the metadata of
# FyneApp.toml) into the source folder for the time of its build.
$(LINUX_BIN): $(filter-out resources/linux/% resources/windows/%,$(PACKAGE_SOURCES)) | deps
	mkdir -p dist/linux
	GOFLAGS="$(GOFLAGS) -buildmode=pie" $(GO) tool fyne build -release -o "$(CURDIR)/$@"

linux-bin: $(LINUX_BIN)

# `fyne package` packs the release binary (given with -exe, it does not
# build another), into dist/tmp. It also bumps Build in FyneApp.toml
# after every package and rewrites the file without its comments: the
# file is put back as it was. finish-package.sh then adds what fyne
# cannot write (the PGN MIME type, the metainfo, the manual page) and
# packs again: fyne's own archive is only compressed lightly (XZ_OPT).
$(PACKAGE): $(LINUX_BIN) $(PACKAGE_SOURCES) | deps package-deps
	rm -rf dist/tmp && mkdir -p dist/tmp
	cp -p $(LINUX_BIN) dist/tmp/$(BINARY)
	cp -p FyneApp.toml dist/tmp/FyneApp.toml.orig
	cd dist/tmp && XZ_OPT=-0 $(GO) tool fyne package -os linux -release \
		-src "$(CURDIR)" -exe "$(CURDIR)/dist/tmp/$(BINARY)"; \
	status=$$?; cp -p "$(CURDIR)/dist/tmp/FyneApp.toml.orig" "$(CURDIR)/FyneApp.toml"; \
	exit $$status
	sh resources/linux/finish-package.sh dist/tmp/*.tar.xz $@
	rm -rf dist/tmp
	@echo "package: $@ ($$(wc -c <$@) bytes)"

package: $(PACKAGE)

install: $(PACKAGE)
	sh resources/linux/install.sh install $(PACKAGE) "$(PREFIX)"

uninstall:
	sh resources/linux/install.sh uninstall "" "$(PREFIX)"

# The package holds a stripped binary, a valid .desktop file that opens
# PGN files, the icon and the MIME type.
package-check: $(PACKAGE)
	sh resources/linux/check.sh package $(PACKAGE)

# make install and make uninstall into a throw-away HOME (check.sh runs
# make itself: a $(MAKE) here would run even under make -n).
install-check: $(PACKAGE)
	sh resources/linux/check.sh install

# The Debian package, from the tarball and resources/linux/ (mkdeb.sh).
$(DEB): $(PACKAGE) resources/linux/mkdeb.sh resources/linux/changelog resources/linux/copyright \
		resources/icon.svg resources/icon.png resources/fonts/LICENSE-DejaVu.txt | deb-deps
	sh resources/linux/mkdeb.sh $(PACKAGE) dist

deb: $(DEB)

# The Debian package checked as distributions check it (lintian,
# appstreamcli, desktop-file-validate), then installed on this machine
# with apt, run, given a .pgn through xdg-open, and purged
# (resources/linux/check.sh deb).
deb-check: $(DEB)
	sh resources/linux/check.sh deb $(DEB)

# The Windows program, built by Fyne's tool as the Linux package is, with
# the release flags and -H=windowsgui (no console window). It writes the
# icon and the version (from FyneApp.toml) as fyne.syso into the source
# folder, with the program, for the time of its build: nothing else may
# build the root package meanwhile (a Linux link would take that Windows
# object). CGO_ENABLED=0 is for `go tool` building the tool itself for
# Linux (CC is the Windows compiler); the tool turns cgo on for the app.
# The tool names the program after the app, Échiquier.exe; the packages
# call it echiquier.exe, the name typed on a command line.
$(WINDOWS_EXE): $(filter-out resources/linux/% resources/windows/%,$(PACKAGE_SOURCES)) | windows-deps
	rm -rf dist/windows && mkdir -p dist/windows
	rm -f $(BINARY).exe Échiquier.exe fyne.syso
	cp -p FyneApp.toml dist/windows/FyneApp.toml.orig
	CGO_ENABLED=0 CC=$(WINDOWS_CC) $(GO) tool fyne package -os windows -release \
		-src "$(CURDIR)"; \
	status=$$?; cp -p dist/windows/FyneApp.toml.orig FyneApp.toml; rm -f dist/windows/FyneApp.toml.orig; \
	exit $$status
	mv Échiquier.exe $@

# The zip and the installer, made together (package.sh).
$(WINDOWS_ZIP) $(WINDOWS_SETUP) &: $(WINDOWS_EXE) LICENSE README.md resources/icon.png resources/fonts/LICENSE-*.txt \
		pieces/*/README.md resources/sounds/README.md resources/windows/package.sh resources/windows/echiquier.nsi | windows-deps
	sh resources/windows/package.sh $(WINDOWS_EXE) $(VERSION) $(WINDOWS_ZIP) $(WINDOWS_SETUP)

windows: $(WINDOWS_ZIP) $(WINDOWS_SETUP)

# The packages' contents, then, under Wine in a virtual X server: the
# installer installed silently, the .pgn association, the program showing
# a game given on its command line and one opened through the
# association, and the uninstaller taking everything away.
windows-check: $(WINDOWS_ZIP) $(WINDOWS_SETUP)
	sh resources/windows/check.sh $(WINDOWS_ZIP) $(WINDOWS_SETUP)

clean:
	rm -f $(BINARY)
	rm -rf testoutput dist
