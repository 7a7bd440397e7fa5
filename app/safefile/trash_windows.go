package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
	"unsafe"
)

// The shell's file operation that sends files to the Recycle Bin.
const (
	foDelete           = 3
	fofSilent          = 0x0004
	fofNoConfirmation  = 0x0010
	fofAllowUndo       = 0x0040
	fofNoErrorUI       = 0x0400
	fofWantNukeWarning = 0x4000
)

// shFileOpStruct is Windows' SHFILEOPSTRUCTW.
type shFileOpStruct struct {
	hwnd          uintptr
	wFunc         uint32
	pFrom         *uint16
	pTo           *uint16
	fFlags        uint16
	anyAborted    int32
	nameMappings  uintptr
	progressTitle *uint16
}

var shFileOperation = syscall.NewLazyDLL("shell32.dll").NewProc("SHFileOperationW")

// trash sends the file at abs to the Recycle Bin, whence Explorer
// restores it. The Recycle Bin does not say where it keeps it. A disk
// with no Recycle Bin (a network share) would delete the file: the shell
// asks the user first (FOF_WANTNUKEWARNING), and a No is an error.
func trash(abs string) (string, error) {
	if _, err := os.Lstat(abs); err != nil {
		return "", err
	}
	if err := shFileOperation.Find(); err != nil {
		return "", fmt.Errorf("%w: %w", ErrNoTrash, err)
	}
	from, err := syscall.UTF16FromString(abs)
	if err != nil {
		return "", err
	}
	from = append(from, 0) // a list of names, ended by an empty one
	op := shFileOpStruct{wFunc: foDelete, pFrom: &from[0], fFlags: fofAllowUndo | fofNoConfirmation | fofSilent | fofNoErrorUI | fofWantNukeWarning}
	r, _, _ := shFileOperation.Call(uintptr(unsafe.Pointer(&op)))
	switch {
	case r != 0:
		return "", fmt.Errorf("the Recycle Bin refused the file (error %#x)", r)
	case op.anyAborted != 0:
		return "", errors.New("moving the file to the Recycle Bin was cancelled")
	}
	if _, err := os.Lstat(abs); !errors.Is(err, fs.ErrNotExist) {
		return "", errors.New("the file is still there after moving it to the Recycle Bin")
	}
	return "", nil
}
