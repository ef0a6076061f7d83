//go:build incidentreplay

// Package replay runs the October 2026 incident's failure chain (shared/ISOLATION.md) inside one
// kvwarden process built with -tags incidentreplay, with a chosen set of defences on: an
// in-process server with several tenants, victims whose prompts carry canary secrets, then one
// over-long request from an attacker. It reports what the operator would have seen (statuses,
// latencies, token counts), what the engine's trace saw attended, what the probe's canary matcher
// finds in the answers, and which defences fired. Then it points the black-box probe
// (internal/probe) at the same server with some of the same tenants' keys, and reports its
// findings beside what the engine's trace saw the probe's own requests read.
//
// In the disaggregated mode the same chain runs across the hand-off, as the incident did: a router,
// a prefill node and a decode node in process, over loopback mTLS gRPC. The prefill node, whose
// pool is the small one, "aborts" the attacker's request into a one-token placeholder and sends
// its one page; the decode node had reserved pages for the original length, binds them all and
// attends over what other tenants left in them. Each hand-off check belongs to a defence: the
// token and page counts to reconcile, the per-page checksums to checksum, the written headers to
// header, and each is counted on the node where it ran.
package replay

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/faults"
	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/probe"
	"github.com/kvwarden/kvwarden/internal/server"
	"github.com/kvwarden/kvwarden/internal/source"
	"github.com/kvwarden/kvwarden/internal/tenants"
	"github.com/kvwarden/kvwarden/internal/tensor"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

// Mode is where the chain runs.
type Mode string

const (
	Single        Mode = "single"        // one process: the hand-off is the moment prefill reports done
	Disaggregated Mode = "disaggregated" // router + prefill node + decode node over loopback mTLS
)

// Config is one replay.
type Config struct {
	Mode     Mode              // "" is Single
	Defences []kvtypes.Defence // on; every other defence's fault is switched on
	Model    string            // --model spec ("" is the built-in demo model; dummy:... works too)
	CacheDir string            // for source.Resolve; "" is the default cache
	Pages    int               // KV pool pages (16 tokens each); 0 means 12 (the prefill node's when disaggregated)
	Seed     uint64            // canaries; 0 means 1
	Logger   *slog.Logger      // engine and server logs; nil discards them
}

// Victims and Attacker are the replay's tenants.
var (
	Victims  = []string{"alice", "bob", "carol"}
	Attacker = "mallory"
)

// Entry is one request as the operator saw it.
type Entry struct {
	At               time.Duration // since the first request
	Tenant           string
	Role             string // victim or attacker
	PromptLen        int    // tokens sent
	Status           int
	Latency          time.Duration
	PromptTokens     int // usage the server reported
	CompletionTokens int
	Finish           string
	Error            string // the error message of a non-200 answer
	Text             string
}

// Result is what a replay saw.
type Result struct {
	Mode       Mode
	Defences   []kvtypes.Defence
	Plan       string // the capacity plan the engine ran under (or was refused)
	StartErr   error  // the start-up gate's refusal: nothing else ran
	Timeline   []Entry
	Stale      []engine.StaleRead // requests that attended over pages written by others
	Canaries   []CanaryLeak
	Fired      map[kvtypes.Defence]uint64 // from the engines' security counters, summed over nodes
	Metrics    []string                   // the kvwarden_defence_fired_total lines of /metrics
	Nodes      []Node                     // disaggregated: what each node saw of the chain
	LeakedData bool                       // some tenant read another tenant's pages or canaries, in the chain or the probe

	// The probe's audit, run after the chain on the same server. Stale, Fired and Metrics above
	// are the chain's alone, taken before it.
	Probe      *probe.Report
	ProbeErr   error              // the probe could not run
	ProbeStale []engine.StaleRead // stale reads of the probe's requests
}

// Probe settings: the budget fits three tenants (probe.Run needs about 140 at least) and keeps
// the run to seconds on the demo model.
const (
	probeBudget      = 240
	probeTrials      = 8
	probeConcurrency = 4
	probeRate        = 2000
)

// ProbeTenants are the replay tenants whose keys the probe uses, in its --key order.
var ProbeTenants = []string{"alice", "bob", Attacker}

