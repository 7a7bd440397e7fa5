//go:build windows

package explore

import (
	"io/fs"
	"os"
	"syscall"
	"unsafe"
)

// fileBasicInfo is FILE_BASIC_INFO, which package syscall does not have.
type fileBasicInfo struct {
	CreationTime, LastAccessTime, LastWriteTime, ChangeTime int64
	FileAttributes                                          uint32
	_                                                       uint32
}

// fileBasicInfoClass is FileBasicInfo of FILE_INFO_BY_HANDLE_CLASS.
const fileBasicInfoClass = 0

// identity returns the file's index on its volume and its ChangeTime,
// which Windows sets at every change of the file and which no program
// sets back as it may the time of the last write. Package syscall gives
// the index (GetFileInformationByHandle), not the ChangeTime
// (GetFileInformationByHandleEx), which kernel32 has since Vista.
func identity(f *os.File, _ fs.FileInfo) (index uint64, changeTime int64) {
	conn, err := f.SyscallConn()
	if err != nil {
		return 0, 0
	}
	conn.Control(func(fd uintptr) {
		h := syscall.Handle(fd)
		var info syscall.ByHandleFileInformation
		if syscall.GetFileInformationByHandle(h, &info) == nil {
			index = uint64(info.FileIndexHigh)<<32 | uint64(info.FileIndexLow)
		}
		var basic fileBasicInfo
		proc := syscall.NewLazyDLL("kernel32.dll").NewProc("GetFileInformationByHandleEx")
		if proc.Find() != nil {
			return
		}
		if ok, _, _ := proc.Call(fd, fileBasicInfoClass, uintptr(unsafe.Pointer(&basic)), unsafe.Sizeof(basic)); ok != 0 {
			changeTime = basic.ChangeTime
		}
	})
	return index, changeTime
}
