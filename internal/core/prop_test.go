package core

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// The property tests drive a Core with random event sequences through the fake executor and check,
// after every event: Core.Check (ledger and lifecycle from scratch); the header model against the
// ledger; that every sequence reads exactly its own tokens at its own positions (or a header
// mismatch caught a late writer); that no ended request is scheduled, stamped or transferred; one
// terminal event per request, with the reason the event that ended it implies; and, after a drain,
// that the pool is whole.

var soak = flag.Bool("core.soak", false, "run the core property tests for much longer")

func soaking() bool { return *soak || os.Getenv("KVWARDEN_SOAK") == "1" }

var eventsChecked atomic.Int64

var debugTrace = flag.Bool("core.trace", false, "log every plan in a property-test failure's trace")

func TestMain(m *testing.M) {
	flag.Parse()
	// Failures print a seed to replay; no fail files in testdata.
	if f := flag.Lookup("rapid.nofailfile"); f != nil && f.Value.String() == "false" {
		f.Value.Set("true")
	}
	code := m.Run()
	if testing.Verbose() || soaking() {
		fmt.Printf("core: %d events checked by the property tests\n", eventsChecked.Load())
	}
	os.Exit(code)
}

// checks runs prop n times (more when soaking) under rapid.
func checks(t *testing.T, n int, prop func(*rapid.T)) {
	if soaking() {
		n *= 50
	}
	for i := 0; i < n; i += 100 {
		rapid.Check(t, prop)
	}
}

type mreq struct {
	id      kvtypes.RequestID
	spec    RequestSpec
	want    string // the terminal the model expects, set by the event that ended the request
	done    string // the terminal event received
	emitted int
}

type world struct {
	fail          func(format string, args ...any)
	c             *Core
	e             *fakeExec
	cfg           Config
	now           time.Time
	reqs          map[kvtypes.RequestID]*mreq
	order         []kvtypes.RequestID
	live          []kvtypes.RequestID
	sends         map[kvtypes.TransferID]SendPages
	recvs         map[kvtypes.TransferID]ReceivePages
	cancels       []kvtypes.TransferID
	held          map[kvtypes.TransferID]*heldXfer // every transfer the transport has and has not closed
	fenceTimeouts uint64
	dead          []ReceivePages
	closed        []kvtypes.TransferID
	pending       *pendingStep               // a Ready whose batch ran, waiting for Advance
	paused        map[kvtypes.RequestID]bool // paused by the engine and not resumed since
	trace         []string
	events        int
	eos           int32
	down          bool
	// Events are drawn from a PRNG seeded by rapid: rapid's draws lean hard towards small values,
	// which would make the rare events (shutdown, injected failures) common. Rapid still shrinks
	// the configuration and the number of events, and a failure prints the seed.
	rng *rand.Rand
}

func (w *world) intn(lo, hi int) int { return lo + w.rng.IntN(hi-lo+1) }

func pick[T any](w *world, xs []T) T { return xs[w.rng.IntN(len(xs))] }

type heldXfer struct {
	pages   []kvtypes.PageRef
	rp      *ReceivePages
	expired bool // the core's fence timed out while the transport still held it
	// when the core cancelled it (seen after the event that did)
	cancelledAt time.Time
}

type pendingStep struct {
	rd  Ready
	res StepResult
}

// newWorld draws a configuration from seed and builds a core and a fake executor for it.
func newWorld(t interface{ Fatalf(string, ...any) }, seed uint64) *world {
	w := &world{
		fail:   t.Fatalf,
		rng:    rand.New(rand.NewPCG(seed, 1)),
		now:    epoch0,
		reqs:   make(map[kvtypes.RequestID]*mreq),
		sends:  make(map[kvtypes.TransferID]SendPages),
		recvs:  make(map[kvtypes.TransferID]ReceivePages),
		held:   make(map[kvtypes.TransferID]*heldXfer),
		paused: make(map[kvtypes.RequestID]bool),
	}
	cfg := w.drawConfig()
	c, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	w.c, w.cfg, w.eos = c, c.cfg, cfg.EOS[0]
	w.e = newFakeExec(cfg.Pages, c.cfg.PageTokens, cfg.Vocab)
	return w
}

func (w *world) log(format string, args ...any) {
	w.trace = append(w.trace, fmt.Sprintf(format, args...))
	if len(w.trace) > 60 {
		w.trace = w.trace[len(w.trace)-40:]
	}
}

func (w *world) failf(format string, args ...any) {
	w.fail("%s\nlast events:\n  %s", fmt.Sprintf(format, args...), strings.Join(w.trace, "\n  "))
}

func (w *world) stops(m *mreq, tok int32) bool {
	return !m.spec.IgnoreEOS && tok == w.eos || slices.Contains(m.spec.StopTokens, tok)
}

