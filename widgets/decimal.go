package widgets

import (
	"strings"

	"fyne.io/fyne/v2/lang"
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
