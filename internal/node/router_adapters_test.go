package node

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/operator"
	"github.com/kvwarden/kvwarden/internal/opmetrics"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/server"
	"github.com/kvwarden/kvwarden/internal/testenv"
)

// followed records what a router's FollowAdapters told its follower last.
type followed struct {
	mu   sync.Mutex
	last map[string][32]byte
}

func follow(r *Router) *followed {
	f := &followed{}
	r.FollowAdapters(func(fps map[string][32]byte) {
		f.mu.Lock()
		f.last = fps
		f.mu.Unlock()
	})
	return f
}

func (f *followed) get() map[string][32]byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.last
}

// fingerprints are the names and fingerprints of a set of adapters.
func fingerprints(set map[string]*model.Adapter) map[string][32]byte {
	out := map[string][32]byte{}
	for name, a := range set {
		out[name] = a.Fingerprint
	}
	return out
}

// under is a small request under adapter a, as a router's server sends it (the fingerprint only).
func under(fx *fixture, a *model.Adapter) engine.Request {
	q := adapted(engine.Request{Spec: engine.Spec{Tenant: "tenant-uid-1", Prompt: prompt(20, fx.m.Vocab), MaxTokens: 4,
		Sampling: sampler.Params{TopLogprobs: -1}}}, a)
	q.LoRA = &model.Adapter{Fingerprint: a.Fingerprint}
	return q
}

// refusedAsUnknown fails the test unless err is the router's refusal of an adapter no node serves.
func refusedAsUnknown(t *testing.T, what string, err error) {
	t.Helper()
	var rej *engine.RejectError
	if !errors.As(err, &rej) || rej.Reason != kvtypes.RejectUnknownModel {
		t.Fatalf("%s: %v, want the refusal of a model that does not exist", what, err)
	}
}

// TestRouterFollowsNodeAdapters: the router's adapters follow its nodes' as their probes report
// them: an adapter every role gained (a reload) is served, one only the prefill nodes gained is
// not, and one the nodes lost is refused as a model that does not exist, nothing computed.
func TestRouterFollowsNodeAdapters(t *testing.T) {
	fx := load(t)
	ads := fx.loadAdapters(t, map[string]uint64{"x": 1, "y": 2, "z": 3})
	fx.adapters = map[string]*model.Adapter{"x": ads["x"]}
	pre, dec := fx.node(t, RolePrefill, nil), fx.node(t, RoleDecode, nil)
	r := fx.router(t, []*runningNode{pre}, []*runningNode{dec})
	f := follow(r)
	if want := fingerprints(fx.adapters); !maps.Equal(f.get(), want) {
		t.Fatalf("followed %v at the start, want %v", f.get(), want)
	}
	set := func(n *runningNode, names ...string) {
		t.Helper()
		m := map[string]*model.Adapter{}
		for _, name := range names {
			m[name] = ads[name]
		}
		if err := n.n.SetAdapters(m); err != nil {
			t.Fatal(err)
		}
	}
	set(pre, "x", "y", "z")
	set(dec, "x", "y")
	want := fingerprints(map[string]*model.Adapter{"x": ads["x"], "y": ads["y"]})
	testenv.WaitFor(t, 10*time.Second, func() bool { return maps.Equal(f.get(), want) })
	if st, err := r.Submit(context.Background(), under(fx, ads["y"])); err != nil || drain(st).err != nil {
		t.Fatalf("under the adapter the nodes gained: %v", err)
	}
	before := pre.e.Stats().PrefillTokens
	_, err := r.Submit(context.Background(), under(fx, ads["z"]))
	refusedAsUnknown(t, "under an adapter only the prefill node holds", err)
	set(pre, "y")
	set(dec, "y")
	testenv.WaitFor(t, 10*time.Second, func() bool { _, ok := f.get()["x"]; return !ok })
	_, err = r.Submit(context.Background(), under(fx, ads["x"]))
	refusedAsUnknown(t, "under the adapter the nodes lost", err)
	if after := pre.e.Stats().PrefillTokens; after != before {
		t.Fatalf("refused requests computed %d prompt tokens", after-before)
	}
}

