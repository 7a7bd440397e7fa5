//go:build !race

package game

const raceDetector = false