// Node is one node of a disaggregated replay, as its operator saw the chain.
type Node struct {
	Role    string
	Stale   []engine.StaleRead         // the chain's stale reads on this node
	Fired   map[kvtypes.Defence]uint64 // defences that fired here
	Metrics []string                   // its /metrics lines for defences fired and transfer failures
}

// CanaryLeak is a victim's canary found in another tenant's answer.
type CanaryLeak struct {
	Reader, Owner string
	Canary        string
	Exact         bool
}

const (
	pageTokens  = 16
	victimMax   = 6
	attackerLen = 400 // far above the pool, far below the advertised context
	attackerMax = 8
)

// The disaggregated replay's decode node has the larger pool, as the incident's did: large enough
// for the probe's longest prompts (512 tokens), which the prefill node's pool cannot hold. Its
// attacker's original length takes all but a page or two of it, so the reservation takes pages
// other tenants wrote.
const (
	decodePages       = 40
	attackerLenDisagg = (decodePages-2)*pageTokens - attackerMax
)

// Run replays the chain. It returns an error only when the replay itself could not run.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	cfg.defaults()
	faults.SetDefences(cfg.Defences)
	res := &Result{Mode: cfg.Mode, Defences: cfg.Defences}

	m, tok, f, closeModel, err := load(ctx, cfg)
	if err != nil {
		return nil, err
	}
	defer closeModel()
	bpt, err := kv.BytesPerToken(m.Layers, m.KVHeads, m.HeadDim, tensor.F32)
	if err != nil {
		return nil, err
	}
	ecfg := func(pages int) engine.Config { return engineConfig(m, bpt, pages, cfg.Logger) }
	if plan, err := engine.PlanFor(&m.Config, ecfg(cfg.Pages)); err == nil {
		res.Plan = fmt.Sprintf("advertised context %d tokens over a KV pool of %d tokens (%d pages × %d)", plan.MaxContext, plan.Tokens, plan.Pages, plan.PageTokens)
		if cfg.Mode == Disaggregated {
			res.Plan += fmt.Sprintf(" on the prefill node; the decode node's pool holds %d tokens (%d pages)", decodePages*pageTokens, decodePages)
		}
	}

	f2, keys, uids, err := replayTenants()
	if err != nil {
		return nil, err
	}
	store, err := tenants.NewMemStore(f2)
	if err != nil {
		return nil, err
	}
	var d *deployment
	if cfg.Mode == Disaggregated {
		d, err = startDisaggregated(ctx, cfg, m, tok, f, ecfg(cfg.Pages), ecfg(decodePages))
	} else {
		d, err = startSingle(m, tok, ecfg(cfg.Pages))
	}
	if err != nil {
		return nil, err
	}
	defer d.close()
	if d.startErr != nil {
		res.StartErr = d.startErr // the start-up gate: the server never starts
		return res, nil
	}
	srv, err := server.New(server.Config{Logger: cfg.Logger, ModelName: "replay"}, d.api, tok, store)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	hs := &http.Server{Handler: srv.Handler()}
	go hs.Serve(ln)
	defer hs.Close()
	base := "http://" + ln.Addr().String()

	runChain(ctx, cfg, base, keys, m.Vocab, res)
	chain := collectNodes(cfg, d, uids, res)
	res.LeakedData = crossTenant(res.Stale) || len(res.Canaries) > 0
	res.Metrics = defenceMetrics(srv.MetricsHandler(), "")
	if cfg.Mode == Disaggregated { // the router runs no engine: the nodes count their defences
		res.Metrics = nil
		for _, n := range res.Nodes {
			for _, l := range n.Metrics {
				res.Metrics = append(res.Metrics, n.Role+": "+l)
			}
		}
	}

	// The auditor's view: what the probe finds from outside, over HTTP only.
	pkeys := make([]string, len(ProbeTenants))
	for i, name := range ProbeTenants {
		pkeys[i] = keys[name]
	}
	res.Probe, res.ProbeErr = probe.Run(ctx, probe.Config{Endpoint: base, Keys: pkeys, Budget: probeBudget,
		Rate: probeRate, Concurrency: probeConcurrency, Seed: cfg.Seed, Trials: probeTrials,
		Exact: true}) // kvwarden promises bit-identical answers (invariant 12): the auditor holds it to that
	for i, n := range d.nodes {
		res.ProbeStale = append(res.ProbeStale, names(n.eng.StaleReads()[chain[i]:], uids)...)
	}
	res.LeakedData = res.LeakedData || crossTenant(res.ProbeStale)
	return res, nil
}