// TestRouterRereadsANodeOnRefusal: between two probes (here an hour apart) a decode node reloaded
// without an adapter: the request it refuses is served by another decode node that holds it, the
// router reads the refusing node's adapters at once and sends it no more requests under that
// adapter, and once no decode node holds it the request is refused as a model that does not
// exist and the follower hears the adapter is gone.
func TestRouterRereadsANodeOnRefusal(t *testing.T) {
	fx := load(t)
	fx.adapters = fx.loadAdapters(t, map[string]uint64{"x": 1})
	pre, dec1, dec2 := fx.node(t, RolePrefill, nil), fx.node(t, RoleDecode, nil), fx.node(t, RoleDecode, nil)
	r := fx.routerProbing(t, []*runningNode{pre}, []*runningNode{dec1, dec2}, time.Hour)
	f := follow(r)
	x := under(fx, fx.adapters["x"])
	if err := dec1.n.SetAdapters(nil); err != nil {
		t.Fatal(err)
	}
	for i := range 3 { // the picks spread over both decode nodes: dec1 is tried
		st, err := r.Submit(context.Background(), x)
		if err != nil || drain(st).err != nil {
			t.Fatalf("request %d under x, which dec2 holds: %v", i, err)
		}
	}
	for _, m := range r.pick(RoleDecode, nil, x.Adapter) {
		if m.addr == dec1.addr {
			t.Fatal("the router still picks the decode node that refused the adapter")
		}
	}
	if !maps.Equal(f.get(), fingerprints(fx.adapters)) {
		t.Fatalf("followed %v while dec2 still serves x", f.get())
	}
	if err := dec2.n.SetAdapters(nil); err != nil {
		t.Fatal(err)
	}
	before := pre.e.Stats().PrefillTokens
	_, err := r.Submit(context.Background(), x)
	refusedAsUnknown(t, "once no decode node holds x", err)
	if len(f.get()) != 0 || pre.e.Stats().PrefillTokens != before {
		t.Fatalf("followed %v after the last decode node lost x; %d prompt tokens computed", f.get(), pre.e.Stats().PrefillTokens-before)
	}
}

// TestRouterLoRARequestsInfo: a router's API server publishes vllm:lora_requests_info, as vLLM
// writes it, for the requests in flight through the router: an adapter with a request streaming
// is running, and no longer once the request ended.
func TestRouterLoRARequestsInfo(t *testing.T) {
	fx := load(t)
	fx.adapters = fx.loadAdapters(t, map[string]uint64{"x": 1, "y": 2})
	pre, dec := fx.node(t, RolePrefill, nil), fx.node(t, RoleDecode, nil)
	r := fx.router(t, []*runningNode{pre}, []*runningNode{dec})
	srv, err := server.New(server.Config{ModelName: "demo", Logger: slog.New(slog.DiscardHandler)}, r, r.Tokenizer(), pdStore(t, []string{"x", "y"}))
	if err != nil {
		t.Fatal(err)
	}
	r.FollowAdapters(func(fps map[string][32]byte) {
		if err := srv.SetAdapters(map[string]*model.Adapter{"x": model.RemoteAdapter(fps["x"]), "y": model.RemoteAdapter(fps["y"])}); err != nil {
			t.Error(err)
		}
	})
	ops := httptest.NewServer(operator.New(srv.Operator()))
	t.Cleanup(ops.Close)
	series := func() string {
		t.Helper()
		resp, err := http.Get(ops.URL + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "vllm:lora_requests_info{") {
				return line[:strings.Index(line, "}")+1]
			}
		}
		return ""
	}
	q := under(fx, fx.adapters["x"])
	q.MaxTokens = 8
	st, err := r.Submit(context.Background(), q) // not read: it stays in flight
	if err != nil {
		t.Fatal(err)
	}
	if got, want := series(), `vllm:lora_requests_info{max_lora="2",running_lora_adapters="x",waiting_lora_adapters=""}`; got != want {
		t.Fatalf("while a request under x streams: %q, want %q", got, want)
	}
	if res := drain(st); res.err != nil {
		t.Fatal(res.err)
	}
	testenv.WaitFor(t, 10*time.Second, func() bool {
		return series() == `vllm:lora_requests_info{max_lora="2",running_lora_adapters="",waiting_lora_adapters=""}`
	})
}

