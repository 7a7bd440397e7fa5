// Échiquier is a desktop chess board for two players at one computer.
package main

import (
	"log"
	"os"

	fyneapp "fyne.io/fyne/v2/app"

	"github.com/echiquier/echiquier/app"
	"github.com/echiquier/echiquier/settings"
)

func main() {
	// Fyne reads its own preferences file as it starts, and panics on
	// some broken ones: a broken one is set aside first. The settings
	// live in a file of their own, written safely.
	fynePrefs := settings.FynePreferencesPath(app.ID)
	var notices []settings.Notice
	if n := settings.GuardFynePreferences(fynePrefs); n != nil {
		notices = append(notices, *n)
	}
	store, more := settings.OpenFile(settings.DefaultPath(app.ID), settings.Options{Import: fynePrefs})
	notices = append(notices, more...)
	app.New(fyneapp.NewWithID(app.ID), app.Options{Settings: store, SettingsNotices: notices}).Run(os.Args[1:])
	if err := store.Close(); err != nil {
		log.Print(err)
	}
}
