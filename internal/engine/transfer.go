package engine

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"sync"
	"time"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/faults"
	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/transfer"
)

// TransferConfig makes the engine a node of a disaggregated deployment: it can prefill requests
// and send their KV (SubmitPrefill), and reserve pages for KV another node sends (ReserveDecode).
// Its Receiver must be served by a transport (transfer.NewGRPCServer, MemNetwork.Listen).
type TransferConfig struct {
	// File is the model file: its fingerprint is what peers must share to exchange pages.
	File *gguf.File
	// Transport dials decode nodes; nil makes a node that only receives.
	Transport transfer.Transport
	// SendTimeout bounds one send (0: the transfer package's default).
	SendTimeout time.Duration
}

// Destination names the decode node's reservation that a prefilled request's KV goes to: what
// ReserveDecode returned there, and where that node's transfer service listens.
type Destination struct {
	Peer string
	Reserved
}

// Reserved is a decode node's reservation for one request: the binding the prefill node's
// manifest must name. The ticket is the secret part; only the router carries it.
type Reserved struct {
	Transfer kvtypes.TransferID
	Request  kvtypes.RequestID
	Ticket   transfer.Ticket
	Tokens   int
}

// ErrNoTransfer refuses a hand-off on an engine built without a TransferConfig.
var ErrNoTransfer = errors.New("engine: this node has no transfer service")

// xfers is the engine's side of the transport. The receiver's and the senders' reports arrive on
// their own goroutines (a Receiver may report inside Cancel, while the loop holds e.mu), so they
// are posted to the engine's reports and applied by the loop, which alone drives the core.
type xfers struct {
	fp     transfer.Fingerprint
	sender *transfer.Sender // nil: this node only receives
	recv   *transfer.Receiver

	sends     map[kvtypes.TransferID]context.CancelFunc // loop only, with e.mu held
	held      map[kvtypes.TransferID]*parked            // holds waiting for a claim (hold.go), e.mu held
	cancelled map[kvtypes.TransferID]bool               // receives this node cancelled (e.mu)
	running   sync.WaitGroup                            // send goroutines, which read the pool
	failed    map[transfer.Reason]uint64                // with e.mu held
	sent      TransferStats                             // with e.mu held
}

// TransferStats counts a prefill node's committed sends: KV bytes (tokens × bytes a token) and
// pages, and the time from Send's start (checksums, dial, pages) to the receiver's commit.
type TransferStats struct {
	Transfers, Pages, Bytes uint64
	Time                    time.Duration
}

func (e *Engine) newXfers(tc *TransferConfig) error {
	arch, _ := tc.File.String("general.architecture")
	fp, err := transfer.NewFingerprint(arch, tc.File.WeightsHash(), e.cache.Config())
	if err != nil {
		return err
	}
	x := &xfers{fp: fp, sends: map[kvtypes.TransferID]context.CancelFunc{}, cancelled: map[kvtypes.TransferID]bool{},
		failed: map[transfer.Reason]uint64{}, held: map[kvtypes.TransferID]*parked{}}
	if tc.Transport != nil {
		if x.sender, err = transfer.NewSender(transfer.SenderConfig{Transport: tc.Transport, Model: fp, Timeout: tc.SendTimeout, Clock: e.cfg.Clock}); err != nil {
			return err
		}
	}
	x.recv, err = transfer.NewReceiver(transfer.ReceiverConfig{
		Model: fp, Sink: transfer.PoolSink{Pool: e.cache}, Clock: e.cfg.Clock,
		Done:    func(o transfer.Outcome) { e.postReport(func(now time.Time) { e.received(now, o) }) },
		Refused: func(err *transfer.Error) { e.postReport(func(time.Time) { x.failed[err.Reason]++ }) },
	})
	if err != nil {
		return err
	}
	e.x = x
	return nil
}

// Receiver is the node's transfer receiver, for a transport to serve; nil without a TransferConfig.
func (e *Engine) Receiver() *transfer.Receiver {
	if e.x == nil {
		return nil
	}
	return e.x.recv
}

// Fingerprint identifies the KV this node produces and accepts (zero without a TransferConfig).
func (e *Engine) Fingerprint() transfer.Fingerprint {
	if e.x == nil {
		return transfer.Fingerprint{}
	}
	return e.x.fp
}

// SubmitPrefill admits a request to be prefilled here and handed to dest. Its stream yields the
// first token (sampled here, with its logprobs) once the prompt is computed, then ends with
// FinishTransferred when the decode node committed the KV, or with an AbortError.
func (e *Engine) SubmitPrefill(ctx context.Context, r Request, dest Destination) (Stream, error) {
	if e.x == nil || e.x.sender == nil {
		return nil, &RejectError{Reason: kvtypes.RejectInvalid, Message: ErrNoTransfer.Error()}
	}
	return e.submit(ctx, r, core.PrefillOnly, func(s *stream) { s.dest = &dest })
}

