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

func (w *world) abort(id kvtypes.RequestID, reason kvtypes.AbortReason) {
	err := w.c.Abort(w.now, id, reason)
	wasLive := slices.Contains(w.live, id)
	if wasLive != (err == nil) {
		w.failf("abort r%d: %v (live %v)", id, err, wasLive)
	}
	w.log("abort r%d %s: %v", id, reason, err)
	w.after(func(m *mreq) string {
		if m.id == id {
			return "abort:" + string(reason)
		}
		return ""
	})
}

// pause plays the engine holding a request out of batches while its next mask is computed.
func (w *world) pause(id kvtypes.RequestID) {
	decoding := w.c.State(id) == Decoding
	err := w.c.Pause(w.now, id)
	if decoding != (err == nil) {
		w.failf("pause r%d: %v (decoding %v)", id, err, decoding)
	}
	if err == nil {
		w.paused[id] = true
	}
	w.log("pause r%d: %v", id, err)
	w.after(none)
}

// resume plays the mask arriving, possibly after its request ended (a late Resume).
func (w *world) resume(id kvtypes.RequestID) {
	alive := w.c.State(id) != 0
	err := w.c.Resume(w.now, id)
	if alive != (err == nil) {
		w.failf("resume r%d: %v (alive %v)", id, err, alive)
	}
	delete(w.paused, id)
	w.log("resume r%d: %v", id, err)
	w.after(none)
}

func (w *world) tick(d time.Duration) {
	w.now = w.now.Add(d)
	w.c.Tick(w.now)
	w.log("tick +%v", d)
	w.after(func(*mreq) string { return "abort:" + string(kvtypes.AbortDeadline) })
}

// dropTenant plays the operator removing a tenant: its cached pages go, its requests run on.
func (w *world) dropTenant(name string) {
	n := w.c.DropTenant(w.now, name)
	w.log("drop-tenant %s: %d pages", name, n)
	w.after(none)
	for i := range w.c.l.pages {
		if p := &w.c.l.pages[i]; p.state == pageCached && !p.doomed && w.c.tlist[p.tenant].name == name {
			w.failf("page %d of dropped tenant %s is still in the cache index", i, name)
		}
	}
}

func (w *world) shutdown() {
	w.down = true
	w.c.Shutdown(w.now)
	w.log("shutdown")
	w.after(func(*mreq) string { return "abort:" + string(kvtypes.AbortShutdown) })
}

func (w *world) closeID(id kvtypes.TransferID) {
	delete(w.held, id)
	delete(w.sends, id)
	delete(w.recvs, id)
	if i := slices.Index(w.cancels, id); i >= 0 {
		w.cancels = slices.Delete(w.cancels, i, i+1)
	}
	w.closed = append(w.closed, id)
}

// transferDone answers a transfer the transport holds (send, receive or cancel).
func (w *world) transferDone(id kvtypes.TransferID, ok bool) {
	open := w.c.xfers[id] != nil
	s, isSend := w.sends[id]
	if rp, isRecv := w.recvs[id]; isRecv {
		w.dead = append(w.dead, rp)
	}
	err := w.c.TransferDone(w.now, id, ok)
	if open != (err == nil) {
		w.failf("transfer done %d: %v (open %v)", id, err, open)
	}
	w.closeID(id)
	w.log("transfer done %d ok=%v: %v", id, ok, err)
	w.after(func(m *mreq) string {
		if isSend && m.id == s.Request && ok {
			return string(kvtypes.FinishTransferred)
		}
		return "abort:" + string(kvtypes.AbortTransfer)
	})
}

// Receive behaviours.
const (
	rcvCorrect = iota
	rcvSkipPage
	rcvShortTokens
	rcvWrongRequest
	rcvWrongGen
	rcvWrongPage
	rcvBadFirst
	numRcv
)

