//go:build unix

package app_test

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// nothingLost answers the questions that decide a game's fate as a user
// who changes their mind would, in the real program: Escape at the offer
// of an interrupted game keeps it for the next start (it deleted it for
// good); "Don't save" then Cancel keeps the game autosaved (the autosave
// was deleted while the game stayed on screen), and "Don't save" then a
// new game puts it in the desktop's Trash.
func (e *e2e) nothingLost(language string) {
	shot := func(name string) string { return "e2e-" + language[:2] + "-lost-" + name + ".png" }
	t := e.t
	home := t.TempDir()
	fr := strings.HasPrefix(language, "fr")
	word := func(en, frWord string) string {
		if fr {
			return frWord
		}
		return en
	}

	// Item 1: Escape at "Resume the interrupted game?" means not now.
	p := e.start(home, language)
	board := e.findBoard("the first game", brown, shot("start"))
	e.drag(board, "e2", "e4")
	e.drag(board, "e7", "e5")
	e.autosaveHolds(home, "1. e4 e5", "")
	p.kill()
	orphans, _ := filepath.Glob(filepath.Join(appConfig(home), "autosave-*.pgn"))
	if len(orphans) != 1 {
		t.Fatalf("autosaves of the killed program: %v", orphans)
	}
	for round := range 2 {
		again := e.start(home, language)
		e.waitFor("the offer to resume the interrupted game", func() bool {
			return strings.Count(again.log.String(), "offering to resume the interrupted game") == 1
		})
		e.waitDialog(board, true, shot(fmt.Sprint("offer-", round)))
		// The window may not have the keyboard yet when the offer shows:
		// Escape until the offer goes (Escape on the board does nothing).
		e.waitFor("Escape to close the offer", func() bool {
			e.keys("Escape")
			return !e.dimmed(board, shot(fmt.Sprint("offer-escaped-", round)))
		})
		data, err := os.ReadFile(orphans[0])
		if err != nil || !strings.Contains(withoutComments(string(data)), "1. e4 e5") {
			t.Fatalf("round %d: Escape at the offer lost the interrupted game: %v %q", round, err, data)
		}
		again.kill() // offered again at the next start
	}
	if err := os.Remove(orphans[0]); err != nil {
		t.Fatal(err)
	}

	// Item 2: a finished game from a file, commented, then Ctrl+N, "Don't
	// save", and Cancel in the New game dialog.
	path := filepath.Join(t.TempDir(), "mate.pgn")
	if err := os.WriteFile(path, []byte("[White \"Ann\"]\n[Black \"Ben\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p = e.start(home, language, path)
	win := e.mainWindow(p)
	board = e.findBoard("the game of the file", brown, shot("file"))
	e.keys("ctrl+e")
	e.waitDialog(board, true, shot("comment"))
	e.typeText("KeptSafe")
	// The dialog's Save, not the Save… of the banner over the move list,
	// which tesseract reads as "Save" too.
	below := e.geometry(win)
	below.Min.Y += 200
	e.clickWordIn(below, word("Save", "Enregistrer"), shot("comment-typed"))
	e.waitDialog(board, false, shot("commented"))
	e.autosaveHolds(home, "1. f3 e5 2. g4 Qh4#", "")
	own := e.autosaveWith(home, "KeptSafe")
	e.keys("ctrl+n")
	e.waitDialog(board, true, shot("unsaved"))
	e.clickWord(win, word("Don't", "Ne"), shot("unsaved-asked"))
	e.waitFor("the New game dialog", func() bool {
		_, ok := e.ocr(e.screenshot(shot("new-game")), e.geometry(win), 11, has(word("Start", "Commencer")))
		return ok
	})
	e.waitFor("Escape to cancel the New game dialog", func() bool {
		e.keys("Escape")
		return !e.dimmed(board, shot("new-game-cancelled"))
	})
	if data, err := os.ReadFile(own); err != nil || !strings.Contains(string(data), "KeptSafe") {
		t.Fatalf("after Don't save and Cancel, the game on screen is no longer autosaved: %v %q", err, data)
	}
	trash := filepath.Join(home, ".local", "share", "Trash", "files")
	if list, _ := os.ReadDir(trash); len(list) != 0 {
		t.Fatalf("the game went to the Trash while still on screen: %v", list)
	}

	// Ctrl+N, "Don't save", Start: the game given up is in the Trash.
	e.keys("ctrl+n")
	e.waitDialog(board, true, shot("unsaved-again"))
	e.clickWord(win, word("Don't", "Ne"), shot("unsaved-again-asked"))
	e.waitFor("the New game dialog", func() bool {
		_, ok := e.ocr(e.screenshot(shot("new-game-again")), e.geometry(win), 11, has(word("Start", "Commencer")))
		return ok
	})
	e.keys("Return")
	e.waitDialog(board, false, shot("new-game-started"))
	e.waitFor("the game given up to be in the Trash", func() bool {
		list, _ := os.ReadDir(trash)
		for _, f := range list {
			if data, _ := os.ReadFile(filepath.Join(trash, f.Name())); strings.Contains(string(data), "KeptSafe") {
				return true
			}
		}
		return false
	})
	if info, _ := filepath.Glob(filepath.Join(home, ".local", "share", "Trash", "info", "*.trashinfo")); len(info) != 1 {
		t.Errorf("the Trash's info files: %v", info)
	}
	p.kill()
}

// autosaveWith returns the autosave that holds text, once one does.
func (e *e2e) autosaveWith(home, text string) string {
	e.t.Helper()
	found := ""
	e.waitFor("an autosave holding "+text, func() bool {
		paths, _ := filepath.Glob(filepath.Join(appConfig(home), "autosave-*.pgn"))
		for _, p := range paths {
			if data, _ := os.ReadFile(p); strings.Contains(string(data), text) {
				found = p
				return true
			}
		}
		return false
	})
	return found
}

// clickWord clicks, with the real mouse, the first word of the window
// win that tesseract reads as word (a button's label), once it is on
// screen.
func (e *e2e) clickWord(win, word, shot string) {
	e.t.Helper()
	e.clickWordIn(e.geometry(win), word, shot)
}

// clickWordIn is clickWord in the part r of the screen: a dialog's
// button, say, and not the one of the same name behind it.
func (e *e2e) clickWordIn(r image.Rectangle, word, shot string) {
	e.t.Helper()
	var x, y int
	e.waitFor("the word "+word+" on screen", func() bool {
		img := e.screenshot(shot)
		var ok bool
		x, y, ok = e.findWord(img, r, word)
		return ok
	})
	if err := e.x("xdotool", "mousemove", strconv.Itoa(x), strconv.Itoa(y), "click", "1"); err != nil {
		e.t.Fatal(err)
	}
}

// findWord finds word in the rectangle r of a screenshot: the centre of
// the first word tesseract reads so, in screen pixels.
func (e *e2e) findWord(img image.Image, r image.Rectangle, word string) (x, y int, ok bool) {
	e.t.Helper()
	dir, err := os.MkdirTemp("", "echiquier-ocr-")
	if err != nil {
		e.t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	r = r.Intersect(img.Bounds())
	var b bytes.Buffer
	if err := png.Encode(&b, img.(subImager).SubImage(r)); err != nil {
		e.t.Fatal(err)
	}
	part := filepath.Join(dir, "part.png")
	if err := os.WriteFile(part, b.Bytes(), 0o644); err != nil {
		e.t.Fatal(err)
	}
	const scale = 3
	for i, prepare := range [][]string{
		{"-colorspace", "Gray", "-negate", "-resize", fmt.Sprint(scale*100, "%")},
		{"-colorspace", "Gray", "-resize", fmt.Sprint(scale*100, "%"), "-threshold", "50%", "-negate"},
		{"-colorspace", "Gray", "-resize", fmt.Sprint(scale*100, "%"), "-threshold", "50%"},
	} {
		big := filepath.Join(dir, fmt.Sprintf("big%d.png", i))
		if out, err := exec.Command("convert", append(append([]string{part}, prepare...), big)...).CombinedOutput(); err != nil {
			e.t.Fatalf("convert: %v\n%s", err, out)
		}
		cmd := exec.Command("tesseract", big, "-", "--psm", "11", "tsv")
		cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
		out, err := cmd.Output()
		if err != nil {
			e.t.Fatalf("tesseract: %v", err)
		}
		sc := bufio.NewScanner(bytes.NewReader(out))
		for sc.Scan() {
			f := strings.Split(sc.Text(), "\t")
			if len(f) < 12 || compact(f[11]) != compact(word) {
				continue
			}
			left, _ := strconv.Atoi(f[6])
			top, _ := strconv.Atoi(f[7])
			w, _ := strconv.Atoi(f[8])
			h, _ := strconv.Atoi(f[9])
			return r.Min.X + (left+w/2)/scale, r.Min.Y + (top+h/2)/scale, true
		}
	}
	return 0, 0, false
}

// damagedTreeCache damages the opening tree kept on disk, as a disk or
// another program might, and shows the tree again: the program built it
// again and went on (a damaged header killed it at every use of the
// tree, until the user found and deleted the file).
func (e *e2e) damagedTreeCache() {
	t := e.t
	home := t.TempDir()
	path := filepath.Join(t.TempDir(), "games.pgn")
	games := "[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Result \"0-1\"]\n\n1. e4 c5 0-1\n\n[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n"
	if err := os.WriteFile(path, []byte(games), 0o644); err != nil {
		t.Fatal(err)
	}
	showTree := func(p *process, shot string) {
		e.waitFor("the first game of the file to open", func() bool {
			e.x("xdotool", "key", "Return")
			return e.x("xdotool", "search", "--name", "games.pgn") == nil
		})
		e.findBoard("the first game of the file", brown, shot)
		e.keys("ctrl+t")
		e.waitFor("the tree to be built", func() bool {
			return strings.Contains(p.log.String(), "opening tree: 3 games")
		})
	}
	p := e.start(home, "en_US.UTF-8", path)
	showTree(p, "e2e-tree-cache-built.png")
	p.kill()
	caches, _ := filepath.Glob(filepath.Join(home, ".cache", "echiquier", "trees", "*.tree"))
	if len(caches) != 1 {
		t.Fatalf("tree caches: %v", caches)
	}
	data, err := os.ReadFile(caches[0])
	if err != nil || len(data) < 64 {
		t.Fatalf("the cache: %d bytes, %v", len(data), err)
	}
	for i := 8; i < 48; i++ {
		data[i] = 0xff // the header's counts: absurd
	}
	if err := os.WriteFile(caches[0], data, 0o644); err != nil {
		t.Fatal(err)
	}
	again := e.start(home, "en_US.UTF-8", path)
	showTree(again, "e2e-tree-cache-damaged.png")
	if strings.Contains(again.log.String(), "panic") || again.cmd.ProcessState != nil {
		t.Fatalf("the damaged cache killed the program:\n%s", again.log.String())
	}
	rebuilt, err := os.ReadFile(caches[0])
	if err != nil || bytes.Equal(rebuilt, data) {
		t.Errorf("the damaged cache was not replaced: %v", err)
	}
	again.kill()
}

// oddFiles gives the program, on its command line, what is not a PGN
// file: a named pipe (no window until something wrote into it, then a
// window frozen for good), /dev/zero (read for ever at 33 MB/s), a file
// of 10 GB of zeros (read to its end in silence). Each is refused at
// once, in words, and nothing more is read; the board works after.
func (e *e2e) oddFiles(language string) {
	t := e.t
	fr := strings.HasPrefix(language, "fr")
	dir := t.TempDir()
	pipe := filepath.Join(dir, "pipe.pgn")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Fatal(err)
	}
	zeros := filepath.Join(dir, "zeros.pgn")
	f, err := os.Create(zeros)
	if err == nil {
		err = errors.Join(f.Truncate(10<<30), f.Close())
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, path string
		en, fr     []string
	}{
		{"pipe", pipe, []string{"named pipe", "nothing was read"}, []string{"tube nommé", "rien n'y a été lu"}},
		{"device", "/dev/zero", []string{"a device", "nothing was read"}, []string{"un périphérique", "rien n'y a été lu"}},
		{"zeros", zeros, []string{"not a PGN file", "binary"}, []string{"pas un fichier PGN", "binaires"}},
	} {
		shot := "e2e-" + language[:2] + "-odd-" + c.name + ".png"
		home := t.TempDir()
		p := e.start(home, language, c.path)
		win := e.mainWindow(p)
		want := c.en
		if fr {
			want = c.fr
		}
		e.waitFor("the refusal of "+c.name+" in words", func() bool {
			_, ok := e.ocr(e.screenshot(shot), e.geometry(win), 11, has(want...))
			return ok
		})
		read := readBytes(t, p)
		// The window may not have the keyboard yet: Escape until the
		// board is no longer dimmed by the message.
		var board screenBoard
		e.waitFor("Escape to close the refusal of "+c.name, func() bool {
			e.keys("Escape")
			var ok bool
			board, ok = boardIn(e.screenshot(shot), brown)
			return ok
		})
		e.drag(board, "e2", "e4")
		e.autosaveHolds(home, "1. e4", "")
		if more := readBytes(t, p) - read; more > 1<<20 {
			t.Errorf("%s: %d bytes more were read after the refusal", c.name, more)
		}
		p.kill()
	}
}

// readBytes is how many bytes the program has read so far (rchar of
// /proc/PID/io: from files, pipes and the X server alike).
func readBytes(t *testing.T, p *process) int64 {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/io", p.cmd.Process.Pid))
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(data)) {
		if v, ok := strings.CutPrefix(line, "rchar: "); ok {
			n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatalf("no rchar in /proc/%d/io", p.cmd.Process.Pid)
	return 0
}
