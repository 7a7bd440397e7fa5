package settings

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/echiquier/echiquier/app/safefile"
)

// fileVersion is the version of the settings file's layout.
const fileVersion = 1

// maxFileSize bounds what is read of a settings file: the app's settings
// take a few hundred bytes, so a bigger file is not one of ours.
const maxFileSize = 1 << 20

// staleTempAge is how old a temporary file must be before OpenFile removes
// it: younger ones may belong to another copy of the program writing now.
const staleTempAge = 10 * time.Minute

// tempSuffix ends the names of the temporary files written before a rename.
const tempSuffix = ".tmp"

// lockSuffix ends the name of the lock file beside the settings file.
const lockSuffix = ".lock"

// defaultLockWait is how long a write waits for another copy of the
// program to finish writing: a write takes a few milliseconds, a second
// on a slow disk.
const defaultLockWait = 2 * time.Second

var (
	errEmpty    = errors.New("the file is empty")
	errTooLarge = fmt.Errorf("the file is larger than %d bytes", maxFileSize)
	errVersion  = errors.New("not an Échiquier settings file of a known version")
)

// fileLayout is the settings file: {"version": 1, "values": {key: value}},
// each value true, false or a string.
type fileLayout struct {
	Version int                        `json:"version"`
	Values  map[string]json.RawMessage `json:"values"`
}

// Options configure OpenFile.
type Options struct {
	// Import is a Fyne preferences.json whose true/false and string
	// values are copied, once, when the settings file does not exist
	// yet, so that users keep the settings of earlier versions. "" imports
	// nothing; so does a file that cannot be read.
	Import string
	// LockWait bounds how long a write waits for another copy of the
	// program to finish its own write; then it writes without waiting
	// and logs it. 0 means 2 seconds.
	LockWait time.Duration
	// Logf logs what the store did on its own that the user may want to
	// know about later: a write made without the lock, a damaged file
	// moved aside at a write. nil means log.Printf.
	Logf func(format string, v ...any)
}

// FileStore keeps settings in a JSON file. Each write goes to a temporary
// file that is synced and renamed over the old one, so that a full disk, a
// crash or another copy of the program writing at the same time leaves
// either the earlier or the later file, never a torn one. Set calls return
// at once; a goroutine writes, one write for a burst of changes. Close
// writes what is left; a failed write is retried on the next change.
//
// Several copies of the program may share the file. A write changes only
// the keys this copy set since it last wrote them: it reads the file as it
// is then and writes these changes over it, holding a lock file beside it
// (path + ".lock") so that two copies writing at the same moment take
// turns. A write that cannot have the lock within Options.LockWait is made
// without it, and logged: a change the other copy writes at that very
// moment may then be lost. Each read or change of a setting first looks
// whether another copy replaced the file since this one last read or
// wrote it (its identity, modification time and size) and, if so, reads
// it again; it never waits for this copy's own write in progress, which
// brings the file's values when it ends.
//
// A FileStore is safe for use by several goroutines.
type FileStore struct {
	path     string
	lockWait time.Duration
	logf     func(format string, v ...any)

	// disk is held while this process reads or writes the file, so that
	// an older snapshot never lands after a newer one and a reading never
	// undoes a write.
	disk sync.Mutex
	// seen is the file as this process last read or wrote it. Guarded by
	// disk.
	seen fileStamp
	// unmoved is why the file at path is unusable, when it could not be
	// moved aside yet: the next write moves it first, never over it.
	// Guarded by disk.
	unmoved error

	mu sync.Mutex
	// values are the file's as last read or written, with pending on
	// top; each is a bool or a string.
	values map[string]any
	// pending are the values set since they were last written: what the
	// next write changes in the file.
	pending map[string]any
	failure error // of the last write, nil once one succeeds
	// reported tells whether onError was told of failure.
	reported bool
	onError  func(error)
	closed   bool

	wake chan struct{}
	done chan struct{}
}