func (w *world) receive(id kvtypes.TransferID, how, pick int) {
	rp := w.recvs[id]
	t := w.c.xfers[id]
	commit := t != nil && !t.cancelled && how == rcvCorrect
	src := w.e.expect[rp.Request]
	skip := func(i int) bool { return how == rcvSkipPage && i == pick%len(rp.Pages) }
	m := w.e.receive(rp, src, skip)
	m.First = int32(w.intn(0, w.cfg.Vocab-1))
	switch how {
	case rcvShortTokens:
		m.Tokens -= 1 + pick%rp.Tokens
	case rcvWrongRequest:
		m.Request += kvtypes.RequestID(1 + pick%3)
	case rcvWrongGen:
		m.Pages[pick%len(m.Pages)].Header.Gen++
	case rcvWrongPage:
		m.Pages[pick%len(m.Pages)].Page = kvtypes.PageID((int(m.Pages[pick%len(m.Pages)].Page) + 1 + pick%(w.cfg.Pages-1)) % w.cfg.Pages)
	case rcvBadFirst:
		m.First = int32(w.cfg.Vocab + pick%3)
	}
	// A correct receive whose pages a late writer reached first cannot commit either.
	if commit {
		for _, p := range m.Pages {
			if p.Header != (kvtypes.Header{Tenant: rp.Tenant, Request: rp.Request, Gen: p.Header.Gen, Written: true}) {
				commit = false
			}
		}
	}
	err := w.c.PagesReceived(w.now, m)
	if commit != (err == nil) {
		w.failf("pages received %d (how %d): %v, want commit %v", id, how, err, commit)
	}
	if how == rcvWrongRequest && t != nil && !t.cancelled {
		// The core could not trust the report, so it fenced the pages and cancels the transfer.
		delete(w.recvs, id)
		w.cancels = append(w.cancels, id)
	} else {
		w.closeID(id)
	}
	if !commit {
		// Late-write material: its identity is stale once the pages are freed. A committed
		// transfer's duplicate writes carry a live identity; catching those is the transport's
		// job (it writes only unwritten pages) and the checksums', not the headers'.
		w.dead = append(w.dead, rp)
	}
	w.log("pages received %d how=%d: %v", id, how, err)
	mr, first := w.reqs[rp.Request], m.First
	w.after(func(m *mreq) string {
		if m != mr {
			return ""
		}
		if !commit {
			return "abort:" + string(kvtypes.AbortTransfer)
		}
		if w.stops(m, first) {
			return string(kvtypes.FinishStop)
		}
		if m.spec.MaxTokens == 1 {
			return string(kvtypes.FinishLength)
		}
		return ""
	})
}

func (w *world) stale(pick int, done bool) {
	id := w.closed[pick%len(w.closed)]
	if w.c.xfers[id] != nil {
		return // the id is still open on the core's side (a fence): not stale
	}
	var err error
	if done {
		err = w.c.TransferDone(w.now, id, pick%2 == 0)
	} else {
		err = w.c.PagesReceived(w.now, Received{Transfer: id, Request: kvtypes.RequestID(pick)})
	}
	if !errors.Is(err, ErrUnknownTransfer) {
		w.failf("stale event on transfer %d: %v", id, err)
	}
	w.log("stale %d", id)
	w.after(none)
}

func (w *world) lateWrite(pick, page int) {
	rp := w.dead[pick%len(w.dead)]
	i := page % len(rp.Pages)
	w.e.lateWrite(rp, i, w.e.expect[rp.Request])
	w.log("late write of transfer %d onto page %d", rp.Transfer, rp.Pages[i].Page)
	w.events++ // no core event, but the next checks must hold after it
}

