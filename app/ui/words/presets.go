package words

import (
	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/game"
)

// TimePreset is a time control offered in the new game dialog.
type TimePreset struct {
	Label string
	TC    string // TimeControl tag syntax; "" for custom
}

// The custom time control's kinds, in the order of bonusKinds.
const (
	KindIncrement = iota
	KindSimpleDelay
	KindBronstein
	KindHourglass
)

// TimePresets are the time controls offered for a new game, Custom last.
func TimePresets() []TimePreset {
	return []TimePreset{
		{lang.L("1 + 0 (bullet)"), "60"},
		{lang.L("3 + 2 (blitz)"), "180+2"},
		{lang.L("5 + 0 (blitz)"), "300"},
		{lang.L("10 + 5 (rapid)"), "600+5"},
		{lang.L("15 + 10 (rapid)"), "900+10"},
		{lang.L("30 + 0 (rapid)"), "1800"},
		{lang.L("FIDE classical: 90 min for 40 moves, then 30 min, +30 s a move"), "40/5400+30:1800+30"},
		{lang.L("Untimed"), "-"},
		{lang.L("Custom…"), ""},
	}
}

// BonusKinds are what the custom time control adds at each move.
func BonusKinds() []string {
	return []string{lang.L("Increment (Fischer)"), lang.L("Simple delay (US)"), lang.L("Bronstein delay"),
		lang.L("Hourglass (the time one uses goes to the other)")}
}

func PresetLabels() []string {
	var out []string
	for _, p := range TimePresets() {
		out = append(out, p.Label)
	}
	return out
}

// PresetIndex finds the preset of tc, or Custom.
func PresetIndex(tc game.TimeControl) int {
	presets := TimePresets()
	for i, p := range presets {
		if p.TC == tc.String() {
			return i
		}
	}
	return len(presets) - 1
}
