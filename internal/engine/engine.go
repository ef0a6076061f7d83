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
	KVDType     tensor.DType // F32 or F16
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
	// Transfer, when set, makes the engine a prefill or decode node (transfer.go).
	Transfer *TransferConfig
	// Pooling, when not PoolNone, serves embeddings with this pooling whatever the model's
	// metadata says (a model converted without pooling_type).
	Pooling model.Pooling
	// Shadow, with a Fraction above 0, re-runs that fraction of answers alone on idle capacity
	// and compares them bit for bit (shadow.go).
	Shadow ShadowConfig
}

// Engine owns the model, the page pool and the isolation core, and runs the step loop on one
// goroutine. Submit, stream Close and Stats may be called from any goroutine.
type Engine struct {
	cfg   Config
	m     *model.Model
	tok   *tokenizer.Tokenizer
	pool  *tensor.Pool
	cache *kv.Pool
	ws    *model.Workspace
	plan  core.CapacityPlan
	log   *slog.Logger

	mu          sync.Mutex // guards core, streams, closed, shutdown, drainedShut, stepErrs, lastStepErr
	core        *core.Core
	streams     map[kvtypes.RequestID]*stream
	closed      bool // admitting no more requests
	shutdown    bool // every remaining request has been aborted
	drained     chan struct{}
	drainedShut bool // drained is closed: closed and no request left
	stepErrs    uint64
	lastStepErr time.Time
	wake        chan struct{}
	done        chan struct{}

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
	lastRun      []sampler.Result // by batch slot of the previous step, for logprobs
	draws        []draw           // the sequences sampleBatch draws a token for
	drawRes      *core.StepResult // their step's result, while they draw
	drawTask     func(int)        // drawOne, bound once so a step allocates no closure

	// beforeStep, when set (by tests), runs on the loop goroutine just before each forward pass;
	// fault-injection tests use it to corrupt page headers as a buggy writer would, or to fail
	// or panic the step.
	beforeStep func(batch []core.Seq, cache *kv.Pool)
	// failed lists the batch slots of the last step whose forward pass failed for a reason other
	// than isolation.
	failed []int
	// trace is the incident-replay build's record of who wrote each page (replay.go).
	trace *trace
	x     *xfers  // nil without a TransferConfig
	sh    *shadow // nil without shadow verification
	// tamper, when set (by tests), changes a token on its way to a live request's client, as a
	// corrupted answer would: shadow verification must catch it.
	tamper func(id kvtypes.RequestID, t *Token)

	matchers matchers // constraints of requests that carry only their Grammar (constraint.go)
}

type endCall struct {
	f func(Usage)
	u Usage
}

// New builds the page pool from the capacity plan (refusing a configuration whose advertised
// context the pool cannot hold) and starts the step loop.
func New(m *model.Model, tok *tokenizer.Tokenizer, cfg Config) (*Engine, error) {
	if cfg.KVDType != tensor.F32 && cfg.KVDType != tensor.F16 {
		return nil, fmt.Errorf("kv dtype %s: want f32 or f16", cfg.KVDType)
	}
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
	if f := cfg.Shadow.Fraction; !(f >= 0 && f <= 1) {
		return nil, fmt.Errorf("shadow fraction %v: want 0 to 1", f)
	}
	if err := checkPooling(cfg.Pooling); err != nil {
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
		cfg: cfg, m: m, tok: tok, pool: pool, cache: cache, plan: plan, log: cfg.Logger, core: c,
		ws:      m.NewWorkspace(pool, cfg.StepTokens, cfg.MaxRunning, plan.MaxContext),
		logits:  make([]float32, cfg.MaxRunning*m.Vocab),
		streams: map[kvtypes.RequestID]*stream{},
		drained: make(chan struct{}),
		wake:    make(chan struct{}, 1),
		done:    make(chan struct{}),
	}
	if faults.Available {
		e.trace = newTrace(plan.Pages)
	}
	if cfg.Shadow.Fraction > 0 {
		e.sh = newShadow(cfg.Shadow)
	}
	if cfg.Transfer != nil {
		if err := e.newXfers(cfg.Transfer); err != nil {
			pool.Close()
			cache.Close()
			return nil, err
		}
	}
	e.drawTask = e.drawOne
	go e.loop()
	return e, nil
}

