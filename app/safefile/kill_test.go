//go:build unix

package safefile_test

import (
	"bufio"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/safefile"
)

// killChildEnv names the file the child of TestKillDuringWrite saves.
const killChildEnv = "SAFEFILE_KILL_CHILD"

// The two contents the child saves in turn, of different sizes, so that
// a mix or a cut of them is neither.
var (
	contentA = "[Event \"A\"]\n\n" + strings.Repeat("1. e4 e5 2. Nf3 Nc6 ", 10000) + "*\n"
	contentB = "[Event \"B\"]\n\n" + strings.Repeat("1. d4 d5 ", 7000) + "*\n"
)

// The test runs itself again as a child that saves a file over and over,
// kills it with SIGKILL at a random moment, and finds the file complete,
// the old content or the new one, each time.
func TestKillDuringWrite(t *testing.T) {
	if path := os.Getenv(killChildEnv); path != "" {
		saveForever(path)
		return
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "game.pgn")
	if err := os.WriteFile(path, []byte(contentA), 0o644); err != nil {
		t.Fatal(err)
	}
	leftovers := 0
	for round := range 30 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestKillDuringWrite$")
		cmd.Env = append(os.Environ(), killChildEnv+"="+path)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// The child says when it is saving, then is killed some time
		// into its saves: before, during or after a rename.
		if _, err := bufio.NewReader(out).ReadString('\n'); err != nil {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("round %d: the child did not start saving: %v", round, err)
		}
		time.Sleep(rand.N(20 * time.Millisecond))
		cmd.Process.Kill()
		cmd.Wait()
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != contentA && string(got) != contentB {
			t.Fatalf("round %d: the file holds %d bytes, neither content (%d or %d bytes)", round, len(got), len(contentA), len(contentB))
		}
		// A kill leaves its temporary file, which only a kill can.
		tmp, _ := filepath.Glob(filepath.Join(dir, ".*.tmp"))
		leftovers += len(tmp)
		for _, name := range tmp {
			os.Remove(name)
		}
	}
	t.Logf("30 kills left %d temporary files", leftovers)
}

// saveForever saves path with contentA and contentB in turn, telling the
// parent on stdout that it saves. It ends when killed, or when the parent
// is gone: the write to its pipe then fails.
func saveForever(path string) {
	contents := [2]string{contentB, contentA}
	for i := 0; ; i++ {
		if _, err := safefile.Write(path, writeString(contents[i%2]), nil); err != nil {
			os.Exit(2)
		}
		if _, err := os.Stdout.WriteString("saved\n"); err != nil {
			os.Exit(0)
		}
	}
}
