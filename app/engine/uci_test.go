package engine

import (
	"bufio"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestParseInfo(t *testing.T) {
	for _, c := range []struct {
		line string
		want info
	}{
		{"info depth 8 seldepth 9 multipv 2 score cp -16 nodes 12357 nps 475269 hashfull 5 tbhits 0 time 26 pv c7c5 g1f3",
			info{depth: 8, selDepth: 9, multiPV: 2, hasScore: true, score: -16, nodes: 12357, nps: 475269,
				time: 26 * time.Millisecond, pv: []string{"c7c5", "g1f3"}}},
		{"info depth 20 score mate -3 upperbound pv e1e2",
			info{depth: 20, multiPV: 1, hasScore: true, mate: true, score: -3, bound: Upper, pv: []string{"e1e2"}}},
		{"info depth 0 score mate 0", info{multiPV: 1, hasScore: true, mate: true}},
		{"info score cp 5 lowerbound", info{multiPV: 1, hasScore: true, score: 5, bound: Lower}},
		// A pv ends at what is not a move; a promotion is one.
		{"info score cp 1 pv e7e8q a1a2 zz a2a3", info{multiPV: 1, hasScore: true, score: 1, pv: []string{"e7e8q", "a1a2"}}},
		// Values that do not parse are left out, not trusted.
		{"info depth x multipv 900 nodes -5 score cp 7", info{multiPV: 1, hasScore: true, score: 7}},
		{"info  depth\t3  score  cp  12  ", info{depth: 3, multiPV: 1, hasScore: true, score: 12}},
		{"info depth 4 score cp 99999999999999999999", info{}},
	} {
		got, ok := parseInfo(c.line)
		if c.want.multiPV == 0 {
			if ok {
				t.Errorf("parseInfo(%q) = %+v, want nothing", c.line, got)
			}
			continue
		}
		if !ok || !reflect.DeepEqual(got, c.want) {
			t.Errorf("parseInfo(%q) = %+v, %v\nwant %+v", c.line, got, ok, c.want)
		}
	}
	for _, line := range []string{
		"", "info", "info string NNUE evaluation enabled pv e2e4 score cp 3",
		"info currmove e2e4 currmovenumber 1", "information depth 3 score cp 4",
		"bestmove e2e4", "info score", "info score cp", "info score mate x pv",
		"\x00\xff info score cp 3",
	} {
		if got, ok := parseInfo(line); ok {
			t.Errorf("parseInfo(%q) = %+v, want nothing", line, got)
		}
	}
}

func TestParseBestMove(t *testing.T) {
	for line, want := range map[string]string{
		"bestmove e2e4 ponder e7e5": "e2e4",
		"bestmove a7a8n":            "a7a8n",
		"bestmove (none)":           "",
		"bestmove 0000":             "",
		"bestmove":                  "",
	} {
		if got, ok := parseBestMove(line); !ok || got != want {
			t.Errorf("parseBestMove(%q) = %q, %v, want %q", line, got, ok, want)
		}
	}
	if _, ok := parseBestMove("info bestmove e2e4"); ok {
		t.Error("an info line read as bestmove")
	}
}

func TestReadLine(t *testing.T) {
	long := strings.Repeat("x", maxLine+10)
	input := "uciok\r\n" + long + "\nreadyok\n\x00\xff\nlast"
	r := bufio.NewReaderSize(strings.NewReader(input), maxLine)
	var got []string
	dropped := 0
	for {
		line, err := readLine(r)
		if err == errLineTooLong {
			dropped++
			continue
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, line)
	}
	want := []string{"uciok", "readyok", "\x00\xff", "last"}
	if !reflect.DeepEqual(got, want) || dropped != 1 {
		t.Errorf("lines %q, %d dropped; want %q, 1 dropped", got, dropped, want)
	}
}

func FuzzParseInfo(f *testing.F) {
	f.Add("info depth 8 seldepth 9 multipv 2 score cp -16 nodes 12357 nps 475269 time 26 pv c7c5 g1f3")
	f.Add("info score mate -0 lowerbound pv a1a8")
	f.Fuzz(func(t *testing.T, line string) {
		in, ok := parseInfo(line)
		if !ok {
			return
		}
		if in.multiPV < 1 || len(in.pv) > maxPV || in.depth < 0 {
			t.Fatalf("parseInfo(%q) = %+v", line, in)
		}
		for _, m := range in.pv {
			if !isUCIMove(m) {
				t.Fatalf("parseInfo(%q): %q in the pv", line, m)
			}
		}
	})
}

func TestLastWords(t *testing.T) {
	var w lastWords
	for _, line := range []string{
		"Stockfish 15.1 by the Stockfish developers (see AUTHORS file)",
		"id name Stockfish 15.1", "option name Hash type spin default 16 min 1 max 33554432",
		"uciok", "readyok", "info depth 3 score cp 20 pv e2e4", "bestmove e2e4", "",
		"info string NNUE evaluation using nn-ad9b42354671.nnue enabled",
	} {
		w.note(line)
	}
	if got := w.telling(); got != "" {
		t.Errorf("telling() = %q of an engine that said nothing wrong", got)
	}
	w.note("info string ERROR: Network evaluation parameters compatible with the engine must be available.")
	w.note("info string ERROR: The UCI option EvalFile might need to specify the full path.")
	want := "ERROR: Network evaluation parameters compatible with the engine must be available."
	if got := w.telling(); got != want {
		t.Errorf("telling() = %q, want the first error, %q", got, want)
	}
	// A few lines are kept, the last: the first error is forgotten.
	for range maxWords - 1 {
		w.note("more chatter")
	}
	if got := w.telling(); !strings.Contains(got, "EvalFile") || len(w.lines) != maxWords {
		t.Errorf("telling() = %q with %d lines kept, want the later error of %d", got, len(w.lines), maxWords)
	}
	// Control characters, bad UTF-8 and length are cleaned away.
	w.note("fatal:\x1b[31m \xff bad\tthing " + strings.Repeat("é", 300))
	got := w.lines[len(w.lines)-1]
	if !strings.HasPrefix(got, "fatal: [31m \uFFFD bad thing éé") || utf8.RuneCountInString(got) != maxWordLen || !strings.HasSuffix(got, "…") {
		t.Errorf("a line cleaned: %q", got)
	}
}

func TestMateZeroAt(t *testing.T) {
	for _, line := range []string{"info depth 0 score mate 0", "info depth 9 score mate -0 pv e2e4"} {
		in, _ := parseInfo(line)
		if got := in.at(true); !got.hasScore || !got.mate {
			t.Errorf("%q at a checkmate: %+v, want the mate kept", line, got)
		}
		if got := in.at(false); got.hasScore || got.mate {
			t.Errorf("%q at a position that is not checkmate: %+v, want no score", line, got)
		}
	}
	for _, line := range []string{"info score mate 1 pv a1a8", "info score cp 0"} {
		in, _ := parseInfo(line)
		if got := in.at(false); !reflect.DeepEqual(got, in) {
			t.Errorf("%q changed: %+v", line, got)
		}
	}
}
