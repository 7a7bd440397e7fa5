package safefile

import (
	"io/fs"
	"os"
)

// Kind is what a path names when it is not a regular file.
type Kind uint8

// The kinds of a *NotRegularError.
const (
	// KindOther: none of those below (a Windows special file, say).
	KindOther Kind = iota
	// KindFolder: a folder.
	KindFolder
	// KindPipe: a named pipe (FIFO). Opening one for reading waits for a
	// writer, and reading it waits for what the writer writes: forever,
	// maybe.
	KindPipe
	// KindDevice: a device (/dev/zero, a disk, a terminal), which may
	// never end or may wait for input.
	KindDevice
	// KindSocket: a socket, which cannot be opened as a file.
	KindSocket
)

// NotRegularError is a path that names something other than a regular
// file: it was refused before being read, and nothing was read from it.
type NotRegularError struct {
	Path string
	Kind Kind
}

func (e *NotRegularError) Error() string {
	what := "not a regular file"
	switch e.Kind {
	case KindFolder:
		what = "a folder"
	case KindPipe:
		what = "a named pipe"
	case KindDevice:
		what = "a device"
	case KindSocket:
		what = "a socket"
	}
	return "open " + e.Path + ": it is " + what + ", not a file"
}

// OpenRead opens the file at path for reading, following symbolic links,
// and refuses anything but a regular file: a named pipe would block the
// open until a writer comes, and a pipe or a device may never end. What
// path names is looked at before it is opened, and again once it is open,
// in case it was replaced meanwhile; the open itself does not wait (see
// openRead). The file returned reads as any other: it waits for the disk.
func OpenRead(path string) (*os.File, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := notRegular(path, info); err != nil {
		return nil, err
	}
	f, err := openRead(path)
	if err != nil {
		return nil, err
	}
	if info, err = f.Stat(); err == nil {
		err = notRegular(path, info)
	}
	if err == nil {
		err = blocking(f)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// notRegular returns a *NotRegularError unless info is that of a regular
// file.
func notRegular(path string, info fs.FileInfo) error {
	m := info.Mode()
	if m.IsRegular() {
		return nil
	}
	k := KindOther
	switch {
	case m.IsDir():
		k = KindFolder
	case m&fs.ModeNamedPipe != 0:
		k = KindPipe
	case m&fs.ModeDevice != 0, m&fs.ModeCharDevice != 0:
		k = KindDevice
	case m&fs.ModeSocket != 0:
		k = KindSocket
	}
	return &NotRegularError{Path: path, Kind: k}
}
