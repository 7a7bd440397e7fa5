package pgn

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"time"
)

// errClock is the error for a clock that cannot be read.
var errClock = errors.New("pgn: invalid clock")

// ParseClock reads a clock time as written in [%clk] and [%emt] commands:
// "1:05:23", "0:00:07.4", "65:00" (minutes and seconds), "7.4" (seconds).
// The first field may be as large as needed; the others have two digits at
// most and are below 60. Seconds may have a fraction of up to nine digits.
// A leading "-" makes the time negative.
func ParseClock(s string) (time.Duration, error) {
	s = strings.TrimFunc(s, isSpaceRune)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	fields := strings.Split(s, ":")
	if len(fields) > 3 {
		return 0, errClock
	}
	last := fields[len(fields)-1]
	frac := ""
	if i := strings.IndexByte(last, '.'); i >= 0 {
		last, frac = last[:i], last[i+1:]
		fields[len(fields)-1] = last
	}
	secs, err := clockSeconds(fields)
	if err != nil {
		return 0, err
	}
	ns, err := clockFraction(frac)
	if err != nil || secs > (math.MaxInt64-ns)/int64(time.Second) {
		return 0, errClock
	}
	d := time.Duration(secs)*time.Second + time.Duration(ns)
	if neg {
		d = -d
	}
	return d, nil
}

// clockSeconds adds up fields of hours, minutes and seconds.
func clockSeconds(fields []string) (int64, error) {
	var secs int64
	for i, f := range fields {
		if f == "" || len(f) > 12 || i > 0 && len(f) > 2 {
			return 0, errClock
		}
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil || f[0] == '+' || f[0] == '-' || i > 0 && n >= 60 {
			return 0, errClock
		}
		secs = secs*60 + n
	}
	return secs, nil
}

// clockFraction reads the digits after the decimal point as nanoseconds.
func clockFraction(frac string) (int64, error) {
	if len(frac) > 9 {
		return 0, errClock
	}
	var ns int64
	for i := range 9 {
		ns *= 10
		if i < len(frac) {
			c := frac[i]
			if c < '0' || c > '9' {
				return 0, errClock
			}
			ns += int64(c - '0')
		}
	}
	return ns, nil
}

// FormatClock writes a clock time as "1:05:23", with tenths of a second
// only when the time is not a whole number of seconds: "0:00:07.4". The
// time is cut down to tenths.
func FormatClock(d time.Duration) string {
	var b []byte
	u := uint64(d)
	if d < 0 {
		b = append(b, '-')
		u = -u
	}
	tenths := u / uint64(100*time.Millisecond)
	secs := tenths / 10
	b = strconv.AppendUint(b, secs/3600, 10)
	b = append(b, ':', byte('0'+secs/60%60/10), byte('0'+secs/60%10), ':', byte('0'+secs%60/10), byte('0'+secs%10))
	if t := tenths % 10; t > 0 {
		b = append(b, '.', byte('0'+t))
	}
	return string(b)
}
