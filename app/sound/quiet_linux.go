//go:build linux && cgo

package sound

// The ALSA library prints its errors on the standard error, a few lines
// for each device it tries; the Player says once, in the log, why it is
// silent instead.

/*
#cgo pkg-config: alsa
#include <alsa/asoundlib.h>

static void echiquierQuiet(const char *file, int line, const char *function, int err, const char *fmt, ...) {}

static void echiquierQuietALSA(void) { snd_lib_error_set_handler(echiquierQuiet); }
*/
import "C"

// quietLibrary keeps the audio library from printing its errors.
func quietLibrary() { C.echiquierQuietALSA() }
