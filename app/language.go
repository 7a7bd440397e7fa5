package app

import (
	"os"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/resources"
)

// systemLocale is the user's language settings as the app found them, so
// that "follow the system" can come back after a choice in the settings.
type systemLocale map[string]*string

// readSystemLocale notes the environment variables Fyne's lang reads the
// user's language from (through go-locale): LC_ALL first, then LANGUAGE
// unless the locale is C.
func readSystemLocale() systemLocale {
	s := systemLocale{}
	for _, v := range []string{"LC_ALL", "LANGUAGE"} {
		if val, ok := os.LookupEnv(v); ok {
			s[v] = &val
		} else {
			s[v] = nil
		}
	}
	return s
}

// useLanguage shows the app in a language ("en", "fr") or, with "", in the
// system's. Fyne's lang has no call to choose the language: it reads the
// environment when translations are added, so the environment is set and
// the translations added again.
func (s systemLocale) useLanguage(code string) error {
	for v, val := range s {
		switch {
		case code != "":
			os.Setenv(v, code)
		case val != nil:
			os.Setenv(v, *val)
		default:
			os.Unsetenv(v)
		}
	}
	return resources.LoadTranslations()
}

// loadLanguage shows the app in the language the settings name, or else
// in the system's, and notes which one it is: the system's is read here
// once, not each time a move is written.
func (a *App) loadLanguage() {
	code := a.settings.Language()
	if err := a.locale.useLanguage(code); err != nil {
		fyne.LogError("translations not loaded", err)
	}
	if code == "" {
		code = lang.SystemLocale().LanguageString()
	}
	a.language = "en"
	if strings.HasPrefix(code, "fr") {
		a.language = "fr"
	}
}

// notation returns how moves are written for the user: as chosen in the
// settings, or else French SAN for French and English SAN otherwise.
func (a *App) notation() game.Notation {
	fallback := game.EnglishSAN
	if a.language == "fr" {
		fallback = game.FrenchSAN
	}
	return a.settings.Notation(fallback)
}