// Notice tells why a settings file could not be used at start: the app
// starts from default settings and shows it once.
type Notice struct {
	// Path is the file that could not be used.
	Path string
	// KeptAs is where the file was moved to keep it, next to Path, or ""
	// when it could not be moved (see MoveErr): then the store moves it
	// before its first write, and fails the write if it still cannot.
	KeptAs string
	// Reason is what was wrong with the file.
	Reason error
	// MoveErr is why the file could not be moved aside, when KeptAs is
	// "".
	MoveErr error
}

// String describes the notice in a sentence.
func (n Notice) String() string {
	if n.KeptAs == "" {
		return fmt.Sprintf("the settings file %s could not be read (%v) nor moved aside (%v); its settings are not used", n.Path, n.Reason, n.MoveErr)
	}
	return fmt.Sprintf("the settings file %s could not be read (%v); it was kept as %s and its settings are not used", n.Path, n.Reason, n.KeptAs)
}

// SaveError is a failed write of the settings: the file on disk still holds
// the earlier settings, and the new ones are still in memory.
type SaveError struct {
	// Path is the settings file.
	Path string
	// Err is why the write failed.
	Err error
}

// Error says what failed and that the earlier settings are kept.
func (e *SaveError) Error() string {
	return "settings could not be saved: " + e.Err.Error() + "; your earlier settings are kept"
}

// Unwrap returns the cause, so that errors.Is(err, syscall.ENOSPC) works.
func (e *SaveError) Unwrap() error { return e.Err }

// OpenFile returns the settings stored in the file at path. A missing file
// gives default settings (or the values imported from o.Import); a file
// that cannot be read as settings is moved aside, to path + ".corrupt-" +
// a timestamp, and reported in a Notice, and the settings start from their
// defaults. The folder is made when the settings are first written.
//
// Call Close before the program ends.
func OpenFile(path string, o Options) (*FileStore, []Notice) {
	s := &FileStore{
		path:     path,
		lockWait: o.LockWait,
		logf:     o.Logf,
		values:   map[string]any{},
		pending:  map[string]any{},
		wake:     make(chan struct{}, 1),
		done:     make(chan struct{}),
	}
	if s.lockWait <= 0 {
		s.lockWait = defaultLockWait
	}
	if s.logf == nil {
		s.logf = log.Printf
	}
	removeStaleTemps(path)
	var notices []Notice
	s.seen = stampOf(path)
	values, err := readSettings(path)
	switch {
	case err == nil:
		s.values = values
	case isMissing(err):
		if o.Import != "" {
			s.importFyne(o.Import)
		}
	default:
		n := keepAside(path, err)
		if n.KeptAs == "" {
			s.unmoved = err
		}
		notices = append(notices, n)
	}
	go s.run()
	if len(s.pending) > 0 {
		// The import is written at once so that it happens only once.
		s.wake <- struct{}{}
	}
	return s, notices
}

// importFyne copies the values of Fyne's preferences file that a Store
// can hold.
func (s *FileStore) importFyne(path string) {
	values, err := readFynePreferences(path)
	if err != nil {
		return
	}
	for k, v := range values {
		switch v.(type) {
		case bool, string:
			s.values[k] = v
			s.pending[k] = v
		}
	}
}

