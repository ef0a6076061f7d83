package node

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"net"
	"slices"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/tensor"
	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/kvwarden/kvwarden/internal/testenv/testmodel"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
	"github.com/kvwarden/kvwarden/internal/transfer"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

type fixture struct {
	m   *model.Model
	tok *tokenizer.Tokenizer
	f   *gguf.File
	dir string
	// adapters are the LoRA adapters the nodes the fixture starts run (NodeConfig.Adapters).
	adapters map[string]*model.Adapter
}

func load(t *testing.T) *fixture {
	t.Helper()
	m, tok, f := testmodel.Open(t, testmodel.Demo)
	dir := t.TempDir()
	if _, err := transfer.WriteDevCerts(dir, time.Now()); err != nil {
		t.Fatal(err)
	}
	return &fixture{m: m, tok: tok, f: f, dir: dir}
}

var secret = []byte("the tenant-key secret of the cluster")

// engineConfig is the tests' engine, changed by mutate (nil: as is).
func engineConfig(mutate func(*engine.Config)) engine.Config {
	cfg := engine.Config{Threads: 1, KVDType: tensor.F32, KVMemBytes: 4 << 20, StepTokens: 64, MaxRunning: 8, Secret: secret}
	if mutate != nil {
		mutate(&cfg)
	}
	return cfg
}

