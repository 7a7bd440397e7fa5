package pgn_test

import (
	"fmt"
	"testing"

	"github.com/echiquier/echiquier/app/pgn"
)

func TestTakeCommand(t *testing.T) {
	tests := []struct {
		comment, name, value, rest string
		ok                         bool
	}{
		{"[%eval 0.17] [%clk 0:00:30]", "clk", "0:00:30", "[%eval 0.17]", true},
		{"[%eval 0.17] [%clk 0:00:30]", "eval", "0.17", "[%clk 0:00:30]", true},
		{"Good move [%clk  1:05:23 ]  indeed", "clk", "1:05:23", "Good move indeed", true},
		{"[%clk 0:01:00][%clk 0:02:00]", "clk", "0:01:00", "[%clk 0:02:00]", true},
		{"[%clkx 1] [%clk 2]", "clk", "2", "[%clkx 1]", true},
		{"[%BlankTag ]", "BlankTag", "", "", true},
		{"[%BlankTag]", "BlankTag", "", "", true},
		{"[%csl Ga1,Rb2] x", "csl", "Ga1,Rb2", "x", true},
		{"no command", "clk", "", "no command", false},
		{"[%clk 0:00:30", "clk", "", "[%clk 0:00:30", false},
		{"[clk 0:00:30]", "clk", "", "[clk 0:00:30]", false},
		{"[%CLK 0:00:30]", "clk", "", "[%CLK 0:00:30]", false},
		{"[%clk 1]", "", "", "[%clk 1]", false},
	}
	for _, tt := range tests {
		value, rest, ok := pgn.TakeCommand(tt.comment, tt.name)
		if value != tt.value || rest != tt.rest || ok != tt.ok {
			t.Errorf("TakeCommand(%q, %q) = %q, %q, %v; want %q, %q, %v", tt.comment, tt.name, value, rest, ok, tt.value, tt.rest, tt.ok)
		}
	}
}

func TestCommand(t *testing.T) {
	if got := pgn.Command("clk", "0:03:10"); got != "[%clk 0:03:10]" {
		t.Errorf("Command = %q", got)
	}
	if got := pgn.Command("BlankTag", ""); got != "[%BlankTag]" {
		t.Errorf("Command = %q", got)
	}
	value, _, ok := pgn.TakeCommand("x "+pgn.Command("emt", "0:00:07.4"), "emt")
	if !ok || value != "0:00:07.4" {
		t.Errorf("TakeCommand of Command: %q, %v", value, ok)
	}
}

func ExampleTakeCommand() {
	clock, rest, ok := pgn.TakeCommand("Time trouble! [%clk 0:00:07.4]", "clk")
	d, _ := pgn.ParseClock(clock)
	fmt.Println(clock, d, ok, rest)
	// Output: 0:00:07.4 7.4s true Time trouble!
}