// isMissing reports whether err says that there is no file at the path.
func isMissing(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

// BoolWithFallback returns the value of key, or fallback when there is
// none or it is not a bool. The file is read again first if another copy
// of the program replaced it.
func (s *FileStore) BoolWithFallback(key string, fallback bool) bool {
	s.refresh()
	s.mu.Lock()
	defer s.mu.Unlock()
	if v, ok := s.values[key].(bool); ok {
		return v
	}
	return fallback
}

// StringWithFallback returns the value of key, or fallback when there is
// none or it is not a string. The file is read again first if another
// copy of the program replaced it.
func (s *FileStore) StringWithFallback(key, fallback string) string {
	s.refresh()
	s.mu.Lock()
	defer s.mu.Unlock()
	if v, ok := s.values[key].(string); ok {
		return v
	}
	return fallback
}

// SetBool sets the value of key; it is written soon after.
func (s *FileStore) SetBool(key string, value bool) { s.set(key, value) }

// SetString sets the value of key; it is written soon after. The file
// holds UTF-8 text: other bytes are written as U+FFFD.
func (s *FileStore) SetString(key, value string) { s.set(key, value) }

// set sets the value of key, unless it has that value already (read
// again from the file if another copy of the program replaced it).
func (s *FileStore) set(key string, value any) {
	s.refresh()
	s.mu.Lock()
	if old, ok := s.values[key]; ok && old == value {
		s.mu.Unlock()
		return
	}
	s.values[key] = value
	s.pending[key] = value
	closed := s.closed
	if !closed {
		select {
		case s.wake <- struct{}{}:
		default: // a write is already due and will take this change
		}
	}
	s.mu.Unlock()
	if closed {
		_ = s.save() // reported through Err and OnSaveError
	}
}

// OnSaveError has f called with a *SaveError when a write fails: once,
// until a write succeeds again. f is called on any goroutine, and at once
// if a write has already failed unreported.
func (s *FileStore) OnSaveError(f func(error)) {
	s.mu.Lock()
	s.onError = f
	err := s.unreported()
	s.mu.Unlock()
	if err != nil {
		f(err)
	}
}

// unreported returns the failure that onError must now be told of, or
// nil. s.mu is held.
func (s *FileStore) unreported() error {
	if s.failure == nil || s.reported || s.onError == nil {
		return nil
	}
	s.reported = true
	return s.failure
}

// Err returns the *SaveError of the last write if it failed, or nil.
func (s *FileStore) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.failure
}

// Flush writes the changes not yet written, and returns the *SaveError of
// the write if it failed.
func (s *FileStore) Flush() error { return s.save() }

// Close stops the writing goroutine and writes what is left, returning the
// *SaveError of that write if it failed. Later changes are written at once.
func (s *FileStore) Close() error {
	s.mu.Lock()
	if !s.closed {
		s.closed = true
		close(s.wake)
	}
	s.mu.Unlock()
	<-s.done
	return s.save()
}

func (s *FileStore) run() {
	defer close(s.done)
	for range s.wake {
		_ = s.save() // reported through Err and OnSaveError
	}
}

// save writes the values if they changed since the last good write, and
// tells onError of a new failure once no lock is held, so that it may use
// the store.
func (s *FileStore) save() error {
	tell, err := s.write()
	if tell != nil {
		tell(err)
	}
	return err
}

// write writes this process's changes not written yet, if any. It returns
// the listener to tell of the error, if it is to be told.
func (s *FileStore) write() (func(error), error) {
	s.disk.Lock()
	defer s.disk.Unlock()
	s.mu.Lock()
	changes := maps.Clone(s.pending)
	s.mu.Unlock()
	if len(changes) == 0 {
		return nil, nil
	}
	written, err := s.merge(changes)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err == nil {
		s.wrote(changes, written)
		return nil, nil
	}
	s.failure = &SaveError{Path: s.path, Err: err}
	if s.unreported() != nil {
		return s.onError, s.failure
	}
	return nil, s.failure
}

// wrote takes note of a good write of changes, which left written in the
// file: the changes made since stay pending. s.mu is held.
func (s *FileStore) wrote(changes, written map[string]any) {
	for k, v := range changes {
		if s.pending[k] == v {
			delete(s.pending, k)
		}
	}
	s.values = overlay(written, s.pending)
	s.failure = nil
	s.reported = false
}

// merge writes changes over the file as it is now, holding the lock file
// when it can be had in time, and returns the values written. s.disk is
// held.
func (s *FileStore) merge(changes map[string]any) (map[string]any, error) {
	lock, lockErr := s.lock()
	if lockErr == nil {
		defer lock.Close()
	}
	base, err := s.base()
	if err != nil {
		return nil, err
	}
	written := overlay(base, changes)
	data, err := encodeSettings(written)
	if err != nil {
		return nil, err
	}
	stamp, err := writeAtomic(s.path, data)
	if err != nil {
		return nil, err
	}
	s.seen = stamp
	if lockErr != nil {
		s.logf("settings: the settings were written without taking the lock %s (%v): your changes are saved, but one that another copy of Échiquier saved at the same moment may be lost", s.path+lockSuffix, lockErr)
	}
	return written, nil
}

