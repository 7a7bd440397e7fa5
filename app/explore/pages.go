package explore

import (
	"hash/crc32"
	"io"
)

// The body of a tree's file, from the header to the tables, is cut into
// pages of pageSize bytes, each with its CRC-32C in the tables: whatever
// is read from the body is read by whole pages, checked. A lookup reads
// a page or two, and a file of hundreds of megabytes is never read whole
// to be trusted.

// pageSize is the length of a page of the body.
const pageSize = 4096

// castagnoli is CRC-32C's table, computed once and never changed.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// pageSums writes the body to w, summing each page as it goes by.
type pageSums struct {
	w    io.Writer
	sums []uint32
	crc  uint32
	n    int   // bytes in the page being summed
	size int64 // bytes written
	err  error
}

func (b *pageSums) Write(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	n, err := b.w.Write(p)
	b.size += int64(n)
	for q := p[:n]; len(q) > 0; {
		k := min(len(q), pageSize-b.n)
		b.crc = crc32.Update(b.crc, castagnoli, q[:k])
		b.n += k
		q = q[k:]
		if b.n == pageSize {
			b.sums = append(b.sums, b.crc)
			b.crc, b.n = 0, 0
		}
	}
	b.err = err
	return n, err
}

// pad writes zeros up to the end of the page.
func (b *pageSums) pad() error {
	if b.n > 0 {
		_, err := b.Write(make([]byte, pageSize-b.n))
		return err
	}
	return b.err
}

// page returns the number of the page being written.
func (b *pageSums) page() int64 { return b.size / pageSize }

// done returns the sums of the pages, the last one whatever its length.
func (b *pageSums) done() []uint32 {
	if b.n > 0 {
		b.sums = append(b.sums, b.crc)
		b.crc, b.n = 0, 0
	}
	return b.sums
}

// body reads the body of a tree's file, by whole pages whose sums are
// checked.
type body struct {
	r    io.ReaderAt
	at   int64 // where the body starts in the file
	end  int64 // of the body, from at
	sums []uint32
}

// read returns the bytes [off, off+n) of the body, read into buf when it
// is long enough: its pages are read whole and checked. Any error is
// errCorrupt, or the file's read error.
func (b *body) read(buf []byte, off, n int64) ([]byte, error) {
	if off < 0 || n < 0 || off+n > b.end || n > b.end {
		return nil, errCorrupt
	}
	from := off / pageSize * pageSize
	to := min((off+n+pageSize-1)/pageSize*pageSize, b.end)
	if int64(cap(buf)) < to-from {
		buf = make([]byte, to-from)
	}
	pages := buf[:to-from]
	if k, err := b.r.ReadAt(pages, b.at+from); k < len(pages) {
		if err == nil || err == io.EOF {
			err = errCorrupt
		}
		return nil, err
	}
	for p, at := from/pageSize, 0; at < len(pages); p, at = p+1, at+pageSize {
		if crc32.Checksum(pages[at:min(at+pageSize, len(pages))], castagnoli) != b.sums[p] {
			return nil, errCorrupt
		}
	}
	return pages[off-from : off-from+n], nil
}

// ReadAt reads the body as an io.ReaderAt, page by page: for readers of
// long runs of it (the game lists).
func (b *body) ReadAt(p []byte, off int64) (int, error) {
	got, err := b.read(nil, off, int64(len(p)))
	if err != nil {
		return 0, err
	}
	return copy(p, got), nil
}