// after runs the checks due after every event. why gives the terminal a request that ended during
// the event must report.
func (w *world) after(why func(m *mreq) string) {
	w.events++
	if err := w.c.Check(); err != nil {
		w.failf("Check: %v", err)
	}
	kept := w.live[:0]
	for _, id := range w.live {
		if w.c.State(id) != 0 {
			kept = append(kept, id)
			continue
		}
		m := w.reqs[id]
		m.want = why(m)
		if m.want == "" {
			w.failf("request %d ended unexpectedly", id)
		}
	}
	w.live = kept
	// Invariant 11: the clock only moves in Tick, so after any event no request is past a deadline.
	d := &w.cfg.Deadlines
	for _, r := range w.c.live {
		if w.now.Sub(r.since) > d.limit(r) || w.now.Sub(r.arrivedAt) > d.Total {
			w.failf("r%d %s since %v, arrived %v ago: past its deadline", r.id, r.state, w.now.Sub(r.since), w.now.Sub(r.arrivedAt))
		}
	}
	// Invariant 6: while the transport may touch a transfer's pages, none is freed (a free bumps
	// the generation), unless the core's fence timed out, which makes the transport a late writer.
	timeouts := int(w.c.st.fenceExpired - w.fenceTimeouts)
	w.fenceTimeouts = w.c.st.fenceExpired
	for id, h := range w.held {
		if h.expired {
			continue
		}
		t := w.c.xfers[id]
		if t != nil && t.cancelled && h.cancelledAt.IsZero() {
			h.cancelledAt = w.now
		}
		if t == nil {
			if timeouts--; timeouts < 0 {
				w.failf("transfer %d was closed while the transport holds it, without a fence time-out", id)
			}
			if h.cancelledAt.IsZero() || w.now.Sub(h.cancelledAt) < w.cfg.Deadlines.Fence {
				w.failf("fence of transfer %d timed out %v after the cancel (fence %v)", id, w.now.Sub(h.cancelledAt), w.cfg.Deadlines.Fence)
			}
			h.expired = true
			if h.rp != nil {
				w.dead = append(w.dead, *h.rp)
			}
			continue
		}
		for _, ref := range h.pages {
			if g := w.c.l.pages[ref.Page].gen; g != ref.Gen {
				w.failf("page %d of open transfer %d was freed (gen %d, transfer has %d)", ref.Page, id, g, ref.Gen)
			}
		}
	}
}

func none(*mreq) string { return "" }

func (w *world) submit(spec RequestSpec) {
	wantRej := kvtypes.RejectReason("")
	n := len(spec.Prompt)
	switch {
	case w.down:
		wantRej = kvtypes.RejectShuttingDown
	case spec.Tenant == "" || n == 0 || spec.MaxTokens < 1 || spec.Weight < 0 || spec.Weight > MaxWeight:
		wantRej = kvtypes.RejectInvalid
	case n+spec.MaxTokens > w.cfg.MaxContext:
		wantRej = kvtypes.RejectContextLength
	case w.c.nState[Waiting] >= w.cfg.MaxWaiting:
		wantRej = kvtypes.RejectOverloaded
	}
	res, err := w.c.Submit(w.now, spec)
	var rej *Rejection
	switch {
	case wantRej != "" && (!errors.As(err, &rej) || rej.Reason != wantRej):
		w.failf("submit %+v: got %v, want rejection %s", spec, err, wantRej)
	case wantRej == "" && err != nil:
		w.failf("submit %+v: %v", spec, err)
	case err == nil:
		m := &mreq{id: res.ID, spec: spec}
		w.reqs[res.ID] = m
		w.order = append(w.order, res.ID)
		w.live = append(w.live, res.ID)
		w.e.submitted(res.ID, spec)
		w.log("submit %s %s prompt=%d max=%d -> r%d", spec.Tenant, spec.Mode, n, spec.MaxTokens, res.ID)
	default:
		w.log("submit rejected: %v", err)
	}
	w.after(none)
}

