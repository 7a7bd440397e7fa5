package engine

import (
	"os"
	"os/exec"
	"runtime"
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

// maxMultiPV bounds the lines of live analysis.
const maxMultiPV = 10

// Settings configure an engine. The zero value of each field means its
// default.
type Settings struct {
	// Path is the engine's program; "" is Detect's.
	Path string
	// Threads is how many threads the engine searches with; 0 is
	// DefaultThreads.
	Threads int
	// Hash is the size of its hash table in megabytes; 0 is DefaultHash.
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
