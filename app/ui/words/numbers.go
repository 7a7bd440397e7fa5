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

// Seconds writes a time per move in seconds, as the user types it.
func Seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// ParseSeconds reads a time per move in seconds, with a decimal point
// or comma ("0.5", "0,5").
func ParseSeconds(s string) (time.Duration, error) {
	v, err := strconv.ParseFloat(strings.Replace(strings.TrimSpace(s), ",", ".", 1), 64)
	if err != nil || math.IsNaN(v) || v*float64(time.Second) < float64(settings.MinEngineMoveTime) || v*float64(time.Second) > float64(settings.MaxEngineMoveTime) {
		return 0, errors.New(lang.L("Give a time from {{.Min}} to {{.Max}} seconds",
			map[string]any{"Min": Seconds(settings.MinEngineMoveTime), "Max": Seconds(settings.MaxEngineMoveTime)}))
	}
	return time.Duration(v * float64(time.Second)).Round(time.Millisecond), nil
}
