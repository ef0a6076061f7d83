package transfer

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"github.com/kvwarden/kvwarden/internal/clock"
)

// skewedClock is the real clock read with an offset: a clock whose present is not the wall's,
// as an injected one may be. A deadline taken from it means nothing to the wall's timers.
type skewedClock struct {
	clock.Real
	by time.Duration
}

func (c skewedClock) Now() time.Time { return c.Real.Now().Add(c.by) }

// TestReservationTimedByItsClock: a reservation whose deadline comes from the receiver's clock
// expires when that clock reaches it, and a cancelled reservation's late sender is told
// "cancelled" until then and "stale" after, however far that clock is from the wall's. (Timed with
// time.Until and time.Now, a clock a year behind expired reservations at once, and one a year ahead
// a year late.) In a synctest bubble, so the times are exact.
func TestReservationTimedByItsClock(t *testing.T) {
	const deadline = 5 * time.Second
	for _, skew := range []time.Duration{-365 * 24 * time.Hour, 365 * 24 * time.Hour} {
		t.Run(skew.String(), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				clk := skewedClock{by: skew}
				r := newRig(t, 0)
				recv, err := NewReceiver(ReceiverConfig{Model: r.model, Sink: PoolSink{r.dst}, Clock: clk,
					Done: func(o Outcome) { r.outcomes <- o }, Refused: func(e *Error) { r.refused <- e }})
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(recv.Close)
				n := NewMemNetwork()
				n.Listen("decode", recv)
				t.Cleanup(n.Wait)
				snd, err := NewSender(SenderConfig{Transport: n, Model: r.model, Clock: clk})
				if err != nil {
					t.Fatal(err)
				}

				start := time.Now()
				expiring, cancelled := r.res, r.res
				cancelled.Transfer++
				for _, res := range []*Reservation{&expiring, &cancelled} {
					res.Deadline = clk.Now().Add(deadline)
				}
				if _, err := recv.Expect(expiring); err != nil {
					t.Fatal(err)
				}
				ticket, err := recv.Expect(cancelled)
				if err != nil {
					t.Fatal(err)
				}
				recv.Cancel(cancelled.Transfer)
				if o := r.outcome(); o.Transfer != cancelled.Transfer || ReasonOf(o.Err) != ReasonCancelled {
					t.Fatalf("cancel: %+v", o)
				}
				m := r.manifest(ticket)
				m.Transfer = cancelled.Transfer
				late := func() Reason { return ReasonOf(snd.Send(context.Background(), "decode", m, r.source())) }
				if got := late(); got != ReasonCancelled {
					t.Errorf("late sender before the deadline: %s, want %s", got, ReasonCancelled)
				}

				o := r.outcome()
				if took := time.Since(start); o.Transfer != expiring.Transfer || ReasonOf(o.Err) != ReasonDeadline || took != deadline {
					t.Fatalf("outcome %+v after %v, want %s after %v", o, took, ReasonDeadline, deadline)
				}
				time.Sleep(time.Nanosecond) // past the deadline
				if got := late(); got != ReasonStale {
					t.Errorf("late sender after the deadline: %s, want %s", got, ReasonStale)
				}
			})
		})
	}
}
