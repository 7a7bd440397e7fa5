package words

import (
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/safefile"
	"github.com/echiquier/echiquier/app/session"
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
			err := &session.FileError{Path: "/tmp/x/pipe.pgn", Err: &safefile.NotRegularError{Path: "/tmp/x/pipe.pgn", Kind: kind}}
			msg := FileError(err)
			if !strings.Contains(msg, "pipe.pgn") || !strings.Contains(msg, says) || !strings.HasSuffix(msg, safe[language]) {
				t.Errorf("%s, kind %d: %q", language, kind, msg)
			}
		}
	})
}
