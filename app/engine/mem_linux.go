package engine

import "os"

// memTotal returns the machine's memory in bytes, from /proc/meminfo.
func memTotal() (uint64, bool) {
	data, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	return parseMemTotal(string(data))
}
