package pgn_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/echiquier/echiquier/app/pgn"
)

// readFile reads every game of a file with Next, checking that a syntax
// error never stops the stream.
func readFile(t *testing.T, path string) (games []*pgn.Game, errs []error) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r := pgn.NewReader(bytes.NewReader(data))
	for {
		g, err := r.Next()
		if err == io.EOF {
			return games, errs
		}
		var se *pgn.SyntaxError
		if g == nil || err != nil && !errors.As(err, &se) {
			t.Fatalf("%s: game %d: %v, %v", path, len(games)+1, g, err)
		}
		games = append(games, g)
		errs = append(errs, err)
	}
}

// edgeCounts holds the number of games of each edge file, and of games
// with syntax errors, with the first error as a comment.
var edgeCounts = map[string]struct{ games, bad int }{
	"chess.js__0.pgn":                                      {1, 0},
	"chess.js__2.pgn":                                      {1, 0},
	"chess.js__3.pgn":                                      {1, 0},
	"kokopu__bom.pgn":                                      {1, 0},
	"kokopu__chess960.pgn":                                 {4, 0},
	"kokopu__empty.pgn":                                    {0, 0},
	"kokopu__escaped-text.pgn":                             {1, 1}, // line 9: unexpected "braces..." (not a move): no escapes in comments
	"kokopu__headers.pgn":                                  {16, 0},
	"kokopu__linebreak-mac.pgn":                            {1, 0},
	"kokopu__misc.pgn":                                     {15, 1}, // game 2, line 14: unexpected "ef\\\\ghij" (not a move)
	"kokopu__missing-last-end-of-game.pgn":                 {2, 0},
	"kokopu__redos-comment.pgn":                            {1, 1}, // line 3: comment is not closed
	"kokopu__redos-header.pgn":                             {1, 1}, // line 2: value of tag "Site" is not closed on its line
	"kokopu__semantic-error.pgn":                           {7, 0},
	"kokopu__syntactic-error-1.pgn":                        {22, 12},
	"kokopu__tag-name-token-collision.pgn":                 {6, 0},
	"notnil-chess__0002.pgn":                               {1, 0},
	"notnil-chess__0003.pgn":                               {1, 0},
	"notnil-chess__0004.pgn":                               {1, 0},
	"notnil-chess__0005.pgn":                               {1, 0},
	"notnil-chess__0008.pgn":                               {1, 0},
	"notnil-chess__0009.pgn":                               {1, 0},
	"notnil-chess__0012.pgn":                               {1, 0},
	"notnil-chess__0013.pgn":                               {3, 0},
	"notnil-chess__0014.pgn":                               {5, 0},
	"notnil-chess__0015.pgn":                               {1, 0},
	"pgn-extract__nested-comment.pgn":                      {1, 1}, // line 2: unexpected "--nestedcomment" (not a move): comments do not nest
	"pgn-extract__odds.pgn":                                {32, 0},
	"pgn-extract__test-allownullmoves.pgn":                 {2, 0},
	"pgn-extract__test-fencomments.pgn":                    {1, 0},
	"pgn-extract__test-fuzzydepth.pgn":                     {4, 0},
	"pgn-extract__test-long-line.pgn":                      {1, 0},
	"pgn-extract__test-nagcomments.pgn":                    {1, 0},
	"pgn-extract__test-nobadresults.pgn":                   {9, 0},
	"pgn-extract__test-promotion-in.pgn":                   {8, 0},
	"pgn-extract__test-splitvariants.pgn":                  {1, 0},
	"pgn-read__FIDE_longest_possible_game.pgn":             {1, 0},
	"pgn-read__Little_01.pgn":                              {1, 1}, // line 4: unexpected "(" (no move before the variation)
	"pgn-read__all_4ncl_1996_2010_08.pgn":                  {1, 0},
	"pgn-read__break_pgn_0_8_1_a.pgn":                      {1, 0},
	"pgn-read__calgames_05.pgn":                            {1, 0},
	"pgn-read__twic9nn_error.pgn":                          {7, 6}, // "* *", "(+)-(-)", "1-0 ff"
	"pychess__3fold.pgn":                                   {2, 0},
	"pychess__annotated.pgn":                               {1, 0},
	"pychess__badpgn.pgn":                                  {1, 1}, // line 1: missing "]" after tag "kj90trkm"
	"pychess__black.pgn":                                   {1, 0},
	"pychess__chess960rwch.pgn":                            {20, 0},
	"python-chess__anastasian-lewis.pgn":                   {1, 0},
	"python-chess__antichess-programfox.pgn":               {2, 0},
	"python-chess__chessbase-empty-line.pgn":               {1, 0},
	"python-chess__cutechess-fischerrandom.pgn":            {4, 0},
	"python-chess__kasparov-deep-blue-1997.pgn":            {6, 0},
	"python-chess__knightvuillaume-jannlee-zh-lichess.pgn": {1, 0},
	"python-chess__nepomniachtchi-liren-game1.pgn":         {1, 0},
	"python-chess__stockfish-learning.pgn":                 {1, 0},
	"python-chess__uci-moves.pgn":                          {1, 0},
	"python-chess__utf8-bom.pgn":                           {2, 0},
	"scalachess__FWWRC.pgn":                                {605, 0}, // tags only, one game after the other
	"scalachess__uzchesscup.pgn":                           {45, 0},
}

func TestRoundTripEdgeFiles(t *testing.T) {
	for _, path := range pgnFiles(t, dataDir(t, "edge")) {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			games, errs := readFile(t, path)
			bad := 0
			for i, g := range games {
				if errs[i] != nil {
					bad++
					t.Logf("%v", errs[i])
					continue
				}
				if d := roundTrip(g); d != "" {
					t.Errorf("game %d (line %d): %s", i+1, g.Line, d)
				}
			}
			want, known := edgeCounts[name]
			if known && (len(games) != want.games || bad != want.bad) {
				t.Errorf("%d games, %d with errors; want %d and %d", len(games), bad, want.games, want.bad)
			}
		})
	}
}

func TestRoundTripCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 32,570 games")
	}
	total := 0
	for _, path := range pgnFiles(t, dataDir(t, "corpus")) {
		games, errs := readFile(t, path)
		for i, g := range games {
			if errs[i] != nil {
				t.Errorf("%s: %v", filepath.Base(path), errs[i])
				continue
			}
			if d := roundTrip(g); d != "" {
				t.Errorf("%s: game %d (line %d): %s", filepath.Base(path), i+1, g.Line, d)
			}
		}
		total += len(games)
	}
	if total != 32570 {
		t.Errorf("read %d games from the corpus, want 32570", total)
	}
}
