package core

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kvwarden/kvwarden/internal/faults"
)

// ErrOverModelContext is wrapped by Plan's refusal of a context above the model's own without
// OverrideModelContext.
var ErrOverModelContext = errors.New("exceeds the model's context")

// CapacityConfig is what the start-up gate needs to know.
type CapacityConfig struct {
	BytesPerToken int64 // KV bytes one token occupies across all layers (K and V)
	KVMemBytes    int64 // memory given to the page pool
	PageOverhead  int64 // bytes each page needs besides its tokens (its owner header)
	PageTokens    int   // tokens per page; 0 means DefaultPageTokens
	ModelContext  int   // the model's own maximum context
	MaxContext    int   // the context to advertise; 0 picks the largest the model and pool allow
	// OverrideModelContext allows a MaxContext above ModelContext: some files carry a converter's
	// default instead of the context the model was trained at. The pool still bounds it.
	OverrideModelContext bool
	// AdapterBytes is what the loaded LoRA adapters' weights hold, besides the model and the pool;
	// AdapterMemBytes the memory given to them (serve --lora-mem), which they must fit.
	AdapterBytes, AdapterMemBytes int64
}

// CapacityPlan is the pool a node will build and the context it may advertise. The advertised
// context never exceeds what the pool can hold for one request (invariant 2): the incident's
// endpoint advertised 1,048,576 tokens over a pool of 681,280.
type CapacityPlan struct {
	BytesPerToken int64
	BytesPerPage  int64
	PageTokens    int
	Pages         int
	Tokens        int // Pages × PageTokens
	ModelContext  int
	MaxContext    int // advertised maximum of prompt + max_tokens
	// ModelContextOverridden: MaxContext is above the model's own context, by the operator's override.
	ModelContextOverridden bool
	// AdapterBytes and AdapterMemBytes are CapacityConfig's: the LoRA adapters' weights and their cap.
	AdapterBytes, AdapterMemBytes int64
}

// Plan sizes the page pool and checks the advertised context against it. It refuses, saying why
// with numbers, a configuration that asks for more context than the model or the pool holds.
func Plan(cfg CapacityConfig) (CapacityPlan, error) {
	p := CapacityPlan{BytesPerToken: cfg.BytesPerToken, PageTokens: cfg.PageTokens, ModelContext: cfg.ModelContext,
		AdapterBytes: cfg.AdapterBytes, AdapterMemBytes: cfg.AdapterMemBytes}
	if p.PageTokens == 0 {
		p.PageTokens = DefaultPageTokens
	}
	switch {
	case cfg.BytesPerToken <= 0:
		return p, fmt.Errorf("capacity: bytes per token %d must be positive", cfg.BytesPerToken)
	case cfg.KVMemBytes <= 0:
		return p, fmt.Errorf("capacity: KV memory %d bytes must be positive", cfg.KVMemBytes)
	case p.PageTokens < 0:
		return p, fmt.Errorf("capacity: page size %d tokens must be positive", p.PageTokens)
	case cfg.ModelContext <= 0:
		return p, fmt.Errorf("capacity: model context %d must be positive", cfg.ModelContext)
	case cfg.MaxContext < 0:
		return p, fmt.Errorf("capacity: max context %d must not be negative", cfg.MaxContext)
	case cfg.AdapterBytes < 0 || cfg.AdapterBytes > cfg.AdapterMemBytes:
		return p, fmt.Errorf("capacity: the LoRA adapters hold %d bytes, more than the %d bytes given to them (--lora-mem)", cfg.AdapterBytes, cfg.AdapterMemBytes)
	}
	if cfg.BytesPerToken > (1<<62)/int64(p.PageTokens) {
		return p, fmt.Errorf("capacity: %d bytes per token × %d tokens per page overflows", cfg.BytesPerToken, p.PageTokens)
	}
	if cfg.PageOverhead < 0 || cfg.PageOverhead > 1<<20 {
		return p, fmt.Errorf("capacity: page overhead %d bytes is out of range", cfg.PageOverhead)
	}
	p.BytesPerPage = cfg.BytesPerToken*int64(p.PageTokens) + cfg.PageOverhead
	pages := cfg.KVMemBytes / p.BytesPerPage
	if pages > 1<<31-1 || pages*int64(p.PageTokens) > 1<<31-1 {
		return p, fmt.Errorf("capacity: %d pages of %d tokens is more than the ledger addresses", pages, p.PageTokens)
	}
	p.Pages = int(pages)
	p.Tokens = p.Pages * p.PageTokens
	if p.Pages == 0 {
		return p, fmt.Errorf("capacity: KV memory %d bytes holds no page of %d bytes (%d tokens × %d bytes)",
			cfg.KVMemBytes, p.BytesPerPage, p.PageTokens, cfg.BytesPerToken)
	}
	switch {
	case cfg.MaxContext == 0:
		p.MaxContext = min(cfg.ModelContext, p.Tokens)
	case cfg.MaxContext > cfg.ModelContext && !cfg.OverrideModelContext:
		return p, fmt.Errorf("capacity: max context %d %w %d", cfg.MaxContext, ErrOverModelContext, cfg.ModelContext)
	case cfg.MaxContext > p.Tokens && !faults.GateOff:
		return p, fmt.Errorf("capacity: max context %d exceeds the KV pool, which holds %d tokens "+
			"(%d bytes / %d bytes per page = %d pages × %d tokens); give the pool at least %d bytes or lower the max context",
			cfg.MaxContext, p.Tokens, cfg.KVMemBytes, p.BytesPerPage, p.Pages, p.PageTokens,
			int64((cfg.MaxContext+p.PageTokens-1)/p.PageTokens)*p.BytesPerPage)
	default:
		p.MaxContext = cfg.MaxContext
		p.ModelContextOverridden = p.MaxContext > cfg.ModelContext
	}
	return p, nil
}

