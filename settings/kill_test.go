package settings_test

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/settings"
)

// writerKeys is how many keys the child sets to each new number.
const writerKeys = 10

// writeForEver is the child of TestKillDuringWrites: it sets k0, k1, …
// to the number after k0's, then to the next, and so on, printing each
// number once it is written, until it is killed.
func writeForEver(path string) {
	s, _ := settings.OpenFile(path, settings.Options{})
	start, _ := strconv.Atoi(s.StringWithFallback("k0", "0"))
	pad := strings.Repeat("x", 4096) // a bigger file is longer to write
	for i := start + 1; ; i++ {
		n := strconv.Itoa(i)
		for k := range writerKeys {
			s.SetString(fmt.Sprintf("k%d", k), n)
		}
		s.SetString("pad", n+pad)
		if err := s.Flush(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fmt.Println(i)
	}
}

// TestKillDuringWrites kills a process writing settings in a loop at
// random moments: the file must always parse and hold a state the
// process's memory held, k0…km at one number and the rest at the one
// before, never a torn file or a lost one.
func TestKillDuringWrites(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	const rounds = 20
	last := 0
	for round := range rounds {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), childEnv+"="+path)
		cmd.Stderr = os.Stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Killed after a random number of writes, while it goes on
		// writing: the moment falls anywhere in a later write.
		lines := bufio.NewScanner(out)
		for range 1 + rand.IntN(10) {
			if !lines.Scan() {
				t.Fatalf("round %d: the writer stopped: %v", round, lines.Err())
			}
		}
		if err := cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		cmd.Wait()

		values := fileValues(t, path)
		first, err := strconv.Atoi(fmt.Sprint(values["k0"]))
		if err != nil {
			t.Fatalf("round %d: k0 = %v", round, values["k0"])
		}
		if first <= last {
			t.Fatalf("round %d: k0 = %d, not beyond the %d of the round before: a write was lost", round, first, last)
		}
		last = first
		seen := first
		for k := 1; k < writerKeys; k++ {
			n, err := strconv.Atoi(fmt.Sprint(values[fmt.Sprintf("k%d", k)]))
			if err != nil || n > seen || n < first-1 {
				t.Fatalf("round %d: k%d = %v after k%d = %d: not a state the writer held", round, k, values[fmt.Sprintf("k%d", k)], k-1, seen)
			}
			seen = n
		}
		// A later start must read the file without a notice.
		s, notices := settings.OpenFile(path, settings.Options{})
		if len(notices) > 0 {
			t.Fatalf("round %d: %v", round, notices)
		}
		if got := s.StringWithFallback("k0", ""); got != strconv.Itoa(first) {
			t.Fatalf("round %d: k0 reads %q, the file says %d", round, got, first)
		}
		s.Close()
	}
	if temps := tempFiles(t, path); len(temps) > rounds {
		t.Errorf("%d temporary files left after %d kills", len(temps), rounds)
	}
}
