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
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/faults"
	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/operator"
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

// Chain is which failure the replay drives.
type Chain string

const (
	// IncidentChain is the incident's: an over-long request rewritten to a placeholder whose
	// decode binds the pages reserved for its original length.
	IncidentChain Chain = "incident"
	// LateWriteChain is a late writer's (faults.LateWrite, the mechanism delayed release is for):
	// the attacker hangs up mid-generation, and its last in-flight write lands in the pages a
	// victim is given next.
	LateWriteChain Chain = "late-write"
)

// Config is one replay.
type Config struct {
	Mode     Mode              // "" is Single
	Chain    Chain             // "" is IncidentChain
	Defences []kvtypes.Defence // on; every other defence's fault is switched on
	Model    string            // --model spec ("" is the built-in demo model; dummy:... works too)
	CacheDir string            // for source.Resolve; "" is the default cache
	Pages    int               // KV pool pages (16 tokens each); 0 means 12 (the prefill node's when disaggregated)
	Seed     uint64            // canaries; 0 means 1
	Logger   *slog.Logger      // engine and server logs; nil discards them
	// Shadow turns shadow verification on, every answer re-run (shadow.go): a detector beside
	// the defences, which prevents nothing.
	Shadow bool
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
	Chain      Chain
	Defences   []kvtypes.Defence
	ShadowOn   bool   // shadow verification ran beside the defences
	Plan       string // the capacity plan the engine ran under (or was refused)
	StartErr   error  // the start-up gate's refusal: nothing else ran
	Timeline   []Entry
	Stale      []engine.StaleRead // requests that attended over pages written by others
	Canaries   []CanaryLeak
	LateWrites []engine.LateWrite         // the late-write chain: what became of the attacker's late writes
	Fired      map[kvtypes.Defence]uint64 // from the engines' security counters, summed over nodes
	Metrics    []string                   // the kvwarden_defence_fired_total lines of /metrics
	Nodes      []Node                     // disaggregated: what each node saw of the chain
	LeakedData bool                       // some tenant read another tenant's pages or canaries, in the chain or the probe
	// AnswerChanged (late-write chain): the victim's answer differs from the reference's, the same
	// prompt answered on clean pages.
	AnswerChanged bool

	// Shadow is what shadow verification found in the chain, per verifying engine (Config.Shadow).
	Shadow []ShadowNode

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
	Role       string
	Stale      []engine.StaleRead         // the chain's stale reads on this node
	LateWrites []engine.LateWrite         // the chain's late writes on this node
	Fired      map[kvtypes.Defence]uint64 // defences that fired here
	Metrics    []string                   // its /metrics lines for defences fired and transfer failures
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
	faults.LateWrite = cfg.Chain == LateWriteChain
	res := &Result{Mode: cfg.Mode, Chain: cfg.Chain, Defences: cfg.Defences, ShadowOn: cfg.Shadow}

	m, tok, f, closeModel, err := load(ctx, cfg)
	if err != nil {
		return nil, err
	}
	defer closeModel()
	pre, dec, err := engineConfigs(m, cfg, res)
	if err != nil {
		return nil, err
	}
	shadowOn(cfg, &pre, &dec)
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
		d, err = startDisaggregated(ctx, cfg, m, tok, f, pre, dec)
	} else {
		d, err = startSingle(m, tok, pre)
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

	holdShadow(d, true)
	if cfg.Chain == LateWriteChain {
		runLateWrite(ctx, cfg, base, keys, m.Vocab, d, res)
	} else {
		runChain(ctx, cfg, base, keys, m.Vocab, res)
	}
	collectShadow(ctx, cfg, d, uids, res)
	chain := collectNodes(cfg, d, uids, res)
	res.LeakedData = crossTenant(res.Stale) || len(res.Canaries) > 0
	collectMetrics(cfg, srv, res)
	if cfg.Chain == IncidentChain {
		// The probe's over-long and boundary prompts drive the incident's chain, which the
		// late-write chain leaves to this one: there it would report that chain's leak.
		audit(ctx, cfg, base, keys, d, uids, chain, res)
	}
	return res, nil
}

// engineConfigs sizes the engines (the prefill node's, or the one engine, and the decode node's)
// and records the capacity plan they run under.
func engineConfigs(m *model.Model, cfg Config, res *Result) (pre, dec engine.Config, err error) {
	pb, err := kv.PageBytes(kv.Config{Layers: m.Layers, KVHeads: m.KVHeads, HeadDim: m.HeadDim, PageTokens: pageTokens, DType: tensor.F32})
	if err != nil {
		return pre, dec, err
	}
	pre, dec = engineConfig(m, pb, cfg.Pages, cfg.Logger), engineConfig(m, pb, decodePages, cfg.Logger)
	if plan, err := engine.PlanFor(&m.Config, pre); err == nil {
		res.Plan = fmt.Sprintf("advertised context %d tokens over a KV pool of %d tokens (%d pages × %d)", plan.MaxContext, plan.Tokens, plan.Pages, plan.PageTokens)
		if cfg.Mode == Disaggregated {
			res.Plan += fmt.Sprintf(" on the prefill node; the decode node's pool holds %d tokens (%d pages)", decodePages*pageTokens, decodePages)
		}
	}
	return pre, dec, nil
}

// collectMetrics scrapes the operator's /metrics for the defences the chain fired: the server's
// in one process, each node's when disaggregated (the router runs no engine).
func collectMetrics(cfg Config, srv *server.Server, res *Result) {
	if cfg.Mode != Disaggregated {
		res.Metrics = defenceMetrics(operator.New(srv.Operator()), "")
		return
	}
	for _, n := range res.Nodes {
		for _, l := range n.Metrics {
			res.Metrics = append(res.Metrics, n.Role+": "+l)
		}
	}
}

// audit runs the black-box probe against the same server with some of the tenants' keys, over
// HTTP only, and records what the engines' trace saw its requests read.
func audit(ctx context.Context, cfg Config, base string, keys map[string]string, d *deployment, uids map[string]string, chain []int, res *Result) {
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
}

func (cfg *Config) defaults() {
	if cfg.Mode == "" {
		cfg.Mode = Single
	}
	if cfg.Chain == "" {
		cfg.Chain = IncidentChain
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

// engineConfig is one replay engine over a pool of pages of pageBytes each.
func engineConfig(m *model.Model, pageBytes, pages int, log *slog.Logger) engine.Config {
	return engine.Config{
		Threads: 2, KVDType: tensor.F32, PageTokens: pageTokens,
		KVMemBytes: int64(pages) * int64(pageBytes),
		MaxContext: m.Context, // advertised: the model's, whatever the pool holds (the incident's 1,048,576 over 681,280)
		StepTokens: 64, MaxRunning: 8, Scrub: kv.ScrubNone, Logger: log, PrefixCache: true,
	}
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