// drain stops arrivals and runs everything to completion: transports fail what they hold, the
// engine keeps stepping, the clock runs past every deadline. Then the pool must be whole.
func (w *world) drain() {
	for _, id := range slices.Sorted(mapsKeys(w.paused)) {
		w.resume(id)
	}
	for i := 0; ; i++ {
		if i > 10000 {
			w.failf("no drain after %d rounds: %d live, stats %+v", i, len(w.live), w.c.Stats())
		}
		if w.pending != nil {
			w.advance()
		}
		for _, id := range slices.Sorted(mapsKeys(w.sends)) {
			w.transferDone(id, i%2 == 0)
		}
		for _, id := range slices.Sorted(mapsKeys(w.recvs)) {
			w.transferDone(id, false)
		}
		for len(w.cancels) > 0 {
			w.transferDone(w.cancels[0], true)
		}
		w.ready(false)
		w.advance()
		st := w.c.Stats()
		if len(w.live) == 0 && st.PagesQuarantined == 0 && len(w.c.xfers) == 0 && !w.c.HasReady() {
			break
		}
		w.tick(100 * time.Millisecond)
	}
	w.ready(false) // deliver the last terminal events
	w.advance()
	for _, id := range w.order {
		if m := w.reqs[id]; m.done == "" {
			w.failf("r%d never got a terminal event (want %q)", id, m.want)
		}
	}
	st := w.c.Stats()
	if st.PagesOwned != 0 || st.PagesQuarantined != 0 || st.PagesCached != st.PagesIdle {
		w.failf("after drain: %+v", st)
	}
	w.c.DropCache()
	if st := w.c.Stats(); st.PagesFree != st.PagesTotal {
		w.failf("after drain and DropCache: %d of %d pages free", st.PagesFree, st.PagesTotal)
	}
	if err := w.c.Check(); err != nil {
		w.failf("after drain: %v", err)
	}
	eventsChecked.Add(int64(w.events))
}

