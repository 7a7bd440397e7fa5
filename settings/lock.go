package settings

import (
	"errors"
	"fmt"
	"time"
)

// errLocked: another process holds the lock file.
var errLocked = errors.New("another copy of Échiquier holds it")

// waitedTooLong is the error of a lock file that another process held for
// all of wait.
func waitedTooLong(wait time.Duration) error {
	return fmt.Errorf("another copy of Échiquier held it for over %v", wait)
}
