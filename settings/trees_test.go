package settings_test

import (
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/settings"
)

// TestTreeRoom: 2 GB until another room is chosen, which the next run
// reads back; a hand-edited value that is not one offered reads as the
// default.
func TestTreeRoom(t *testing.T) {
	p := test.NewTempApp(t).Preferences()
	if got := settings.New(p).TreeRoom(); got != 2048 {
		t.Errorf("default room %d MB, want 2048", got)
	}
	path := filepath.Join(t.TempDir(), "preferences.json")
	store := open(t, path)
	settings.New(store).SetTreeRoom(512)
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
	if got := settings.New(open(t, path)).TreeRoom(); got != 512 {
		t.Errorf("read back: %d MB, want 512", got)
	}
	for _, v := range []string{"-1", "0", "300", "big", "1e9"} {
		p.SetString("files.treeRoomMB", v)
		if got := settings.New(p).TreeRoom(); got != settings.DefaultTreeRoom {
			t.Errorf("%q reads as %d MB", v, got)
		}
	}
}
