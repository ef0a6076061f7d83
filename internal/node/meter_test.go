package node

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"google.golang.org/grpc"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/transfer"
)

// TestRouterChargesWhatItForwarded: however a routed request ends — its client hangs up or
// cancels mid-stream, its decode node is lost, its hand-off fails — the router's OnEnd reports at
// least the tokens it forwarded and, once the prefill node computed it, the prompt: the server
// bills the tenant from it. (It reported nothing on every such ending: a client reading 800 of
// 1,000 tokens and hanging up paid for none.)
func TestRouterChargesWhatItForwarded(t *testing.T) {
	for _, c := range []struct {
		name       string
		read       int // tokens the client reads before the ending
		end        func(st engine.Stream, cancel context.CancelFunc, pre, dec *runningNode)
		faults     *transfer.Faults // on the prefill node's sends
		wantAbort  kvtypes.AbortReason
		wantPrompt bool
	}{
		{name: "client hangs up after 800 of 1,000", read: 800, end: func(st engine.Stream, _ context.CancelFunc, _, _ *runningNode) { st.Close() }, wantPrompt: true},
		{name: "client cancels after 300", read: 300, end: func(_ engine.Stream, cancel context.CancelFunc, _, _ *runningNode) { cancel() },
			wantAbort: kvtypes.AbortCancelled, wantPrompt: true},
		{name: "decode node lost after 300", read: 300, end: func(_ engine.Stream, _ context.CancelFunc, _, dec *runningNode) { go dec.stop() },
			wantAbort: kvtypes.AbortNodeLost, wantPrompt: true},
		{name: "hand-off fails", faults: &transfer.Faults{Kind: transfer.FaultKillConn}, wantPrompt: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			fx := load(t)
			slow := func(cfg *engine.Config) { cfg.StepTokens = 16 }
			pre := fx.nodeSending(t, RolePrefill, slow, c.faults)
			dec := fx.node(t, RoleDecode, slow)
			r := fx.router(t, []*runningNode{pre}, []*runningNode{dec})
			ended := make(chan engine.Usage, 2)
			q := engine.Request{Spec: engine.Spec{Tenant: "t", Prompt: prompt(40, r.Info().VocabSize), MaxTokens: 1000, IgnoreEOS: true,
				Sampling: sampler.Params{TopLogprobs: -1}}, OnEnd: func(u engine.Usage) { ended <- u }}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			st, err := r.Submit(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			read := 0
			var last engine.Event
			for ev := range st.Events() {
				read += len(ev.Tokens)
				last = ev
				if c.end != nil && read >= c.read {
					c.end(st, cancel, pre, dec)
					break
				}
			}
			for ev := range st.Events() { // what the router still emits before it ends
				read += len(ev.Tokens)
				last = ev
			}
			var u engine.Usage
			select {
			case u = <-ended:
			case <-time.After(15 * time.Second):
				t.Fatal("OnEnd never called")
			}
			if read == q.MaxTokens {
				t.Fatalf("the request finished: the ending came too late to test anything")
			}
			if u.CompletionTokens < read || u.CompletionTokens < c.read {
				t.Errorf("charged %d completion tokens, the client read %d", u.CompletionTokens, read)
			}
			if c.wantPrompt && u.PromptTokens != len(q.Prompt) {
				t.Errorf("charged %d prompt tokens, the prompt has %d", u.PromptTokens, len(q.Prompt))
			}
			if c.wantAbort != "" {
				var ab *engine.AbortError
				if !errors.As(last.Err, &ab) || ab.Reason != c.wantAbort {
					t.Errorf("ended with %v, want an abort (%s)", last.Err, c.wantAbort)
				}
			}
			select {
			case u := <-ended:
				t.Fatalf("OnEnd called twice (again with %+v)", u)
			default:
			}
		})
	}
}

