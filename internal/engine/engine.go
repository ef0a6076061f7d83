package engine

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/kvwarden/kvwarden/internal/clock"
	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/faults"
	"github.com/kvwarden/kvwarden/internal/invariants"
	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/tensor"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

// DefaultMaxRunning is what Config.MaxRunning 0 means. It is below core.DefaultMaxRunning because
// the engine sizes its logits buffer (MaxRunning × vocabulary floats) and its workspace for that
// many sequences when it starts.
const DefaultMaxRunning = 64

// Config sets up an engine.
type Config struct {
	Threads     int          // compute threads; 0 means all cores
	KVDType     tensor.DType // KV element type: one kv has a Format for (kv.FormatOf)
	KVMemBytes  int64        // memory of the KV page pool
	PageTokens  int          // tokens per page; 0 means core.DefaultPageTokens
	MaxContext  int          // advertised context; 0 means the most the model and pool allow
	StepTokens  int          // token budget of one step; 0 means core.DefaultStepTokens
	MaxRunning  int          // sequences per step; 0 means DefaultMaxRunning
	MaxWaiting  int          // queued requests before "overloaded"; 0 means core.DefaultMaxWaiting
	Scrub       kv.Scrub     // what freeing does to page contents
	PrefixCache bool         // per-tenant prefix cache
	Secret      []byte       // tenant key secret; nil draws a random one
	Deadlines   core.Deadlines
	Logger      *slog.Logger
	// ChatTemplate is the model's Jinja chat template (tokenizer.chat_template), passed through to Info.
	ChatTemplate string
	// OverrideModelContext allows MaxContext above the model's metadata context (a converter default).
	OverrideModelContext bool
	// AdapterBytes is what the LoRA adapters the caller loaded hold (serve --lora), AdapterMemBytes
	// the memory given to them (--lora-mem): the start-up gate refuses more, and the plan shows both.
	AdapterBytes, AdapterMemBytes int64
	// Transfer, when set, makes the engine a prefill or decode node (transfer.go).
	Transfer *TransferConfig
	// Pooling, when not PoolNone, serves embeddings with this pooling whatever the model's
	// metadata says (a model converted without pooling_type).
	Pooling model.Pooling
	// Shadow, with a Fraction above 0, re-runs that fraction of answers alone on idle capacity
	// and compares them bit for bit (shadow.go).
	Shadow ShadowConfig
	// MaskBudget is how long a step waits for a constrained request's next token mask before
	// it pauses that request alone until the mask is ready (mask.go); 0 means DefaultMaskBudget,
	// negative never waits (every uncached mask defers its request).
	MaskBudget time.Duration
	// Speculative decodes the requests that can be verified token for token with drafts
	// (speculate.go); the zero value is off.
	Speculative SpecConfig
	// Clock is the engine's only source of time: the present (deadlines, stalls, drain, usage
	// phases), the loop's and the transfers' timers, and so the reservation deadlines the receiver
	// times. nil means clock.Real; tests run the engine in a testing/synctest bubble.
	Clock clock.Clock
}

