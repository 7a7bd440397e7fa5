package words

import (
	"os"
	"strings"

	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/resources"
)

// Language is a language the program is shown in.
type Language string

// The languages of the program.
const (
	English Language = "en"
	French  Language = "fr"
)

// Notation is how moves are written for a reader of l who chose no
// notation: French SAN in French, English SAN otherwise.
func (l Language) Notation() game.Notation {
	if l == French {
		return game.FrenchSAN
	}
	return game.EnglishSAN
}

// Locale is the user's language settings as the program found them, so
// that "follow the system" can come back after a choice in the settings.
type Locale map[string]*string

// SystemLocale notes the environment variables Fyne's lang reads the
// user's language from (through go-locale): LC_ALL first, then LANGUAGE
// unless the locale is C.
func SystemLocale() Locale {
	s := Locale{}
	for _, v := range []string{"LC_ALL", "LANGUAGE"} {
		if val, ok := os.LookupEnv(v); ok {
			s[v] = &val
		} else {
			s[v] = nil
		}
	}
	return s
}

// Use shows the texts in a language ("en", "fr") or, with "", in the
// system's, and returns the language they are now in. Fyne's lang has no
// call to choose the language: it reads the environment when translations
// are added, so the environment is set and the translations added again.
func (s Locale) Use(code string) (Language, error) {
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
	err := resources.LoadTranslations()
	if code == "" {
		code = lang.SystemLocale().LanguageString()
	}
	if strings.HasPrefix(code, "fr") {
		return French, err
	}
	return English, err
}
