package words

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"syscall"

	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/autosave"
	"github.com/echiquier/echiquier/app/collection"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
	"github.com/echiquier/echiquier/app/safefile"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/settings"
)

// DiskReason says in a few words why a file could not be written.
func DiskReason(err error) string {
	switch {
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT):
		return lang.L("the disk is full")
	case errors.Is(err, syscall.EROFS):
		return lang.L("the folder is read-only")
	case errors.Is(err, syscall.EACCES), errors.Is(err, syscall.EPERM):
		return lang.L("no permission to write there")
	case errors.Is(err, safefile.ErrNoTrash):
		return lang.L("the system has no Trash for that folder")
	}
	return OneLine(err.Error())
}

// TrashError says that a game given up could not go to the Trash, why,
// and where it is kept instead.
func TrashError(err error) string {
	var te *autosave.TrashError
	if !errors.As(err, &te) {
		return Error(err)
	}
	return lang.L("The game given up could not be moved to the Trash ({{.Reason}}). It is kept in {{.File}} and will be offered again at the next start.",
		map[string]any{"Reason": DiskReason(te.Err), "File": Shown(te.KeptAt)})
}

// Saved says that the game was saved to file, and what of its text as
// read could not be kept, and why: in one line, for the status line.
func Saved(file string, u pgn.Unkept) string {
	data := map[string]any{"File": Shown(file), "Count": u.EscapeLines}
	switch {
	case u.EscapeLines > 0 && u.Encoding:
		return lang.L("Saved to {{.File}}, without the {{.Count}} escape lines (“%”) among the moves, which changed, and partly in UTF-8: Windows-1252, the file's encoding, lacks some of the game's characters", data)
	case u.EscapeLines > 1:
		return lang.L("Saved to {{.File}}, without the {{.Count}} escape lines (“%”) among the moves, which changed", data)
	case u.EscapeLines == 1:
		return lang.L("Saved to {{.File}}, without the escape line (“%”) among the moves, which changed", data)
	case u.Encoding:
		return lang.L("Saved to {{.File}}, partly in UTF-8: Windows-1252, the file's encoding, lacks some of the game's characters", data)
	}
	return lang.L("Saved to {{.File}}", data)
}

// SaveError says that the game was not saved, why, what became of the
// file, and that the game itself is safe.
func SaveError(err error) string {
	var se *session.SaveError
	var fe *safefile.Error
	if !errors.As(err, &se) || !errors.As(err, &fe) {
		return Error(err)
	}
	data := map[string]any{"File": FileName(fe.Path), "Kept": Shown(fe.Kept)}
	fate := lang.L("The game was not saved; the file {{.File}} is unchanged.", data)
	switch {
	case fe.Kept != "":
		fate = lang.L("The game was not saved, and {{.File}} may be damaged: its former content is kept in {{.Kept}}.", data)
	case !fe.Unchanged:
		fate = lang.L("The game was not saved, and {{.File}} may not be complete.", data)
	case fe.Reason == safefile.ReasonNotFound:
		fate = lang.L("The game was not saved.")
	}
	return fate + "\n" + saveReasonText(fe) + "\n" + lang.L("The game is still open here: nothing of it is lost.")
}

// saveReasonText says why a file could not be written.
func saveReasonText(fe *safefile.Error) string {
	switch fe.Reason {
	case safefile.ReasonNoSpace:
		return lang.L("The disk is full.")
	case safefile.ReasonReadOnly:
		return lang.L("The file or its folder is read-only.")
	case safefile.ReasonIsDir:
		return lang.L("A folder has that name.")
	case safefile.ReasonNotFound:
		return lang.L("The folder does not exist.")
	case safefile.ReasonPermission:
		return lang.L("You are not allowed to write there.")
	case safefile.ReasonChanged:
		return lang.L("Another program changed the file since it was opened.")
	case safefile.ReasonGone:
		return lang.L("The file was deleted or moved since it was opened.")
	}
	return OneLine(fe.Err.Error())
}

// LoadErrors lists the games that could not be read, with their
// line and text, the first few of them.
func LoadErrors(errs []pgn.GameError) string {
	const most = 5
	var lines []string
	for i, e := range errs {
		if i == most {
			lines = append(lines, lang.L("… and {{.Count}} more", map[string]any{"Count": len(errs) - most}))
			break
		}
		lines = append(lines, Error(e.Err))
	}
	return strings.Join(lines, "\n")
}

