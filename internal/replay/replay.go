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
// Disaggregated replay (prefill and decode on different nodes) is not covered: the transfer layer
// exists (internal/transfer) but the prefill and decode roles are not wired yet. Here the
// incident's prefill → decode hand-off is the moment a request's prefill reports done.
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

// Config is one replay.
type Config struct {
	Defences []kvtypes.Defence // on; every other defence's fault is switched on
	Model    string            // --model spec ("" is the built-in demo model; dummy:... works too)
	CacheDir string            // for source.Resolve; "" is the default cache
	Pages    int               // KV pool pages (16 tokens each); 0 means 12
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
	Defences   []kvtypes.Defence
	Plan       string // the capacity plan the engine ran under (or was refused)
	StartErr   error  // the start-up gate's refusal: nothing else ran
	Timeline   []Entry
	Stale      []engine.StaleRead // requests that attended over pages written by others
	Canaries   []CanaryLeak
	Fired      map[kvtypes.Defence]uint64 // from the engine's security counters
	Metrics    []string                   // the kvwarden_defence_fired_total lines of /metrics
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

// Run replays the chain. It returns an error only when the replay itself could not run.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	if cfg.Pages == 0 {
		cfg.Pages = 12
	}
	if cfg.Seed == 0 {
		cfg.Seed = 1
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	faults.SetDefences(cfg.Defences)
	res := &Result{Defences: cfg.Defences}

	m, tok, closeModel, err := load(ctx, cfg)
	if err != nil {
		return nil, err
	}
	defer closeModel()
	bpt, err := kv.BytesPerToken(m.Layers, m.KVHeads, m.HeadDim, tensor.F32)
	if err != nil {
		return nil, err
	}
	ecfg := engine.Config{
		Threads: 2, KVDType: tensor.F32, PageTokens: pageTokens,
		KVMemBytes: int64(cfg.Pages) * int64(bpt*pageTokens+kv.HeaderBytes),
		MaxContext: m.Context, // advertised: the model's, whatever the pool holds (the incident's 1,048,576 over 681,280)
		StepTokens: 64, MaxRunning: 8, Scrub: kv.ScrubNone, Logger: log, PrefixCache: true,
	}
	if plan, err := engine.PlanFor(&m.Config, ecfg); err == nil {
		res.Plan = fmt.Sprintf("advertised context %d tokens over a KV pool of %d tokens (%d pages × %d)", plan.MaxContext, plan.Tokens, plan.Pages, plan.PageTokens)
	}
	eng, err := engine.New(m, tok, ecfg)
	if err != nil {
		res.StartErr = err // the start-up gate: the server never starts
		return res, nil
	}
	defer eng.Close()

	f := &tenants.File{Version: tenants.FileVersion}
	keys := map[string]string{}
	uids := map[string]string{}
	for _, name := range append(append([]string(nil), Victims...), Attacker) {
		key, err := tenants.GenerateKey()
		if err != nil {
			return nil, err
		}
		uid, err := tenants.NewUID()
		if err != nil {
			return nil, err
		}
		keys[name], uids[uid] = key, name
		f.Tenants = append(f.Tenants, tenants.Tenant{ID: name, UID: uid, KeyHash: tenants.HashKey(key)})
	}
	store, err := tenants.NewMemStore(f)
	if err != nil {
		return nil, err
	}
	srv, err := server.New(server.Config{Logger: log, ModelName: "replay"}, eng, tok, store)
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

	// Victims first, at once, so their prompts fill the pool; then the attacker into the freed pages.
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
	ids := make([]int, attackerLen)
	for i := range ids {
		ids[i] = 1 + rng.IntN(m.Vocab-1)
	}
	e := complete(ctx, base, keys[Attacker], ids, attackerMax, start)
	e.Tenant, e.Role, e.PromptLen = Attacker, "attacker", attackerLen
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
	res.Stale = names(eng.StaleReads(), uids)
	res.LeakedData = crossTenant(res.Stale) || len(res.Canaries) > 0
	res.Fired = eng.Stats().Defences
	res.Metrics = defenceMetrics(srv)

	// The auditor's view: what the probe finds from outside, over HTTP only.
	chain := len(res.Stale)
	pkeys := make([]string, len(ProbeTenants))
	for i, name := range ProbeTenants {
		pkeys[i] = keys[name]
	}
	res.Probe, res.ProbeErr = probe.Run(ctx, probe.Config{Endpoint: base, Keys: pkeys, Budget: probeBudget,
		Rate: probeRate, Concurrency: probeConcurrency, Seed: cfg.Seed, Trials: probeTrials})
	res.ProbeStale = names(eng.StaleReads()[chain:], uids)
	res.LeakedData = res.LeakedData || crossTenant(res.ProbeStale)
	return res, nil
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

func load(ctx context.Context, cfg Config) (*model.Model, *tokenizer.Tokenizer, func(), error) {
	r, err := source.Resolve(ctx, cfg.Model, source.Options{CacheDir: cfg.CacheDir})
	if err != nil {
		return nil, nil, nil, err
	}
	f, err := gguf.Open(r.Path)
	if err != nil {
		return nil, nil, nil, err
	}
	m, err := model.Load(f)
	if err != nil {
		f.Close()
		return nil, nil, nil, err
	}
	tok, err := tokenizer.FromGGUF(f)
	if err != nil {
		f.Close()
		return nil, nil, nil, err
	}
	return m, tok, func() { f.Close() }, nil
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

// defenceMetrics scrapes the operator's /metrics and keeps the defence counters.
func defenceMetrics(srv *server.Server) []string {
	rec := httptest.NewRecorder()
	srv.MetricsHandler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	var out []string
	for _, l := range strings.Split(rec.Body.String(), "\n") {
		if strings.HasPrefix(l, "kvwarden_defence_fired_total{") {
			out = append(out, l)
		}
	}
	return out
}
