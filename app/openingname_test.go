package app

import "testing"

func TestTheOpeningShownIsNamed(t *testing.T) {
	h := newHarness(t)
	label := h.app.ui.opening
	if label.Text != "" {
		t.Errorf("start position named %q", label.Text)
	}
	h.play("e2e4 e7e5 g1f3 b8c6 f1c4")
	if label.Text != "C50 Italian Game" {
		t.Errorf("after 3. Bc4: %q", label.Text)
	}
	h.app.step(-1)
	if label.Text != "C44 King's Knight Opening: Normal Variation" {
		t.Errorf("the position before, shown: %q", label.Text)
	}
	h.app.showLive()
	h.play("a7a6 a2a3 h7h6")
	if label.Text != "C50 Italian Game" {
		t.Errorf("out of the book: %q, want the name of the last position in it", label.Text)
	}
	h.app.showStart()
	if label.Text != "" {
		t.Errorf("start position named %q", label.Text)
	}
}
