# Échiquier — build, run and test.
#
#   make run    build the app and open it
#   make test   everything CI checks (formatting, vet, race tests, fuzzing,
#               the end-to-end test under Xvfb)
#
# Both install the Debian packages they need when they are missing.

GO        ?= go
BINARY    := echiquier
FUZZTIME  ?= 10s

# Packages Fyne needs to build (cgo, OpenGL, X11 headers).
BUILD_PKGS := gcc libgl1-mesa-dev xorg-dev
# Packages the tests need: a virtual X server, a real mouse, screenshots,
# an independent PGN checker.
TEST_PKGS  := xvfb xdotool imagemagick pgn-extract

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

.PHONY: all run build deps test-deps test check-format vet unit fuzz e2e bench clean

all: build

deps:
	$(call ensure-packages,$(BUILD_PKGS))

test-deps: deps
	$(call ensure-packages,$(TEST_PKGS))

build: deps
	$(GO) build -o $(BINARY) .

run: build
	./$(BINARY)

test: test-deps check-format vet unit fuzz e2e

check-format:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed on:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

unit:
	$(GO) test -race -timeout 20m ./...

# Each fuzz target runs for a short while; go test -fuzz takes one target
# at a time.
fuzz:
	@for target in $$($(GO) test -list '^Fuzz' ./app/pgn | grep ^Fuzz); do \
		echo "fuzz app/pgn $$target"; \
		$(GO) test -run '^$$' -fuzz "^$$target$$" -fuzztime $(FUZZTIME) ./app/pgn || exit 1; \
	done
	@for target in $$($(GO) test -list '^Fuzz' ./app/game | grep ^Fuzz); do \
		echo "fuzz app/game $$target"; \
		$(GO) test -run '^$$' -fuzz "^$$target$$" -fuzztime $(FUZZTIME) ./app/game || exit 1; \
	done

# The real program under Xvfb, driven by xdotool; screenshots go to
# testoutput/ (ignored by git).
e2e:
	ECHIQUIER_E2E=1 $(GO) test -count=1 -run '^TestEndToEnd$$' -v ./app/

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./app/...

clean:
	rm -f $(BINARY)
	rm -rf testoutput
