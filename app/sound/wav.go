package sound

import (
	"encoding/binary"
	"errors"
	"fmt"
	"time"
)

// Rate is the sample rate of the sounds and of the output: 22,050 samples
// a second, enough for clicks and beeps at half the size of CD quality.
const Rate = 22050

// bytesPerSample: mono, 16 bits.
const bytesPerSample = 2

// maxLength is the longest sound played: a sound is a short signal, and
// a longer file is a mistake, not a reason to hold megabytes.
const maxLength = 3 * time.Second

// decodeWAV returns the samples of a WAV file: PCM, mono, 16 bits, at
// Rate, at most maxLength long. Chunks other than "fmt " and "data" are
// skipped.
func decodeWAV(data []byte) ([]byte, error) {
	if len(data) < 12 || string(data[:4]) != "RIFF" || string(data[8:12]) != "WAVE" {
		return nil, errors.New("not a WAV file")
	}
	rest := data[12:]
	var format bool
	for len(rest) >= 8 {
		id, size := string(rest[:4]), binary.LittleEndian.Uint32(rest[4:8])
		rest = rest[8:]
		if uint64(size) > uint64(len(rest)) {
			return nil, fmt.Errorf("the %q chunk runs past the end of the file", id)
		}
		body := rest[:size]
		rest = rest[min(len(rest), int(size)+int(size&1)):] // chunks are padded to even sizes
		switch id {
		case "fmt ":
			if len(body) < 16 {
				return nil, errors.New("the format chunk is too short")
			}
			kind, channels := binary.LittleEndian.Uint16(body[0:]), binary.LittleEndian.Uint16(body[2:])
			rate, bits := binary.LittleEndian.Uint32(body[4:]), binary.LittleEndian.Uint16(body[14:])
			if kind != 1 || channels != 1 || rate != Rate || bits != 8*bytesPerSample {
				return nil, fmt.Errorf("the sound is not PCM, mono, %d Hz, 16 bits (format %d, %d channels, %d Hz, %d bits)",
					Rate, kind, channels, rate, bits)
			}
			format = true
		case "data":
			if !format {
				return nil, errors.New("the samples come before their format")
			}
			if time.Duration(len(body)/bytesPerSample)*time.Second/Rate > maxLength {
				return nil, fmt.Errorf("the sound is longer than %v", maxLength)
			}
			return body[:len(body)/bytesPerSample*bytesPerSample], nil
		}
	}
	return nil, errors.New("the file holds no samples")
}
