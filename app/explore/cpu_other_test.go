//go:build !unix

package explore_test

import "time"

// cpuTime is unknown here.
func cpuTime() time.Duration { return -1 }
