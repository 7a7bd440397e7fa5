//go:build !linux || !cgo

package sound

// quietLibrary does nothing: only ALSA prints its errors itself.
func quietLibrary() {}