func mapsKeys[K comparable, V any](m map[K]V) func(func(K) bool) {
	return func(yield func(K) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// drawConfig picks a small pool so pages churn, preemption and eviction happen often.
func (w *world) drawConfig() Config {
	P := pick(w, []int{1, 2, 4, 8})
	pages := w.intn(4, 48)
	step := w.intn(4, 48)
	return Config{
		Pages:       pages,
		PageTokens:  P,
		MaxContext:  pages * P,
		StepTokens:  step,
		MaxRunning:  w.intn(1, min(step, 8)),
		MaxWaiting:  w.intn(2, 16),
		Vocab:       40,
		EOS:         []int32{0},
		Secret:      testSecret(),
		PrefixCache: w.intn(0, 3) > 0,
		Nonce:       w.rng.Uint64(),
		Deadlines: Deadlines{
			Waiting: 400 * time.Millisecond, Admitted: 100 * time.Millisecond, Prefilling: 300 * time.Millisecond,
			Transferring: 200 * time.Millisecond, Decoding: 600 * time.Millisecond, Total: 2 * time.Second,
			Fence: 150 * time.Millisecond,
		},
	}
}

var tenantNames = []string{"acme", "blue", "coral", "dune"}

// drawSpec builds prompts from a few shared bases (the same token sequences for every tenant, so
// any cross-tenant sharing would be caught) plus a random tail.
func (w *world) drawSpec(bases [][]int32) RequestSpec {
	spec := RequestSpec{Tenant: pick(w, tenantNames)}
	b := bases[w.intn(0, len(bases)-1)]
	cut := w.intn(0, len(b))
	spec.Prompt = append(spec.Prompt, b[:cut]...)
	for range w.intn(0, 2*w.cfg.PageTokens+1) {
		spec.Prompt = append(spec.Prompt, int32(w.intn(1, w.cfg.Vocab-1)))
	}
	spec.MaxTokens = w.intn(1, 3*w.cfg.PageTokens+2)
	spec.IgnoreEOS = w.intn(0, 3) == 0
	if w.intn(0, 3) == 0 {
		spec.StopTokens = []int32{int32(w.intn(1, w.cfg.Vocab-1))}
	}
	switch w.intn(0, 9) {
	case 0, 1:
		spec.Mode = PrefillOnly
	case 2, 3:
		spec.Mode = DecodeOnly
	}
	spec.Weight = pick(w, []int{0, 1, 2, 5}) // a tenant's weight may change between its requests
	switch w.intn(0, 24) {
	case 0:
		spec.Tenant = ""
	case 1:
		spec.Prompt = nil
	case 2:
		spec.MaxTokens = w.cfg.MaxContext
	case 3:
		spec.MaxTokens = 0
	case 4:
		spec.Weight = pick(w, []int{-1, MaxWeight + 1})
	}
	return spec
}

func (w *world) randomEvent(bases [][]int32) {
	switch k := w.intn(0, 999); {
	case k < 150:
		if !w.down {
			w.submit(w.drawSpec(bases))
		}
	case k < 570:
		if len(w.live) > 0 {
			w.pause(w.live[w.intn(0, len(w.live)-1)])
		}
	case k < 585:
		if len(w.paused) > 0 {
			ids := slices.Sorted(mapsKeys(w.paused))
			w.resume(ids[w.intn(0, len(ids)-1)])
		}
	case k < 600:
		if w.pending == nil {
			w.ready(w.intn(0, 80) == 0)
		} else {
			w.advance()
		}
	case k < 640:
		if len(w.live) > 0 {
			id := w.live[w.intn(0, len(w.live)-1)]
			w.abort(id, pick(w, []kvtypes.AbortReason{kvtypes.AbortCancelled, kvtypes.AbortCancelled, kvtypes.AbortShutdown, kvtypes.AbortInternal}))
		}
	case k < 720:
		d := time.Duration(w.intn(1, 30)) * time.Millisecond
		if w.intn(0, 9) == 0 {
			d *= 15
		}
		w.tick(d)
	case k < 780:
		if len(w.sends) > 0 {
			ids := slices.Sorted(mapsKeys(w.sends))
			w.transferDone(ids[w.intn(0, len(ids)-1)], w.intn(0, 3) > 0)
		}
	case k < 870:
		if len(w.recvs) > 0 {
			ids := slices.Sorted(mapsKeys(w.recvs))
			id := ids[w.intn(0, len(ids)-1)]
			switch how := w.intn(0, 2*numRcv); {
			case how < numRcv:
				w.receive(id, how, w.intn(0, 1000))
			case how < numRcv+2:
				w.transferDone(id, how == numRcv)
			default:
				w.receive(id, rcvCorrect, 0)
			}
		}
	case k < 920:
		if len(w.cancels) > 0 {
			w.transferDone(w.cancels[w.intn(0, len(w.cancels)-1)], w.rng.IntN(2) == 0)
		}
	case k < 950:
		if len(w.closed) > 0 {
			w.stale(w.intn(0, 1<<20), w.rng.IntN(2) == 0)
		}
	case k < 996:
		if len(w.dead) > 0 && w.intn(0, 2) == 0 {
			w.lateWrite(w.intn(0, 1<<20), w.intn(0, 64))
		}
	case k < 999:
		w.dropTenant(pick(w, tenantNames))
	default:
		if w.intn(0, 49) == 0 {
			w.shutdown()
		}
	}
}

func (w *world) drawBases() [][]int32 {
	cfg := w.cfg
	bases := make([][]int32, 3)
	for i := range bases {
		n := w.intn(1, 4*cfg.PageTokens+3)
		for range n {
			bases[i] = append(bases[i], int32(w.intn(1, cfg.Vocab-1)))
		}
	}
	return bases
}

// TestPropertyLifecycle is the main random-event test of one node (local, prefill-only and
// decode-only requests, with a fake transport that fails, lies and writes late).
func TestPropertyLifecycle(t *testing.T) {
	before := eventsChecked.Load()
	defer func() {
		// The brief: at least 100,000 checked events in a normal run (rapid's default 100 checks).
		if n := eventsChecked.Load() - before; !t.Failed() && flag.Lookup("rapid.checks").Value.String() == "100" && n < 100_000 {
			t.Errorf("only %d events checked", n)
		}
	}()
	checks(t, 600, func(rt *rapid.T) {
		w := newWorld(rt, rapid.Uint64().Draw(rt, "seed"))
		bases := w.drawBases()
		n := rapid.IntRange(500, 2500).Draw(rt, "events")
		for range n {
			w.randomEvent(bases)
		}
		w.drain()
	})
}
