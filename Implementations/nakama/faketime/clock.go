// A settable wall clock for Go's own `time` package, for the nakama adapter's build only: Implementations/nakama/
// install.sh lays this file into the toolchain's `time` package through `go build -overlay` (the toolchain's files on
// disk are not changed), with Now() reading loginConformanceNow. It is this project's libfaketime for a Go program:
// libfaketime intercepts libc's clock, and Go reads the clock through the vDSO, not libc. nakama's code and its
// vendored dependencies are compiled unchanged; only the clock they read is the vector's.

package time

import "sync/atomic"

type loginConformanceReading struct {
	sec  int64
	nsec int32
}

var loginConformanceClock atomic.Pointer[loginConformanceReading]

// LoginConformanceSetClock makes Now() answer this instant (seconds and nanoseconds since 1970 UTC) until it is set
// again; the monotonic reading stays the machine's, so timeouts and durations are unaffected.
func LoginConformanceSetClock(sec int64, nsec int32) {
	loginConformanceClock.Store(&loginConformanceReading{sec: sec, nsec: nsec})
}

// loginConformanceNow is the runtime's now(), with the wall clock replaced by the set instant when one is set.
func loginConformanceNow() (sec int64, nsec int32, mono int64) {
	sec, nsec, mono = now()
	if reading := loginConformanceClock.Load(); reading != nil {
		sec, nsec = reading.sec, reading.nsec
	}
	return sec, nsec, mono
}
