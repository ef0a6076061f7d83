package transfer

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/kvwarden/kvwarden/internal/clock"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// Reservation is what the decode side expects: core.ReceivePages plus the core's deadline.
type Reservation struct {
	Transfer kvtypes.TransferID
	Request  kvtypes.RequestID
	Tenant   kvtypes.TenantKey
	Pages    []kvtypes.PageRef // stamped unwritten with (Tenant, Request, Gen)
	Tokens   int
	Adapter  Adapter // the LoRA adapter the decode node runs the request with
	Deadline time.Time
}

// Written is a page's header as read back after the commit (core.WrittenPage).
type Written struct {
	Page   kvtypes.PageID
	Header kvtypes.Header
}

// Outcome ends a reservation. On success (Err == nil) it carries what core.PagesReceived needs;
// otherwise Err is an *Error and the pages are the caller's to quarantine.
type Outcome struct {
	Transfer kvtypes.TransferID
	Request  kvtypes.RequestID
	Tokens   int
	First    int32
	Pages    []Written
	Err      error
}

// ReceiverConfig configures a Receiver.
type ReceiverConfig struct {
	Model Fingerprint
	Sink  PageSink
	// Done receives each reservation's Outcome exactly once, after the receiver has stopped
	// touching its pages for good. It is called from the receiver's goroutines and must not block.
	Done func(Outcome)
	// Refused, if set, hears of each stream refused before it matched a reservation (a replay, an
	// unknown transfer, a malformed first frame): there is no Outcome for those.
	Refused func(*Error)
	// Handshake bounds the wait for a stream's manifest (default 10 s).
	Handshake time.Duration
	// Clock times reservations against their Deadline, which must be taken from the same clock,
	// and the handshake (nil: clock.Real).
	Clock clock.Clock
}

// Receiver accepts incoming transfers into reserved pages. It is safe for concurrent use.
type Receiver struct {
	cfg  ReceiverConfig
	mu   sync.Mutex
	byID map[kvtypes.TransferID]*incoming
	// cancelled remembers, until their deadlines, the reservations Cancel ended: a sender that
	// shows up with the right ticket afterwards is told "cancelled", not "stale", so a client
	// going away is never counted as a replay on either node.
	cancelled map[kvtypes.TransferID]tombstone
}

type tombstone struct {
	ticket Ticket
	until  time.Time
}

type inState uint8

const (
	inPending inState = iota // reserved, waiting for its manifest
	inLive                   // bound to a stream
	inDone                   // committed or aborted; never touched again
)

type incoming struct {
	r      *Receiver
	res    Reservation
	ticket Ticket
	timer  clock.Timer

	// mu is held across each page write, so an abort waits for a write in flight and no write
	// starts after it.
	mu    sync.Mutex
	state inState
	ended *Error      // the abort that ended it, if one did: what a frame arriving after it is told
	kill  chan *Error // set when bound: an abort from outside the stream's goroutine
	sums  []uint32    // one per page announced
	sent  int         // tokens announced
	first int32
	next  int // the next page index expected
}

// NewReceiver returns a receiver; serve it with a transport (GRPCServer, MemNetwork.Listen).
func NewReceiver(cfg ReceiverConfig) (*Receiver, error) {
	if cfg.Sink == nil || cfg.Done == nil || cfg.Model.PageTokens == 0 || cfg.Model.TokenBytes == 0 {
		return nil, errors.New("transfer: a receiver needs a sink, a Done callback and a model fingerprint")
	}
	if cfg.Handshake <= 0 {
		cfg.Handshake = 10 * time.Second
	}
	cfg.Clock = clock.Or(cfg.Clock)
	return &Receiver{cfg: cfg, byID: make(map[kvtypes.TransferID]*incoming), cancelled: make(map[kvtypes.TransferID]tombstone)}, nil
}

