package pgn_test

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"testing"

	"github.com/echiquier/echiquier/app/pgn"
)

func TestZZDump(t *testing.T) {
	f := os.Getenv("PGNFILE")
	if f == "" {
		t.Skip()
	}
	data, _ := os.ReadFile(f)
	r := pgn.NewReader(bytes.NewReader(data))
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if g == nil {
			fmt.Println("NIL", err)
			break
		}
		fmt.Printf("--- game off=%d line=%d tags=%d moves=%d result=%q err=%v\n", g.Offset, g.Line, len(g.Tags), len(g.Moves), g.Result, err)
		if os.Getenv("W") != "" {
			var b bytes.Buffer
			if e := pgn.Write(&b, g); e != nil {
				fmt.Println("WRITE ERR", e)
			}
			fmt.Print(b.String())
		}
	}
}
