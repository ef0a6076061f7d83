package core

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// The legal transitions, written out independently of legalMoves.
var wantLegal = map[Mode][]string{
	Local: {
		"waiting→admitted", "waiting→aborted",
		"admitted→prefilling", "admitted→aborted",
		"prefilling→decoding", "prefilling→waiting", "prefilling→aborted",
		"decoding→waiting", "decoding→finished", "decoding→aborted",
	},
	PrefillOnly: {
		"waiting→admitted", "waiting→aborted",
		"admitted→prefilling", "admitted→aborted",
		"prefilling→transferring", "prefilling→waiting", "prefilling→aborted",
		"transferring→finished", "transferring→aborted",
	},
	DecodeOnly: {
		"waiting→admitted", "waiting→aborted",
		"admitted→transferring", "admitted→aborted",
		"transferring→decoding", "transferring→aborted",
	},
}

func TestTransitionTable(t *testing.T) {
	for _, m := range []Mode{Local, PrefillOnly, DecodeOnly, Mode(7)} {
		for from := State(0); from <= numStates; from++ {
			for to := State(0); to <= numStates; to++ {
				name := fmt.Sprintf("%s→%s", from, to)
				want := false
				for _, l := range wantLegal[m] {
					want = want || l == name
				}
				if got := legal(m, from, to); got != want {
					t.Errorf("%s %s: legal = %v, want %v", m, name, got, want)
				}
			}
		}
	}
}

// TestIllegalMoveRefused: move refuses an illegal transition loudly (error, counted, state kept),
// and moveOrAbort turns it into an "internal" abort rather than a half-moved request.
func TestIllegalMoveRefused(t *testing.T) {
	for _, m := range []Mode{Local, PrefillOnly, DecodeOnly} {
		for from := Waiting; from < numStates; from++ {
			for to := Waiting; to < numStates; to++ {
				if legal(m, from, to) {
					continue
				}
				c := newTestCore(t, Config{})
				r := &request{id: 1, mode: m, state: from, t: &tenant{}}
				err := c.move(r, to)
				if err == nil || !strings.Contains(err.Error(), "illegal transition") {
					t.Fatalf("%s %s→%s: err %v", m, from, to, err)
				}
				if r.state != from || c.st.internal != 1 || c.Check() == nil {
					t.Fatalf("%s %s→%s: state %s, internal %d", m, from, to, r.state, c.st.internal)
				}
			}
		}
	}
	c := newTestCore(t, Config{})
	res, _ := c.Submit(epoch0, RequestSpec{Tenant: "a", Prompt: []int32{1}, MaxTokens: 1})
	r := c.reqs[res.ID]
	if c.moveOrAbort(r, Decoding) {
		t.Fatal("waiting→decoding accepted")
	}
	rd := c.Ready()
	if len(rd.Done) != 1 || rd.Done[0].Abort != kvtypes.AbortInternal || rd.Done[0].Finish != "" {
		t.Fatalf("illegal move did not abort as internal: %+v", rd.Done)
	}
}

// TestTerminalAbsorbing: once a request is terminal, no event moves it or emits a second terminal.
func TestTerminalAbsorbing(t *testing.T) {
	c := newTestCore(t, Config{})
	res, err := c.Submit(epoch0, RequestSpec{Tenant: "a", Prompt: []int32{1, 2}, MaxTokens: 3})
	if err != nil {
		t.Fatal(err)
	}
	r := c.reqs[res.ID]
	if err := c.Abort(epoch0, res.ID, kvtypes.AbortCancelled); err != nil {
		t.Fatal(err)
	}
	for _, reason := range []kvtypes.AbortReason{kvtypes.AbortCancelled, kvtypes.AbortDeadline, kvtypes.AbortIsolation} {
		if err := c.Abort(epoch0, res.ID, reason); !errors.Is(err, ErrUnknownRequest) {
			t.Fatalf("second abort: %v", err)
		}
	}
	c.abort(r, kvtypes.AbortInternal, "again") // even internally
	c.finish(r, kvtypes.FinishLength)
	rd := c.Ready()
	if len(rd.Done) != 1 || rd.Done[0].Abort != kvtypes.AbortCancelled {
		t.Fatalf("terminal events %+v", rd.Done)
	}
	if r.state != Aborted || c.st.internal != 1 { // the refused finish is counted
		t.Fatalf("state %s internal %d", r.state, c.st.internal)
	}
	c.Advance(StepResult{})
}