// TestRouterAdaptersWhileNodesDisagree: while a reload reaches the nodes one by one, a name is
// served under the fingerprint that a prefill and a decode node in rotation hold, the one most
// nodes hold, then the smaller; a name only one role holds, or only nodes out of rotation, is not.
func TestRouterAdaptersWhileNodesDisagree(t *testing.T) {
	oldFP, newFP := [32]byte{2}, [32]byte{1}
	node := func(role string, healthy bool, ads map[string][32]byte) *member {
		return &member{role: role, healthy: healthy, last: Info{Adapters: ads}}
	}
	for _, c := range []struct {
		name  string
		nodes []*member
		want  map[string][32]byte
	}{
		{"all agree", []*member{node(RolePrefill, true, map[string][32]byte{"x": oldFP}), node(RoleDecode, true, map[string][32]byte{"x": oldFP})},
			map[string][32]byte{"x": oldFP}},
		{"one decode node reloaded", []*member{node(RolePrefill, true, map[string][32]byte{"x": oldFP}), node(RoleDecode, true, map[string][32]byte{"x": newFP}),
			node(RoleDecode, true, map[string][32]byte{"x": oldFP})}, map[string][32]byte{"x": oldFP}},
		{"half reloaded: the smaller", []*member{node(RolePrefill, true, map[string][32]byte{"x": oldFP}), node(RolePrefill, true, map[string][32]byte{"x": newFP}),
			node(RoleDecode, true, map[string][32]byte{"x": newFP}), node(RoleDecode, true, map[string][32]byte{"x": oldFP})}, map[string][32]byte{"x": newFP}},
		{"only prefill nodes hold it", []*member{node(RolePrefill, true, map[string][32]byte{"x": oldFP}), node(RoleDecode, true, nil)}, nil},
		{"the decode node holding it is out of rotation", []*member{node(RolePrefill, true, map[string][32]byte{"x": oldFP}),
			node(RoleDecode, false, map[string][32]byte{"x": oldFP}), node(RoleDecode, true, nil)}, nil},
	} {
		if got := (&Router{nodes: c.nodes}).Adapters(); !maps.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// TestRouterStartsOverNodesWithOtherAdapters: a router starts over nodes whose LoRA adapters
// differ (a rolling reload, a node restarted with other --lora flags) and serves them as a running
// router does: x, whose bytes one prefill node holds another file of, reaches only the nodes
// holding the served bytes; y only the nodes holding it; an adapter no node holds gets the body of
// a typo; the split is on the router's /metrics.
func TestRouterStartsOverNodesWithOtherAdapters(t *testing.T) {
	fx := load(t)
	ads := fx.loadAdapters(t, map[string]uint64{"x": 1, "y": 2, "other-x": 9})
	start := func(role string, set map[string]*model.Adapter) *runningNode {
		fx.adapters = set
		return fx.node(t, role, nil)
	}
	preX := start(RolePrefill, map[string]*model.Adapter{"x": ads["x"]})
	preY := start(RolePrefill, map[string]*model.Adapter{"x": ads["other-x"], "y": ads["y"]})
	decX := start(RoleDecode, map[string]*model.Adapter{"x": ads["x"]})
	decY := start(RoleDecode, map[string]*model.Adapter{"y": ads["y"]})
	r := fx.router(t, []*runningNode{preX, preY}, []*runningNode{decX, decY})
	if got := r.SplitAdapters(); !slices.Equal(got, []string{"x", "y"}) {
		t.Fatalf("split adapters %v, want [x y]", got)
	}
	srv, err := server.New(server.Config{ModelName: "demo", Role: opmetrics.RoleRouter, Logger: slog.New(slog.DiscardHandler)},
		r, r.Tokenizer(), pdStore(t, []string{"x", "y", "z"}))
	if err != nil {
		t.Fatal(err)
	}
	r.FollowAdapters(func(fps map[string][32]byte) {
		served := map[string]*model.Adapter{}
		for name, fp := range fps {
			served[name] = model.RemoteAdapter(fp)
		}
		if err := srv.SetAdapters(served); err != nil {
			t.Error(err)
		}
	})
	if split := gauge(t, srv.Operator().Own, "kvwarden_router_split_adapters"); split != 2 {
		t.Fatalf("kvwarden_router_split_adapters %v, want 2", split)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Shutdown(context.Background()) })
	url := "http://" + ln.Addr().String()
	complete := func(name string, i int) reply {
		return post(t, t.Context(), url, "/v1/completions", "alice", map[string]any{"model": name, "max_tokens": 3,
			"prompt": fmt.Sprintf("request %d under %s: once upon a time", i, name)})
	}
	nodes := []*runningNode{preX, preY, decX, decY}
	work := func() []uint64 {
		out := make([]uint64, len(nodes))
		for i, n := range nodes {
			st := n.e.Stats()
			out[i] = st.PrefillTokens + st.DecodeTokens
		}
		return out
	}
	for _, c := range []struct {
		name    string
		holders []*runningNode
	}{{"x", []*runningNode{preX, decX}}, {"y", []*runningNode{preY, decY}}} {
		before := work()
		for i := range 4 {
			if got := complete(c.name, i); got.status != http.StatusOK {
				t.Fatalf("request %d under %s: %d %s", i, c.name, got.status, got.raw)
			}
		}
		for i, after := range work() {
			holds := slices.Contains(c.holders, nodes[i])
			if did := after > before[i]; did != holds {
				t.Errorf("under %s, node %d (holds its bytes: %v) computed %d tokens", c.name, i, holds, after-before[i])
			}
		}
	}
	if held, typo := complete("z", 0), complete("q", 0); held.status != http.StatusNotFound || held.raw != typo.raw {
		t.Fatalf("an adapter no node holds: %d %s\na typo: %d %s", held.status, held.raw, typo.status, typo.raw)
	}
}

// gauge is the value of the gauge name that g gathers (no labels).
func gauge(t *testing.T, g prometheus.Gatherer, name string) float64 {
	t.Helper()
	mfs, err := g.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() == name && len(mf.GetMetric()) == 1 {
			return mf.GetMetric()[0].GetGauge().GetValue()
		}
	}
	t.Fatalf("no gauge %s", name)
	return 0
}
