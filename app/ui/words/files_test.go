package words

import (
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/collection"
	"github.com/echiquier/echiquier/app/pgn"
	"github.com/echiquier/echiquier/app/safefile"
)

// TestFileErrorSaysWhatIsNotAFile: a path refused because it names no
// file says what it names, that nothing was read, and that the game on
// screen is unchanged, in both languages.
func TestFileErrorSaysWhatIsNotAFile(t *testing.T) {
	want := map[string]map[safefile.Kind]string{
		"en": {safefile.KindPipe: "It is a named pipe, not a file", safefile.KindDevice: "It is a device, not a file",
			safefile.KindSocket: "It is a socket, not a file", safefile.KindFolder: "It is a folder, not a file",
			safefile.KindOther: "It is not a regular file"},
		"fr": {safefile.KindPipe: "C’est un tube nommé, pas un fichier", safefile.KindDevice: "C’est un périphérique, pas un fichier",
			safefile.KindSocket: "C’est une socket, pas un fichier", safefile.KindFolder: "C’est un dossier, pas un fichier",
			safefile.KindOther: "Ce n’est pas un fichier ordinaire"},
	}
	safe := map[string]string{"en": "The game on screen is unchanged.", "fr": "La partie affichée est inchangée."}
	inLanguages(t, func(language string) {
		for kind, says := range want[language] {
			err := &collection.FileError{Path: "/tmp/x/pipe.pgn", Err: &safefile.NotRegularError{Path: "/tmp/x/pipe.pgn", Kind: kind}}
			msg := FileError(err)
			if !strings.Contains(msg, "pipe.pgn") || !strings.Contains(msg, says) || !strings.HasSuffix(msg, safe[language]) {
				t.Errorf("%s, kind %d: %q", language, kind, msg)
			}
		}
	})
}

// TestFileErrorSaysWhyAFileIsNotPGN: a file refused on its first
// megabyte says what it holds, in both languages.
func TestFileErrorSaysWhyAFileIsNotPGN(t *testing.T) {
	want := map[string]map[collection.NotPGNError]string{
		"en": {
			{Binary: true}:              "It is not a PGN file: it starts with binary data, not text.",
			{}:                          "It is not a PGN file: its first megabyte holds no tag pair and no move, and the rest was not read.",
			{Whole: true}:               "It is not a PGN file: it holds no tag pair and no move.",
			{Binary: true, Whole: true}: "It is not a PGN file: it starts with binary data, not text.",
		},
		"fr": {
			{Binary: true}: "Ce n’est pas un fichier PGN\u00a0: il commence par des données binaires, pas du texte.",
			{}:             "Ce n’est pas un fichier PGN\u00a0: son premier mégaoctet ne contient ni balise ni coup, et la suite n’a pas été lue.",
			{Whole: true}:  "Ce n’est pas un fichier PGN\u00a0: il ne contient ni balise ni coup.",
		},
	}
	inLanguages(t, func(language string) {
		for e, says := range want[language] {
			msg := FileError(&collection.FileError{Path: "/tmp/d.bin", Err: &e})
			if lines := strings.Split(msg, "\n"); len(lines) != 3 || !strings.Contains(lines[0], "d.bin") || lines[1] != says {
				t.Errorf("%s, %+v: %q", language, e, msg)
			}
		}
	})
}

