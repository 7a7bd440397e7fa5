//go:build race

package pgn_test

// raceEnabled is set when the tests run with -race, which makes reading
// some fifty times slower: the tests of huge inputs then read less.
const raceEnabled = true