func newTestCore(t testing.TB, cfg Config) *Core {
	t.Helper()
	if cfg.Pages == 0 {
		cfg.Pages = 16
	}
	if cfg.PageTokens == 0 {
		cfg.PageTokens = 4
	}
	if cfg.MaxContext == 0 {
		cfg.MaxContext = cfg.Pages * cfg.PageTokens
	}
	if cfg.StepTokens == 0 {
		cfg.StepTokens = 32
	}
	if cfg.MaxRunning == 0 {
		cfg.MaxRunning = 8
	}
	if cfg.Secret == nil {
		cfg.Secret = testSecret()
	}
	if cfg.EOS == nil {
		cfg.EOS = []int32{0}
	}
	if cfg.Vocab == 0 {
		cfg.Vocab = 100
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestAdmissionRejects(t *testing.T) {
	c := newTestCore(t, Config{Pages: 8, PageTokens: 4, MaxContext: 20, MaxWaiting: 2, Vocab: 50})
	for _, tc := range []struct {
		spec   RequestSpec
		reason kvtypes.RejectReason
		msg    string
	}{
		{RequestSpec{Tenant: "a", Prompt: []int32{1}, MaxTokens: 20}, kvtypes.RejectContextLength, "prompt 1 + max_tokens 20 = 21 > context 20"},
		{RequestSpec{Tenant: "a", Prompt: make([]int32, 15), MaxTokens: 6}, kvtypes.RejectContextLength, "prompt 15 + max_tokens 6 = 21 > context 20"},
		{RequestSpec{Tenant: "a", Prompt: []int32{1}, MaxTokens: math.MaxInt}, kvtypes.RejectContextLength, "max_tokens 9223372036854775807 > context 20"},
		{RequestSpec{Tenant: "a", MaxTokens: 1}, kvtypes.RejectInvalid, "empty prompt"},
		{RequestSpec{Tenant: "", Prompt: []int32{1}, MaxTokens: 1}, kvtypes.RejectInvalid, "missing tenant"},
		{RequestSpec{Tenant: "a", Prompt: []int32{1}, MaxTokens: 0}, kvtypes.RejectInvalid, "max_tokens 0 < 1"},
		{RequestSpec{Tenant: "a", Prompt: []int32{1, 50}, MaxTokens: 1}, kvtypes.RejectInvalid, "prompt token 50 at position 1 outside the vocabulary of 50"},
		{RequestSpec{Tenant: "a", Prompt: []int32{1, -1}, MaxTokens: 1}, kvtypes.RejectInvalid, "prompt token -1 at position 1"},
		{RequestSpec{Tenant: "a", Prompt: []int32{1}, MaxTokens: 1, StopTokens: []int32{99}}, kvtypes.RejectInvalid, "stop token 99"},
		{RequestSpec{Tenant: "a", Prompt: []int32{1}, MaxTokens: 1, Mode: 9}, kvtypes.RejectInvalid, "unknown mode"},
	} {
		_, err := c.Submit(epoch0, tc.spec)
		var rej *Rejection
		if !errors.As(err, &rej) || rej.Reason != tc.reason || !strings.Contains(rej.Message, tc.msg) {
			t.Errorf("%+v: got %v, want %s containing %q", tc.spec, err, tc.reason, tc.msg)
		}
	}
	if st := c.Stats(); st.Waiting != 0 || st.PagesFree != 8 || len(c.reqs) != 0 || c.nextID != 0 {
		t.Fatalf("rejections left state behind: %+v", st)
	}
	ok := RequestSpec{Tenant: "a", Prompt: make([]int32, 15), MaxTokens: 5}
	for range 2 {
		if _, err := c.Submit(epoch0, ok); err != nil {
			t.Fatal(err)
		}
	}
	_, err := c.Submit(epoch0, ok)
	var rej *Rejection
	if !errors.As(err, &rej) || rej.Reason != kvtypes.RejectOverloaded || rej.Message != "2 requests waiting (limit 2)" {
		t.Fatalf("overload: %v", err)
	}
	st := c.Stats()
	if st.Rejected[kvtypes.RejectContextLength] != 3 || st.Rejected[kvtypes.RejectInvalid] != 7 || st.Rejected[kvtypes.RejectOverloaded] != 1 {
		t.Fatalf("rejection counts %v", st.Rejected)
	}
}

// TestPoolCapacityDefence: the pool check stands on its own. New already refuses a context larger
// than the pool, so this switches that gate off by hand.
func TestPoolCapacityDefence(t *testing.T) {
	c := newTestCore(t, Config{Pages: 4, PageTokens: 4})
	c.cfg.MaxContext = 1 << 20 // as if the start-up gate had been bypassed
	_, err := c.Submit(epoch0, RequestSpec{Tenant: "a", Prompt: make([]int32, 10), MaxTokens: 7})
	var rej *Rejection
	if !errors.As(err, &rej) || rej.Reason != kvtypes.RejectPoolCapacity ||
		rej.Message != "prompt 10 + max_tokens 7 = 17 > KV pool of 16 tokens (4 pages × 4)" {
		t.Fatalf("got %v", err)
	}
}

func TestNewRefuses(t *testing.T) {
	base := Config{Pages: 8, PageTokens: 4, MaxContext: 32, Secret: testSecret()}
	for _, tc := range []struct {
		edit func(*Config)
		msg  string
	}{
		{func(c *Config) { c.MaxContext = 33 }, "max context 33 exceeds the KV pool of 32 tokens (8 pages × 4)"},
		{func(c *Config) { c.MaxContext = 0 }, "max context 0"},
		{func(c *Config) { c.Pages = 0 }, "0 pages"},
		{func(c *Config) { c.Secret = []byte("short") }, "secret of 5 bytes"},
		{func(c *Config) { c.Secret = nil }, "secret of 0 bytes"},
		{func(c *Config) { c.StepTokens, c.MaxRunning = 8, 9 }, "max running 9 exceeds the step budget of 8"},
		{func(c *Config) { c.Deadlines.Fence = -time.Second }, "fence deadline -1s is negative"},
		{func(c *Config) { c.Vocab, c.EOS = 10, []int32{10} }, "end-of-generation token 10"},
	} {
		cfg := base
		tc.edit(&cfg)
		if _, err := New(cfg); err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("got %v, want %q", err, tc.msg)
		}
	}
	c, err := New(base)
	if err != nil {
		t.Fatal(err)
	}
	if d := c.cfg.Deadlines; d != DefaultDeadlines {
		t.Fatalf("zero deadlines did not take the defaults: %+v", d)
	}
}

func TestTenantKey(t *testing.T) {
	a, err := TenantKeyOf(testSecret(), "acme")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := TenantKeyOf(testSecret(), "blue")
	a2, _ := TenantKeyOf([]byte("another-secret-of-enough-bytes"), "acme")
	if a == b || a == a2 || a == (kvtypes.TenantKey{}) {
		t.Fatal("tenant keys must differ by tenant and by secret")
	}
	if _, err := TenantKeyOf(testSecret(), ""); err == nil {
		t.Fatal("empty tenant accepted: there is no global cache")
	}
}

func TestAPIMisuse(t *testing.T) {
	c := newTestCore(t, Config{})
	if err := c.Advance(StepResult{}); !errors.Is(err, ErrNoReady) {
		t.Fatalf("Advance without Ready: %v", err)
	}
	if err := c.Abort(epoch0, 42, kvtypes.AbortCancelled); !errors.Is(err, ErrUnknownRequest) {
		t.Fatalf("abort unknown: %v", err)
	}
	res, _ := c.Submit(epoch0, RequestSpec{Tenant: "a", Prompt: []int32{1, 2, 3}, MaxTokens: 2})
	if err := c.Abort(epoch0, res.ID, "because"); !errors.Is(err, ErrBadReason) {
		t.Fatalf("bad reason: %v", err)
	}
	if err := c.TransferDone(epoch0, 12345, true); !errors.Is(err, ErrUnknownTransfer) {
		t.Fatalf("unknown transfer: %v", err)
	}
	if err := c.PagesReceived(epoch0, Received{Transfer: 12345}); !errors.Is(err, ErrUnknownTransfer) {
		t.Fatalf("unknown transfer: %v", err)
	}
	rd1 := c.Ready()
	rd2 := c.Ready() // same plan until Advance
	if len(rd1.Batch) != 1 || len(rd2.Batch) != 1 || &rd1.Batch[0] != &rd2.Batch[0] {
		t.Fatal("a second Ready before Advance must return the same plan")
	}
	// A result of the wrong length fails the whole step, loudly.
	if err := c.Advance(StepResult{}); err == nil {
		t.Fatal("short step result accepted")
	}
	rd := c.Ready()
	if len(rd.Done) != 1 || rd.Done[0].Abort != kvtypes.AbortInternal {
		t.Fatalf("%+v", rd.Done)
	}
	c.Advance(StepResult{})
	if st := c.Stats(); st.PagesFree != st.PagesTotal || st.StaleEvents != 2 {
		t.Fatalf("%+v", st)
	}
	// A sampled token outside the vocabulary is an engine bug: the request is aborted.
	res, _ = c.Submit(epoch0, RequestSpec{Tenant: "a", Prompt: []int32{1, 2, 3}, MaxTokens: 2})
	rd = c.Ready()
	c.Advance(StepResult{Seqs: []SeqResult{{Token: 1000}}})
	rd = c.Ready()
	if len(rd.Done) != 1 || rd.Done[0].Abort != kvtypes.AbortInternal || !strings.Contains(rd.Done[0].Message, "outside the vocabulary") {
		t.Fatalf("%+v", rd.Done)
	}
	c.Advance(StepResult{})
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
}

func TestHasReady(t *testing.T) {
	c := newTestCore(t, Config{})
	if c.HasReady() {
		t.Fatal("idle core has work")
	}
	res, _ := c.Submit(epoch0, RequestSpec{Tenant: "a", Prompt: []int32{1, 2, 3}, MaxTokens: 1})
	if !c.HasReady() {
		t.Fatal("waiting request, no work")
	}
	rd := c.Ready()
	if rd.Empty() || !c.HasReady() {
		t.Fatal("plan in flight")
	}
	c.Advance(StepResult{Seqs: []SeqResult{{Token: 5}}})
	if !c.HasReady() { // the terminal event is still to be delivered
		t.Fatal("pending output, no work")
	}
	rd = c.Ready()
	if len(rd.Emit) != 1 || len(rd.Done) != 1 || rd.Done[0].Request != res.ID {
		t.Fatalf("%+v", rd)
	}
	c.Advance(StepResult{})
	if c.HasReady() {
		t.Fatal("drained core has work")
	}
}

// TestCheckCatchesDoubleReturn: the invariant checker that tests (and node-level soak tests, via
// engine.Check) rely on to prove "every page returned exactly once" does catch a page returned
// twice, or returned while a request still holds it.
func TestCheckCatchesDoubleReturn(t *testing.T) {
	for _, tc := range []struct {
		name string
		bug  func(c *Core, held int32)
	}{
		{"a page released twice", func(c *Core, held int32) {
			ref, _ := c.l.alloc(0, 99)
			c.l.release(int32(ref.Page))
			c.l.release(int32(ref.Page))
		}},
		{"a page released while its request holds it", func(c *Core, held int32) { c.l.release(held) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newTestCore(t, Config{})
			if _, err := c.Submit(epoch0, RequestSpec{Tenant: "acme", Prompt: []int32{1, 2, 3, 4, 5, 6}, MaxTokens: 4}); err != nil {
				t.Fatal(err)
			}
			rd := c.Ready()
			if len(rd.Batch) != 1 || len(c.live) != 1 || len(c.live[0].pages) == 0 {
				t.Fatalf("the request did not start: %+v", rd)
			}
			if err := c.Check(); err != nil {
				t.Fatalf("before the bug: %v", err)
			}
			tc.bug(c, int32(c.live[0].pages[0].Page))
			if err := c.Check(); err == nil {
				t.Fatal("Check passed a page returned twice")
			}
		})
	}
}