// ReserveDecode admits a request whose prompt KV another node computes: it returns once pages are
// reserved for the prompt, with the binding to hand to the prefill node. The stream then yields
// the prefill node's first token and every token decoded here. Cancelling ctx (or closing the
// stream) aborts the request and the transfer.
func (e *Engine) ReserveDecode(ctx context.Context, r Request) (Reserved, Stream, error) {
	if e.x == nil {
		return Reserved{}, nil, &RejectError{Reason: kvtypes.RejectInvalid, Message: ErrNoTransfer.Error()}
	}
	reserved := make(chan Reserved, 1)
	st, err := e.submit(ctx, r, core.DecodeOnly, func(s *stream) { s.reserved = reserved })
	if err != nil {
		return Reserved{}, nil, err
	}
	s := st.(*stream)
	select {
	case rv := <-reserved:
		return rv, s, nil
	case <-s.ended: // ended before its reservation: the terminal event says why
		for ev := range s.Events() {
			if ev.Done {
				s.Close()
				if ev.Err == nil {
					return Reserved{}, nil, fmt.Errorf("engine: request ended (%s) before its reservation", ev.Finish)
				}
				return Reserved{}, nil, ev.Err
			}
		}
		return Reserved{}, nil, errors.New("engine: request ended before its reservation")
	case <-ctx.Done():
		s.Close()
		return Reserved{}, nil, ctx.Err()
	}
}

// handOff executes a Ready's Cancel, Send and Receive. Every started transfer is answered exactly
// once (TransferDone or PagesReceived) when the transport is done with its pages. Called by the
// loop with e.mu held.
func (e *Engine) handOff(now time.Time, rd *core.Ready) {
	if e.x == nil {
		// This node runs no transport: hand-offs fail at once, which the core turns into aborts
		// with the true reason.
		for _, x := range rd.Cancel {
			e.core.TransferDone(now, x, false)
		}
		for _, x := range rd.Send {
			e.core.TransferDone(now, x.Transfer, false)
		}
		for _, x := range rd.Receive {
			e.core.TransferDone(now, x.Transfer, false)
		}
		return
	}
	for _, id := range rd.Cancel {
		if e.unpark(now, id) {
			continue
		}
		if cancel := e.x.sends[id]; cancel != nil {
			cancel() // the send's goroutine answers when Send has returned
			continue
		}
		e.x.cancelled[id] = true
		e.x.recv.Cancel(id) // the Outcome answers (at once if it was still pending)
	}
	for _, x := range rd.Send {
		e.send(now, x)
	}
	for _, x := range rd.Receive {
		e.expect(now, x)
	}
}

func (e *Engine) send(now time.Time, x core.SendPages) {
	s := e.streams[x.Request]
	if s == nil || (s.dest == nil && s.hold == 0) || e.x.sender == nil {
		e.core.TransferDone(now, x.Transfer, false)
		return
	}
	// The first token is streamed here, with the logprobs the prefill step sampled it with; the
	// core streams nothing for a request that leaves the node.
	t := Token{ID: x.First, Logprob: s.first.Logprob}
	if s.logprobs {
		for _, c := range s.first.Top {
			t.Top = append(t.Top, TokenLogprob{ID: c.ID, Logprob: c.Logprob})
		}
	}
	s.generated++
	s.push(Event{Tokens: []Token{t}})
	if s.dest == nil {
		e.park(now, s, x, t)
		return
	}
	e.startSend(x, s)
}

// startSend sends a prefilled request's pages to s.dest on a goroutine, which reports to the
// core when the transport is done with them. Loop only, with e.mu held.
func (e *Engine) startSend(x core.SendPages, s *stream) {
	d := s.dest
	m := transfer.Manifest{Transfer: d.Transfer, Request: d.Request, Ticket: d.Ticket, Tenant: x.Tenant, Tokens: x.Tokens, First: x.First,
		Adapter: transferAdapter(s.adapter, s.adapterScale)}
	src := transfer.PoolSource{Pool: e.cache, Tenant: x.Tenant, Pages: append([]kvtypes.PageRef(nil), x.Pages...)}
	ctx, cancel := context.WithCancel(context.Background())
	e.x.sends[x.Transfer] = cancel
	e.x.running.Add(1)
	go func() {
		defer e.x.running.Done()
		start := e.now()
		err := e.x.sender.Send(ctx, d.Peer, m, src)
		took := e.now().Sub(start)
		cancel()
		e.postReport(func(now time.Time) { e.sent(now, x, err, took) })
	}()
}