func (fx *fixture) engine(t *testing.T, mutate func(*engine.Config)) *engine.Engine {
	t.Helper()
	e, err := engine.New(fx.m, fx.tok, engineConfig(mutate))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// runningNode is a node on a loopback port; stop kills it as a crash would (connections closed,
// engine gone).
type runningNode struct {
	addr string
	e    *engine.Engine
	n    *Node
	stop func()
}

func (fx *fixture) node(t *testing.T, role string, mutate func(*engine.Config)) *runningNode {
	t.Helper()
	return fx.nodeSending(t, role, mutate, nil)
}

// nodeSending is node whose sends go through faults (nil: none), which wrap its transport.
func (fx *fixture) nodeSending(t *testing.T, role string, mutate func(*engine.Config), faults *transfer.Faults) *runningNode {
	t.Helper()
	n := fx.startNode(t, role, mutate, faults)
	t.Cleanup(n.Stop)
	return &runningNode{addr: n.Addr(), e: n.Engine, n: n, stop: n.Stop}
}

// startNode starts a node with the fixture's certificates; the caller stops it.
func (fx *fixture) startNode(t *testing.T, role string, mutate func(*engine.Config), faults *transfer.Faults) *Node {
	t.Helper()
	srvTLS, cliTLS, err := transfer.LoadTLS(fx.dir)
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cfg := NodeConfig{Role: role, Model: "demo", Listener: l, ServerTLS: srvTLS, ClientTLS: cliTLS,
		Weights: fx.m, Tokenizer: fx.tok, File: fx.f, Engine: engineConfig(mutate), SendTimeout: 5 * time.Second, Adapters: fx.adapters}
	if faults != nil {
		cfg.Sends = func(tr transfer.Transport) transfer.Transport { faults.T = tr; return faults }
	}
	n, err := StartNode(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func (fx *fixture) router(t *testing.T, pre, dec []*runningNode) *Router {
	t.Helper()
	return fx.routerProbing(t, pre, dec, 50*time.Millisecond)
}

// transport is a router's dialer with the fixture's certificates, closed when the test ends.
func (fx *fixture) transport(t *testing.T) *transfer.GRPCTransport {
	t.Helper()
	_, cliTLS, err := transfer.LoadTLS(fx.dir)
	if err != nil {
		t.Fatal(err)
	}
	tr := transfer.NewGRPCTransport(cliTLS)
	t.Cleanup(func() { tr.Close() })
	return tr
}

// routerProbing is router with another probe period.
func (fx *fixture) routerProbing(t *testing.T, pre, dec []*runningNode, probe time.Duration) *Router {
	t.Helper()
	tr := fx.transport(t)
	addrs := func(ns []*runningNode) (out []string) {
		for _, n := range ns {
			out = append(out, n.addr)
		}
		return out
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	r, err := NewRouter(ctx, RouterConfig{Prefill: addrs(pre), Decode: addrs(dec), Dial: tr, Weights: fx.f.WeightsHash(), Model: "demo", Probe: probe})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	return r
}

type result struct {
	toks   []engine.Token
	prompt []engine.Token // prompt logprobs
	finish kvtypes.FinishReason
	err    error
	usage  engine.Usage
}

func drain(st engine.Stream) result {
	var r result
	for ev := range st.Events() {
		if len(ev.Prompt) > 0 && len(r.toks) > 0 {
			r.err = errors.New("prompt logprobs after a generated token")
		}
		r.toks = append(r.toks, ev.Tokens...)
		r.prompt = append(r.prompt, ev.Prompt...)
		if ev.Done {
			r.finish, r.err, r.usage = ev.Finish, ev.Err, ev.Usage
		}
	}
	return r
}

func ids(ts []engine.Token) []int32 {
	out := make([]int32, len(ts))
	for i, t := range ts {
		out[i] = t.ID
	}
	return out
}

func sameToken(a, b engine.Token) bool {
	return a.ID == b.ID && a.Logprob == b.Logprob && slices.Equal(a.Top, b.Top)
}

func prompt(n, vocab int) []int32 {
	p := make([]int32, n)
	for i := range p {
		p[i] = int32(3 + (i*11)%(vocab-3))
	}
	return p
}

// TestRouterMatchesOneEngine: through a router, one prefill node and two decode nodes over mTLS
// gRPC on loopback give the tokens and logprobs of one engine, bit for bit; then a decode node
// dies, its requests end with an error, and the rest keep being served by the other.
func TestRouterMatchesOneEngine(t *testing.T) {
	fx := load(t)
	pre := fx.node(t, RolePrefill, nil)
	dec := []*runningNode{fx.node(t, RoleDecode, nil), fx.node(t, RoleDecode, nil)}
	r := fx.router(t, []*runningNode{pre}, dec)
	one := fx.engine(t, nil)
	defer one.Close()
	if r.Info().MaxContext != one.Info().MaxContext || r.Info().VocabSize != one.Info().VocabSize {
		t.Fatalf("router advertises %+v, one engine %+v", r.Info(), one.Info())
	}
	vocab := one.Info().VocabSize
	reqs := []engine.Request{
		{Spec: engine.Spec{Prompt: prompt(5, vocab), MaxTokens: 8, Sampling: sampler.Params{TopLogprobs: 3}}},
		{Spec: engine.Spec{Prompt: prompt(40, vocab), MaxTokens: 6, Sampling: sampler.Params{TopLogprobs: 0}}},
		{Spec: engine.Spec{Prompt: prompt(130, vocab), MaxTokens: 4, Sampling: sampler.Params{TopLogprobs: -1}}},
		{Spec: engine.Spec{Prompt: prompt(9, vocab), MaxTokens: 7, HasSeed: true, Sampling: sampler.Params{Temperature: 0.8, Seed: 7, TopLogprobs: 2}}},
		// logit_bias travels to both nodes: the first token (prefill node) and the rest (decode).
		{Spec: engine.Spec{Prompt: prompt(5, vocab), MaxTokens: 5, Sampling: sampler.Params{TopLogprobs: 1}, LogitBias: map[int32]float32{7: 100}}},
		// So does a structured output's grammar, which each node compiles into its constraint:
		// sampled, so that only the same mask on both nodes gives the same tokens.
		{Spec: engine.Spec{Prompt: prompt(6, vocab), MaxTokens: 20, HasSeed: true, Sampling: sampler.Params{Temperature: 1, Seed: 3, TopLogprobs: 2},
			Grammar: &engine.Grammar{Schema: []byte(`{"type":"object","properties":{"a":{"type":"integer"},"b":{"enum":["x","yy"]}},"required":["a","b"]}`)}}},
		// Prompt logprobs (echo with logprobs) come from the prefill node, before the first token.
		{Spec: engine.Spec{Prompt: prompt(12, vocab), MaxTokens: 3, Sampling: sampler.Params{TopLogprobs: 2}, PromptLogprobs: true}},
	}
	for i, q := range reqs {
		q.Tenant, q.IgnoreEOS = "tenant-uid-1", q.Grammar == nil
		st, err := one.Submit(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		want := drain(st)
		var ended []engine.Usage
		q.OnEnd = func(u engine.Usage) { ended = append(ended, u) }
		st, err = r.Submit(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		got := drain(st)
		if got.err != nil || got.finish != want.finish || !slices.EqualFunc(got.toks, want.toks, sameToken) {
			t.Fatalf("request %d through the router: %v %q %v\none engine: %q %v", i, got.err, got.finish, got.toks, want.finish, want.toks)
		}
		if !slices.EqualFunc(got.prompt, want.prompt, sameToken) || (q.PromptLogprobs && len(got.prompt) != len(q.Prompt)-1) {
			t.Fatalf("request %d: prompt logprobs through the router %v\none engine %v", i, got.prompt, want.prompt)
		}
		if q.Grammar != nil && (want.finish != kvtypes.FinishStop || !json.Valid([]byte(fx.tok.Decode(ids(want.toks))))) {
			t.Fatalf("request %d: constrained output %q (%s)", i, fx.tok.Decode(ids(want.toks)), want.finish)
		}
		if len(ended) != 1 || ended[0].CompletionTokens != want.usage.CompletionTokens || ended[0].PromptTokens != want.usage.PromptTokens {
			t.Fatalf("request %d: OnEnd %v, want one call with %+v", i, ended, want.usage)
		}
	}
	// The router's counters are the nodes' work, as their health checks last heard it (every
	// 50 ms here): what its /metrics and an operator's watchdog read.
	var wantPre, wantDec uint64
	for _, q := range reqs {
		wantPre += uint64(len(q.Prompt))
		wantDec += uint64(q.MaxTokens - 1) // the first token is the prefill node's
	}
	deadline := time.Now().Add(5 * time.Second)
	for st := r.Stats(); st.PrefillTokens < wantPre || st.DecodeTokens < wantDec; st = r.Stats() {
		if time.Now().After(deadline) {
			t.Fatalf("router counts %d prefill and %d decode tokens, want at least %d and %d", st.PrefillTokens, st.DecodeTokens, wantPre, wantDec)
		}
		time.Sleep(20 * time.Millisecond)
	}

	// Parameters no engine accepts are refused here, before the wire (whose JSON has no NaN).
	bad := reqs[0]
	bad.Tenant, bad.Sampling.Temperature = "tenant-uid-1", float32(math.NaN())
	var rej *engine.RejectError
	if _, err := r.Submit(context.Background(), bad); !errors.As(err, &rej) || rej.Reason != kvtypes.RejectInvalid {
		t.Fatalf("NaN temperature: %v", err)
	}
	// A constraint without its grammar is refused rather than silently dropped: the nodes could
	// not build it.
	constrained := reqs[0]
	constrained.Tenant, constrained.Constraint = "tenant-uid-1", refusedConstraint{}
	if _, err := r.Submit(context.Background(), constrained); !errors.As(err, &rej) || rej.Reason != kvtypes.RejectInvalid {
		t.Fatalf("constraint: %v", err)
	}

	// A decode node dies: it leaves the rotation and every request is served by the other.
	dec[0].stop()
	testenv.WaitFor(t, 10*time.Second, func() bool { return len(r.pick(RoleDecode, nil, nil)) == 1 })
	for range 3 {
		q := reqs[0]
		q.Tenant = "tenant-uid-1"
		st, err := r.Submit(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		if got := drain(st); got.err != nil || len(got.toks) != q.MaxTokens {
			t.Fatalf("after a decode node died: %v, %d tokens", got.err, len(got.toks))
		}
	}
}

// TestRouterNodeDiesMidRequest: a request whose node dies gets a clean error, never a hang.
func TestRouterNodeDiesMidRequest(t *testing.T) {
	for _, role := range []string{RolePrefill, RoleDecode} {
		t.Run(role, func(t *testing.T) {
			fx := load(t)
			// The victim node is slow enough (tiny steps) that the request is still running when it dies.
			slow := func(c *engine.Config) { c.StepTokens = 16 }
			pre := fx.node(t, RolePrefill, slow)
			dec := fx.node(t, RoleDecode, slow)
			r := fx.router(t, []*runningNode{pre}, []*runningNode{dec})
			q := engine.Request{Spec: engine.Spec{Tenant: "t", Prompt: prompt(100, r.Info().VocabSize), MaxTokens: 200, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}}
			st, err := r.Submit(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			victim := pre
			if role == RoleDecode {
				victim = dec
			}
			go victim.stop()
			res := make(chan result, 1)
			go func() { res <- drain(st) }()
			select {
			case got := <-res:
				if got.err == nil && len(got.toks) == q.MaxTokens && role == RoleDecode {
					t.Fatalf("the request finished on a node that died")
				}
				var ab *engine.AbortError
				if got.err != nil && !errors.As(got.err, &ab) {
					t.Fatalf("not an abort: %v", got.err)
				}
			case <-time.After(15 * time.Second):
				t.Fatal("the request hangs after its node died")
			}
		})
	}
}

// TestRouterRefusesAnotherModel: a node of another KV layout is refused at start-up.
func TestRouterRefusesAnotherModel(t *testing.T) {
	t.Run("a router of another CA", func(t *testing.T) {
		fx := load(t)
		pre, dec := fx.node(t, RolePrefill, nil), fx.node(t, RoleDecode, nil)
		other := t.TempDir()
		if _, err := transfer.WriteDevCerts(other, time.Now()); err != nil {
			t.Fatal(err)
		}
		_, cliTLS, err := transfer.LoadTLS(other)
		if err != nil {
			t.Fatal(err)
		}
		tr := transfer.NewGRPCTransport(cliTLS)
		defer tr.Close()
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		if r, err := NewRouter(ctx, RouterConfig{Prefill: []string{pre.addr}, Decode: []string{dec.addr}, Dial: tr, Weights: fx.f.WeightsHash()}); err == nil {
			r.Close()
			t.Fatal("nodes answered a router whose certificate their CA did not sign")
		}
	})
	fx := load(t)
	pre := fx.node(t, RolePrefill, nil)
	dec := fx.node(t, RoleDecode, func(c *engine.Config) { c.KVDType = tensor.F16 })
	_, cliTLS, err := transfer.LoadTLS(fx.dir)
	if err != nil {
		t.Fatal(err)
	}
	tr := transfer.NewGRPCTransport(cliTLS)
	defer tr.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for _, tc := range []struct {
		name    string
		weights [32]byte
		pre     []string
		dec     []string
	}{
		{"another KV layout", fx.f.WeightsHash(), []string{pre.addr}, []string{dec.addr}},
		{"another model file", [32]byte{1}, []string{pre.addr}, []string{pre.addr}},
		{"a prefill node given as decode", fx.f.WeightsHash(), []string{pre.addr}, []string{pre.addr}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := NewRouter(ctx, RouterConfig{Prefill: tc.pre, Decode: tc.dec, Dial: tr, Weights: tc.weights, Model: "demo"})
			if err == nil {
				r.Close()
				t.Fatal("router accepted the node")
			}
		})
	}
}

// refusedConstraint stands for a constraint that comes without its grammar.
type refusedConstraint struct{}

func (refusedConstraint) Allowed() []int32 { return nil }
func (refusedConstraint) Advance(int32)    {}

// TestRouterStatsPeerWaits: a node's requests in a hand-off wait on its peer, not on its queue:
// the router reports them apart (a healthy node's only), so its /metrics shows a request held up
// by a frozen peer as waiting on a peer, not as a queue that no longer moves.
func TestRouterStatsPeerWaits(t *testing.T) {
	for _, c := range []struct {
		name                  string
		nodes                 []*member
		waiting, transferring int
	}{
		{"idle", []*member{{healthy: true}, {healthy: true}}, 0, 0},
		{"queued", []*member{{healthy: true, last: Info{Queue: 3}}}, 3, 0},
		{"prefill node sending to a frozen decode node", []*member{
			{role: RolePrefill, healthy: true, last: Info{Queue: 1, Transferring: 1}},
			{role: RoleDecode, healthy: false, last: Info{}}}, 0, 1},
		{"both", []*member{{healthy: true, last: Info{Queue: 5, Transferring: 2}}, {healthy: true, last: Info{Queue: 1, Transferring: 1}}}, 3, 3},
		{"an unhealthy node's figures are stale", []*member{{healthy: false, last: Info{Queue: 4, Transferring: 2}}}, 0, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := (&Router{nodes: c.nodes}).Stats()
			if st.Waiting != c.waiting || st.Transferring != c.transferring {
				t.Errorf("waiting %d, transferring %d; want %d, %d", st.Waiting, st.Transferring, c.waiting, c.transferring)
			}
		})
	}
}

// TestRouterStalledHandOff: a hand-off held up by its peer (the prefill node's send stalls, as it
// does towards a frozen decode node) shows in the router's Stats as waiting on a peer, not as a
// queue: no node computes anything for it until keepalive or the send deadline ends it.
func TestRouterStalledHandOff(t *testing.T) {
	fx := load(t)
	pre := fx.nodeSending(t, RolePrefill, nil, &transfer.Faults{Kind: transfer.FaultStall})
	dec := fx.node(t, RoleDecode, nil)
	r := fx.router(t, []*runningNode{pre}, []*runningNode{dec})
	ctx, cancel := context.WithCancel(context.Background())
	q := engine.Request{Spec: engine.Spec{Tenant: "t", Prompt: prompt(20, r.Info().VocabSize), MaxTokens: 5, Sampling: sampler.Params{TopLogprobs: -1}}}
	st, err := r.Submit(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	res := make(chan result, 1)
	go func() { res <- drain(st) }()
	deadline := time.Now().Add(4 * time.Second) // within the prefill node's 5 s send deadline
	for {
		s := r.Stats()
		if s.Transferring == 2 { // the prefill node sending, the decode node awaiting the pages
			if s.Waiting != 0 {
				t.Fatalf("a stalled hand-off counted as queued: waiting %d, transferring %d", s.Waiting, s.Transferring)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the stalled hand-off never showed as waiting on a peer: waiting %d, transferring %d", s.Waiting, s.Transferring)
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	select {
	case got := <-res:
		if got.err == nil {
			t.Fatal("a request whose KV never arrived finished without an error")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the request hangs after its client left")
	}
}

// TestRouterLearnsModel: a router given no model file takes the model's name, tokenizer and
// chat template from its nodes.
func TestRouterLearnsModel(t *testing.T) {
	fx := load(t)
	pre, dec := fx.node(t, RolePrefill, nil), fx.node(t, RoleDecode, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	r, err := NewRouter(ctx, RouterConfig{Prefill: []string{pre.addr}, Decode: []string{dec.addr}, Dial: fx.transport(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	const text = "Once upon a time, <s> a tiny model said: héllo"
	if in := r.Info(); in.ModelName != "demo" || in.ChatTemplate != pre.e.Info().ChatTemplate || in.VocabSize != pre.e.Info().VocabSize {
		t.Errorf("router info %+v", in)
	}
	if got, want := r.Tokenizer().Encode(text, true, true), fx.tok.Encode(text, true, true); !slices.Equal(got, want) || r.Tokenizer().Decode(got) != fx.tok.Decode(want) {
		t.Errorf("router's tokenizer %v, the model's %v", got, want)
	}
}
