package engine

import (
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// The defaults of Settings.
const (
	// DefaultHash is the engine's hash table size, in megabytes.
	DefaultHash = 64
	// DefaultMultiPV is how many lines live analysis shows.
	DefaultMultiPV = 3
	// DefaultMoveTime is the time per move of a whole-game analysis.
	DefaultMoveTime = 500 * time.Millisecond
	// DefaultTimeout is how long an engine may take to answer.
	DefaultTimeout = 10 * time.Second
)

// MaxPath is the longest path of an engine's program: Linux's PATH_MAX,
// in bytes. The engine's field takes no more.
const MaxPath = 4096

// maxMultiPV bounds the lines of live analysis.
const maxMultiPV = 10

// maxHash is the largest hash table, in megabytes, where the machine's
// memory is not known; MaxHash is never more.
const maxHash = 32768

// Settings configure an engine. The zero value of each field means its
// default.
type Settings struct {
	// Path is the engine's program; "" is Detect's.
	Path string
	// Threads is how many threads the engine searches with; 0 is
	// DefaultThreads.
	Threads int
	// Hash is the size of its hash table in megabytes; 0 is DefaultHash.
	// A larger one than MaxHash is cut to it.
	Hash int
	// MultiPV is how many lines live analysis shows, from 1 to 10; 0 is
	// DefaultMultiPV.
	MultiPV int
	// MoveTime is the time per move of a whole-game analysis; 0 is
	// DefaultMoveTime.
	MoveTime time.Duration
	// Timeout is how long the engine may take to answer "uci", "isready"
	// or "stop", and to finish a search after its time; 0 is
	// DefaultTimeout. An engine that takes longer is taken for hung.
	Timeout time.Duration
}

// withDefaults returns s with its zero fields set to their defaults, and
// the engine found when it names none.
func (s Settings) withDefaults() (Settings, error) {
	if s.Path == "" {
		path, err := Detect()
		if err != nil {
			return s, err
		}
		s.Path = path
	}
	if s.Threads <= 0 {
		s.Threads = DefaultThreads()
	}
	if s.Hash <= 0 {
		s.Hash = DefaultHash
	}
	s.Hash = min(s.Hash, MaxHash())
	if s.MultiPV <= 0 {
		s.MultiPV = DefaultMultiPV
	}
	s.MultiPV = min(s.MultiPV, maxMultiPV)
	if s.MoveTime <= 0 {
		s.MoveTime = DefaultMoveTime
	}
	if s.Timeout <= 0 {
		s.Timeout = DefaultTimeout
	}
	return s, nil
}

// MaxHash returns the largest hash table an engine may be given, in
// megabytes: half the machine's memory where it is known (Linux), and at
// most 32768. An engine given more than the machine has refuses it and
// exits, or takes the memory the rest needs. A settings window bounds its
// field with it.
func MaxHash() int {
	total, ok := memTotal()
	if !ok {
		return maxHash
	}
	return hashBound(total)
}

// hashBound returns the largest hash table for a machine of total bytes
// of memory, in megabytes: half of it, at least 1, at most maxHash.
func hashBound(total uint64) int {
	return int(max(1, min(maxHash, total/2>>20)))
}

// parseMemTotal reads the machine's memory, in bytes, from the text of
// Linux's /proc/meminfo: its "MemTotal:  24684084 kB" line.
func parseMemTotal(meminfo string) (uint64, bool) {
	for line := range strings.Lines(meminfo) {
		rest, ok := strings.CutPrefix(line, "MemTotal:")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) != 2 || f[1] != "kB" {
			return 0, false
		}
		kb, err := strconv.ParseUint(f[0], 10, 64)
		if err != nil || kb == 0 || kb > 1<<50 {
			return 0, false
		}
		return kb << 10, true
	}
	return 0, false
}

// DefaultThreads is the engine's default number of threads: all the
// cores but one, left for the window, and at least one.
func DefaultThreads() int {
	return max(1, runtime.NumCPU()-1)
}

// debianStockfish is where Debian's stockfish package puts the engine,
// outside the PATH of most users.
const debianStockfish = "/usr/games/stockfish"

// Detect finds an installed engine: "stockfish" on the PATH, else
// Debian's /usr/games/stockfish. It returns ErrNoEngine when there is
// none.
func Detect() (string, error) {
	if path, err := exec.LookPath("stockfish"); err == nil {
		return path, nil
	}
	if fi, err := os.Stat(debianStockfish); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
		return debianStockfish, nil
	}
	return "", ErrNoEngine
}
