// Package autosave keeps the game being played on disk after every change,
// so that a game interrupted by a crash, a kill or a power cut can be
// resumed, and offers the games of instances that are gone.
//
// The caller decides what to save and when; this package decides how:
//
//   - Save only hands the PGN text over: a goroutine of the Store writes it
//     within milliseconds, through a temporary file that is synced and
//     renamed over the autosave, so the file always holds a whole snapshot.
//     Snapshots are written in the order they were handed over; while one
//     is being written, newer ones coalesce and only the newest is written.
//   - Each running instance has a file of its own, autosave-<pid>-<random>
//     .pgn, guarded by an advisory lock on autosave-<pid>-<random>.lock
//     that the operating system releases when the process ends, however it
//     ends. Orphans lists the files whose lock is free: the games of
//     instances that are gone. Adopting or discarding an orphan claims it
//     with a rename or a removal, which only one instance can win.
//   - A damaged orphan is never deleted: what can be read of it is
//     recovered (its tags and its main line up to the first bad move) and
//     the file is kept aside, renamed to ….damaged.
//   - Write failures (full disk, read-only folder) are reported to the
//     caller, and so is the first write that works again.
//   - A game given up is not deleted: Trash and Orphan.Discard move its
//     autosave to the desktop's Trash; one that cannot go there stays in
//     the folder as an orphan, offered again at the next start.
//
// The package knows PGN only through app/game and app/pgn; it has no user
// interface.
package autosave

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/echiquier/echiquier/app/safefile"
)

// ErrClosed: the Store was closed.
var ErrClosed = errors.New("autosave: the store is closed")

// The names of an instance's files: autosave-<pid>-<random> then one of
// these suffixes.
const (
	prefix    = "autosave-"
	pgnExt    = ".pgn"
	lockExt   = ".lock"
	tmpExt    = ".pgn.tmp"
	keptExt   = ".damaged"
	legacyPGN = "autosave.pgn" // the single autosave of versions before this package
)

// Options configure a Store. The zero value is valid.
type Options struct {
	// OnError is called when a write fails after the previous one worked
	// (or was the first), with the error; OnRecover when a write works
	// again after failures, so the app can say that crash protection is
	// back. Both are called from the Store's own goroutine, never from
	// the caller's, one at a time, and before a Flush waiting for that
	// write returns; they must not call Flush or Close.
	OnError   func(error)
	OnRecover func()
	// OnTrash is called, from the Store's goroutine, once Trash has moved
	// the autosave to the desktop's Trash (nil) or could not (the error,
	// a *TrashError). It must not call Flush or Close.
	OnTrash func(error)
	// Now is the clock given to the games Adopt recovers; nil means
	// time.Now.
	Now func() time.Time
}

// op is one change handed over to the writer: the file must hold data,
// or be removed when clear is set, or go to the Trash when trash is.
// seq orders the ops of a Store.
type op struct {
	seq   uint64
	data  []byte
	clear bool
	trash bool
}

// Store is the autosave of one running instance. Its methods are safe for
// use from several goroutines.
type Store struct {
	dir, path, tmp, lockPath string
	opts                     Options
	lock                     *os.File // held open for the life of the Store: it is the lock

	mu      sync.Mutex
	cond    sync.Cond // signalled when settled grows
	seq     uint64    // seq of the newest op handed over
	settled uint64    // every op up to this seq is written or superseded
	pending *op       // the newest op not yet taken by the writer
	err     error     // outcome of the last write
	closed  bool

	// fileMu is held by whoever changes the autosave file: the writer
	// while it applies an op, Adopt while it claims an orphan. applied is
	// the seq of the last op applied, so that an older op is never
	// applied after a newer one.
	fileMu  sync.Mutex
	applied uint64

	// taken, when set, is called by the writer between taking an op and
	// applying it, so that tests can act in between.
	taken func()

	wake chan struct{} // capacity 1: an op is pending
	quit chan struct{} // closed by Close
	done chan struct{} // closed when the writer has stopped
}

// Open starts the autosave of this instance in dir, creating the folder if
// needed, and takes the lock that marks its file as alive. Nothing is
// written before the first Save.
func Open(dir string, o Options) (*Store, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	lock, base, err := createInstance(dir)
	if err != nil {
		return nil, err
	}
	s := &Store{
		dir:      dir,
		path:     base + pgnExt,
		tmp:      base + tmpExt,
		lockPath: base + lockExt,
		opts:     o,
		lock:     lock,
		wake:     make(chan struct{}, 1),
		quit:     make(chan struct{}),
		done:     make(chan struct{}),
	}
	s.cond.L = &s.mu
	go s.run()
	return s, nil
}

