//go:build race

package sandbox

// raceEnabled: the race detector's shadow memory does not fit under a
// child's address-space limit.
const raceEnabled = true
