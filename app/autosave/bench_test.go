package autosave

import "testing"

// BenchmarkSave measures what Save costs the caller's goroutine: a copy
// and a hand-over, whatever the disk.
func BenchmarkSave(b *testing.B) {
	s := openStore(b, b.TempDir(), Options{})
	text := snapshots(b, 80)[79]
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		s.Save(text)
	}
	b.StopTimer()
	if err := s.Flush(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkWrite measures a whole write, as Flush waits for it: temporary
// file, sync, rename and sync of the folder.
func BenchmarkWrite(b *testing.B) {
	s := openStore(b, b.TempDir(), Options{})
	text := snapshots(b, 80)[79]
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		s.Save(text)
		if err := s.Flush(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRecover measures reading a damaged autosave of a long game.
func BenchmarkRecover(b *testing.B) {
	text := snapshots(b, 200)[199]
	damaged := append([]byte(nil), text[:len(text)*9/10]...)
	b.SetBytes(int64(len(damaged)))
	b.ReportAllocs()
	for b.Loop() {
		if rec := recoverPGN(damaged, maxFileBytes, nil); !rec.Damaged || rec.Moves == 0 {
			b.Fatalf("%+v", rec)
		}
	}
}
