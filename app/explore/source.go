package explore

import (
	"errors"
	"hash/crc64"
	"hash/fnv"
	"io"
	"os"

	"github.com/echiquier/echiquier/app/safefile"
)

// A cached tree is of its PGN file as it was when the tree was built.
// The cache keeps the file's key, which says what the file was: what the
// system says of it (its size, its modification time, its change time
// and its file number) and a hash of its first and last 64 KB. The
// change time (ctime) is set by the system at every write, and no
// program can set it back as touch or os.Chtimes sets back the
// modification time: a file rewritten in place, of the same size, its
// time put back, has another key. The file number tells a file replaced
// by another under the same name. The hash of 128 KB is for the file
// systems that keep no change time (FAT): there it catches the changes
// of the file's ends.
//
// Beside the key, the cache keeps a hash of the whole file (CRC-64),
// computed as the tree is built from the bytes its readers read: it
// costs no second reading of the file. It cannot be the key: comparing
// it means reading the whole file, and a file opened a second time must
// have its tree at once. It serves when the key says the file may be the
// same but cannot tell: the same size and the same ends, another time or
// number (a file touched, copied back, restored from a backup): reading
// the file to hash it takes a second where building its tree takes a
// minute.

// sourceKey tells whether a PGN file is as it was.
type sourceKey struct {
	Size, ModTime int64
	// ChangeTime is the ctime (Windows: ChangeTime) in the system's own
	// unit; 0 where the system gives none.
	ChangeTime int64
	// Inode is the file's number on its file system (Windows: the file
	// index); 0 where the system gives none.
	Inode uint64
	// Sample is FNV-1a of the first and last 64 KB.
	Sample uint64
}

const sourceKeySize = 40

// ErrFileChanged: the file changed while its tree was built, twice over:
// the counts of the tree returned with it may mix two versions of the
// file.
var ErrFileChanged = errors.New("the file changed while its opening tree was built: its counts may mix two versions of the file")

// keyOf reads the key of the file at path.
func keyOf(path string) (sourceKey, error) {
	f, err := safefile.OpenRead(path)
	if err != nil {
		return sourceKey{}, err
	}
	defer f.Close()
	return keyOfFile(f)
}

// keyOfFile reads the key of the open file f.
func keyOfFile(f *os.File) (sourceKey, error) {
	st, err := f.Stat()
	if err != nil {
		return sourceKey{}, err
	}
	k := sourceKey{Size: st.Size(), ModTime: st.ModTime().UnixNano()}
	k.Inode, k.ChangeTime = identity(f, st)
	h := fnv.New64a()
	const part = 64 << 10
	if _, err := io.Copy(h, io.NewSectionReader(f, 0, part)); err != nil {
		return k, err
	}
	if k.Size > part {
		if _, err := io.Copy(h, io.NewSectionReader(f, max(part, k.Size-part), part)); err != nil {
			return k, err
		}
	}
	k.Sample = h.Sum64()
	return k, nil
}

// unchanged reports whether the file f, opened when the file at path had
// key was, is still so, and still the file at path: a file rewritten or
// replaced meanwhile has another key.
func unchanged(f *os.File, path string, key sourceKey) bool {
	now, err := keyOfFile(f)
	if err != nil || now != key {
		return false
	}
	now, err = keyOf(path)
	return err == nil && now == key
}

// crcTable is CRC-64's table (ECMA-182), computed once and never
// changed.
var crcTable = crc64.MakeTable(crc64.ECMA)

// sectionSum is the file as the reader of a section reads it. It sums
// the bytes of the section, [start, end), as they go by: the reader reads
// them in order from the section's start, and on past its end to finish
// its last game, whose bytes past the end the next sections sum.
type sectionSum struct {
	f          io.ReaderAt
	start, end int64
	at         int64 // the bytes from start to at are summed
	crc        uint64
}

func newSectionSum(f io.ReaderAt, start, end int64) *sectionSum {
	return &sectionSum{f: f, start: start, end: end, at: start}
}

func (s *sectionSum) ReadAt(p []byte, off int64) (int, error) {
	n, err := s.f.ReadAt(p, off)
	if off <= s.at && s.at < off+int64(n) && s.at < s.end {
		to := min(off+int64(n), s.end)
		s.crc = crc64.Update(s.crc, crcTable, p[s.at-off:to-off])
		s.at = to
	}
	return n, err
}

// part returns the section's share of the hash of the whole file of size
// total (see crcShift), reading what its reader did not: the hash of a
// file is then that of its sections' shares, whatever they are.
func (s *sectionSum) part(total int64) (uint64, error) {
	var buf []byte
	for s.at < s.end {
		if buf == nil {
			buf = make([]byte, 32<<10) // a reader stopped early: rare
		}
		n, err := s.ReadAt(buf[:min(int64(len(buf)), s.end-s.at)], s.at)
		if n == 0 {
			if err == nil {
				err = io.ErrNoProgress
			}
			return 0, err
		}
	}
	return crcShift(s.crc, total-s.end), nil
}

// The CRC-64 of bytes a then b is crcShift(crc(a), len(b)) ^ crc(b), as
// zlib's crc32_combine has it: so the CRC-64 of a file is the XOR of
// crcShift(crc(section), bytes after the section) over its sections,
// which each reader of a section computes for its own, in any order.

// crcShift returns crc times x^(8n) modulo the polynomial: what the
// CRC-64 of some bytes weighs in that of the bytes followed by n more.
func crcShift(crc uint64, n int64) uint64 {
	// x^(8n) by squaring, from x^8 (bit 63 is x^0, reflected).
	p, sq := uint64(1)<<63, uint64(1)<<(63-8)
	for ; n > 0; n >>= 1 {
		if n&1 != 0 {
			p = mulModP(p, sq)
		}
		sq = mulModP(sq, sq)
	}
	return mulModP(p, crc)
}

// mulModP returns a times b modulo the CRC-64 polynomial, both
// reflected (zlib's multmodp).
func mulModP(a, b uint64) uint64 {
	var p uint64
	for m := uint64(1) << 63; m != 0; m >>= 1 {
		if a&m != 0 {
			p ^= b
		}
		if b&1 != 0 {
			b = b>>1 ^ crc64.ECMA
		} else {
			b >>= 1
		}
	}
	return p
}

// contentOf returns the hash of the whole content of f, of size bytes
// (the CRC-64 of its bytes), telling progress as it reads and stopping
// with the error of done when done returns one.
func contentOf(f io.ReaderAt, size int64, progress func(done, total int64), done func() error) (uint64, error) {
	buf := make([]byte, 1<<20)
	var crc uint64
	for at := int64(0); at < size; {
		if err := done(); err != nil {
			return 0, err
		}
		n, err := f.ReadAt(buf[:min(int64(len(buf)), size-at)], at)
		if n == 0 {
			if err == nil || err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return 0, err
		}
		crc = crc64.Update(crc, crcTable, buf[:n])
		at += int64(n)
		if progress != nil {
			progress(at, size)
		}
	}
	return crc, nil
}
