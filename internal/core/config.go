package core

import (
	"fmt"
	"time"

	"github.com/kvwarden/kvwarden/internal/faults"
)

// Defaults of Config's zero fields, the one place each is written: the engine, the capacity plan,
// the command-line flags and the benchmarks take them from here.
const (
	DefaultPageTokens = 16   // tokens per page
	DefaultStepTokens = 512  // token budget of one step
	DefaultMaxRunning = 256  // sequences running at once, at most StepTokens
	DefaultMaxWaiting = 4096 // requests queued before Submit answers "overloaded"
	// DefaultSpecMaxBatch is the most running requests at which speculation still runs.
	DefaultSpecMaxBatch = 4
)

// Config sets up a Core. Pages, MaxContext and Secret have no defaults.
type Config struct {
	Pages      int // pages in the pool
	PageTokens int // tokens per page; 0 means DefaultPageTokens
	// MaxContext is the advertised maximum of prompt + max_tokens, normally CapacityPlan.MaxContext.
	// New refuses one the pool cannot hold for a single request.
	MaxContext int
	StepTokens int // token budget of one step (decodes + prefill chunks); 0 means DefaultStepTokens
	// MaxRunning is the most sequences in one step, at most StepTokens; 0 means DefaultMaxRunning,
	// or StepTokens if that is smaller. It also caps admissions, except for a tenant below its
	// weighted share of it (see policy.go). The core holds no per-sequence buffer, so its default is
	// generous; the engine, which does, passes its own (engine.DefaultMaxRunning).
	MaxRunning int
	MaxWaiting int // requests queued before Submit answers "overloaded"; 0 means DefaultMaxWaiting
	Vocab      int // token ids must be below it; 0 skips the check
	EOS        []int32
	// Secret keys tenant identities: TenantKey = HMAC-SHA256(Secret, tenant). At least 16 bytes.
	Secret      []byte
	PrefixCache bool
	Deadlines   Deadlines
	// Nonce varies transfer ids between boots so a peer's stale id from a previous boot does not
	// name a live transfer; pass a random value.
	Nonce uint64
	// SpecTokens is the most draft tokens a speculating request's decode may carry in one step
	// (speculate.go); 0 turns speculation off.
	SpecTokens int
	// SpecMaxBatch: no request speculates while more requests than this are running (a busy
	// batch is compute-bound, where verifying drafts costs more than it saves); 0 means
	// DefaultSpecMaxBatch.
	SpecMaxBatch int
	// SpecEngineDrafts has the engine fill every draft (a draft model) instead of the core's
	// lookup: a speculative decode then carries its whole allowance, Seq.Tokens[1:] for the engine
	// to overwrite before the step runs.
	SpecEngineDrafts bool
}

// Deadlines bound every non-terminal state (invariant 11). Zero fields take the defaults; there is
// deliberately no way to say "forever".
type Deadlines struct {
	Waiting      time.Duration // in the queue (each time, after a preemption too)
	Admitted     time.Duration
	Prefilling   time.Duration
	Transferring time.Duration
	Decoding     time.Duration
	Total        time.Duration // a request's whole life, across preemptions
	Fence        time.Duration // quarantined pages wait this long for a transfer's acknowledgement
}

// DefaultDeadlines are generous: they catch leaks, not slow clients.
var DefaultDeadlines = Deadlines{
	Waiting:      5 * time.Minute,
	Admitted:     time.Minute,
	Prefilling:   10 * time.Minute,
	Transferring: time.Minute,
	Decoding:     time.Hour,
	Total:        2 * time.Hour,
	Fence:        time.Minute,
}