func (cfg *Config) defaults() {
	if cfg.Mode == "" {
		cfg.Mode = Single
	}
	if cfg.Pages == 0 {
		cfg.Pages = 12
	}
	if cfg.Seed == 0 {
		cfg.Seed = 1
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
}

// engineConfig is one replay engine over a pool of pages.
func engineConfig(m *model.Model, bpt, pages int, log *slog.Logger) engine.Config {
	return engine.Config{
		Threads: 2, KVDType: tensor.F32, PageTokens: pageTokens,
		KVMemBytes: int64(pages) * int64(bpt*pageTokens+kv.HeaderBytes),
		MaxContext: m.Context, // advertised: the model's, whatever the pool holds (the incident's 1,048,576 over 681,280)
		StepTokens: 64, MaxRunning: 8, Scrub: kv.ScrubNone, Logger: log, PrefixCache: true,
	}
}

// runChain sends the victims' prompts, each with a canary, at once so that they fill the pool,
// then the attacker's oversized prompt into the freed pages; it records the timeline and every
// canary found in an answer it should not be in.
func runChain(ctx context.Context, cfg Config, base string, keys map[string]string, vocab int, res *Result) {
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x5eed))
	matcher := probe.NewCanaryMatcher()
	start := time.Now()
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i, name := range Victims {
		canary := probe.NewCanary(rng)
		matcher.Add(canary, i)
		prompt := fmt.Sprintf("Account %d for %s. Secret token: %s. Keep it private.", i+1, name, canary)
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := complete(ctx, base, keys[name], prompt, victimMax, start)
			e.Tenant, e.Role = name, "victim"
			mu.Lock()
			res.Timeline = append(res.Timeline, e)
			mu.Unlock()
		}()
	}
	wg.Wait()
	n := attackerLen
	if cfg.Mode == Disaggregated {
		n = attackerLenDisagg
	}
	ids := make([]int, n)
	for i := range ids {
		ids[i] = 1 + rng.IntN(vocab-1)
	}
	e := complete(ctx, base, keys[Attacker], ids, attackerMax, start)
	e.Tenant, e.Role, e.PromptLen = Attacker, "attacker", n
	res.Timeline = append(res.Timeline, e)
	sort.Slice(res.Timeline, func(i, j int) bool { return res.Timeline[i].At < res.Timeline[j].At })

	// The answers, through the probe's canary matcher.
	for _, e := range res.Timeline {
		reader := len(Victims) // the attacker owns no canary
		for i, v := range Victims {
			if v == e.Tenant {
				reader = i
			}
		}
		for _, h := range matcher.Find(e.Text, reader) {
			res.Canaries = append(res.Canaries, CanaryLeak{Reader: e.Tenant, Owner: Victims[h.Owner], Canary: h.Canary, Exact: h.Exact})
		}
	}
}

// collectNodes reads each engine's trace of stale reads and its defence counters after the chain;
// it returns how many stale reads each node had then, so the probe's can be told apart.
func collectNodes(cfg Config, d *deployment, uids map[string]string, res *Result) []int {
	res.Fired = map[kvtypes.Defence]uint64{}
	chain := make([]int, len(d.nodes))
	for i, n := range d.nodes {
		stale := names(n.eng.StaleReads(), uids)
		chain[i] = len(stale)
		res.Stale = append(res.Stale, stale...)
		fired := n.eng.Stats().Defences
		for k, v := range fired {
			res.Fired[k] += v
		}
		if cfg.Mode == Disaggregated {
			res.Nodes = append(res.Nodes, Node{Role: n.role, Stale: stale, Fired: fired, Metrics: nodeMetrics(n)})
		}
	}
	return chain
}

