package pgn_test

import (
	"errors"
	"testing"

	"github.com/echiquier/echiquier/app/pgn"
)

func TestCheckDate(t *testing.T) {
	good := []string{"2024.01.15", "2024.??.??", "????.??.??", "1851.06.21", "2024.02.29", "????.02.29", "2024.??.31", "????.12.??"}
	for _, v := range good {
		if err := pgn.CheckDate(v); err != nil {
			t.Errorf("CheckDate(%q) = %v, want nil", v, err)
		}
	}
	bad := map[string]string{
		"": "form", "2024-01-15": "form", "2024.1.15": "form", "24.01.15": "form", "2024.01.15 ": "form",
		"2024.?1.15": "form", "2024.01.1?": "form", "２０２４.01.15": "form", "2024.13.01": "month", "2024.00.10": "month",
		"2023.02.29": "day", "2024.04.31": "day", "2024.01.00": "day", "????.02.30": "day",
	}
	for v, part := range bad {
		var de *pgn.DateError
		if err := pgn.CheckDate(v); !errors.As(err, &de) || de.Part != part {
			t.Errorf("CheckDate(%q) = %v, want a %s error", v, err, part)
		}
	}
}

func TestCheckTagName(t *testing.T) {
	for _, n := range []string{"Event", "WhiteElo", "ECO", "X_1", "a"} {
		if err := pgn.CheckTagName(n); err != nil {
			t.Errorf("CheckTagName(%q) = %v", n, err)
		}
	}
	for n, want := range map[string]error{"": pgn.ErrTagNameEmpty, "1Event": pgn.ErrTagNameChars, "_x": pgn.ErrTagNameChars,
		"White Elo": pgn.ErrTagNameChars, "Événement": pgn.ErrTagNameChars, "A\"]": pgn.ErrTagNameChars} {
		if err := pgn.CheckTagName(n); !errors.Is(err, want) {
			t.Errorf("CheckTagName(%q) = %v, want %v", n, err, want)
		}
	}
	long := make([]byte, 1<<20)
	for i := range long {
		long[i] = 'A'
	}
	if err := pgn.CheckTagName(string(long)); !errors.Is(err, pgn.ErrTagTooLong) {
		t.Errorf("a name of a megabyte: %v", err)
	}
	if err := pgn.CheckTagValue("Event", string(long)); !errors.Is(err, pgn.ErrTagTooLong) {
		t.Errorf("a value of a megabyte: %v", err)
	}
}

func TestAssessmentGroups(t *testing.T) {
	for n := -1; n < 256; n++ {
		move, pos := pgn.MoveAssessment(n), pgn.PositionAssessment(n)
		if move != (n >= 1 && n <= 9) || pos != (n >= 10 && n <= 21) {
			t.Errorf("$%d: move %v, position %v", n, move, pos)
		}
	}
}