// Expect registers a reservation and returns the ticket the sender must present. The reservation
// aborts with ReasonDeadline if no commit happens by res.Deadline, on the receiver's clock.
func (r *Receiver) Expect(res Reservation) (Ticket, error) {
	pt := int(r.cfg.Model.PageTokens)
	if res.Deadline.IsZero() {
		return Ticket{}, fmt.Errorf("transfer %d: a reservation needs a deadline", res.Transfer)
	}
	if res.Tokens <= 0 || len(res.Pages) != (res.Tokens+pt-1)/pt {
		return Ticket{}, fmt.Errorf("transfer %d: %d pages cannot hold exactly %d tokens of %d a page", res.Transfer, len(res.Pages), res.Tokens, pt)
	}
	in := &incoming{r: r, res: res, ticket: newTicket()}
	in.res.Pages = append([]kvtypes.PageRef(nil), res.Pages...)
	r.mu.Lock()
	if r.byID[res.Transfer] != nil {
		r.mu.Unlock()
		return Ticket{}, fmt.Errorf("transfer %d is already expected", res.Transfer)
	}
	r.byID[res.Transfer] = in
	in.timer = r.cfg.Clock.AfterFunc(res.Deadline.Sub(r.cfg.Clock.Now()), func() {
		in.abort(fail(ReasonDeadline, res.Transfer, "no commit by the reservation's deadline"))
	})
	r.mu.Unlock()
	return in.ticket, nil
}

// Cancel aborts a reservation (the core cancelled the transfer); its Outcome follows through Done
// once no write can happen any more. Unknown or finished transfers are ignored.
func (r *Receiver) Cancel(id kvtypes.TransferID) {
	// The tombstone goes in before the abort removes the reservation: the other order left a
	// moment with neither, and a sender arriving then was told "stale" for a client's hang-up
	// (TestRouterAbortsUnderLoad failed once in 27 runs). It is taken back if the reservation had
	// already ended some other way, so a late manifest for that one still reads as stale.
	now := r.cfg.Clock.Now()
	r.mu.Lock()
	in := r.byID[id]
	if in == nil {
		r.mu.Unlock()
		return
	}
	for x, t := range r.cancelled {
		if now.After(t.until) {
			delete(r.cancelled, x)
		}
	}
	r.cancelled[id] = tombstone{ticket: in.ticket, until: in.res.Deadline}
	r.mu.Unlock()
	if !in.abort(fail(ReasonCancelled, id, "cancelled by the receiving node")) {
		r.mu.Lock()
		delete(r.cancelled, id)
		r.mu.Unlock()
	}
}

// wasCancelled answers a manifest for a reservation Cancel ended, when it carries that
// reservation's ticket: the sender is the one the router paired, late, not a replay.
func (r *Receiver) wasCancelled(mf *Manifest) *Error {
	r.mu.Lock()
	t, ok := r.cancelled[mf.Transfer]
	r.mu.Unlock()
	if !ok || t.ticket != mf.Ticket || r.cfg.Clock.Now().After(t.until) {
		return nil
	}
	return fail(ReasonCancelled, mf.Transfer, "the receiving node cancelled this reservation")
}

// Close aborts every open reservation.
func (r *Receiver) Close() {
	r.mu.Lock()
	all := make([]*incoming, 0, len(r.byID))
	for _, in := range r.byID {
		all = append(all, in)
	}
	r.mu.Unlock()
	for _, in := range all {
		in.abort(fail(ReasonCancelled, in.res.Transfer, "receiver closed"))
	}
}

// abort ends the reservation unless it already ended; it returns whether this call ended it.
func (in *incoming) abort(e *Error) bool {
	in.mu.Lock()
	if in.state == inDone {
		in.mu.Unlock()
		return false
	}
	in.state = inDone
	in.ended = e
	kill := in.kill
	in.mu.Unlock()
	if kill != nil {
		select {
		case kill <- e:
		default:
		}
	}
	in.finish(Outcome{Transfer: in.res.Transfer, Request: in.res.Request, Err: e})
	return true
}

func (in *incoming) finish(o Outcome) {
	in.timer.Stop()
	in.r.mu.Lock()
	delete(in.r.byID, in.res.Transfer)
	in.r.mu.Unlock()
	in.r.cfg.Done(o)
}
