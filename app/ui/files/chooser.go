package files

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/storage"
	fynetheme "fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/filechooser"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"
)

// portalTimeout bounds the look for the desktop's file chooser, made
// on the UI goroutine: without one, Fyne's dialog comes at once, and a
// bus that does not answer holds the window no longer than this.
const portalTimeout = 250 * time.Millisecond

// fileQuestion is a question for a file, asked of the desktop's file
// chooser where there is one.
type fileQuestion struct {
	save  bool
	title string
	ext   string // the files shown, ".pgn"
	name  string // the name suggested, for saving
}

// askFile asks q of the desktop's file chooser (the XDG desktop
// portal's), and runs chosen with the file chosen; a cancel runs
// nothing. Without a portal, or when it fails, fallback asks instead.
//
// The portal's call waits for the user, off the UI goroutine. Until it
// answers, a small modal dialog ("Choosing a file…") stands in the
// window's dialog stack: the board takes no move and no key, as under
// any dialog, and Escape or its Cancel button closes the chooser.
func (f *Files) askFile(q fileQuestion, fallback func(), chosen func(path string)) {
	ctx, cancel := context.WithTimeout(context.Background(), portalTimeout)
	p, err := filechooser.Connect(ctx)
	cancel()
	if err != nil {
		log.Printf("file chooser: %v: Fyne's dialog", err)
		fallback()
		return
	}
	opts := filechooser.Options{
		Parent:  f.windowHandle(),
		Title:   q.title,
		Filters: []filechooser.Filter{fileFilter(q.ext)},
		Folder:  f.env.Settings.LastDirectory(),
		Name:    q.name,
	}
	ask := p.OpenFile
	if q.save {
		ask = p.SaveFile
	}
	ctx, cancel = context.WithCancel(context.Background())
	wait := f.showChoosing(cancel)
	log.Printf("file chooser: asking the portal (parent %q)", opts.Parent)
	go func() {
		path, err := ask(ctx, opts)
		p.Close()
		f.env.Post(func() {
			if ctx.Err() != nil {
				return // given up: Escape or Cancel closed the chooser
			}
			cancel()
			wait.Hide()
			switch {
			case err != nil:
				log.Printf("file chooser: the portal failed: %v: Fyne's dialog", err)
				fallback()
			case path != "":
				chosen(path)
			}
		})
	}()
}

// showChoosing shows the dialog that stands for the desktop's chooser
// while it is open; closing it runs giveUp.
func (f *Files) showChoosing(giveUp func()) *dialog.CustomDialog {
	d := dialog.NewCustomWithoutButtons(lang.L("Choosing a file…"), kit.Wrapped(lang.L("The file chooser is open in its own window.")), f.env.Window)
	sc := &kit.Scope{Cancel: d.Dismiss}
	d.SetButtons([]fyne.CanvasObject{kit.NewButton(sc, lang.L("Cancel"), d.Dismiss)})
	f.env.Dialogs.Show(d, sc)
	d.Resize(fyne.NewSize(380, d.MinSize().Height))
	// Set after Show, which sets its own: Show's keeps the stack right,
	// this one closes the chooser when the user gives up here.
	d.SetOnClosed(giveUp)
	return d
}

// windowHandle names the window for the portal, so that the chooser
// is its child: "x11:<XID in hex>", or "" where it has none.
func (f *Files) windowHandle() string {
	native, ok := f.env.Window.(driver.NativeWindow)
	if !ok {
		return ""
	}
	var handle string
	native.RunNative(func(ctx any) {
		if x, ok := ctx.(driver.X11WindowContext); ok && x.WindowHandle != 0 {
			handle = fmt.Sprintf("x11:%x", x.WindowHandle)
		}
	})
	return handle
}

// fileFilter is the chooser's file type for ext, of either case.
func fileFilter(ext string) filechooser.Filter {
	kind := strings.ToUpper(strings.TrimPrefix(ext, "."))
	name := lang.L("{{.Type}} files", map[string]any{"Type": kind})
	if ext == ".pgn" {
		name = lang.L("PGN games")
	}
	return filechooser.Filter{Name: name, Patterns: []string{"*" + strings.ToLower(ext), "*" + strings.ToUpper(ext)}}
}

// Fyne's file dialog, the fallback, made to do what a desktop's does:
// larger, its places named in the user's language, a full path typed as
// the name taken (absolute or ~/…), Escape in the name closing it. Its
// parts are found in its widget tree: Fyne exposes no other way.

