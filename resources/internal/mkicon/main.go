// Command mkicon draws resources/icon.svg into resources/icon.png; `go
// generate ./resources/` runs it from the resources folder.
package main

import (
	"bytes"
	"fmt"
	"os"

	"github.com/echiquier/echiquier/resources/internal/iconpng"
)

func main() {
	if err := run("icon.svg", "icon.png"); err != nil {
		fmt.Fprintln(os.Stderr, "mkicon:", err)
		os.Exit(1)
	}
}

func run(svgPath, pngPath string) error {
	svg, err := os.ReadFile(svgPath)
	if err != nil {
		return err
	}
	img, err := iconpng.Render(svg, iconpng.Size)
	if err != nil {
		return fmt.Errorf("%s: %w", svgPath, err)
	}
	var b bytes.Buffer
	if err := iconpng.WritePNG(&b, img); err != nil {
		return err
	}
	return os.WriteFile(pngPath, b.Bytes(), 0o644)
}