// TestPasteErrorSaysWhatWasPasted: pasted text is not a file: a paste
// in UTF-16 says so of the text (it said "the file is in UTF-16"), and
// text without a game says what it holds, not a count of moves.
func TestPasteErrorSaysWhatWasPasted(t *testing.T) {
	want := map[string]map[error]string{
		"en": {
			pgn.ErrUTF16:                          "The text on the clipboard is in UTF-16, which is not read: only UTF-8 text is.",
			&collection.NotPGNError{}:             "Its first megabyte holds no tag pair and no move: the rest was not read.",
			&collection.NotPGNError{Whole: true}:  "It holds no tag pair and no move.",
			&collection.NotPGNError{Binary: true}: "It starts with binary data, not text.",
		},
		"fr": {
			pgn.ErrUTF16:                          "Le texte du presse-papiers est en UTF-16, qui n’est pas lu\u00a0: seul le texte en UTF-8 l’est.",
			&collection.NotPGNError{}:             "Son premier mégaoctet ne contient ni balise ni coup\u00a0: la suite n’a pas été lue.",
			&collection.NotPGNError{Whole: true}:  "Il ne contient ni balise ni coup.",
			&collection.NotPGNError{Binary: true}: "Il commence par des données binaires, pas du texte.",
		},
	}
	first := map[string]string{"en": "The clipboard holds neither a position (FEN) nor a game (PGN).",
		"fr": "Le presse-papiers ne contient ni une position (FEN) ni une partie (PGN)."}
	inLanguages(t, func(language string) {
		for err, says := range want[language] {
			msg := PasteError("[\x00E\x00", err)
			if msg != first[language]+"\n"+says || strings.Contains(strings.ToLower(msg), "file") || strings.Contains(msg, "fichier") {
				t.Errorf("%s, %v: %q", language, err, msg)
			}
		}
	})
}

// TestACommentTooLongIsSaidToBe: one comment longer than a game may hold
// is said to be (a comment of 1 GB said "too many comments, glyphs and
// tags in the game").
func TestACommentTooLongIsSaidToBe(t *testing.T) {
	want := map[string]string{
		"en": "Game 1, line 3: a comment is longer than 8 MB, the most a game may hold",
		"fr": "Partie 1, ligne 3\u00a0: un commentaire dépasse 8 Mo, le plus qu’une partie puisse contenir",
	}
	inLanguages(t, func(language string) {
		bad := &collection.BadGamesError{Games: []pgn.GameError{{Err: &pgn.SyntaxError{Game: 1, Line: 3, Kind: pgn.SyntaxCommentTooLong}}}}
		msg := FileError(&collection.FileError{Path: "/tmp/big.pgn", Err: bad})
		if lines := strings.Split(msg, "\n"); len(lines) != 3 || lines[1] != want[language] {
			t.Errorf("%s: %q", language, msg)
		}
	})
}

// TestSavedSaysWhatCouldNotBeKept: the status line after a save says, in
// one line and in both languages, what of the game's text as read could
// not be kept, and why.
func TestSavedSaysWhatCouldNotBeKept(t *testing.T) {
	want := map[string]map[pgn.Unkept]string{
		"en": {
			{}:                               "Saved to g.pgn",
			{EscapeLines: 1}:                 "Saved to g.pgn, without the escape line (“%”) among the moves, which changed",
			{EscapeLines: 3}:                 "Saved to g.pgn, without the 3 escape lines (“%”) among the moves, which changed",
			{Encoding: true}:                 "Saved to g.pgn, partly in UTF-8: Windows-1252, the file's encoding, lacks some of the game's characters",
			{EscapeLines: 2, Encoding: true}: "Saved to g.pgn, without the 2 escape lines (“%”) among the moves, which changed, and partly in UTF-8: Windows-1252, the file's encoding, lacks some of the game's characters",
		},
		"fr": {
			{}:               "Enregistrée dans g.pgn",
			{EscapeLines: 1}: "Enregistrée dans g.pgn, sans la ligne d’échappement («\u00a0%\u00a0») parmi les coups, qui ont changé",
			{EscapeLines: 3}: "Enregistrée dans g.pgn, sans les 3 lignes d’échappement («\u00a0%\u00a0») parmi les coups, qui ont changé",
			{Encoding: true}: "Enregistrée dans g.pgn, en partie en UTF-8\u00a0: il manque au Windows-1252 du fichier certains caractères de la partie",
		},
	}
	inLanguages(t, func(language string) {
		for u, says := range want[language] {
			if got := Saved("g.pgn", u); got != says || strings.Contains(got, "\n") {
				t.Errorf("%s, %+v: %q, want %q", language, u, got, says)
			}
		}
	})
}