// fyneLastFolderKey is the preference in which Fyne's file dialog keeps
// the folder it shows (fyne.io/fyne/v2/dialog, lastFolderKey).
const fyneLastFolderKey = "fyne:fileDialogLastFolder"

// fyneDialogParts are the parts of a Fyne file dialog changed here.
type fyneDialogParts struct {
	places  *widget.List      // Home, Computer, Desktop…
	body    *container.Split  // the places beside the files
	nameBox *container.Scroll // holds the name entry
	name    *widget.Entry
	open    *widget.Button // Open or Save
}

// findFyneDialogParts looks for a Fyne file dialog's parts in o.
func findFyneDialogParts(o fyne.CanvasObject, parts *fyneDialogParts) {
	walkObjects(o, func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *container.Split:
			if l, ok := x.Leading.(*widget.List); ok && parts.places == nil {
				parts.places, parts.body = l, x
			}
		case *container.Scroll:
			if e, ok := x.Content.(*widget.Entry); ok {
				parts.nameBox, parts.name = x, e
			}
		case *widget.Button:
			if x.Importance == widget.HighImportance {
				parts.open = x
			}
		}
	})
}

// walkObjects calls f on o and on what it holds, as a Fyne file dialog
// nests them: a pop-up, containers, a split, scrolls.
func walkObjects(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	f(o)
	switch x := o.(type) {
	case *widget.PopUp:
		walkObjects(x.Content, f)
	case *fyne.Container:
		for _, c := range x.Objects {
			walkObjects(c, f)
		}
	case *container.Split:
		walkObjects(x.Leading, f)
		walkObjects(x.Trailing, f)
	case *container.Scroll:
		walkObjects(x.Content, f)
	}
}

// fyneDialogPopUp is the pop-up that d, just shown, put on the window.
func (f *Files) fyneDialogPopUp() *widget.PopUp {
	p, _ := f.env.Window.Canvas().Overlays().Top().(*widget.PopUp)
	return p
}

// improveFyneDialog makes the Fyne file dialog just shown larger and
// names its places in the user's language; it returns its parts.
func (f *Files) improveFyneDialog(d *dialog.FileDialog) fyneDialogParts {
	var parts fyneDialogParts
	pop := f.fyneDialogPopUp()
	if pop == nil {
		return parts
	}
	findFyneDialogParts(pop, &parts)
	// Fyne sizes it to show a few files; the window has room for more.
	size := f.env.Window.Canvas().Size()
	d.Resize(fyne.NewSize(max(size.Width*0.9, pop.MinSize().Width), max(size.Height*0.9, pop.MinSize().Height)))
	if l := parts.places; l != nil && l.UpdateItem != nil {
		update := l.UpdateItem
		l.UpdateItem = func(id widget.ListItemID, item fyne.CanvasObject) {
			update(id, item)
			translatePlace(item)
		}
		l.Refresh()
		f.fitPlaces(parts.body)
	}
	return parts
}

// fitPlaces widens the places beside the files to their longest name:
// Fyne sizes them to its English names.
func (f *Files) fitPlaces(body *container.Split) {
	if body == nil || body.Size().Width <= 0 {
		return
	}
	widest := float32(0)
	for _, name := range []string{"Home", "Computer", "Desktop", "Documents", "Downloads", "Music", "Pictures", "Videos"} {
		widest = max(widest, fyne.MeasureText(placeName(name), fynetheme.TextSize(), fyne.TextStyle{}).Width)
	}
	// The icon and the paddings around it and the name.
	need := widest + fynetheme.IconInlineSize() + 8*fynetheme.Padding()
	body.SetOffset(min(0.4, float64(need/body.Size().Width)))
}

// translatePlace names a place of Fyne's file dialog in the user's
// language: Fyne writes them in English.
func translatePlace(item fyne.CanvasObject) {
	c, ok := item.(*fyne.Container)
	if !ok {
		return
	}
	for _, o := range c.Objects {
		if l, ok := o.(*widget.Label); ok {
			if t := placeName(l.Text); t != l.Text {
				l.SetText(t)
			}
		}
	}
}