// replayTenants makes the victims and the attacker: the tenants file, each one's API key, and
// their names by UID (the engines' trace names tenants by UID).
func replayTenants() (*tenants.File, map[string]string, map[string]string, error) {
	f := &tenants.File{Version: tenants.FileVersion}
	keys := map[string]string{}
	uids := map[string]string{}
	for _, name := range append(append([]string(nil), Victims...), Attacker) {
		key, err := tenants.GenerateKey()
		if err != nil {
			return nil, nil, nil, err
		}
		uid, err := tenants.NewUID()
		if err != nil {
			return nil, nil, nil, err
		}
		keys[name], uids[uid] = key, name
		f.Tenants = append(f.Tenants, tenants.Tenant{ID: name, UID: uid, KeyHash: tenants.HashKey(key)})
	}
	return f, keys, uids, nil
}

// names replaces the tenant UIDs of the engine's trace by the replay's tenant names.
func names(stale []engine.StaleRead, uids map[string]string) []engine.StaleRead {
	for i := range stale {
		s := &stale[i]
		s.Tenant = uids[s.Tenant]
		owners := map[string]int{}
		for o, n := range s.Owners {
			if name, ok := uids[o]; ok {
				o = name
			}
			owners[o] += n
		}
		s.Owners = owners
	}
	return stale
}

// crossTenant says whether some request read pages another tenant wrote.
func crossTenant(stale []engine.StaleRead) bool {
	for _, s := range stale {
		for o := range s.Owners {
			if o != s.Tenant {
				return true
			}
		}
	}
	return false
}

func load(ctx context.Context, cfg Config) (*model.Model, *tokenizer.Tokenizer, *gguf.File, func(), error) {
	r, err := source.Resolve(ctx, cfg.Model, source.Options{CacheDir: cfg.CacheDir})
	if err != nil {
		return nil, nil, nil, nil, err
	}
	f, err := gguf.Open(r.Path)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	m, err := model.Load(f)
	if err != nil {
		f.Close()
		return nil, nil, nil, nil, err
	}
	tok, err := tokenizer.FromGGUF(f)
	if err != nil {
		f.Close()
		return nil, nil, nil, nil, err
	}
	return m, tok, f, func() { f.Close() }, nil
}

// complete sends one non-streaming completion, as a client would, and records what came back.
func complete(ctx context.Context, base, key string, prompt any, maxTokens int, start time.Time) Entry {
	e := Entry{At: time.Since(start)}
	if s, ok := prompt.(string); ok {
		e.PromptLen = len(s)
	}
	body, _ := json.Marshal(map[string]any{"model": "replay", "prompt": prompt, "max_tokens": maxTokens, "temperature": 0})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/v1/completions", bytes.NewReader(body))
	if err != nil {
		e.Error = err.Error()
		return e
	}
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	t0 := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.Error = err.Error()
		return e
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	e.Latency, e.Status = time.Since(t0), resp.StatusCode
	var out struct {
		Choices []struct {
			Text         string `json:"text"`
			FinishReason string `json:"finish_reason"`
		} `json:"choices"`
		Usage struct {
			PromptTokens     int `json:"prompt_tokens"`
			CompletionTokens int `json:"completion_tokens"`
		} `json:"usage"`
		Error *struct {
			Message string `json:"message"`
			Code    any    `json:"code"`
		} `json:"error"`
	}
	if err := json.Unmarshal(b, &out); err != nil {
		e.Error = fmt.Sprintf("unreadable answer: %v", err)
		return e
	}
	if out.Error != nil {
		e.Error = fmt.Sprintf("%v: %s", out.Error.Code, out.Error.Message)
	}
	if len(out.Choices) > 0 {
		e.Text, e.Finish = out.Choices[0].Text, out.Choices[0].FinishReason
	}
	e.PromptTokens, e.CompletionTokens = out.Usage.PromptTokens, out.Usage.CompletionTokens
	return e
}

// defenceMetrics scrapes an operator's /metrics and keeps the defence counters that are not zero
// (and the lines starting with also, if not empty).
func defenceMetrics(h http.Handler, also string) []string {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	var out []string
	for _, l := range strings.Split(rec.Body.String(), "\n") {
		if (strings.HasPrefix(l, "kvwarden_defence_fired_total{") || also != "" && strings.HasPrefix(l, also)) && !strings.HasSuffix(l, " 0") {
			out = append(out, l)
		}
	}
	return out
}
