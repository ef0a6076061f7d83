package node

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"slices"
	"sync"
	"time"

	"google.golang.org/grpc"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
	"github.com/kvwarden/kvwarden/internal/transfer"
)

// Dialer gives the connection to a node's listener (transfer.GRPCTransport.Conn).
type Dialer interface {
	Conn(addr string) (grpc.ClientConnInterface, error)
}

// RouterConfig sets up a Router.
type RouterConfig struct {
	Prefill, Decode []string // node addresses
	Dial            Dialer
	// Weights, when set, is the gguf.File.WeightsHash of the model file the router was given: a node
	// serving another file is refused. Zero: the nodes' file, which must be one for all.
	Weights [32]byte
	// Model names the model in Info; empty: the first node's name for it.
	Model  string
	Logger *slog.Logger
	// Probe is how often nodes are health-checked (default 500 ms). A node leaves the rotation
	// after ProbeFailures consecutive failed probes (default 3), each given ProbeTimeout (default
	// 2 s, longer than a step of a loaded node), and comes back with its first good one; a node
	// serving another model leaves at once. The last node of a role in rotation stays in it.
	Probe         time.Duration
	ProbeTimeout  time.Duration
	ProbeFailures int
}

// affinityTokens is how much of a prompt's start picks its prefill node: requests of one tenant
// sharing it land on the node whose prefix cache has it.
const affinityTokens = 64

// Router is the engine.Interface of a router: it runs no model; each request is reserved on a
// decode node and prefilled on a prefill node, and its tokens stream back from both.
type Router struct {
	cfg   RouterConfig
	log   *slog.Logger
	nodes []*member
	info  engine.Info
	fp    transfer.Fingerprint
	tok   *tokenizer.Tokenizer
	ads   routerAdapters // router_adapters.go

	stop chan struct{}
	wg   sync.WaitGroup
	life context.Context // the probes' parent, cancelled by Close
	end  context.CancelFunc

	// healthMu orders health changes, so two nodes of a role failing at once cannot both leave;
	// pickMu makes a decode pick and its pending count one step, so a burst spreads.
	healthMu, pickMu sync.Mutex
}

type member struct {
	addr string
	role string
	cc   grpc.ClientConnInterface

	mu      sync.Mutex
	healthy bool // in rotation
	failing int  // consecutive failed probes
	refused bool // its latest answer was refused (another model, role or layout): never kept
	last    Info
	why     string
	// Reservations made on a decode node since the probe now in flight was sent: its report does
	// not count them yet, so picks do (a burst between two reports spreads over the nodes).
	pending, pendingPages int
}