// placeName is the user's name of a place that Fyne's file dialog names
// in English.
func placeName(english string) string {
	switch english {
	case "Home":
		return lang.L("Home folder")
	case "Computer":
		return lang.L("Computer")
	case "Desktop":
		return lang.L("Desktop")
	case "Documents":
		return lang.L("Documents")
	case "Downloads":
		return lang.L("Downloads")
	case "Music":
		return lang.L("Music")
	case "Pictures":
		return lang.L("Pictures")
	case "Videos":
		return lang.L("Videos")
	case "App Files":
		return lang.L("App Files")
	}
	return english
}

// takeSaveName takes over the name entry and the Save button of Fyne's
// save dialog d: a name may be a full path (absolute or ~/…), Escape in
// it closes the dialog, and a file that exists is asked about in the
// user's language. write gets the path, named with ext.
func (f *Files) takeSaveName(d *dialog.FileDialog, sc *kit.Scope, parts fyneDialogParts, ext string, write func(path string)) {
	if parts.name == nil || parts.open == nil || parts.nameBox == nil {
		return // another Fyne: its dialog as it is
	}
	fyneName := parts.name
	name := kit.NewEntry(sc)
	name.SetPlaceHolder(fyneName.PlaceHolder)
	name.SetText(fyneName.Text)
	// Fyne sets its own entry (a file clicked in the list names it) and
	// enables Save from it: both entries keep the same text.
	fyneChanged := fyneName.OnChanged
	fyneName.OnChanged = func(s string) {
		if fyneChanged != nil {
			fyneChanged(s)
		}
		if name.Text != s {
			name.SetText(s)
		}
	}
	name.OnChanged = func(s string) {
		if fyneName.Text != s {
			fyneName.SetText(s)
		}
	}
	save := func() {
		path, ok := typedPath(name.Text, f.fyneDialogFolder())
		if !ok {
			return
		}
		f.saveTypedPath(d, path, ext, write)
	}
	name.OnSubmitted = func(string) { save() }
	parts.open.OnTapped = save
	parts.nameBox.Content = name
	parts.nameBox.Refresh()
	f.env.Window.Canvas().Focus(name)
}

// fyneDialogFolder is the folder that Fyne's file dialog shows.
func (f *Files) fyneDialogFolder() string {
	u, err := storage.ParseURI(f.env.App.Preferences().String(fyneLastFolderKey))
	if err != nil || u.Scheme() != "file" {
		return ""
	}
	return u.Path()
}

// typedPath is the path that a name typed in a save dialog showing dir
// means: an absolute path, ~/… in the home folder, or a name (or a
// relative path) in dir.
func typedPath(typed, dir string) (string, bool) {
	typed = strings.TrimSpace(typed)
	switch {
	case typed == "":
		return "", false
	case typed == "~" || strings.HasPrefix(typed, "~/"):
		home, err := os.UserHomeDir()
		if err != nil {
			return "", false
		}
		return filepath.Join(home, typed[1:]), true
	case filepath.IsAbs(typed):
		return filepath.Clean(typed), true
	case dir == "":
		return "", false
	}
	return filepath.Join(dir, typed), true
}

// saveTypedPath follows a path typed in Fyne's save dialog d: a folder
// is opened in the dialog; a file is named with ext, asked about if it
// exists, then d closes and write gets it.
func (f *Files) saveTypedPath(d *dialog.FileDialog, path, ext string, write func(path string)) {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		if dir, err := storage.ListerForURI(storage.NewFileURI(path)); err == nil {
			d.SetLocation(dir)
			d.SetFileName("")
		}
		return
	}
	f.checkedWrite(path, ext, "", func(path string) {
		d.Hide()
		write(path)
	})
}

// checkedWrite runs write with path named with ext, first asking
// whether to replace the file of that name when one exists, unless it is
// asked, the name the file chooser asked about already. No other file is
// touched; a folder of that name is refused.
func (f *Files) checkedWrite(path, ext, asked string, write func(path string)) {
	if !strings.EqualFold(filepath.Ext(path), ext) {
		path += ext
	}
	_, err := os.Lstat(path)
	fi, statErr := os.Stat(path)
	switch {
	case err != nil || path == asked:
		write(path) // a folder that does not exist is told by the writing
	case statErr == nil && fi.IsDir():
		f.env.Dialogs.ShowError(errors.New(lang.L("A folder has that name.")))
	default:
		msg := lang.L("{{.File}} already exists. Replace it?", map[string]any{"File": words.FileName(path)})
		f.env.Dialogs.AskSafely(lang.L("Replace the file?"), msg, lang.L("Replace"), lang.L("Cancel"), func(ok bool) {
			if ok {
				write(path)
			}
		})
	}
}