// createInstance creates and locks the lock file of a new instance, and
// returns it with the path of the instance's files without suffix. A
// name taken, or a lock file swept away by another instance's Orphans
// before it could be locked, is retried under another name.
func createInstance(dir string) (*os.File, string, error) {
	var err error
	for range 8 {
		var id [4]byte
		if _, err = rand.Read(id[:]); err != nil {
			return nil, "", err
		}
		base := filepath.Join(dir, prefix+strconv.Itoa(os.Getpid())+"-"+hex.EncodeToString(id[:]))
		var f *os.File
		if f, err = safefile.Lock(base+lockExt, safefile.LockNew, 0); err == nil {
			return f, base, nil
		}
		if !errors.Is(err, fs.ErrExist) && !errors.Is(err, safefile.ErrLockLost) {
			return nil, "", err
		}
	}
	return nil, "", err
}

// Path is the file this Store writes.
func (s *Store) Path() string { return s.path }

// Save hands over the PGN text of the game as it now stands; it is
// written soon after, by the Store's goroutine. It copies pgnText and
// returns at once. A Save after Close does nothing.
func (s *Store) Save(pgnText []byte) {
	s.handOver(op{data: bytes.Clone(pgnText)})
}

// Clear removes the autosave, once the game is saved or given up. It is
// ordered with the Saves: a Save handed over before it is never written
// after it.
func (s *Store) Clear() {
	s.handOver(op{clear: true})
}

// Trash moves the autosave to the desktop's Trash, once its game is
// given up with changes that were never saved: a wrong answer can be
// undone there. Like Clear, it is ordered with the Saves. OnTrash says
// how it went.
func (s *Store) Trash() {
	s.handOver(op{trash: true})
}

func (s *Store) handOver(o op) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.seq++
	o.seq = s.seq
	if o.trash && s.pending != nil {
		// The game given up goes to the Trash as it last was; cleared,
		// there is nothing to move.
		o.data, o.clear, o.trash = s.pending.data, s.pending.clear, !s.pending.clear
	}
	s.pending = &o
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default: // the writer is already due to look
	}
}

// Flush waits until everything handed over before it is on disk, and
// returns the error of the last write, or nil when it worked.
func (s *Store) Flush() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	target := s.seq
	for s.settled < target {
		s.cond.Wait()
	}
	return s.err
}

// Close writes what is pending, stops the Store's goroutine and releases
// its lock. An autosave left on disk then becomes an orphan, offered at
// the next start; without one, the instance's lock file is removed too.
// It returns the error of the last write.
func (s *Store) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return ErrClosed
	}
	s.closed = true
	s.mu.Unlock()
	close(s.quit)
	<-s.done
	s.fileMu.Lock()
	defer s.fileMu.Unlock()
	if _, err := os.Stat(s.path); errors.Is(err, fs.ErrNotExist) {
		os.Remove(s.tmp)
		os.Remove(s.lockPath)
	}
	lockErr := s.lock.Close()
	s.mu.Lock()
	defer s.mu.Unlock()
	return errors.Join(s.err, lockErr)
}

// run is the Store's goroutine: it applies the newest pending op each
// time it is woken, and the last one when the Store closes.
func (s *Store) run() {
	defer close(s.done)
	for {
		select {
		case <-s.wake:
			s.applyPending()
		case <-s.quit:
			s.applyPending()
			return
		}
	}
}

func (s *Store) applyPending() {
	s.mu.Lock()
	o := s.pending
	s.pending = nil
	s.mu.Unlock()
	if o == nil {
		return
	}
	if s.taken != nil {
		s.taken()
	}
	s.fileMu.Lock()
	fresh := o.seq > s.applied
	var err error
	if fresh {
		s.applied = o.seq
		switch {
		case o.clear:
			err = s.remove()
		case o.trash:
			if o.data != nil {
				err = s.write(o.data)
			}
			s.trash()
		default:
			err = s.write(o.data)
		}
	}
	s.fileMu.Unlock()
	s.settle(o.seq, fresh, err)
}

// settle records that every op up to seq is done; when one was applied,
// its outcome err, telling the caller when it changes from working to
// failing or back. The callbacks run before the op counts as settled, so
// that they have run when Flush returns.
func (s *Store) settle(seq uint64, applied bool, err error) {
	if applied {
		s.mu.Lock()
		was := s.err
		s.err = err
		s.mu.Unlock()
		switch {
		case err != nil && was == nil && s.opts.OnError != nil:
			s.opts.OnError(err)
		case err == nil && was != nil && s.opts.OnRecover != nil:
			s.opts.OnRecover()
		}
	}
	s.mu.Lock()
	s.settled = max(s.settled, seq)
	s.cond.Broadcast()
	s.mu.Unlock()
}

