// Échiquier is a desktop chess board for two players at one computer.
package main

import (
	"os"

	fyneapp "fyne.io/fyne/v2/app"

	"github.com/echiquier/echiquier/app"
)

func main() {
	app.New(fyneapp.NewWithID(app.ID), app.Options{}).Run(os.Args[1:])
}