// lock takes the lock file beside the settings file, making the folder if
// need be, waiting at most s.lockWait for another process to release it.
// Closing the file releases it.
func (s *FileStore) lock() (*os.File, error) {
	// When the folder cannot be made, writeAtomic says why.
	_ = os.MkdirAll(filepath.Dir(s.path), 0o700)
	return safefile.Lock(s.path+lockSuffix, safefile.LockOrCreate, s.lockWait)
}

// base returns the values to write this process's changes over: the
// file's as it is now, none when there is no file. A file that cannot be
// read as settings is moved aside first, as at start, never merged into
// nor written over, and the values this process had stand in for it.
// s.disk is held.
func (s *FileStore) base() (map[string]any, error) {
	reason := s.unmoved
	if reason == nil {
		values, err := readSettings(s.path)
		switch {
		case err == nil:
			return values, nil
		case isMissing(err):
			return map[string]any{}, nil
		}
		reason = err
	}
	n := keepAside(s.path, reason)
	if n.MoveErr != nil && !errors.Is(n.MoveErr, fs.ErrNotExist) {
		s.unmoved = reason
		return nil, n.MoveErr
	}
	s.unmoved = nil
	if n.KeptAs != "" {
		s.logf("settings: the settings file %s could not be read (%v); it was kept as %s, and the settings of this copy of Échiquier were written in its place", s.path, reason, n.KeptAs)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.values), nil
}

// refresh reads the file again if another process replaced it since this
// one last read or wrote it. It never waits: while this process reads or
// writes the file, or another holds its lock to write it, the values stay
// as they are until the next call. A file that cannot be read as settings
// leaves them as they are too: the next write moves it aside.
func (s *FileStore) refresh() {
	if !s.disk.TryLock() {
		return
	}
	defer s.disk.Unlock()
	now := stampOf(s.path)
	if now.same(s.seen) {
		return
	}
	// On Windows, a file held open for reading cannot be renamed over:
	// it is read only when no other process is writing it.
	lock, err := safefile.Lock(s.path+lockSuffix, safefile.LockOrCreate, 0)
	switch {
	case err == nil:
		defer lock.Close()
	case errors.Is(err, safefile.ErrLocked):
		return
	}
	s.seen = now
	values, err := readSettings(s.path)
	switch {
	case isMissing(err):
		values = map[string]any{}
	case err != nil:
		return
	}
	s.mu.Lock()
	s.values = overlay(values, s.pending)
	s.mu.Unlock()
}

// overlay returns values with changes on top, changing neither.
func overlay(values, changes map[string]any) map[string]any {
	out := make(map[string]any, len(values)+len(changes))
	maps.Copy(out, values)
	maps.Copy(out, changes)
	return out
}

// fileStamp tells apart the versions of the settings file: each write
// renames a new file into place, which changes the file's identity, and
// the modification time and size tell apart two files that reuse one
// identity. The zero fileStamp stands for no file.
type fileStamp struct {
	info fs.FileInfo
}

// stampOf returns the stamp of the file at path, the zero one when there
// is none or it cannot be looked at.
func stampOf(path string) fileStamp {
	info, err := os.Stat(path)
	if err != nil {
		return fileStamp{}
	}
	return stampInfo(info)
}

// stampInfo returns the stamp of the file info describes.
func stampInfo(info fs.FileInfo) fileStamp {
	// On Windows the identity of some infos is read from the path when
	// first compared: it is read now, before another file takes the path.
	os.SameFile(info, info)
	return fileStamp{info: info}
}

// same reports whether a and b stamp the same version of the file.
func (a fileStamp) same(b fileStamp) bool {
	if a.info == nil || b.info == nil {
		return a.info == nil && b.info == nil
	}
	return os.SameFile(a.info, b.info) && a.info.ModTime().Equal(b.info.ModTime()) && a.info.Size() == b.info.Size()
}