// Engine owns the model, the page pool and the isolation core, and runs the step loop on one
// goroutine, the only one that touches the core: Submit, aborts, DropTenant, Drain and Close are
// events queued in the inbox, which the loop applies at the top of each iteration and while a
// step's forward pass runs on the step goroutine (between Ready and Advance, as the core allows);
// the transport's reports are applied at the top of each iteration. Submit and DropTenant wait
// for the loop's answer. Every method may be called from any goroutine.
type Engine struct {
	cfg   Config
	m     *model.Model
	tok   *tokenizer.Tokenizer
	pool  *tensor.Pool
	cache *kv.Pool
	ws    *model.Workspace
	plan  core.CapacityPlan
	log   *slog.Logger
	now   func() time.Time // Config.Clock's Now

	// inbox holds callers' events until the loop applies them, in order; reports holds the
	// transport's, applied at the top of an iteration only, never beside a forward pass.
	inboxMu  sync.Mutex
	inbox    []func(now time.Time) // guarded by inboxMu
	reports  []func(now time.Time) // guarded by inboxMu
	stopped  bool                  // guarded by inboxMu: the loop has ended; nothing more is queued
	applying []func(now time.Time) // loop only: the events being applied, their buffer reused

	// The step goroutine runs each batch's forward pass and sampling, so the loop goroutine can
	// apply the inbox meanwhile; stepIn carries a batch, stepOut its result.
	stepIn  chan []core.Seq
	stepOut chan core.StepResult

	// The loop holds mu whenever it touches the core or these fields; other goroutines take it
	// only to read the shadow and replay builds' reports, and once the loop has ended (ask).
	// Status (Stats, Check, ConsoleView) is asked of the loop instead.
	mu          sync.Mutex
	core        *core.Core                    // guarded by mu; changed by the loop only
	streams     map[kvtypes.RequestID]*stream // guarded by mu
	closed      bool                          // guarded by mu: admitting no more requests
	shutdown    bool                          // guarded by mu: every remaining request has been aborted
	drained     chan struct{}
	drainedShut bool      // guarded by mu: drained is closed (closed and no request left)
	stepErrs    uint64    // guarded by mu
	lastStepErr time.Time // guarded by mu
	wake        chan struct{}
	done        chan struct{}

	// masksDeferred counts requests paused for a token mask not ready within MaskBudget.
	masksDeferred uint64 // guarded by mu

	// ends holds the OnEnd calls of requests that ended in this Ready; the loop makes them after
	// releasing mu, so a callback may call back into the engine.
	ends []endCall

	// Step buffers, reused so that a step allocates nothing of its own.
	logits       []float32
	scoring      []int        // batch entries scoring their prompt, run apart by scorePrompt
	scoreSeq     [1]model.Seq // scorePrompt's one sequence
	seqs         []model.Seq
	results      []core.SeqResult
	run          []int
	batchStreams []*stream
	lastRun      []sampler.Result   // by batch slot of the previous step, for logprobs
	specRuns     [][]sampler.Result // by batch slot: a speculative step's draws, by row (speculate.go)
	draws        []draw             // the sequences sampleBatch draws a token for
	drawRes      *core.StepResult   // their step's result, while they draw
	drawTask     func(int)          // drawOne, bound once so a step allocates no closure

	// beforeStep, when set (by tests), runs on the loop goroutine just before each forward pass;
	// fault-injection tests use it to corrupt page headers as a buggy writer would, or to fail
	// or panic the step.
	beforeStep func(batch []core.Seq, cache *kv.Pool)
	// failed lists the batch slots of the last step whose forward pass failed for a reason other
	// than isolation.
	failed []int
	// constrained lists the batch slots of the last step whose output constraint could not go on:
	// their requests' own failures, not the engine's.
	constrained []int
	// trace is the incident-replay build's record of who wrote each page (replay.go).
	trace *trace
	x     *xfers         // nil without a TransferConfig
	pages *core.PageView // the core's page view, set once: read without the loop (PageView)
	sh    *shadow        // nil without shadow verification
	// tamper, when set (by tests), changes a token on its way to a live request's client, as a
	// corrupted answer would: shadow verification must catch it.
	tamper func(id kvtypes.RequestID, t *Token)

	matchers matchers   // constraints of requests that carry only their Grammar (constraint.go)
	draft    *drafter   // nil unless speculating by a draft model (draftmodel.go)
	spec     *specMeter // what speculation costs here; nil unless speculating (speccost.go)
}

// applyHeaders invalidates and stamps the page headers a Ready names, in both pools when a draft
// model's mirrors the model's.
func (e *Engine) applyHeaders(rd *core.Ready) {
	for _, id := range rd.Invalidate {
		e.cache.Invalidate(id)
		if e.draft != nil {
			e.draft.cache.Invalidate(id)
		}
	}
	for _, st := range rd.Stamp {
		e.cache.Stamp(st.Page, st.Header)
		if e.draft != nil {
			e.draft.cache.Stamp(st.Page, st.Header)
		}
	}
}

// checkSpeculative refuses a speculative decoding configuration the engine cannot run: a draft
// model of another vocabulary, or beside a transfer (a received page's draft half is never written).
func (cfg *Config) checkSpeculative(m *model.Model, tok *tokenizer.Tokenizer) error {
	sc := &cfg.Speculative
	if err := sc.check(); err != nil {
		return err
	}
	if sc.Mode != SpecDraft {
		return nil
	}
	if cfg.Transfer != nil {
		return errors.New("speculative decoding by a draft model runs on a single process only")
	}
	return checkDraftModel(m, tok, sc)
}

type endCall struct {
	f func(Usage)
	u Usage
}