// ready hands out a plan, executes its bookkeeping and its batch, and keeps the result for advance.
func (w *world) ready(stepErr bool) {
	rd := w.c.Ready()
	w.log("ready: batch %d, stamps %d, inval %d, emit %d, done %d, send %d, recv %d, cancel %d",
		len(rd.Batch), len(rd.Stamp), len(rd.Invalidate), len(rd.Emit), len(rd.Done), len(rd.Send), len(rd.Receive), len(rd.Cancel))
	if *debugTrace {
		for _, s := range rd.Batch {
			w.log("  seq r%d start %d tokens %v pages %v logits %v", s.Request, s.Start, s.Tokens, s.Pages, s.Logits)
		}
		for _, s := range rd.Stamp {
			w.log("  stamp %d %v", s.Page, s.Header)
		}
		w.log("  invalidate %v", rd.Invalidate)
		for _, r := range rd.Receive {
			w.log("  receive %+v", r)
		}
	}
	for _, em := range rd.Emit {
		m := w.reqs[em.Request]
		if m.done != "" || em.Index != m.emitted {
			w.failf("emit %+v for r%d (done %q, emitted %d)", em, m.id, m.done, m.emitted)
		}
		m.emitted++
	}
	for _, d := range rd.Done {
		m := w.reqs[d.Request]
		got := string(d.Finish)
		if d.Abort != "" {
			got = "abort:" + string(d.Abort)
		}
		switch {
		case m.done != "":
			w.failf("second terminal event %q for r%d (first %q)", got, m.id, m.done)
		case (d.Finish == "") == (d.Abort == ""):
			w.failf("terminal event %+v must carry exactly one of finish and abort", d)
		case got != m.want:
			w.failf("r%d ended with %q, the event that ended it implies %q (%s)", m.id, got, m.want, d.Message)
		case d.Generated != m.emitted:
			w.failf("r%d ended after %d tokens, %d were emitted", m.id, d.Generated, m.emitted)
		case got == string(kvtypes.FinishLength) && m.emitted != m.spec.MaxTokens:
			w.failf("r%d finished by length after %d of %d tokens", m.id, m.emitted, m.spec.MaxTokens)
		}
		m.done = got
		w.log("done r%d %s", m.id, got)
	}
	live := func(id kvtypes.RequestID, what string) {
		if w.c.State(id) == 0 || w.reqs[id].done != "" {
			w.failf("%s names request %d, which has ended", what, id)
		}
	}
	for _, s := range rd.Stamp {
		live(s.Header.Request, "a stamp")
	}
	for _, s := range rd.Send {
		live(s.Request, "a send")
		w.sends[s.Transfer] = s
		w.held[s.Transfer] = &heldXfer{pages: s.Pages}
	}
	for _, r := range rd.Receive {
		live(r.Request, "a receive")
		w.recvs[r.Transfer] = r
		w.held[r.Transfer] = &heldXfer{pages: r.Pages, rp: &r}
	}
	for _, id := range rd.Cancel {
		if rp, ok := w.recvs[id]; ok {
			w.dead = append(w.dead, rp)
		}
		_, s := w.sends[id]
		_, r := w.recvs[id]
		if s || r {
			delete(w.sends, id)
			delete(w.recvs, id)
			w.cancels = append(w.cancels, id)
		}
	}
	for i := range rd.Batch {
		s := &rd.Batch[i]
		live(s.Request, "a batch")
		if w.paused[s.Request] {
			w.failf("paused r%d is in a batch", s.Request)
		}
		r := w.c.reqs[s.Request]
		if !slices.Equal(s.Pages, r.pages[:len(s.Pages)]) || s.Tenant != r.t.key {
			w.failf("batch entry of r%d: pages %v tenant %v, it holds %v tenant %v", r.id, s.Pages, s.Tenant, r.pages, r.t.key)
		}
	}
	w.e.apply(rd)
	if err := w.e.checkHeaders(w.c); err != nil {
		w.failf("headers: %v", err)
	}
	res, err := w.e.run(rd)
	if err != nil {
		w.failf("%v", err)
	}
	if stepErr && len(rd.Batch) > 0 {
		res.Err = errors.New("injected step failure")
	}
	w.pending = &pendingStep{rd: rd, res: res}
	w.after(none)
}

func (w *world) advance() {
	p := w.pending
	w.pending = nil
	exp := make(map[kvtypes.RequestID]string)
	for i, s := range p.rd.Batch {
		r := w.c.reqs[s.Request]
		if r == nil {
			continue
		}
		m := w.reqs[s.Request]
		sr := p.res.Seqs[i]
		switch {
		case p.res.Err != nil:
			exp[m.id] = "abort:" + string(kvtypes.AbortInternal)
		case sr.Violation:
			exp[m.id] = "abort:" + string(kvtypes.AbortIsolation)
		case !s.Logits || r.mode == PrefillOnly:
		case w.stops(m, sr.Token):
			exp[m.id] = string(kvtypes.FinishStop)
		case m.emitted+1 >= m.spec.MaxTokens:
			exp[m.id] = string(kvtypes.FinishLength)
		}
	}
	err := w.c.Advance(p.res)
	if err != nil {
		w.failf("advance: %v", err)
	}
	w.log("advance %d seqs (err %v)", len(p.rd.Batch), p.res.Err)
	w.after(func(m *mreq) string { return exp[m.id] })
}
