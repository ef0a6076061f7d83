package node

// The router's LoRA adapters follow its nodes': every probe reads a node's adapters (Info), a
// request is routed only to nodes that hold its adapter's fingerprint, a node that refuses a job
// for want of it is read again at once, and the API server is told whenever the set of adapters a
// request can be served under changes (a node reloaded with SIGHUP gained or lost one). The
// router also counts its requests in flight per adapter, which the server publishes as vLLM's
// vllm:lora_requests_info.

import (
	"bytes"
	"context"
	"errors"
	"maps"
	"slices"
	"sync"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// routerAdapters is the router's view of the adapters: what it last told its follower, and its
// requests in flight per adapter fingerprint.
type routerAdapters struct {
	mu        sync.Mutex // orders publications, so a follower never gets an older set last
	follow    func(map[string][32]byte)
	published map[string][32]byte
	split     []string // SplitAdapters when last logged

	loadMu sync.Mutex
	loads  map[[32]byte]engine.AdapterLoad
}

// holdsAdapter reports whether a node's last Info lists adapter's fingerprint (nil: the base
// model, which every node serves).
func holdsAdapter(in Info, adapter *engine.AdapterRef) bool {
	if adapter == nil {
		return true
	}
	for _, fp := range in.Adapters {
		if fp == adapter.Fingerprint {
			return true
		}
	}
	return false
}

// Adapters are the LoRA adapters a request can be routed under now, by name: the fingerprint (the
// adapter file's SHA-256) that at least one prefill and one decode node in rotation hold under
// that name. Where nodes disagree (a reload reaching them one by one), the fingerprint the most
// nodes hold, then the smaller; nil: none.
func (r *Router) Adapters() map[string][32]byte {
	type named struct {
		name string
		fp   [32]byte
	}
	held := map[named][2]int{} // by prefill and by decode nodes
	for _, m := range r.nodes {
		m.mu.Lock()
		if m.healthy {
			side := 0
			if m.role == RoleDecode {
				side = 1
			}
			for name, fp := range m.last.Adapters {
				c := held[named{name, fp}]
				c[side]++
				held[named{name, fp}] = c
			}
		}
		m.mu.Unlock()
	}
	var out map[string][32]byte
	most := map[string]int{}
	for k, c := range held {
		n := c[0] + c[1]
		cur, seen := out[k.name]
		if c[0] == 0 || c[1] == 0 || seen && (n < most[k.name] || n == most[k.name] && bytes.Compare(cur[:], k.fp[:]) < 0) {
			continue
		}
		if out == nil {
			out = map[string][32]byte{}
		}
		out[k.name], most[k.name] = k.fp, n
	}
	return out
}

// SplitAdapters are the names of the LoRA adapters that the nodes in rotation do not all hold with
// the same file bytes (some node lacks the name, or holds other bytes under it), sorted: a reload
// reaching the nodes one by one, or nodes started with other --lora flags. Each is served as
// Adapters says, routed only to the nodes holding that fingerprint.
func (r *Router) SplitAdapters() []string {
	nodes := 0
	held := map[string]map[[32]byte]int{} // nodes in rotation holding each name's fingerprints
	for _, m := range r.nodes {
		m.mu.Lock()
		if m.healthy {
			nodes++
			for name, fp := range m.last.Adapters {
				if held[name] == nil {
					held[name] = map[[32]byte]int{}
				}
				held[name][fp]++
			}
		}
		m.mu.Unlock()
	}
	var split []string
	for name, fps := range held {
		if len(fps) > 1 || slices.Collect(maps.Values(fps))[0] < nodes {
			split = append(split, name)
		}
	}
	slices.Sort(split)
	return split
}

// noteSplit logs SplitAdapters when they changed since last logged; the caller holds ads.mu or
// is NewRouter.
func (r *Router) noteSplit() {
	split := r.SplitAdapters()
	if slices.Equal(split, r.ads.split) {
		return
	}
	r.ads.split = split
	if len(split) > 0 {
		r.log.Warn("router: the nodes in rotation hold different LoRA adapters; each is routed only to the nodes holding its file's bytes",
			"split_adapters", split)
	} else {
		r.log.Info("router: the nodes in rotation hold the same LoRA adapters again")
	}
}

// FollowAdapters calls fn with Adapters now and again whenever they change, until Close.
func (r *Router) FollowAdapters(fn func(map[string][32]byte)) {
	r.ads.mu.Lock()
	defer r.ads.mu.Unlock()
	r.ads.follow, r.ads.published = fn, r.Adapters()
	fn(maps.Clone(r.ads.published))
}

// publishAdapters tells the follower the adapters, if they changed since it was last told.
func (r *Router) publishAdapters() {
	r.ads.mu.Lock()
	defer r.ads.mu.Unlock()
	r.noteSplit()
	now := r.Adapters()
	if r.ads.follow == nil || maps.Equal(now, r.ads.published) {
		return
	}
	r.log.Info("router: the nodes' LoRA adapters changed", "adapters", len(now), "before", len(r.ads.published))
	r.ads.published = now
	r.ads.follow(maps.Clone(now))
}

// lostAdapter reports whether a node refused a job for want of its adapter (it reloaded without it
// since its last probe): then the node's Info is read again at once, so that no later request is
// sent to it under that adapter, and the caller may try another node, the job having started
// nothing there.
func (r *Router) lostAdapter(m *member, err error) bool {
	var rej *engine.RejectError
	if !errors.As(err, &rej) || rej.Reason != kvtypes.RejectUnknownModel {
		return false
	}
	ctx, cancel := context.WithTimeout(r.life, r.cfg.ProbeTimeout)
	in, err := fetchInfo(ctx, m.cc)
	cancel()
	refused := false
	if err == nil {
		err = r.admit(m, in)
		refused = err != nil
	}
	r.report(m, in, err, refused, 0, 0)
	r.publishAdapters()
	return true
}

// noNode is the refusal of a request no node of role in rotation can take: under an adapter, a
// model no node serves now (answered as a name that does not exist); otherwise an outage.
func noNode(role string, adapter *engine.AdapterRef) error {
	if adapter != nil {
		return &engine.RejectError{Reason: kvtypes.RejectUnknownModel, Message: "no " + role + " node in rotation holds the request's LoRA adapter"}
	}
	return &engine.RejectError{Reason: kvtypes.RejectOverloaded, Message: "no healthy " + role + " node"}
}

// adapterLoad is one request's place in the router's per-adapter counts: waiting until both nodes
// admitted it, then running until its stream ends. nil: a base-model request, not counted.
type adapterLoad struct {
	ads     *routerAdapters
	fp      [32]byte
	running bool
}

// waiting counts a request under adapter as waiting.
func (a *routerAdapters) waiting(adapter *engine.AdapterRef) *adapterLoad {
	if adapter == nil {
		return nil
	}
	l := &adapterLoad{ads: a, fp: adapter.Fingerprint}
	l.add(1)
	return l
}

// add moves the request's count by n in its current state.
func (l *adapterLoad) add(n int) {
	l.ads.loadMu.Lock()
	defer l.ads.loadMu.Unlock()
	if l.ads.loads == nil {
		l.ads.loads = map[[32]byte]engine.AdapterLoad{}
	}
	c := l.ads.loads[l.fp]
	if l.running {
		c.Running += n
	} else {
		c.Waiting += n
	}
	if c == (engine.AdapterLoad{}) {
		delete(l.ads.loads, l.fp)
		return
	}
	l.ads.loads[l.fp] = c
}

// run moves the request from waiting to running.
func (l *adapterLoad) run() {
	if l != nil {
		l.add(-1)
		l.running = true
		l.add(1)
	}
}

// end takes the request out of the counts.
func (l *adapterLoad) end() {
	if l != nil {
		l.add(-1)
	}
}

// AdapterLoads reports the requests in flight through the router under each LoRA adapter, by
// fingerprint: waiting until both nodes admitted them, then running until their streams end (the
// server publishes them as vllm:lora_requests_info).
func (r *Router) AdapterLoads() map[[32]byte]engine.AdapterLoad {
	r.ads.loadMu.Lock()
	defer r.ads.loadMu.Unlock()
	return maps.Clone(r.ads.loads)
}