// New builds the page pool from the capacity plan (refusing a configuration whose advertised
// context the pool cannot hold) and starts the step loop.
func New(m *model.Model, tok *tokenizer.Tokenizer, cfg Config) (*Engine, error) {
	cfg.setDefaults()
	if f := cfg.Shadow.Fraction; !(f >= 0 && f <= 1) {
		return nil, fmt.Errorf("shadow fraction %v: want 0 to 1", f)
	}
	if err := checkPooling(cfg.Pooling); err != nil {
		return nil, err
	}
	if err := cfg.checkSpeculative(m, tok); err != nil {
		return nil, err
	}
	plan, err := PlanFor(&m.Config, cfg)
	if err != nil {
		return nil, err
	}
	secret := cfg.Secret
	if secret == nil {
		secret = make([]byte, 32)
		rand.Read(secret)
	}
	var nonce [8]byte
	rand.Read(nonce[:])
	var eos []int32
	for id := 0; id < tok.VocabSize(); id++ {
		if tok.IsEOG(int32(id)) {
			eos = append(eos, int32(id))
		}
	}
	c, err := core.New(core.Config{
		Pages: plan.Pages, PageTokens: plan.PageTokens, MaxContext: plan.MaxContext,
		StepTokens: cfg.StepTokens, MaxRunning: cfg.MaxRunning, MaxWaiting: cfg.MaxWaiting,
		Vocab: m.Vocab, EOS: eos, Secret: secret, PrefixCache: cfg.PrefixCache,
		Deadlines: cfg.Deadlines, Nonce: binary.LittleEndian.Uint64(nonce[:]),
		SpecTokens: cfg.Speculative.coreTokens(), SpecMaxBatch: cfg.Speculative.MaxBatch,
		SpecEngineDrafts: cfg.Speculative.Mode == SpecDraft,
	})
	if err != nil {
		return nil, err
	}
	cache, err := kv.NewPool(kv.Config{Layers: m.Layers, KVHeads: m.KVHeads, HeadDim: m.HeadDim,
		PageTokens: plan.PageTokens, DType: cfg.KVDType, Pages: plan.Pages, Scrub: cfg.Scrub})
	if err != nil {
		return nil, err
	}
	pool := tensor.NewPool(cfg.Threads)
	e := &Engine{
		cfg: cfg, m: m, tok: tok, pool: pool, cache: cache, plan: plan, log: cfg.Logger, now: cfg.Clock.Now, core: c,
		ws:      m.NewWorkspace(pool, cfg.StepTokens, cfg.MaxRunning, plan.MaxContext),
		logits:  make([]float32, cfg.MaxRunning*m.Vocab),
		streams: map[kvtypes.RequestID]*stream{},
		drained: make(chan struct{}),
		pages:   c.PageView(),
		wake:    make(chan struct{}, 1),
		done:    make(chan struct{}),
		stepIn:  make(chan []core.Seq),
		stepOut: make(chan core.StepResult),
	}
	if faults.Available {
		e.trace = newTrace(plan.Pages, cfg.Clock)
	}
	if cfg.Shadow.Fraction > 0 {
		e.sh = newShadow(cfg.Shadow)
	}
	if err := e.attach(cfg, plan); err != nil {
		pool.Close()
		cache.Close()
		return nil, err
	}
	e.drawTask = e.drawOne
	go e.loop()
	return e, nil
}

// attach adds what the configuration asks for beside the model and its pool: the transfers of a
// prefill or decode node, speculation's cost meter, a draft model's mirror pool.
func (e *Engine) attach(cfg Config, plan core.CapacityPlan) error {
	if cfg.Transfer != nil {
		if err := e.newXfers(cfg.Transfer); err != nil {
			return err
		}
	}
	if n := cfg.Speculative.coreTokens(); n > 0 {
		e.spec = newSpecMeter(e.now, cfg.Speculative.maxBatch()+n)
	}
	if cfg.Speculative.Mode == SpecDraft {
		d, err := newDrafter(cfg, plan, e.pool, e.spec)
		if err != nil {
			return err
		}
		e.draft = d
	}
	return nil
}

