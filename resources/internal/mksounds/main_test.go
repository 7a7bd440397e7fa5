package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
)

// TestCommittedSoundsAreGenerated: the synthesised sounds in
// resources/sounds are what this program makes (go generate ./resources/
// after a change here).
func TestCommittedSoundsAreGenerated(t *testing.T) {
	for name, notes := range sounds {
		committed, err := os.ReadFile(filepath.Join("..", "..", "sounds", name))
		if err != nil {
			t.Fatal(err)
		}
		made := wav(render(notes))
		// Within one step of each sample: another processor may round a
		// sine's last bit otherwise.
		same := len(committed) == len(made) && bytes.Equal(committed[:44], made[:44])
		for i := 44; same && i+1 < len(made); i += 2 {
			d := int(int16(binary.LittleEndian.Uint16(committed[i:]))) - int(int16(binary.LittleEndian.Uint16(made[i:])))
			same = d >= -1 && d <= 1
		}
		if !same {
			t.Errorf("resources/sounds/%s is not what mksounds makes: run go generate ./resources/", name)
		}
	}
}
