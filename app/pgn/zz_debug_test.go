package pgn_test

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/pgn"
)

func TestZZ(t *testing.T) {
	if os.Getenv("ZZ") == "" {
		t.Skip()
	}
	raw, _ := os.ReadFile(os.Getenv("ZZ"))
	lines := strings.SplitN(string(raw), "\n", 2)
	q := strings.TrimSpace(lines[1])
	q = strings.TrimPrefix(q, "[]byte(")
	q = strings.TrimSuffix(q, ")")
	s, err := strconv.Unquote(q)
	if err != nil {
		t.Fatal(err)
	}
	data := []byte(s)
	fmt.Printf("%d bytes: %q...%q\n", len(data), data[:min(40, len(data))], data[max(0, len(data)-40):])
	r := pgn.NewReader(bytes.NewReader(data))
	g, err := r.Next()
	fmt.Println(len(g.Moves), err)
	r = pgn.NewReader(bytes.NewReader(data))
	h, err := r.NextHeader()
	fmt.Println(h.Offset, h.Length, h.Plies, h.Err, err)
	p, err := pgn.ParseGame(data[h.Offset:h.Offset+h.Length], 1, 0)
	fmt.Println(len(p.Moves), err)
}
