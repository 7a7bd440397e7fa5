package settings_test

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/settings"
)

// TestTwoStoresMerge: two copies of the program, each with its window,
// change different settings: the file keeps both changes, and each copy
// reads the other's change once it is written.
func TestTwoStoresMerge(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	first := open(t, path)
	settings.New(first).SetPlayerNames("Anna", "Bruno")
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}

	var logged logs
	o := settings.Options{Logf: logged.logf}
	a, b := openWith(t, path, o), openWith(t, path, o)
	wa, wb := settings.New(a), settings.New(b)
	wa.SetCoordinates(false)
	if err := a.Flush(); err != nil {
		t.Fatal(err)
	}
	if wb.Coordinates() {
		t.Error("B reads coordinates on after A turned them off and wrote it")
	}
	wb.SetFlipped(true)
	if err := b.Flush(); err != nil {
		t.Fatal(err)
	}
	v := fileValues(t, path)
	if v["board.coordinates"] != false || v["board.flipped"] != true || v["game.whiteName"] != "Anna" {
		t.Errorf("after A's and B's writes the file holds %v", v)
	}
	if !wa.Flipped() {
		t.Error("A reads the board unflipped after B flipped it and wrote it")
	}

	// Both change a setting before either writes.
	wb.SetHints(false)
	wa.SetAnimate(false)
	if err := a.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := b.Flush(); err != nil {
		t.Fatal(err)
	}
	v = fileValues(t, path)
	if v["board.coordinates"] != false || v["board.flipped"] != true || v["board.hints"] != false || v["board.animate"] != false {
		t.Errorf("after both wrote again the file holds %v", v)
	}
	for name, w := range map[string]*settings.Settings{"A": wa, "B": wb} {
		if w.Coordinates() || !w.Flipped() || w.Hints() || w.Animate() {
			t.Errorf("%s does not read the four changes", name)
		}
	}
	if l := logged.all(); len(l) > 0 {
		t.Errorf("logged %q", l)
	}
}

// TestDamagedFileBetweenWrites: a file that cannot be read as settings,
// found in place of the settings file between two writes, is moved aside
// intact as at start, never merged into nor written over; the settings
// this copy of the program had are written in its place.
func TestDamagedFileBetweenWrites(t *testing.T) {
	cases := []struct{ name, content string }{
		{"garbage", "\x89PNG\r\n\x1a\n\x00\x00"},
		{"truncated", `{"version":1,"values":{"board.flipped":tr`},
		{"another version", `{"version":2,"values":{"board.hints":"yes","other":true}}`},
		{"empty", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "settings.json")
			var logged logs
			s := openWith(t, path, settings.Options{Logf: logged.logf})
			st := settings.New(s)
			st.SetPlayerNames("Anna", "Bruno")
			st.SetHints(false)
			if err := s.Flush(); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(c.content), 0o600); err != nil {
				t.Fatal(err)
			}
			if st.Hints() {
				t.Error("a damaged file changed the settings read")
			}
			st.SetFlipped(true)
			if err := s.Flush(); err != nil {
				t.Fatal(err)
			}
			aside := asideFiles(t, path)
			if len(aside) != 1 {
				t.Fatalf("kept aside: %v, want the damaged file", aside)
			}
			if got, _ := os.ReadFile(aside[0]); !bytes.Equal(got, []byte(c.content)) {
				t.Errorf("kept aside %q, want %q", got, c.content)
			}
			v := fileValues(t, path)
			if len(v) != 4 || v["game.whiteName"] != "Anna" || v["board.hints"] != false || v["board.flipped"] != true {
				t.Errorf("file holds %v", v)
			}
			if l := logged.all(); len(l) != 1 || !strings.Contains(l[0], aside[0]) || !strings.Contains(l[0], "written in its place") {
				t.Errorf("logged %q, want where the file was kept", l)
			}
		})
	}
}

// mergeRounds is how many times each child of TestTwoProcessesMerge
// changes its key.
const mergeRounds = 60

// changeOneKey is a child of TestTwoProcessesMerge: once its standard
// input closes, it sets key to 1, 2, … mergeRounds, writing each at once
// and checking that the file then holds it. It returns the exit status:
// 2 when a write failed or was lost.
func changeOneKey(path, key string) int {
	s, notices := settings.OpenFile(path, settings.Options{})
	if len(notices) > 0 {
		fmt.Fprintln(os.Stderr, notices)
		return 2
	}
	io.Copy(io.Discard, os.Stdin) // the start
	for i := 1; i <= mergeRounds; i++ {
		s.SetString(key, strconv.Itoa(i))
		if err := s.Flush(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		values, err := parseFile(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		if values[key] != strconv.Itoa(i) {
			fmt.Fprintf(os.Stderr, "%s: after writing %d the file holds %v\n", key, i, values)
			return 2
		}
	}
	if err := s.Close(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	return 0
}

// TestTwoProcessesMerge runs two copies of the program that each change
// a key of their own many times, at the same time: every write keeps the
// other's last value, and the file ends with the last value of each.
func TestTwoProcessesMerge(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	keys := []string{"a", "b"}
	var cmds []*exec.Cmd
	var starts []io.Closer
	for _, key := range keys {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), mergerEnv+"="+path, mergerKeyEnv+"="+key)
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		start, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
		starts = append(starts, start)
	}
	for _, start := range starts {
		start.Close()
	}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Errorf("the child changing %s: %v", keys[i], err)
		}
	}
	v := fileValues(t, path)
	for _, key := range keys {
		if v[key] != strconv.Itoa(mergeRounds) {
			t.Errorf("%s = %v, want its last value %d; the file holds %v", key, v[key], mergeRounds, v)
		}
	}
}
