package engine

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"strings"
	"time"
)

// maxLine is the longest line read from an engine: a longer one is
// dropped whole, so that an engine writing without end costs bounded
// memory. A principal variation of a hundred moves takes 500 bytes.
const maxLine = 64 << 10

// maxPV bounds the moves kept of a principal variation.
const maxPV = 64

// errLineTooLong marks a dropped line; reading goes on after it.
var errLineTooLong = errors.New("line too long")

// readLine returns the next line of r without its end ("\n" or "\r\n").
// r must have a buffer of maxLine bytes: a line that does not fit is read
// to its end and dropped with errLineTooLong.
func readLine(r *bufio.Reader) (string, error) {
	b, err := r.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		for errors.Is(err, bufio.ErrBufferFull) {
			_, err = r.ReadSlice('\n')
		}
		if err != nil {
			return "", err
		}
		return "", errLineTooLong
	}
	if err != nil {
		if err == io.EOF && len(b) > 0 {
			return strings.TrimRight(string(b), "\r"), nil
		}
		return "", err
	}
	return strings.TrimRight(string(b[:len(b)-1]), "\r"), nil
}

// info is what an engine's "info" line says about one line of play; the
// values it does not give are zero.
type info struct {
	depth, selDepth int
	multiPV         int // 1 for the best line
	hasScore        bool
	mate            bool  // score counts moves to mate, not centipawns
	score           int   // centipawns or UCI's signed mate count, from the side to move
	bound           Bound // from the side to move
	nodes, nps      int64
	time            time.Duration
	pv              []string
}

// parseInfo reads an "info" line. It reports false for any other line and
// for an info line that says nothing of a line of play (no score and no
// pv: "info string ...", "info currmove ..."). Values that do not parse
// are left out rather than trusted.
func parseInfo(line string) (info, bool) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return info{}, false
	}
	in := info{multiPV: 1}
	num := func(i int) (int64, bool) {
		if i >= len(f) {
			return 0, false
		}
		v, err := strconv.ParseInt(f[i], 10, 64)
		return v, err == nil
	}
	small := func(v int64) int { return int(max(-1<<30, min(v, 1<<30))) }
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "string":
			i = len(f) // the rest is free text
		case "depth", "seldepth", "multipv", "nodes", "nps", "time":
			v, ok := num(i + 1)
			if !ok || v < 0 {
				continue
			}
			i++
			switch f[i-1] {
			case "depth":
				in.depth = small(v)
			case "seldepth":
				in.selDepth = small(v)
			case "multipv":
				if v >= 1 && v <= 500 {
					in.multiPV = int(v)
				}
			case "nodes":
				in.nodes = v
			case "nps":
				in.nps = v
			case "time":
				in.time = time.Duration(min(v, int64(1<<40))) * time.Millisecond
			}
		case "score":
			if i+2 >= len(f) {
				continue
			}
			v, ok := num(i + 2)
			if !ok || (f[i+1] != "cp" && f[i+1] != "mate") {
				continue
			}
			in.hasScore = true
			in.mate = f[i+1] == "mate"
			in.score = small(v)
			i += 2
			if i+1 < len(f) {
				switch f[i+1] {
				case "lowerbound":
					in.bound = Lower
					i++
				case "upperbound":
					in.bound = Upper
					i++
				}
			}
		case "pv":
			// The pv runs to the end of the line, as engines write it;
			// what is not a move ends it.
			for _, m := range f[i+1:] {
				if !isUCIMove(m) || len(in.pv) == maxPV {
					break
				}
				in.pv = append(in.pv, m)
			}
			i = len(f)
		}
	}
	if !in.hasScore && len(in.pv) == 0 {
		return info{}, false
	}
	return in, true
}

// at returns in as it applies to a position that is checkmate, or not:
// without its score when it says "mate 0", checkmate on the board, of a
// position that is not. An engine that says so is wrong, and a score
// that would read "White is checkmated" is worse than none.
func (in info) at(checkmate bool) info {
	if in.hasScore && in.mate && in.score == 0 && !checkmate {
		in.hasScore, in.mate = false, false
	}
	return in
}

// isUCIMove reports whether s has the form of a move in UCI: two squares
// and perhaps a promotion letter ("e2e4", "e7e8q").
func isUCIMove(s string) bool {
	if len(s) != 4 && len(s) != 5 {
		return false
	}
	sq := func(i int) bool { return s[i] >= 'a' && s[i] <= 'h' && s[i+1] >= '1' && s[i+1] <= '8' }
	return sq(0) && sq(2) && (len(s) == 4 || strings.IndexByte("qrbn", s[4]) >= 0)
}

// parseBestMove reads a "bestmove" line: the move, "" for "(none)" or
// anything not a move. It reports false for any other line.
func parseBestMove(line string) (string, bool) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "bestmove" {
		return "", false
	}
	if len(f) > 1 && isUCIMove(f[1]) {
		return f[1], true
	}
	return "", true
}

// option is one of the options an engine offers: its type, and for a
// number ("spin") its bounds when it gives them.
type option struct {
	kind     string // "check", "spin", "combo", "button" or "string"
	min, max int    // a spin's bounds, if bounded
	bounded  bool
}

// parseOption reads an "option" line ("option name Skill Level type spin
// default 20 min 0 max 20"): the option's name in lower case, and what it
// is. It reports false for any other line.
func parseOption(line string) (string, option, bool) {
	rest, ok := strings.CutPrefix(line, "option name ")
	if !ok {
		return "", option{}, false
	}
	i := strings.Index(rest, " type ")
	if i <= 0 {
		return "", option{}, false
	}
	name := strings.ToLower(strings.TrimSpace(rest[:i]))
	var o option
	f := strings.Fields(rest[i+len(" type "):])
	if len(f) > 0 {
		o.kind = f[0]
	}
	if o.kind != "spin" {
		return name, o, true
	}
	var hasMin, hasMax bool
	for k := 1; k+1 < len(f); k++ {
		v, err := strconv.Atoi(f[k+1])
		switch {
		case f[k] == "min" && err == nil:
			o.min, hasMin = v, true
		case f[k] == "max" && err == nil:
			o.max, hasMax = v, true
		}
	}
	o.bounded = hasMin && hasMax && o.min <= o.max
	return name, o, true
}