// TestRouterProbeVerdicts: one failed probe takes no node out of the rotation (a loaded node
// misses one), ProbeFailures in a row do; a node serving another model leaves at once; the last
// node of a role in rotation stays in it, failing, while /ready (NotReady) says the role has no
// healthy node; its first good probe makes it healthy again.
func TestRouterProbeVerdicts(t *testing.T) {
	lost := errors.New("probe deadline")
	type step struct {
		node    int // 0, 1: prefill nodes; 2: the decode node
		err     error
		refused bool
		healthy [3]bool // in rotation afterwards
		ready   string  // NotReady afterwards
	}
	all := [3]bool{true, true, true}
	for _, c := range []struct {
		name  string
		steps []step
	}{
		{"one missed probe", []step{{node: 0, err: lost, healthy: all}}},
		{"three in a row", []step{
			{node: 0, err: lost, healthy: all}, {node: 0, err: lost, healthy: all},
			{node: 0, err: lost, healthy: [3]bool{false, true, true}},
			{node: 0, healthy: all}}},
		{"a good probe resets the count", []step{
			{node: 0, err: lost, healthy: all}, {node: 0, err: lost, healthy: all}, {node: 0, healthy: all},
			{node: 0, err: lost, healthy: all}, {node: 0, err: lost, healthy: all}}},
		{"the last of a role is kept", []step{
			{node: 0, err: lost, healthy: all}, {node: 0, err: lost, healthy: all},
			{node: 0, err: lost, healthy: [3]bool{false, true, true}},
			{node: 1, err: lost, healthy: [3]bool{false, true, true}}, {node: 1, err: lost, healthy: [3]bool{false, true, true}},
			{node: 1, err: lost, healthy: [3]bool{false, true, true}, ready: "no_healthy_prefill_node"},
			{node: 1, err: lost, healthy: [3]bool{false, true, true}, ready: "no_healthy_prefill_node"},
			{node: 0, healthy: all, ready: ""},
			{node: 1, err: lost, healthy: [3]bool{true, false, true}}}},
		{"the only decode node is kept", []step{
			{node: 2, err: lost, healthy: all}, {node: 2, err: lost, healthy: all},
			{node: 2, err: lost, healthy: all, ready: "no_healthy_decode_node"}}},
		{"another model leaves at once, even the last", []step{
			{node: 2, err: lost, refused: true, healthy: [3]bool{true, true, false}, ready: "no_healthy_decode_node"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := &Router{cfg: RouterConfig{ProbeFailures: 3}, log: slog.New(slog.DiscardHandler), nodes: []*member{
				{addr: "p0", role: RolePrefill, healthy: true}, {addr: "p1", role: RolePrefill, healthy: true},
				{addr: "d0", role: RoleDecode, healthy: true}}}
			for i, s := range c.steps {
				r.report(r.nodes[s.node], Info{}, s.err, s.refused, 0, 0)
				var got [3]bool
				for k, m := range r.nodes {
					got[k] = m.healthy
				}
				if got != s.healthy || r.NotReady() != s.ready {
					t.Fatalf("after step %d: in rotation %v, NotReady %q; want %v, %q", i, got, r.NotReady(), s.healthy, s.ready)
				}
			}
		})
	}
}

// TestRouterDecodeBurstSpreads: a burst of requests between two health reports spreads over the
// decode nodes, each pick counting the reservations made since its node's last report (the
// router used to send all 12 of a burst to one node, whose report was the same for each).
func TestRouterDecodeBurstSpreads(t *testing.T) {
	fx := load(t)
	slow := func(cfg *engine.Config) { cfg.StepTokens = 16 }
	pre := fx.node(t, RolePrefill, slow)
	dec := []*runningNode{fx.node(t, RoleDecode, slow), fx.node(t, RoleDecode, slow)}
	r := fx.routerProbing(t, []*runningNode{pre}, dec, time.Hour) // no report during the burst
	var streams []engine.Stream
	defer func() {
		for _, st := range streams {
			st.Close()
			drain(st)
		}
	}()
	for range 12 {
		st, err := r.Submit(context.Background(), engine.Request{Spec: engine.Spec{Tenant: "t", Prompt: prompt(8, r.Info().VocabSize), MaxTokens: 100,
			IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}})
		if err != nil {
			t.Fatal(err)
		}
		streams = append(streams, st)
	}
	var got [2]int // requests each decode node received: held now, or ended
	for i, n := range dec {
		s := n.e.Stats()
		got[i] = s.Running + s.Waiting + s.Transferring
		for _, v := range s.Finished {
			got[i] += int(v)
		}
		for _, v := range s.Aborted {
			got[i] += int(v)
		}
	}
	if got[0]+got[1] != 12 || got[0] < 4 || got[1] < 4 {
		t.Fatalf("a burst of 12 went %d/%d to the two decode nodes", got[0], got[1])
	}
}

// TestRouterSkipsALostNode: a decode node lost since its last report costs no client an error:
// the router finds it unreachable and reserves on the next one.
func TestRouterSkipsALostNode(t *testing.T) {
	fx := load(t)
	pre := fx.node(t, RolePrefill, nil)
	dec := []*runningNode{fx.node(t, RoleDecode, nil), fx.node(t, RoleDecode, nil)}
	r := fx.routerProbing(t, []*runningNode{pre}, dec, time.Hour)
	dec[0].stop()
	for i := range 4 {
		st, err := r.Submit(context.Background(), engine.Request{Spec: engine.Spec{Tenant: "t", Prompt: prompt(8, r.Info().VocabSize), MaxTokens: 4,
			IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}})
		if err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		if got := drain(st); got.err != nil || len(got.toks) != 4 {
			t.Fatalf("request %d: %v, %d tokens", i, got.err, len(got.toks))
		}
	}
}

// slowInfo delays every Info call (the health probe) by delay: a node whose answers wait behind
// a long step of a loaded machine.
type slowInfo struct {
	Dialer
	delay atomic.Int64 // nanoseconds
}

func (d *slowInfo) Conn(addr string) (grpc.ClientConnInterface, error) {
	cc, err := d.Dialer.Conn(addr)
	return &slowConn{ClientConnInterface: cc, delay: &d.delay}, err
}

type slowConn struct {
	grpc.ClientConnInterface
	delay *atomic.Int64
}

func (c *slowConn) NewStream(ctx context.Context, desc *grpc.StreamDesc, method string, opts ...grpc.CallOption) (grpc.ClientStream, error) {
	if strings.HasSuffix(method, "/"+methodInfo) {
		select {
		case <-time.After(time.Duration(c.delay.Load())):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return c.ClientConnInterface.NewStream(ctx, desc, method, opts...)
}

// TestRouterSlowProbes: nodes whose probes take four probe periods to answer (a step under
// load) stay in the rotation: each probe's deadline is ProbeTimeout, not the period, and the
// router stays ready. (With a deadline of one period both nodes left at their first slow probe.)
// In a synctest bubble, with the nodes served in memory: the probes' delays and deadlines are on
// the bubble's clock, whatever the machine's speed.
func TestRouterSlowProbes(t *testing.T) {
	fx := load(t)
	synctest.Test(t, func(t *testing.T) {
		nodes := memDial{}
		nodes.memNode(t, fx, "p0", RolePrefill)
		nodes.memNode(t, fx, "d0", RoleDecode)
		dial := &slowInfo{Dialer: nodes}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		r, err := NewRouter(ctx, RouterConfig{Prefill: []string{"p0"}, Decode: []string{"d0"}, Dial: dial,
			Weights: fx.f.WeightsHash(), Model: "demo", Probe: 100 * time.Millisecond, Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		dial.delay.Store(int64(400 * time.Millisecond))
		for range 75 { // 1.5 s
			time.Sleep(20 * time.Millisecond)
			if why := r.NotReady(); why != "" || len(r.pick(RolePrefill, nil, nil)) != 1 || len(r.pick(RoleDecode, nil, nil)) != 1 {
				t.Fatalf("a node slow to answer its probe left the rotation: %q", why)
			}
		}
	})
}

// TestRouterDropsAFrozenNode: a node whose probes pass their deadline leaves the rotation at its
// ProbeFailures-th failed probe in a row, and no earlier, while the other node of its role serves;
// its first answered probe brings it back. In a synctest bubble, so each verdict's time is exact.
func TestRouterDropsAFrozenNode(t *testing.T) {
	fx := load(t)
	synctest.Test(t, func(t *testing.T) {
		const probe, timeout = time.Second, 300 * time.Millisecond
		nodes := memDial{}
		nodes.memNode(t, fx, "p0", RolePrefill)
		nodes.memNode(t, fx, "p1", RolePrefill)
		nodes.memNode(t, fx, "d0", RoleDecode)
		frozen := &slowInfo{Dialer: nodes}
		r, err := NewRouter(context.Background(), RouterConfig{Prefill: []string{"p0", "p1"}, Decode: []string{"d0"},
			Dial: frozenAt{"p1", frozen, nodes}, Weights: fx.f.WeightsHash(), Model: "demo", Probe: probe, ProbeTimeout: timeout,
			Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		frozen.delay.Store(int64(time.Hour))
		inRotation := func() int { return len(r.pick(RolePrefill, nil, nil)) }
		start := time.Now()
		for inRotation() == 2 {
			time.Sleep(10 * time.Millisecond)
		}
		// The third probe, at 3 s, fails at its deadline.
		if took, want := time.Since(start), 3*probe+timeout; took < want || took > want+10*time.Millisecond {
			t.Errorf("the frozen node left the rotation after %v, want %v", took, want)
		}
		if why := r.NotReady(); why != "" {
			t.Errorf("NotReady %q with a healthy prefill node left", why)
		}
		frozen.delay.Store(0)
		time.Sleep(probe)
		synctest.Wait()
		if n := inRotation(); n != 2 {
			t.Errorf("%d prefill nodes in rotation after the frozen one answered, want 2", n)
		}
	})
}

// frozenAt dials addr through frozen and every other node directly.
type frozenAt struct {
	addr   string
	frozen Dialer
	others Dialer
}

func (d frozenAt) Conn(addr string) (grpc.ClientConnInterface, error) {
	if addr == d.addr {
		return d.frozen.Conn(addr)
	}
	return d.others.Conn(addr)
}
