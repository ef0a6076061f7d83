// Package clock is where the engine and the transfer get time: the present, timers, tickers and
// delayed calls all come from one Clock, so a deadline taken from its Now is timed by its own
// timers, never by the wall's. Real is the time package. Tests run Real inside a testing/synctest
// bubble, whose time is fake and moves only when every goroutine in it waits, rather than keep a
// hand-written fake in step with the time package; a Clock of their own (a skewed one, say) is
// for checking that nothing bypasses it.
package clock

import "time"

// Clock is the time of an engine and its transfers: Now, and the timers that wait on it. Its
// methods behave as the time package's functions of the same names.
type Clock interface {
	Now() time.Time
	// NewTimer returns a timer and the channel it sends on once d has passed.
	NewTimer(d time.Duration) (Timer, <-chan time.Time)
	// NewTicker returns a ticker and the channel it sends on every d.
	NewTicker(d time.Duration) (Ticker, <-chan time.Time)
	// AfterFunc calls f on its own goroutine once d has passed, unless stopped first.
	AfterFunc(d time.Duration, f func()) Timer
}

// Timer is a pending timer or delayed call; Stop reports whether it stopped it before it fired.
type Timer interface{ Stop() bool }

// Ticker is a running ticker.
type Ticker interface{ Stop() }

// Real is the time package's clock (the default wherever a Clock is optional).
type Real struct{}

var _ Clock = Real{}

func (Real) Now() time.Time { return time.Now() }

func (Real) NewTimer(d time.Duration) (Timer, <-chan time.Time) {
	t := time.NewTimer(d)
	return t, t.C
}

func (Real) NewTicker(d time.Duration) (Ticker, <-chan time.Time) {
	t := time.NewTicker(d)
	return t, t.C
}

func (Real) AfterFunc(d time.Duration, f func()) Timer { return time.AfterFunc(d, f) }

// Or is c, or Real when c is nil.
func Or(c Clock) Clock {
	if c == nil {
		return Real{}
	}
	return c
}
