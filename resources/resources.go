// Package resources gathers the files bundled into Échiquier: the app icon
// and the translations of every visible string.
package resources

import (
	"embed"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
)

//go:embed translations/*.json
var translations embed.FS

//go:embed icon.png
var iconPNG []byte

// Icon returns the application icon.
func Icon() fyne.Resource { return fyne.NewStaticResource("icon.png", iconPNG) }

// LoadTranslations registers the English and French translations with
// Fyne's lang package; the language then follows the system.
func LoadTranslations() error { return lang.AddTranslationsFS(translations, "translations") }

// TranslationFiles returns the embedded translation files, for tests that
// check them.
func TranslationFiles() embed.FS { return translations }