// sent applies a send's result. Called by the loop with e.mu held.
func (e *Engine) sent(now time.Time, x core.SendPages, err error, took time.Duration) {
	delete(e.x.sends, x.Transfer)
	if err == nil {
		e.x.sent.Transfers++
		e.x.sent.Pages += uint64(len(x.Pages))
		e.x.sent.Bytes += uint64(x.Tokens) * uint64(e.x.fp.TokenBytes)
		e.x.sent.Time += took
	}
	if err == nil || transfer.ReasonOf(err) == transfer.ReasonCancelled { // success, or our own cancel: nothing to count
		e.core.TransferDone(now, x.Transfer, err == nil)
		return
	}
	e.failTransfer(err)
	e.core.TransferFailed(now, x.Transfer, transfer.ReasonOf(err).Defence(), "the transport failed to send the KV: "+err.Error())
}

func (e *Engine) expect(now time.Time, x core.ReceivePages) {
	s := e.streams[x.Request]
	if s == nil || s.reserved == nil {
		e.core.TransferDone(now, x.Transfer, false)
		return
	}
	tk, err := e.x.recv.Expect(transfer.Reservation{Transfer: x.Transfer, Request: x.Request, Tenant: x.Tenant,
		Pages: x.Pages, Tokens: x.Tokens, Adapter: transferAdapter(s.adapter, s.adapterScale), Deadline: now.Add(e.receiveDeadline())})
	if err != nil {
		e.log.Error("engine: the receiver refused a reservation", "err", err)
		e.core.TransferDone(now, x.Transfer, false)
		return
	}
	s.reserved <- Reserved{Transfer: x.Transfer, Request: x.Request, Ticket: tk, Tokens: x.Tokens}
}

// receiveDeadline is the core's deadline of a receiving request: the receiver gives up when the
// core would.
func (e *Engine) receiveDeadline() time.Duration {
	d, def := e.cfg.Deadlines, core.DefaultDeadlines
	if d.Prefilling <= 0 {
		d.Prefilling = def.Prefilling
	}
	if d.Transferring <= 0 {
		d.Transferring = def.Transferring
	}
	return d.Receiving()
}

// received applies a reservation's Outcome. Called by the loop with e.mu held.
func (e *Engine) received(now time.Time, o transfer.Outcome) {
	// A transfer this node cancelled (its request ended) is no one's fault: it is not counted.
	ours := e.x.cancelled[o.Transfer]
	delete(e.x.cancelled, o.Transfer)
	if o.Err != nil {
		// ReasonCancelled here is the sender's own cancel (its client went away): like ours, no one's fault.
		if ours || transfer.ReasonOf(o.Err) == transfer.ReasonCancelled {
			e.core.TransferDone(now, o.Transfer, false)
			return
		}
		e.failTransfer(o.Err)
		e.core.TransferFailed(now, o.Transfer, transfer.ReasonOf(o.Err).Defence(), "the transport failed to receive the KV: "+o.Err.Error())
		return
	}
	pages := make([]core.WrittenPage, len(o.Pages))
	for i, p := range o.Pages {
		pages[i] = core.WrittenPage{Page: p.Page, Header: p.Header}
	}
	if err := e.core.PagesReceived(now, core.Received{Transfer: o.Transfer, Request: o.Request, Tokens: o.Tokens, First: o.First, Pages: pages}); err != nil {
		// The commit raced the cancel (ours, or the request ended before the loop handed the
		// cancel to the receiver): the report only closes the fence.
		if ours || errors.Is(err, core.ErrTransferCancelled) {
			return
		}
		e.x.failed["commit"]++
		e.log.Warn("isolation: the core refused a received transfer", "transfer", uint64(o.Transfer), "err", err)
		return
	}
	if s := e.streams[o.Request]; s != nil {
		s.sampler.Follow(o.First)
		e.prepareNext(s)
		e.pauseIfDeferred(now, s)
	}
	if faults.Available {
		e.trace.received(pages)
	}
}

func (e *Engine) failTransfer(err error) {
	r := transfer.ReasonOf(err)
	if r == "" {
		r = "other"
	}
	e.x.failed[r]++
	e.log.Warn("transfer failed", "reason", string(r), "err", err)
}

// transferFailuresLocked copies the failure counts.
func (e *Engine) transferFailuresLocked() map[string]uint64 {
	if e.x == nil {
		return nil
	}
	out := make(map[string]uint64, len(e.x.failed))
	for r, n := range maps.All(e.x.failed) {
		out[string(r)] = n
	}
	return out
}

// closeTransfers stops what the transport still does once the loop has ended: sends are
// cancelled and waited for, reservations aborted, so nothing touches the pool after Close.
func (e *Engine) closeTransfers() {
	if e.x == nil {
		return
	}
	e.mu.Lock()
	for _, cancel := range e.x.sends {
		cancel()
	}
	e.mu.Unlock()
	e.x.running.Wait()
	e.x.recv.Close()
}
