package words

import (
	"runtime"
	"strings"
	"testing"
)

// allocated returns how many bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func TestOneLine(t *testing.T) {
	long := strings.Repeat("é", 150)
	for in, want := range map[string]string{
		"":                       "",
		"one line":               "one line",
		"first\nsecond":          "first",
		"first\r\nsecond":        "first",
		strings.Repeat("a", 100): strings.Repeat("a", 100),
		strings.Repeat("a", 101): strings.Repeat("a", 99) + "…",
		long:                     strings.Repeat("é", 99) + "…",
		"bad \xff byte":          "bad \uFFFD byte",
	} {
		if got := OneLine(in); got != want {
			t.Errorf("OneLine(%.20q…) = %q, want %q", in, got, want)
		}
	}
}

// TestOneLineOfAHugeLineCostsLittle: a clipboard of 50 MB on one line
// is cut without being copied (it was made into 200 MB of runes).
func TestOneLineOfAHugeLineCostsLittle(t *testing.T) {
	huge := strings.Repeat("the quick brown fox jumps over the lazy dog ", 50<<20/44)
	if n := allocated(func() { OneLine(huge) }); n > 64<<10 {
		t.Errorf("%d bytes allocated", n)
	}
}
