package files

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage/repository"
)

// fileRepository is what Fyne's repository of file: URIs does.
type fileRepository interface {
	repository.WritableRepository
	repository.AppendableRepository
	repository.ListableRepository
	repository.HierarchicalRepository
	repository.DeleteAllRepository
	repository.CopyableRepository
	repository.MovableRepository
}

// lazyFiles is Fyne's repository of files, but for Writer, which creates
// nothing until the first byte is written, and Reader, which opens nothing
// until the first byte is read. Fyne's save dialog opens the file it was
// given (truncating it) before the app decides anything: on a full disk,
// or for a file that is not the one really written, that lost the file.
// Its open dialog opens the file chosen too: a named pipe chosen there
// froze the window until another program wrote into it. The app reads
// and writes its files itself, safely, and closes the dialog's reader or
// writer unused.
type lazyFiles struct{ fileRepository }

// useLazyFiles puts lazyFiles in place of Fyne's repository of
// file: URIs, once.
func useLazyFiles() {
	r, err := repository.ForScheme("file")
	if err != nil {
		return
	}
	if _, done := r.(lazyFiles); done {
		return
	}
	if files, ok := r.(fileRepository); ok {
		repository.Register("file", lazyFiles{files})
	}
}

// Writer returns a writer that opens u only when written to.
func (l lazyFiles) Writer(u fyne.URI) (fyne.URIWriteCloser, error) {
	return &lazyWriter{uri: u, open: l.fileRepository.Writer}, nil
}

type lazyWriter struct {
	uri  fyne.URI
	open func(fyne.URI) (fyne.URIWriteCloser, error)
	w    fyne.URIWriteCloser
}

func (w *lazyWriter) URI() fyne.URI { return w.uri }

func (w *lazyWriter) Write(p []byte) (int, error) {
	if w.w == nil {
		var err error
		if w.w, err = w.open(w.uri); err != nil {
			return 0, err
		}
	}
	return w.w.Write(p)
}

func (w *lazyWriter) Close() error {
	if w.w == nil {
		return nil
	}
	return w.w.Close()
}

// Reader returns a reader that opens u only when read.
func (l lazyFiles) Reader(u fyne.URI) (fyne.URIReadCloser, error) {
	return &lazyReader{uri: u, open: l.fileRepository.Reader}, nil
}

type lazyReader struct {
	uri  fyne.URI
	open func(fyne.URI) (fyne.URIReadCloser, error)
	r    fyne.URIReadCloser
}

func (r *lazyReader) URI() fyne.URI { return r.uri }

func (r *lazyReader) Read(p []byte) (int, error) {
	if r.r == nil {
		var err error
		if r.r, err = r.open(r.uri); err != nil {
			return 0, err
		}
	}
	return r.r.Read(p)
}

func (r *lazyReader) Close() error {
	if r.r == nil {
		return nil
	}
	return r.r.Close()
}