// NewRouter reaches every node within ctx, checks they serve one model (the router's, if it was
// given one) with one KV layout, takes the model's tokenizer from a node, and starts health
// checks. The advertised context is the smallest any node holds. The nodes' LoRA adapters may
// differ: each is routed to the nodes that hold it (router_adapters.go).
func NewRouter(ctx context.Context, cfg RouterConfig) (*Router, error) {
	if len(cfg.Prefill) == 0 || len(cfg.Decode) == 0 {
		return nil, errors.New("router: at least one prefill and one decode node")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Probe <= 0 {
		cfg.Probe = 500 * time.Millisecond
	}
	if cfg.ProbeTimeout <= 0 {
		cfg.ProbeTimeout = 2 * time.Second
	}
	if cfg.ProbeFailures <= 0 {
		cfg.ProbeFailures = 3
	}
	r := &Router{cfg: cfg, log: cfg.Logger, stop: make(chan struct{})}
	r.life, r.end = context.WithCancel(context.Background())
	for _, g := range []struct {
		role  string
		addrs []string
	}{{RolePrefill, cfg.Prefill}, {RoleDecode, cfg.Decode}} {
		for _, a := range g.addrs {
			cc, err := cfg.Dial.Conn(a)
			if err != nil {
				return nil, fmt.Errorf("router: node %s: %w", a, err)
			}
			r.nodes = append(r.nodes, &member{addr: a, role: g.role, cc: cc})
		}
	}
	maxCtx := 0
	for i, m := range r.nodes {
		in, err := r.waitInfo(ctx, m)
		if err != nil {
			return nil, err
		}
		if i == 0 {
			r.fp = in.Fingerprint
			r.info = engine.Info{ModelName: cfg.Model, MaxContext: in.MaxContext, VocabSize: in.VocabSize, ChatTemplate: in.ChatTemplate, PageTokens: in.PageTokens}
			if cfg.Model == "" {
				r.info.ModelName = in.Model
			}
		}
		if err := r.admit(m, in); err != nil {
			return nil, err
		}
		if i == 0 || in.MaxContext < maxCtx {
			maxCtx = in.MaxContext
		}
		m.healthy, m.last = true, in
	}
	r.info.MaxContext = maxCtx
	// Nodes whose LoRA adapters differ (a rolling reload, a node restarted with other --lora
	// flags) are served as the running router serves them: each adapter only on the nodes that
	// hold its bytes (Adapters, pick). The model, KV layout and vocabulary were checked above.
	r.noteSplit()
	var err error
	if r.tok, err = fetchTokenizer(ctx, r.nodes[0]); err != nil {
		return nil, err
	}
	for _, m := range r.nodes {
		r.wg.Add(1)
		go r.probe(m)
	}
	return r, nil
}

// admit checks that a node is the one its address was given as, and serves our model.
func (r *Router) admit(m *member, in Info) error {
	switch {
	case in.Role != m.role:
		return fmt.Errorf("router: node %s is a %s node, given as %s", m.addr, in.Role, m.role)
	case r.cfg.Weights != [32]byte{} && in.Fingerprint.Weights != r.cfg.Weights:
		return fmt.Errorf("router: node %s serves another model file than the router's", m.addr)
	case in.Fingerprint != r.fp:
		return fmt.Errorf("router: node %s's KV layout (%s, %d tokens a page) differs from the other nodes'", m.addr, in.Fingerprint.KVDType, in.Fingerprint.PageTokens)
	case in.VocabSize != r.info.VocabSize || in.ChatTemplate != r.info.ChatTemplate:
		return fmt.Errorf("router: node %s's vocabulary or chat template differs", m.addr)
	}
	return nil
}

func (r *Router) waitInfo(ctx context.Context, m *member) (Info, error) {
	for {
		in, err := fetchInfo(ctx, m.cc)
		if err == nil {
			return in, nil
		}
		select {
		case <-ctx.Done():
			return Info{}, fmt.Errorf("router: node %s unreachable: %w", m.addr, err)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// fetchTokenizer builds the model's tokenizer from a node's.
func fetchTokenizer(ctx context.Context, m *member) (*tokenizer.Tokenizer, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	cs, err := call(ctx, m.cc, methodVocab, struct{}{})
	var v vocabulary
	if err == nil {
		err = recv(cs, &v)
	}
	if err != nil {
		return nil, fmt.Errorf("router: node %s's tokenizer: %w", m.addr, err)
	}
	tok, err := tokenizer.New(v.config())
	if err != nil {
		return nil, fmt.Errorf("router: node %s's tokenizer: %w", m.addr, err)
	}
	return tok, nil
}

// Tokenizer is the model's tokenizer, as the nodes have it.
func (r *Router) Tokenizer() *tokenizer.Tokenizer { return r.tok }

// Close stops the health checks.
func (r *Router) Close() {
	close(r.stop)
	r.end()
	r.wg.Wait()
}

// Info implements engine.Interface.
func (r *Router) Info() engine.Info { return r.info }

// Stats implements engine.Interface: the healthy nodes' pool, batch and queue figures as last
// probed, and their token counters as last heard (a node out of rotation keeps its count, so the
// sums never fall).
func (r *Router) Stats() engine.Stats {
	var st engine.Stats
	for _, m := range r.nodes {
		m.mu.Lock()
		if m.healthy {
			p := m.last.Pages
			st.PagesTotal += p.Total
			st.PagesFree += p.Free
			st.PagesOwned += p.Owned
			st.PagesCached += p.Cached
			st.PagesIdle += p.Idle
			st.PagesQuarantined += p.Quarantined
			st.Running += m.last.Running
			// A hand-off waits on the peer node (bounded by keepalive and the transfer deadline),
			// not on a queue: apart, so the operator and a watchdog can tell it from a stuck one.
			st.Waiting += m.last.Queue - m.last.Transferring
			st.Transferring += m.last.Transferring
		}
		st.PrefillTokens += m.last.PrefillTokens
		st.DecodeTokens += m.last.DecodeTokens
		m.mu.Unlock()
	}
	return st
}

// DropTenant implements engine.Interface on every healthy node.
func (r *Router) DropTenant(tenant string) int {
	n := 0
	for _, m := range r.pick(RolePrefill, nil, nil) {
		n += dropOn(m, tenant)
	}
	for _, m := range r.pick(RoleDecode, nil, nil) {
		n += dropOn(m, tenant)
	}
	return n
}

func dropOn(m *member, tenant string) int {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	cs, err := call(ctx, m.cc, methodDrop, tenant)
	var n int
	if err == nil {
		err = recv(cs, &n)
	}
	return n
}

// pick returns the nodes of a role in rotation, best first: for prefill, the node the affinity
// key hashes to (rendezvous hashing, so a node leaving moves only its own keys) unless it is far
// busier than the least busy; for decode, the most free pages, then the shortest queue, counting
// the reservations made since each node's last report. Only nodes that hold the LoRA adapter
// (nil: the base model) as last heard.
func (r *Router) pick(role string, key []byte, adapter *engine.AdapterRef) []*member {
	var out []*member
	var load []Info
	for _, m := range r.nodes {
		m.mu.Lock()
		if m.role == role && m.healthy && holdsAdapter(m.last, adapter) {
			out = append(out, m)
			in := m.last
			in.FreePages -= m.pendingPages
			in.Queue += m.pending
			load = append(load, in)
		}
		m.mu.Unlock()
	}
	score := make([]int64, len(out))
	for i, m := range out {
		if role == RoleDecode {
			score[i] = int64(load[i].FreePages)*1024 - int64(load[i].Queue)
			continue
		}
		h := fnv.New64a()
		h.Write(key)
		h.Write([]byte(m.addr))
		score[i] = int64(h.Sum64() >> 2)
	}
	order := make([]int, len(out))
	for i := range order {
		order[i] = i
	}
	sortBy(order, score)
	sorted := make([]*member, len(out))
	for i, j := range order {
		sorted[i] = out[j]
	}
	if role == RolePrefill && len(sorted) > 1 {
		least := sorted[0]
		for _, m := range sorted[1:] {
			if m.queue() < least.queue() {
				least = m
			}
		}
		if sorted[0].queue() > least.queue()+busyMargin {
			sorted[0], least = least, sorted[0]
		}
	}
	return sorted
}

// pickDecode picks the best decode node not in tried and counts the reservation about to be made
// on it (pages of KV), in one step with the pick, so concurrent requests see each other's.
func (r *Router) pickDecode(pages int, tried []*member, adapter *engine.AdapterRef) *member {
	r.pickMu.Lock()
	defer r.pickMu.Unlock()
	for _, m := range r.pick(RoleDecode, nil, adapter) {
		if slices.Contains(tried, m) {
			continue
		}
		m.mu.Lock()
		m.pending++
		m.pendingPages += pages
		m.mu.Unlock()
		return m
	}
	return nil
}

// unpend forgets a reservation the node refused or never received.
func (m *member) unpend(pages int) {
	m.mu.Lock()
	m.pending, m.pendingPages = max(0, m.pending-1), max(0, m.pendingPages-pages)
	m.mu.Unlock()
}

// busyMargin is how many more queued requests an affine prefill node may have than the least
// busy one before affinity gives way to load.
const busyMargin = 8

func (m *member) queue() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.last.Queue
}

func sortBy(order []int, score []int64) {
	for i := 1; i < len(order); i++ { // insertion sort: a handful of nodes
		for j := i; j > 0 && score[order[j]] > score[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
}

func affinityKey(r engine.Request) []byte {
	b := append([]byte(r.Tenant), 0)
	for _, t := range r.Prompt[:min(len(r.Prompt), affinityTokens)] {
		b = binary.LittleEndian.AppendUint32(b, uint32(t))
	}
	return b
}

// Submit implements engine.Interface: reserve on a decode node, prefill on a prefill node, and
// stream the tokens back. It returns once both nodes admitted the request.
func (r *Router) Submit(ctx context.Context, req engine.Request) (engine.Stream, error) {
	l := r.ads.waiting(req.Adapter)
	st, err := r.route(ctx, req, l)
	if err != nil {
		l.end()
	}
	return st, err
}

// route is Submit, with the request's place in the per-adapter counts.
func (r *Router) route(ctx context.Context, req engine.Request, l *adapterLoad) (engine.Stream, error) {
	if err := req.Sampling.Validate(); err != nil { // before it reaches the wire, whose JSON has no NaN
		return nil, &engine.RejectError{Reason: kvtypes.RejectInvalid, Message: err.Error()}
	}
	if e := unroutable(req); e != "" {
		return nil, &engine.RejectError{Reason: kvtypes.RejectInvalid, Message: e}
	}
	pres := r.pick(RolePrefill, affinityKey(req), req.Adapter)
	if len(pres) == 0 {
		return nil, noNode(RolePrefill, req.Adapter)
	}
	// The request lives as long as its streams to the nodes; the caller's ctx ends them.
	rctx, cancel := context.WithCancel(context.Background())
	stopWatch := context.AfterFunc(ctx, cancel)
	fail := func(err error) (engine.Stream, error) {
		stopWatch()
		cancel()
		return nil, err
	}
	j := job{Spec: req.Spec}
	pages := 1
	if pt := int(r.fp.PageTokens); pt > 0 {
		pages = (len(req.Prompt) + req.MaxTokens + pt - 1) / pt
	}
	// A decode node that cannot be reached (it died since its last probe) holds nothing for the
	// request once its stream ends: the next best one is tried, so a lost node costs no client an
	// error. A prefill node is skipped only if the job never reached it: one that has it may be
	// sending the KV under the reservation's ticket.
	var tried []*member
	var d *member
	var ds grpc.ClientStream
	var first event
	for {
		if d = r.pickDecode(pages, tried, req.Adapter); d == nil {
			return fail(noNode(RoleDecode, req.Adapter))
		}
		tried = append(tried, d)
		var down bool
		var err error
		ds, first, down, _, err = open(rctx, d, methodReserve, j)
		if err == nil {
			break
		}
		d.unpend(pages)
		if r.lostAdapter(d, err) {
			continue // it reloaded without the adapter since its last probe: another may hold it
		}
		if !down || rctx.Err() != nil {
			return fail(err)
		}
	}
	rv := first.Reserved
	if rv == nil {
		return fail(&engine.RejectError{Reason: kvtypes.RejectInvalid, Message: "decode node " + d.addr + " sent no reservation"})
	}
	rv.Peer = d.addr
	j.Dest = rv
	var ps grpc.ClientStream
	var p *member
	for i := 0; ; i++ {
		p = pres[i]
		var unsent bool
		var err error
		ps, _, _, unsent, err = open(rctx, p, methodPrefill, j)
		if err == nil {
			break
		}
		if !(unsent || r.lostAdapter(p, err)) || rctx.Err() != nil || i+1 == len(pres) {
			return fail(err)
		}
	}
	s := &routed{out: make(chan engine.Event), gone: make(chan struct{}), cancel: cancel, onEnd: req.OnEnd, stopWatch: stopWatch,
		prompt: len(req.Prompt), ctx: rctx}
	l.run()
	go func() {
		s.run(ds, ps, d.addr, p.addr)
		l.end()
	}()
	return s, nil
}

// unroutable says why a request cannot be routed, or "": the nodes serve no embeddings, a
// Request's constraint reaches them only as its Spec.Grammar, and its LoRA adapter only as its
// Spec.Adapter, the fingerprint by which each node finds its own copy of the weights.
func unroutable(req engine.Request) string {
	switch {
	case req.Embed || req.Dimensions != 0:
		return "embeddings are not served by a disaggregated deployment"
	case req.Constraint != nil && req.Grammar == nil:
		// A constraint is code: only its grammar can reach the nodes, which build it again.
		return "a constraint without its grammar cannot be sent to the nodes"
	case req.LoRA != nil && (req.Adapter == nil || req.Adapter.Fingerprint != req.LoRA.Fingerprint):
		return "a LoRA adapter's weights without the Spec.Adapter that names them cannot be sent to the nodes"
	}
	return ""
}

// open calls Reserve or Prefill on a node and reads its admission. On a failure, down reports
// that the node could not be reached or did not answer (as opposed to a refusal), and unsent that
// the job never reached it: a node that has the job may have started on it until it sees the
// stream end.
func open(ctx context.Context, m *member, method string, j job) (cs grpc.ClientStream, ev event, down, unsent bool, err error) {
	cs, err = call(ctx, m.cc, method, j)
	unsent = err != nil
	if err == nil {
		err = recv(cs, &ev)
	}
	if err != nil {
		return nil, ev, true, unsent, &engine.RejectError{Reason: kvtypes.RejectOverloaded, Message: fmt.Sprintf("%s node %s unavailable: %v", m.role, m.addr, err)}
	}
	if ev.Reject != nil {
		return nil, ev, false, false, &engine.RejectError{Reason: kvtypes.RejectReason(ev.Reject.Reason), Message: ev.Reject.Message}
	}
	return cs, ev, false, false, nil
}

// Compile-time check: the router is what the server drives.
var _ engine.Interface = (*Router)(nil)