// Check refuses a context (say, one a router or another role advertises) that this pool could not
// hold for one request; a disaggregated deployment calls it with the advertised context on every
// role so the smallest pool bounds the whole endpoint.
func (p CapacityPlan) Check(maxContext int) error {
	if maxContext > p.Tokens {
		return fmt.Errorf("capacity: context %d exceeds this node's KV pool of %d tokens (%d pages × %d)",
			maxContext, p.Tokens, p.Pages, p.PageTokens)
	}
	if maxContext > p.MaxContext {
		return fmt.Errorf("capacity: context %d exceeds this node's advertised context %d", maxContext, p.MaxContext)
	}
	return nil
}

// String is the report `kvwarden capacity` prints.
func (p CapacityPlan) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "KV bytes per token   %s\n", groupDigits(p.BytesPerToken))
	fmt.Fprintf(&b, "KV bytes per page    %s (%d tokens)\n", groupDigits(p.BytesPerPage), p.PageTokens)
	fmt.Fprintf(&b, "pages                %s\n", groupDigits(int64(p.Pages)))
	fmt.Fprintf(&b, "pool tokens          %s\n", groupDigits(int64(p.Tokens)))
	fmt.Fprintf(&b, "model context        %s\n", groupDigits(int64(p.ModelContext)))
	fmt.Fprintf(&b, "advertised context   %s", groupDigits(int64(p.MaxContext)))
	switch {
	case p.ModelContextOverridden:
		fmt.Fprintf(&b, " (OVERRIDES the model's %s: positions past it may be garbage unless the model was trained longer)\n", groupDigits(int64(p.ModelContext)))
	case p.MaxContext == p.ModelContext:
		b.WriteString(" (the model's)\n")
	case p.MaxContext == p.Tokens:
		b.WriteString(" (limited by the KV pool)\n")
	default:
		b.WriteString(" (configured)\n")
	}
	if p.AdapterBytes > 0 {
		fmt.Fprintf(&b, "LoRA adapter bytes   %s (of %s given to them)\n", groupDigits(p.AdapterBytes), groupDigits(p.AdapterMemBytes))
		fmt.Fprintf(&b, "KV pool + adapters   %s bytes besides the model\n", groupDigits(int64(p.Pages)*p.BytesPerPage+p.AdapterBytes))
	}
	return b.String()
}

func groupDigits(n int64) string {
	s := fmt.Sprint(n)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var b strings.Builder
	for i, ch := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(ch)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