func (d *Deadlines) fill() error {
	def := DefaultDeadlines
	for _, f := range []struct {
		v   *time.Duration
		def time.Duration
		n   string
	}{
		{&d.Waiting, def.Waiting, "waiting"}, {&d.Admitted, def.Admitted, "admitted"},
		{&d.Prefilling, def.Prefilling, "prefilling"}, {&d.Transferring, def.Transferring, "transferring"},
		{&d.Decoding, def.Decoding, "decoding"}, {&d.Total, def.Total, "total"}, {&d.Fence, def.Fence, "fence"},
	} {
		if *f.v < 0 {
			return fmt.Errorf("core: %s deadline %v is negative", f.n, *f.v)
		}
		if *f.v == 0 {
			*f.v = f.def
		}
	}
	return nil
}

// Receiving is how long a decode node's reservation waits for its commit: the peer prefills the
// prompt (Prefilling) and then sends it (Transferring); the wait starts before either.
func (d Deadlines) Receiving() time.Duration { return d.Prefilling + d.Transferring }

// limit is r's deadline in its state.
func (d *Deadlines) limit(r *request) time.Duration {
	if r.mode == DecodeOnly && r.state == Transferring {
		return d.Receiving()
	}
	return d.of(r.state)
}

func (d *Deadlines) of(s State) time.Duration {
	switch s {
	case Waiting:
		return d.Waiting
	case Admitted:
		return d.Admitted
	case Prefilling:
		return d.Prefilling
	case Transferring:
		return d.Transferring
	case Decoding:
		return d.Decoding
	}
	return 0
}

func (cfg *Config) fill() error {
	if cfg.PageTokens == 0 {
		cfg.PageTokens = DefaultPageTokens
	}
	if cfg.StepTokens == 0 {
		cfg.StepTokens = DefaultStepTokens
	}
	if cfg.MaxRunning == 0 {
		cfg.MaxRunning = min(DefaultMaxRunning, cfg.StepTokens)
	}
	if cfg.MaxWaiting == 0 {
		cfg.MaxWaiting = DefaultMaxWaiting
	}
	if cfg.SpecMaxBatch == 0 {
		cfg.SpecMaxBatch = DefaultSpecMaxBatch
	}
	switch {
	case cfg.Pages <= 0 || cfg.Pages > 1<<30:
		return fmt.Errorf("core: %d pages: need 1 to 2^30", cfg.Pages)
	case cfg.PageTokens < 0 || cfg.PageTokens > 1<<16:
		return fmt.Errorf("core: %d tokens per page: need 1 to 65536", cfg.PageTokens)
	case int64(cfg.Pages)*int64(cfg.PageTokens) > 1<<31-1:
		return fmt.Errorf("core: %d pages × %d tokens overflows a token position", cfg.Pages, cfg.PageTokens)
	case cfg.MaxContext <= 0:
		return fmt.Errorf("core: max context %d must be positive", cfg.MaxContext)
	case cfg.MaxContext > cfg.Pages*cfg.PageTokens && !faults.GateOff:
		// The start-up gate again, for a Core built without Plan: one length limit everywhere.
		return fmt.Errorf("core: max context %d exceeds the KV pool of %d tokens (%d pages × %d)",
			cfg.MaxContext, cfg.Pages*cfg.PageTokens, cfg.Pages, cfg.PageTokens)
	case cfg.StepTokens < 0 || cfg.MaxRunning < 0 || cfg.MaxWaiting < 0 || cfg.Vocab < 0 || cfg.SpecTokens < 0 || cfg.SpecMaxBatch < 0:
		return fmt.Errorf("core: negative limit")
	case cfg.MaxRunning > cfg.StepTokens:
		// Every running decode needs one token of budget per step, or the last ones would starve.
		return fmt.Errorf("core: max running %d exceeds the step budget of %d tokens", cfg.MaxRunning, cfg.StepTokens)
	case len(cfg.Secret) < 16:
		return fmt.Errorf("core: tenant secret of %d bytes: need at least 16", len(cfg.Secret))
	}
	for _, t := range cfg.EOS {
		if t < 0 || (cfg.Vocab > 0 && int(t) >= cfg.Vocab) {
			return fmt.Errorf("core: end-of-generation token %d outside the vocabulary of %d", t, cfg.Vocab)
		}
	}
	return cfg.Deadlines.fill()
}