// PlanFor computes the capacity plan of a model under an engine configuration: the start-up gate.
func PlanFor(mc *model.Config, cfg Config) (core.CapacityPlan, error) {
	dt := cfg.KVDType
	if dt != tensor.F16 {
		dt = tensor.F32
	}
	bpt, err := kv.BytesPerToken(mc.Layers, mc.KVHeads, mc.HeadDim, dt)
	if err != nil {
		return core.CapacityPlan{}, err
	}
	return core.Plan(core.CapacityConfig{BytesPerToken: int64(bpt), KVMemBytes: cfg.KVMemBytes, PageOverhead: kv.HeaderBytes,
		PageTokens: cfg.PageTokens, ModelContext: mc.Context, MaxContext: cfg.MaxContext, OverrideModelContext: cfg.OverrideModelContext})
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

// Stats reports the engine for metrics.
func (e *Engine) Stats() Stats {
	e.mu.Lock()
	defer e.mu.Unlock()
	st := Stats{Stats: e.core.Stats(), StepErrors: e.stepErrs, LastStepError: e.lastStepErr, TransferFailures: e.transferFailures()}
	if e.x != nil {
		st.Sent = e.x.sent
	}
	if faults.Available {
		e.trace.addRefused(&st.Stats)
	}
	st.Shadow = e.shadowStats()
	return st
}

// Check runs the isolation core's full invariant checker (ledger, page tables, fences) now: a
// page returned twice, or held by nobody and not free, fails it. For tests and soak runs; it is
// O(pages + requests) under the engine's lock.
func (e *Engine) Check() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.core.Check()
}

// DropTenant drops tenant's prefix cache, for a tenant the operator removed: its pages leave the
// index now and are invalidated through the step loop like any freed page.
func (e *Engine) DropTenant(tenant string) int {
	e.mu.Lock()
	n := e.core.DropTenant(time.Now(), tenant)
	if e.sh != nil {
		e.shadowDropTenant(tenant)
	}
	e.mu.Unlock()
	e.poke()
	return n
}

// Tokenizer is the model's tokenizer (a node hands its configuration to its routers).
func (e *Engine) Tokenizer() *tokenizer.Tokenizer { return e.tok }

// Submit admits a request or rejects it with a *RejectError; an admitted request's events arrive
// on the returned stream. Cancelling ctx aborts the request.
func (e *Engine) Submit(ctx context.Context, r Request) (Stream, error) {
	return e.submit(ctx, r, core.Local, nil)
}

// submit admits a request in mode; setup fills the stream's hand-off fields before the loop can
// see it.
func (e *Engine) submit(ctx context.Context, r Request, mode core.Mode, setup func(*stream)) (Stream, error) {
	if err := e.prepareEmbed(&r); err != nil {
		return nil, err
	}
	sp := r.Sampling
	if err := sp.Validate(); err != nil {
		return nil, &RejectError{Reason: kvtypes.RejectInvalid, Message: err.Error()}
	}
	if r.Constraint == nil && r.Grammar != nil {
		c, err := e.constraintFor(ctx, r.Tenant, r.Grammar, r.MaxTokens)
		if err != nil {
			return nil, err
		}
		r.Constraint = c
	}
	if !r.HasSeed {
		var b [8]byte
		rand.Read(b[:])
		sp.Seed = binary.LittleEndian.Uint64(b[:])
	}
	e.mu.Lock()
	if e.closed {
		e.mu.Unlock()
		return nil, &RejectError{Reason: kvtypes.RejectShuttingDown, Message: "the server is shutting down"}
	}
	e.preemptShadow() // before the core sees the live request: a reference never shares its batch
	res, err := e.core.Submit(time.Now(), core.RequestSpec{
		Tenant: r.Tenant, Prompt: r.Prompt, MaxTokens: r.MaxTokens, StopTokens: r.StopTokens, IgnoreEOS: r.IgnoreEOS,
		Weight: r.Weight, Mode: mode, NoPrefixCache: r.PromptLogprobs || r.Embed,
	})
	if err != nil {
		e.mu.Unlock()
		var rej *core.Rejection
		if errors.As(err, &rej) {
			return nil, &RejectError{Reason: rej.Reason, Message: rej.Message}
		}
		return nil, &RejectError{Reason: kvtypes.RejectInvalid, Message: err.Error()}
	}
	// Only now, admitted, does the request get a stream (and its goroutine). It is registered
	// before mu is released, so the loop never sees the request without it.
	if faults.Available {
		e.trace.names[res.Tenant] = r.Tenant
	}
	smp := sampler.New(sp, r.Prompt)
	if len(r.LogitBias) > 0 {
		smp.SetLogitBias(r.LogitBias)
	}
	if r.Constraint != nil {
		smp.SetConstraint(r.Constraint)
	}
	s := newStream(e, res.ID, smp, &r)
	s.submitted = time.Now()
	if e.sh != nil {
		s.shadow = e.sh.sample(&r, mode, sp, res.Tenant, res.ID)
		s.audited = s.shadow != nil
	}
	if setup != nil {
		setup(s)
	}
	s.stopWatch = context.AfterFunc(ctx, func() { e.abort(res.ID) }) // the caller may still read the terminal event
	e.streams[res.ID] = s
	e.mu.Unlock()
	e.poke()
	return s, nil
}

