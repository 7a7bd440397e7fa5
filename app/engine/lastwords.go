package engine

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// The bounds of what is kept of an engine's last words: a few lines, each
// cut to a sentence's length.
const (
	maxWords   = 8
	maxWordLen = 200
)

// lastWords keeps the last lines an engine wrote outside the UCI
// protocol: what it wrote to its standard error, which shares its output,
// and the text of its "info string" lines. An engine that fails often
// says why there ("Failed to allocate 4096MB for transposition table."),
// and the error that reports its end quotes it. Its methods may be called
// from any goroutine.
type lastWords struct {
	mu    sync.Mutex
	lines []string // the oldest first, at most maxWords
}

// note keeps what line says, if it is outside the protocol.
func (w *lastWords) note(line string) {
	said, ok := outsideProtocol(line)
	if !ok {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.lines) == maxWords {
		w.lines = append(w.lines[:0], w.lines[1:]...)
	}
	w.lines = append(w.lines, said)
}

// telling returns the most telling of the lines kept: the first that
// speaks of a failure, or "" when none does. The first, for an engine
// explains before it elaborates ("ERROR: Network evaluation parameters
// compatible with the engine must be available.", then how to fix it);
// none, rather than chatter ("NNUE evaluation using nn-ad9b42354671.nnue
// enabled") that would pass for a reason.
func (w *lastWords) telling() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, line := range w.lines {
		if speaksOfFailure(line) {
			return line
		}
	}
	return ""
}

// outsideProtocol returns what line says when it is not part of the UCI
// protocol, cleaned for an error message: the line, or the text of an
// "info string" line. It reports false for the protocol's lines and for
// blank ones.
func outsideProtocol(line string) (string, bool) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return "", false
	}
	switch f[0] {
	case "info":
		if len(f) < 2 || f[1] != "string" {
			return "", false
		}
		_, text, _ := strings.Cut(line, "string")
		return cleanWords(text), true
	case "id", "option", "uciok", "readyok", "bestmove", "copyprotection", "registration":
		return "", false
	}
	return cleanWords(line), true
}

// cleanWords makes an engine's line fit for an error message: valid
// UTF-8, no control characters, single spaces, at most maxWordLen
// characters.
func cleanWords(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) > maxWordLen {
		s = string([]rune(s)[:maxWordLen-1]) + "…"
	}
	return s
}

// speaksOfFailure reports whether an engine's line says that something
// went wrong, in the words programs use for it.
func speaksOfFailure(line string) bool {
	lower := strings.ToLower(line)
	for _, word := range [...]string{
		"error", "fail", "cannot", "can't", "unable", "invalid", "illegal",
		"not found", "no such", "denied", "too large", "too big", "out of memory",
		"abort", "panic", "exception", "fatal", "terminate", "usage",
	} {
		if strings.Contains(lower, word) {
			return true
		}
	}
	return false
}
