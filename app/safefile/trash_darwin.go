package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// trash moves the file at abs to the user's ~/.Trash, under a name not
// taken there.
func trash(abs string) (string, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return "", ErrNoTrash
	}
	dir := filepath.Join(home, ".Trash")
	base := filepath.Base(abs)
	for i := 1; i <= 1000; i++ {
		to := filepath.Join(dir, trashName(base, i))
		if _, err := os.Lstat(to); !errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err := os.Rename(abs, to); err != nil {
			return "", err
		}
		return to, nil
	}
	return "", fmt.Errorf("%w: too many files of that name are in it", ErrNoTrash)
}