// setDefaults gives the zero fields their documented meaning.
func (cfg *Config) setDefaults() {
	if cfg.PageTokens == 0 {
		cfg.PageTokens = core.DefaultPageTokens
	}
	if cfg.StepTokens == 0 {
		cfg.StepTokens = core.DefaultStepTokens
	}
	if cfg.MaxRunning == 0 {
		cfg.MaxRunning = DefaultMaxRunning
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	cfg.Clock = clock.Or(cfg.Clock)
}

// PlanFor computes the capacity plan of a model under an engine configuration: the start-up gate.
func PlanFor(mc *model.Config, cfg Config) (core.CapacityPlan, error) {
	bpt, err := kv.BytesPerToken(mc.Layers, mc.KVHeads, mc.HeadDim, cfg.KVDType) // refuses a type with no kv.Format
	if err != nil {
		return core.CapacityPlan{}, err
	}
	draft, err := draftBytesPerToken(cfg) // the draft model's mirror pool shares the pages
	if err != nil {
		return core.CapacityPlan{}, err
	}
	headers := int64(kv.HeaderBytes)
	if draft > 0 {
		headers *= 2 // each page's mirror has its own header
	}
	return core.Plan(core.CapacityConfig{BytesPerToken: int64(bpt + draft), KVMemBytes: cfg.KVMemBytes, PageOverhead: headers,
		PageTokens: cfg.PageTokens, ModelContext: mc.Context, MaxContext: cfg.MaxContext, OverrideModelContext: cfg.OverrideModelContext,
		AdapterBytes: cfg.AdapterBytes, AdapterMemBytes: cfg.AdapterMemBytes})
}

// Plan is the capacity plan the engine runs under.
func (e *Engine) Plan() core.CapacityPlan { return e.plan }

// Info describes the model and limits for the API.
func (e *Engine) Info() Info {
	_, kernels := tensor.Kernels()
	info := Info{ModelName: e.m.Name, MaxContext: e.plan.MaxContext, VocabSize: e.m.Vocab, ChatTemplate: e.cfg.ChatTemplate, Kernels: kernels,
		EmbeddingDim: e.m.Dim, PageTokens: e.plan.PageTokens}
	if p := e.pooling(); p != model.PoolNone && checkPooling(p) == nil {
		info.Pooling = p.String()
	}
	return info
}

// DropTenant drops tenant's prefix cache, for a tenant the operator removed: its pages leave the
// index now and are invalidated through the step loop like any freed page.
func (e *Engine) DropTenant(tenant string) int {
	n := 0
	e.call(func(now time.Time) {
		n = e.core.DropTenant(now, tenant)
		if e.sh != nil {
			e.shadowDropTenant(tenant)
		}
	})
	return n
}

// CachedPrefix is how many of the request's prompt tokens its tenant's prefix cache holds now
// (core.CachedPrefix): a decode server behind llm-d's sidecar serves a request alone only above its
// cache_hit_threshold. It admits nothing.
func (e *Engine) CachedPrefix(r Spec) int {
	n := 0
	e.call(func(time.Time) { n = e.core.CachedPrefix(r.Tenant, r.Adapter.namespace(), r.Prompt) })
	return n
}

// Tokenizer is the model's tokenizer (a node hands its configuration to its routers).
func (e *Engine) Tokenizer() *tokenizer.Tokenizer { return e.tok }

// Submit admits a request or rejects it with a *RejectError; an admitted request's events arrive
// on the returned stream. Cancelling ctx aborts the request.
func (e *Engine) Submit(ctx context.Context, r Request) (Stream, error) {
	return e.submit(ctx, r, core.Local, nil)
}

// Close aborts every request ("shutdown") and stops the loop once their terminal events are out.
func (e *Engine) Close() {
	e.post(func(now time.Time) {
		e.closed = true
		if e.sh != nil {
			e.shadowClose()
		}
		if !e.shutdown {
			e.shutdown = true
			e.core.Shutdown(now)
		}
	})
	<-e.done
	e.closeTransfers()
	e.pool.Close()
	e.cache.Close()
	if e.draft != nil {
		e.draft.cache.Close()
	}
}

// Drain stops admitting, waits until every running request has ended or ctx is done (then
// aborts the rest with reason "shutdown", each stream getting that error as its terminal event),
// and closes the engine.
func (e *Engine) Drain(ctx context.Context) {
	stopping := e.call(func(time.Time) {
		e.closed = true
		if e.sh != nil {
			e.shadowClose()
		}
		e.checkDrainedLocked()
	})
	if stopping {
		select {
		case <-e.drained:
		case <-ctx.Done():
		}
	}
	e.Close()
}

// checkDrainedLocked signals Drain once admission is closed and no request is left.
func (e *Engine) checkDrainedLocked() {
	if e.closed && len(e.streams) == 0 && !e.drainedShut {
		e.drainedShut = true
		close(e.drained)
	}
}

// loop is the one step loop: apply the inbox, Tick, Ready, execute (applying the inbox while
// the step goroutine runs the batch), Advance.
func (e *Engine) loop() {
	defer close(e.done)
	go e.stepper()
	defer close(e.stepIn)
	tick, ticks := e.cfg.Clock.NewTicker(time.Second)
	defer tick.Stop()
	for {
		e.mu.Lock()
		now := e.now()
		e.apply(&e.reports, now)
		e.apply(&e.inbox, now)
		e.expireHolds(now)
		e.core.Tick(now)
		if invariants.Enabled { // a constant: the normal build has no call
			checkInvariants(e.core, e.log, "tick") // also covers the events fed since the last step
		}
		var shadowWait time.Duration
		if !e.core.HasReady() {
			// Idle: a reference may run, until live work arrives.
			shadowWait = e.startShadow(now)
		}
		if !e.core.HasReady() {
			stop := e.closed && len(e.streams) == 0 && e.stopIfIdle()
			e.mu.Unlock()
			if stop {
				return
			}
			e.sleep(ticks, shadowWait)
			continue
		}
		rd := e.core.Ready()
		e.deliver(now, &rd)
		e.applyHeaders(&rd)
		e.handOff(now, &rd)
		e.shadowStep(now, rd.Batch)
		batch := rd.Batch
		e.batchStreams = e.batchStreams[:0]
		for i := range batch {
			s := e.streams[batch[i].Request]
			if s != nil && s.scheduled.IsZero() {
				s.scheduled = now
			}
			if s != nil && (s.shadow != nil || s.ref != nil) {
				s.notePages(&batch[i], e.cache)
			}
			e.batchStreams = append(e.batchStreams, s)
		}
		e.mu.Unlock()
		e.callEnds()

		res := e.awaitStep(batch)

		e.advance(batch, res)
	}
}

// sleep waits for an event in the inbox, the next tick, or, when wait > 0, the end of the wait
// shadow verification asked for. Loop only, without mu.
func (e *Engine) sleep(ticks <-chan time.Time, wait time.Duration) {
	var waited <-chan time.Time
	if wait > 0 {
		t, c := e.cfg.Clock.NewTimer(wait)
		defer t.Stop()
		waited = c
	}
	select {
	case <-e.wake:
	case <-ticks:
	case <-waited:
	}
}

// advance reports a step's result to the core: the failed sequences end alone ("internal"),
// and so do those whose constraint could not go on ("constraint": the request's fault, which
// counts as no step error and leaves readiness as it is).
func (e *Engine) advance(batch []core.Seq, res core.StepResult) {
	e.mu.Lock()
	defer e.mu.Unlock()
	now := e.now()
	if len(e.failed) > 0 || res.Err != nil {
		e.stepErrs++
		e.lastStepErr = now
	}
	// Only these sequences end; the core skips their results.
	for _, i := range e.failed {
		e.core.Abort(now, batch[i].Request, kvtypes.AbortInternal)
	}
	for _, i := range e.constrained {
		e.core.Abort(now, batch[i].Request, kvtypes.AbortConstraint)
	}
	if err := e.core.Advance(res); err != nil {
		e.log.Error("core refused a step report", "err", err)
	}
	for _, s := range e.batchStreams {
		if s != nil {
			e.pauseIfDeferred(now, s)
		}
	}
	if faults.Available {
		e.trace.landLate(e.cache, e.log)
	}
	if invariants.Enabled {
		checkInvariants(e.core, e.log, "step")
	}
}

// checkInvariants re-verifies every core invariant and panics on a violation. The loop calls it
// in the invariants build only, where a panic on the loop goroutine ends the process, so whatever
// test drives the engine fails at the event that broke it.
func checkInvariants(c interface{ Check() error }, log *slog.Logger, after string) {
	if err := c.Check(); err != nil {
		log.Error("core invariant violated", "after", after, "err", err)
		panic(fmt.Sprintf("core invariant violated after %s: %v", after, err))
	}
}