// PasteError says that the clipboard holds neither a position nor a
// game, why, and the line of the text where it stops being readable.
func PasteError(text string, err error) string {
	msg := lang.L("The clipboard holds neither a position (FEN) nor a game (PGN).")
	var (
		bad *collection.BadGamesError
		fe  *game.FENError
		np  *collection.NotPGNError
	)
	switch {
	case errors.Is(err, collection.ErrNoGame):
		return msg
	case errors.Is(err, collection.ErrPasteTooLong):
		return lang.L("The text on the clipboard is too long to be pasted.")
	case errors.As(err, &np):
		return msg + "\n" + pastedNotPGNText(np)
	case errors.Is(err, pgn.ErrUTF16):
		return msg + "\n" + lang.L("The text on the clipboard is in UTF-16, which is not read: only UTF-8 text is.")
	case errors.As(err, &fe):
		return msg + "\n" + FENError(fe)
	case errors.As(err, &bad):
		err = bad.Games[0].Err
	}
	msg += "\n" + Error(err)
	if line := errorLine(err); line > 0 {
		if s := textLine(text, line); s != "" {
			msg += "\n" + lang.L("Line {{.Line}}: {{.Text}}", map[string]any{"Line": line, "Text": s})
		}
	}
	return msg
}

// pastedNotPGNText says why pasted text was found to hold no game
// before its games were looked for.
func pastedNotPGNText(e *collection.NotPGNError) string {
	switch {
	case e.Binary:
		return lang.L("It starts with binary data, not text.")
	case e.Whole:
		return lang.L("It holds no tag pair and no move.")
	}
	return lang.L("Its first megabyte holds no tag pair and no move: the rest was not read.")
}

// notPGNText says why a file was found to hold no game before its games
// were looked for.
func notPGNText(e *collection.NotPGNError) string {
	switch {
	case e.Binary:
		return lang.L("It is not a PGN file: it starts with binary data, not text.")
	case e.Whole:
		return lang.L("It is not a PGN file: it holds no tag pair and no move.")
	}
	return lang.L("It is not a PGN file: its first megabyte holds no tag pair and no move, and the rest was not read.")
}

// errorLine returns the line of the text an error of PGN reading is at,
// or 0.
func errorLine(err error) int {
	var se *pgn.SyntaxError
	var pe *game.PGNError
	switch {
	case errors.As(err, &pe):
		return pe.Line
	case errors.As(err, &se):
		return se.Line
	}
	return 0
}

// textLine returns line n (from 1) of text, cut to a readable length.
func textLine(text string, n int) string {
	for i := 1; i < n; i++ {
		_, rest, ok := strings.Cut(text, "\n")
		if !ok {
			return ""
		}
		text = rest
	}
	return strings.TrimSpace(OneLine(text))
}

// SettingsNotice says what was wrong with the stored settings and
// where the old file was kept.
func SettingsNotice(n settings.Notice) string {
	if n.KeptAs == "" {
		return lang.L("The stored settings could not be read and could not be set aside ({{.Error}}): the app starts with the default settings.",
			map[string]any{"Error": OneLine(fmt.Sprint(n.MoveErr))})
	}
	return lang.L("The stored settings could not be read: the app starts with the default settings. The old file is kept in {{.File}}.",
		map[string]any{"File": n.KeptAs})
}

// FileError says that a file could not be opened or read, and why, and
// that the game on screen is unchanged: a *collection.FileError changes
// nothing.
func FileError(err error) string {
	var fe *collection.FileError
	if !errors.As(err, &fe) {
		return Error(err)
	}
	why := Error(fe.Err)
	var (
		bad *collection.BadGamesError
		nr  *safefile.NotRegularError
		np  *collection.NotPGNError
	)
	switch {
	case errors.As(fe.Err, &bad):
		why = LoadErrors(bad.Games)
	case errors.Is(fe.Err, collection.ErrNoGame):
		why = lang.L("The file holds no game.")
	case errors.Is(fe.Err, collection.ErrFileChanged):
		why = lang.L("The file has changed since it was opened: open it again.")
	case errors.As(fe.Err, &nr):
		why = notRegularText(nr.Kind)
	case errors.As(fe.Err, &np):
		why = notPGNText(np)
	case errors.Is(fe.Err, fs.ErrNotExist):
		why = lang.L("The file does not exist.")
	case errors.Is(fe.Err, fs.ErrPermission):
		why = lang.L("You are not allowed to read it.")
	}
	return lang.L("Could not open {{.File}}:", map[string]any{"File": FileName(fe.Path)}) + "\n" + why +
		"\n" + lang.L("The game on screen is unchanged.")
}

// notRegularText says that a path names something that is not a file,
// which is refused before anything is read from it.
func notRegularText(k safefile.Kind) string {
	switch k {
	case safefile.KindFolder:
		return lang.L("It is a folder, not a file: nothing was read from it.")
	case safefile.KindPipe:
		return lang.L("It is a named pipe, not a file: nothing was read from it, as a pipe can keep a program waiting for ever.")
	case safefile.KindDevice:
		return lang.L("It is a device, not a file: nothing was read from it, as a device can go on for ever.")
	case safefile.KindSocket:
		return lang.L("It is a socket, not a file: nothing was read from it.")
	}
	return lang.L("It is not a regular file: nothing was read from it.")
}
