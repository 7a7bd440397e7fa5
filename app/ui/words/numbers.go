package words

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/settings"
)

// Decimal writes a number, as strconv writes it ("0.5"), with the
// decimal separator of the user's language: "0.5" in English, "0,5" in
// French.
func Decimal(number string) string {
	whole, fraction, ok := strings.Cut(number, ".")
	if !ok {
		return number
	}
	return lang.L("{{.Whole}}.{{.Fraction}}", map[string]any{"Whole": whole, "Fraction": fraction})
}

// Number writes a number as the user types it: with the decimal
// separator of the language ("0.5", "0,5"), and no more digits than it
// has.
func Number(v float64) string {
	return Decimal(strconv.FormatFloat(v, 'f', -1, 64))
}

// ParseNumber reads a number typed with a decimal point or comma ("0.5",
// "0,5").
func ParseNumber(s string) (float64, error) {
	return strconv.ParseFloat(strings.Replace(strings.TrimSpace(s), ",", ".", 1), 64)
}

// Seconds writes a time per move in seconds, as the user types it.
func Seconds(d time.Duration) string { return Number(d.Seconds()) }

// ParseSeconds reads a time per move in seconds, with a decimal point
// or comma ("0.5", "0,5").
func ParseSeconds(s string) (time.Duration, error) {
	v, err := ParseNumber(s)
	if err != nil || math.IsNaN(v) || v*float64(time.Second) < float64(settings.MinEngineMoveTime) || v*float64(time.Second) > float64(settings.MaxEngineMoveTime) {
		return 0, errors.New(lang.L("Give a time from {{.Min}} to {{.Max}} seconds",
			map[string]any{"Min": Seconds(settings.MinEngineMoveTime), "Max": Seconds(settings.MaxEngineMoveTime)}))
	}
	return time.Duration(v * float64(time.Second)).Round(time.Millisecond), nil
}
