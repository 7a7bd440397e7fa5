package pgn_test

import (
	"math"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/pgn"
)

func TestParseClock(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
	}{
		{"1:05:23", time.Hour + 5*time.Minute + 23*time.Second},
		{"0:00:07.4", 7400 * time.Millisecond},
		{"0:00:00.25", 250 * time.Millisecond},
		{"65:00", 65 * time.Minute},
		{"7.4", 7400 * time.Millisecond},
		{"01:56:25", time.Hour + 56*time.Minute + 25*time.Second},
		{" 0:03:10 ", 3*time.Minute + 10*time.Second},
		{"100:00:00", 100 * time.Hour},
		{"-0:00:05", -5 * time.Second},
		{"1:2:3", time.Hour + 2*time.Minute + 3*time.Second},
		{"0:00:01.123456789", time.Second + 123456789},
	}
	for _, tt := range tests {
		if got, err := pgn.ParseClock(tt.in); err != nil || got != tt.want {
			t.Errorf("ParseClock(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", ":", "1:", ":30", "1:60:00", "1:00:60", "0:000:01", "a:00", "1:00:00:00",
		"0:00:07.4.5", "0:00:07.1234567890", "0:00:07.x", "1.5:00", "+1:00", "1:-5", "--1", "99999999999999:00:00", "٣:00"} {
		if d, err := pgn.ParseClock(bad); err == nil {
			t.Errorf("ParseClock(%q) = %v, want an error", bad, d)
		}
	}
}

func TestFormatClock(t *testing.T) {
	tests := []struct {
		in   time.Duration
		want string
	}{
		{time.Hour + 5*time.Minute + 23*time.Second, "1:05:23"},
		{7400 * time.Millisecond, "0:00:07.4"},
		{7490 * time.Millisecond, "0:00:07.4"},
		{7 * time.Second, "0:00:07"},
		{0, "0:00:00"},
		{50 * time.Millisecond, "0:00:00"},
		{125 * time.Hour, "125:00:00"},
		{-5 * time.Second, "-0:00:05"},
		{math.MinInt64, "-2562047:47:16.8"},
	}
	for _, tt := range tests {
		if got := pgn.FormatClock(tt.in); got != tt.want {
			t.Errorf("FormatClock(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