func (e *Engine) abort(id kvtypes.RequestID) {
	e.mu.Lock()
	if _, ok := e.streams[id]; ok {
		e.core.Abort(time.Now(), id, kvtypes.AbortCancelled)
	}
	e.mu.Unlock()
	e.poke()
}

func (e *Engine) poke() {
	select {
	case e.wake <- struct{}{}:
	default:
	}
}

// Close aborts every request ("shutdown") and stops the loop once their terminal events are out.
func (e *Engine) Close() {
	e.mu.Lock()
	e.closed = true
	if e.sh != nil {
		e.shadowClose()
	}
	if !e.shutdown {
		e.shutdown = true
		e.core.Shutdown(time.Now())
	}
	e.mu.Unlock()
	e.poke()
	<-e.done
	e.closeTransfers()
	e.pool.Close()
	e.cache.Close()
}

// Drain stops admitting, waits until every running request has ended or ctx is done (then
// aborts the rest with reason "shutdown", each stream getting that error as its terminal event),
// and closes the engine.
func (e *Engine) Drain(ctx context.Context) {
	e.mu.Lock()
	e.closed = true
	if e.sh != nil {
		e.shadowClose()
	}
	e.checkDrained()
	e.mu.Unlock()
	select {
	case <-e.drained:
	case <-ctx.Done():
	}
	e.Close()
}

// checkDrained signals Drain once admission is closed and no request is left. Called with mu held.
func (e *Engine) checkDrained() {
	if e.closed && len(e.streams) == 0 && !e.drainedShut {
		e.drainedShut = true
		close(e.drained)
	}
}

// loop is the one step loop: Ready, execute, Advance.
func (e *Engine) loop() {
	defer close(e.done)
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		e.mu.Lock()
		e.applyReports()
		e.core.Tick(time.Now())
		if invariants.Enabled { // a constant: the normal build has no call
			checkInvariants(e.core, e.log, "tick") // also covers the events fed since the last step
		}
		var shadowWait <-chan time.Time
		if !e.core.HasReady() {
			// Idle: a reference may run, until live work arrives.
			if wait := e.startShadow(time.Now()); wait > 0 {
				shadowWait = time.After(wait)
			}
		}
		if !e.core.HasReady() {
			stop := e.closed && len(e.streams) == 0
			e.mu.Unlock()
			if stop {
				return
			}
			select {
			case <-e.wake:
			case <-tick.C:
			case <-shadowWait:
			}
			continue
		}
		rd := e.core.Ready()
		e.deliver(&rd)
		for _, id := range rd.Invalidate {
			e.cache.Invalidate(id)
		}
		for _, st := range rd.Stamp {
			e.cache.Stamp(st.Page, st.Header)
		}
		e.handOff(&rd)
		batch := rd.Batch
		e.batchStreams = e.batchStreams[:0]
		now := time.Now()
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

		res := e.step(batch, e.batchStreams)

		e.mu.Lock()
		if len(e.failed) > 0 || res.Err != nil {
			e.stepErrs++
			e.lastStepErr = time.Now()
		}
		for _, i := range e.failed {
			// Only the failed sequences end ("internal"); the core skips their results.
			e.core.Abort(time.Now(), batch[i].Request, kvtypes.AbortInternal)
		}
		if err := e.core.Advance(res); err != nil {
			e.log.Error("core refused a step report", "err", err)
		}
		if faults.Available {
			e.trace.landLate(e.cache, e.log)
		}
		if invariants.Enabled {
			checkInvariants(e.core, e.log, "step")
		}
		e.mu.Unlock()
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
