package app

import (
	"errors"

	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/ui/words"
)

// analysisErrorText words why the engine does not analyse.
func analysisErrorText(err error) string {
	if errors.Is(err, errWholeGameRunning) {
		return lang.L("The whole game is being analysed…")
	}
	return words.AnalysisError(err)
}