// encodeSettings returns the settings file holding values.
func encodeSettings(values map[string]any) ([]byte, error) {
	raw := make(map[string]json.RawMessage, len(values))
	for k, v := range values {
		b, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		raw[k] = b
	}
	data, err := json.MarshalIndent(fileLayout{Version: fileVersion, Values: raw}, "", "\t")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// decodeSettings returns the values of a settings file.
func decodeSettings(data []byte) (map[string]any, error) {
	var f fileLayout
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, err
	}
	if f.Version != fileVersion || f.Values == nil {
		return nil, errVersion
	}
	values := make(map[string]any, len(f.Values))
	for k, raw := range f.Values {
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			return nil, err
		}
		switch v.(type) {
		case bool, string:
			values[k] = v
		default:
			return nil, fmt.Errorf("the value of %s is %s, not true, false or text", quoteKey(k), jsonKind(v))
		}
	}
	return values, nil
}

// readSettings reads and decodes the settings file at path.
func readSettings(path string) (map[string]any, error) {
	data, err := readBounded(path)
	if err != nil {
		return nil, err
	}
	return decodeSettings(data)
}

// readBounded returns the content of the regular file at path, refusing
// an empty one and one larger than maxFileSize.
func readBounded(path string) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		// Opening a named pipe would block for ever.
		return nil, fmt.Errorf("it is not a file but %s", describeMode(info.Mode()))
	}
	if info.Size() > maxFileSize {
		return nil, errTooLarge
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	switch {
	case err != nil:
		return nil, err
	case len(data) > maxFileSize:
		return nil, errTooLarge
	case len(data) == 0:
		return nil, errEmpty
	}
	return data, nil
}

func describeMode(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// writeAtomic replaces the file at path with data: written to a temporary
// file in the same folder, synced, renamed over path, the folder synced so
// that the rename outlives a power cut. It returns the stamp of the file
// written. On failure the file at path is untouched.
func writeAtomic(path string, data []byte) (fileStamp, error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fileStamp{}, err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*"+tempSuffix)
	if err != nil {
		return fileStamp{}, err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	// Stamped once closed, when Windows has set its modification time.
	stamp := stampOf(f.Name())
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fileStamp{}, err
	}
	return stamp, syncDir(dir)
}

func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		// Folders cannot be opened for syncing there; the rename is
		// made durable by the file system itself.
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

// removeStaleTemps removes the temporary files a program killed while
// writing left next to path.
func removeStaleTemps(path string) {
	dir, prefix := filepath.Dir(path), "."+filepath.Base(path)+"."
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || !strings.HasPrefix(name, prefix) || !strings.HasSuffix(name, tempSuffix) {
			continue
		}
		if info, err := e.Info(); err == nil && time.Since(info.ModTime()) > staleTempAge {
			os.Remove(filepath.Join(dir, name))
		}
	}
}

// keepAside moves the unusable file at path to a new name next to it.
func keepAside(path string, reason error) Notice {
	n := Notice{Path: path, Reason: reason}
	stamp := path + ".corrupt-" + time.Now().Format("20060102-150405")
	for i := 0; ; i++ {
		name := stamp
		if i > 0 {
			name = fmt.Sprintf("%s-%d", stamp, i)
		}
		// Rename would replace a file kept aside earlier in the same
		// second.
		if _, err := os.Lstat(name); err == nil {
			continue
		}
		if err := os.Rename(path, name); err != nil {
			n.MoveErr = err
			return n
		}
		n.KeptAs = name
		return n
	}
}

// quoteKey quotes a key for a message, cut short if long.
func quoteKey(k string) string {
	const most = 40
	if utf8.RuneCountInString(k) <= most {
		return fmt.Sprintf("%q", k)
	}
	r := []rune(k)
	return fmt.Sprintf("%q…", string(r[:most]))
}

// jsonKind names the JSON type of a value decoded into an any.
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "true or false"
	case float64:
		return "a number"
	case string:
		return "text"
	case []any:
		return "a list"
	}
	return "an object"
}