// write replaces the autosave with data: a reader, or a kill at any
// moment, finds either the old file or the new one, whole.
func (s *Store) write(data []byte) error {
	err := writeSynced(s.tmp, data)
	if err == nil {
		err = os.Rename(s.tmp, s.path)
	}
	if err != nil {
		os.Remove(s.tmp)
		return err
	}
	return safefile.SyncDir(s.dir)
}

// writeSynced writes data to a new file at path and syncs it.
func writeSynced(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	return errors.Join(err, f.Close())
}

// trash moves the autosave out of this instance's name, to a name of its
// own that no instance locks, then to the Trash: restored from there, it
// is an orphan this Store cannot overwrite; left behind, it is offered at
// the next start.
func (s *Store) trash() {
	os.Remove(s.tmp)
	if _, err := os.Lstat(s.path); errors.Is(err, fs.ErrNotExist) {
		return // nothing was autosaved
	}
	var err error
	aside := ""
	for range 8 {
		var id [4]byte
		if _, err = rand.Read(id[:]); err != nil {
			break
		}
		aside = filepath.Join(s.dir, prefix+strconv.Itoa(os.Getpid())+"-"+hex.EncodeToString(id[:])+pgnExt)
		if _, err = os.Lstat(aside); errors.Is(err, fs.ErrNotExist) {
			err = os.Rename(s.path, aside)
			break
		}
	}
	if err != nil {
		aside = s.path // still this instance's: offered once it has ended
	} else {
		_, err = safefile.Trash(aside)
	}
	if err != nil {
		err = &TrashError{KeptAt: aside, Err: err}
	}
	if s.opts.OnTrash != nil {
		s.opts.OnTrash(err)
	}
}

// TrashError: an autosave could not be moved to the Trash; it is kept at
// KeptAt, offered again at the next start.
type TrashError struct {
	KeptAt string
	Err    error
}

func (e *TrashError) Error() string {
	return "autosave: not moved to the Trash, kept in " + e.KeptAt + ": " + e.Err.Error()
}

func (e *TrashError) Unwrap() error { return e.Err }

// remove deletes the autosave and any half-written temporary file.
func (s *Store) remove() error {
	os.Remove(s.tmp)
	if err := os.Remove(s.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return safefile.SyncDir(s.dir)
}

// Adopt claims an orphan for this Store: only one instance can, the
// others get ErrClaimed. It returns the game recovered from it.
//
// An undamaged orphan's file becomes this Store's autosave at once, so
// the game stays protected while the user decides what to do with it.
// What was handed over before is done first: a Trash of the game it
// replaces moves that game to the Trash, not under the orphan. A damaged one is kept aside (Recovered.KeptAt)
// and the game recovered from it is saved instead.
func (s *Store) Adopt(o Orphan) (Recovered, error) {
	if s.isClosed() {
		return Recovered{}, ErrClosed
	}
	s.Flush()
	rec, err := o.load(s.opts.Now)
	if err != nil {
		return rec, err
	}
	if rec.Damaged {
		if rec.KeptAt, err = o.keepAside(); err != nil {
			return rec, err
		}
		if rec.Game != nil {
			var b bytes.Buffer
			if err := rec.Game.WritePGN(&b); err != nil {
				return rec, err
			}
			s.handOver(op{data: b.Bytes()})
		}
		o.sweep()
		return rec, nil
	}
	s.fileMu.Lock()
	defer s.fileMu.Unlock()
	if s.isClosed() {
		return rec, ErrClosed
	}
	if err := os.Rename(o.Path, s.path); err != nil {
		return rec, claimError(err)
	}
	o.sweep()
	// The orphan is now the newest state of the file: an op handed over
	// before this point must not overwrite it.
	s.mu.Lock()
	s.seq++
	seq := s.seq
	s.pending = nil
	s.mu.Unlock()
	s.applied = seq
	// The writer's outcome and its reports are left as they are: they
	// speak of the Saves, the next of which tells.
	s.settle(seq, false, nil)
	err = safefile.SyncDir(s.dir)
	if err != nil {
		return rec, fmt.Errorf("autosave: the adopted game may not survive a power cut: %w", err)
	}
	return rec, nil
}

func (s *Store) isClosed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closed
}
