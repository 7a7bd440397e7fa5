package settings_test

import (
	"path/filepath"
	"strconv"
	"testing"

	"github.com/echiquier/echiquier/settings"
)

// BenchmarkSet measures what a Set costs the caller: the write happens on
// the store's goroutine.
func BenchmarkSet(b *testing.B) {
	s, _ := settings.OpenFile(filepath.Join(b.TempDir(), "settings.json"), settings.Options{})
	defer s.Close()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s.SetString("game.whiteName", strconv.Itoa(i))
	}
}

// BenchmarkRead measures what reading a setting costs the caller: a look
// at the file, to see whether another copy of the program replaced it.
func BenchmarkRead(b *testing.B) {
	s, _ := settings.OpenFile(filepath.Join(b.TempDir(), "settings.json"), settings.Options{})
	defer s.Close()
	s.SetBool("board.flipped", true)
	if err := s.Flush(); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		s.BoolWithFallback("board.flipped", false)
	}
}

// BenchmarkWrite measures one write of a file of the app's size: temporary
// file, fsync, rename, fsync of the folder; what a synchronous Set would
// cost the caller.
func BenchmarkWrite(b *testing.B) {
	s, _ := settings.OpenFile(filepath.Join(b.TempDir(), "settings.json"), settings.Options{})
	defer s.Close()
	st := settings.New(s)
	st.SetPlayerNames("Anna", "Bruno")
	st.SetLastDirectory("/home/anna/chess/games")
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s.SetBool("board.flipped", i%2 == 0)
		if err := s.Flush(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOpen measures reading the settings at start.
func BenchmarkOpen(b *testing.B) {
	path := filepath.Join(b.TempDir(), "settings.json")
	s, _ := settings.OpenFile(path, settings.Options{})
	st := settings.New(s)
	st.SetPlayerNames("Anna", "Bruno")
	st.SetLastDirectory("/home/anna/chess/games")
	st.SetHints(false)
	s.Close()
	b.ReportAllocs()
	for b.Loop() {
		s, _ := settings.OpenFile(path, settings.Options{})
		s.Close()
	}
}
