package engine

// Shadow verification's traces: what an answer and its reference produced and read, how they are
// compared, and the ring of mismatches kept for the operator (shadow.go runs the references).

import (
	"encoding/hex"
	"math"
	"time"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// ShadowToken is one token of a trace: its id and, where it was computed on this node, its
// log-probability (a decode node's first token was computed by the prefill node).
type ShadowToken struct {
	ID         int32   `json:"id"`
	Logprob    float32 `json:"logprob"`
	HasLogprob bool    `json:"has_logprob"`
	Top        []TokenLogprob
}

// ShadowPage is one page a sequence read, as its header said when the step ran: never its
// contents.
type ShadowPage struct {
	Page    uint32 `json:"page"`
	Gen     uint32 `json:"gen"`     // the generation the page table named
	Owner   string `json:"owner"`   // the header's tenant key (hex), "" for an invalid header
	HdrGen  uint32 `json:"hdr_gen"` // the header's generation
	Writer  uint64 `json:"writer"`  // the request the header names as writer
	Written bool   `json:"written"` // the header said its contents were written
	Own     bool   `json:"own"`     // the header named the reading request's tenant
	// Unfilled counts the slots the sequence had already computed (before the step's first
	// position) that nothing wrote since the page was stamped: KV read that its owner never wrote.
	Unfilled int `json:"unfilled"`
}

// ShadowTrace is what one run produced and read.
type ShadowTrace struct {
	Tokens []ShadowToken `json:"tokens"`
	Finish string        `json:"finish,omitempty"` // "" for an answer cut short by its client
	Pages  []ShadowPage  `json:"pages"`
}

// ShadowMismatch is one security event: an answer and its reference differ.
type ShadowMismatch struct {
	ShadowEvent
	Live      ShadowTrace `json:"live"`
	Reference ShadowTrace `json:"reference"`
}

// ShadowEvent is what a mismatch says apart from its two runs: also what the operator listener
// serves beside its own account of the runs (never their token ids).
type ShadowEvent struct {
	At      time.Time `json:"at"`
	Tenant  string    `json:"tenant"` // the engine's tenant id (the tenant's UID)
	Request uint64    `json:"request"`
	Reason  string    `json:"reason"` // token, logprob, top_logprobs, length, finish, refused
	Index   int       `json:"index"`  // the first token that differs
	Detail  string    `json:"detail"`
}

// shadowRecord notes a token of s, as its client got it, in tr: its logprob is the one sent, or
// for a client that asked none the one the step computed for the comparison (sample). A token
// that arrived with a transfer has none here. Called with e.mu held.
func (e *Engine) shadowRecord(s *stream, tr *ShadowTrace, t Token, slot, row int) {
	st := ShadowToken{ID: t.ID, Logprob: t.Logprob, Top: t.Top}
	if r, ok := e.resultAt(slot, row); ok {
		st.HasLogprob = true
		if !s.logprobs {
			st.Logprob = r.Logprob
		}
	}
	tr.Tokens = append(tr.Tokens, st)
}

// shadowPages notes the pages a sampled or reference sequence is about to read, with their
// headers. The page table only grows while a request runs (a preempted one starts a new one),
// so only pages past the last noted are added. Called with e.mu held.
func shadowPages(tr *ShadowTrace, seen *int, b *core.Seq, cache *kv.Pool) {
	n := *seen
	if n > len(b.Pages) || n > 0 && !sameRef(tr.Pages[len(tr.Pages)-1], b.Pages[n-1]) {
		n = 0 // a new page table: note it whole
	}
	pt := cache.Config().PageTokens
	for j := n; j < len(b.Pages); j++ {
		ref := b.Pages[j]
		p := ShadowPage{Page: uint32(ref.Page), Gen: ref.Gen}
		if h, ok := cache.Header(ref.Page); ok && h != (kvtypes.Header{}) {
			p.Owner, p.HdrGen, p.Writer, p.Written, p.Own = hex.EncodeToString(h.Tenant[:]), h.Gen, uint64(h.Request), h.Written, h.Tenant == b.Tenant
		}
		p.Unfilled = max(0, min(pt, b.Start-j*pt)-cache.Filled(ref.Page))
		tr.Pages = append(tr.Pages, p)
	}
	*seen = len(b.Pages)
}

// notePages notes the pages a sampled live request or a reference reads in this step.
func (s *stream) notePages(b *core.Seq, cache *kv.Pool) {
	if s.shadow != nil {
		shadowPages(&s.shadow.live, &s.pagesSeen, b, cache)
	} else {
		shadowPages(&s.ref.ref, &s.pagesSeen, b, cache)
	}
}

func sameRef(p ShadowPage, ref kvtypes.PageRef) bool {
	return p.Page == uint32(ref.Page) && p.Gen == ref.Gen
}

// compareTraces finds the first difference between an answer and its reference: "" when they
// are the same bit for bit.
func compareTraces(job *shadowJob) (reason string, index int, detail string) {
	live, ref := job.live.Tokens, job.ref.Tokens
	for i := range min(len(live), len(ref)) {
		a, b := live[i], ref[i]
		switch {
		case a.ID != b.ID:
			return "token", i, "token ids differ"
		case a.HasLogprob && b.HasLogprob && math.Float32bits(a.Logprob) != math.Float32bits(b.Logprob):
			return "logprob", i, "logprobs differ"
		case a.HasLogprob && b.HasLogprob && !sameTop(a.Top, b.Top):
			return "top_logprobs", i, "alternatives differ"
		}
	}
	if len(live) != len(ref) {
		return "length", min(len(live), len(ref)), "the runs produced different numbers of tokens"
	}
	if job.complete && job.live.Finish != job.ref.Finish {
		return "finish", len(live), "finish reasons differ"
	}
	return "", 0, ""
}

func sameTop(a, b []TokenLogprob) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].ID != b[i].ID || math.Float32bits(a[i].Logprob) != math.Float32bits(b[i].Logprob) {
			return false
		}
	}
	return true
}

// shadowMismatch records a security event: logged, counted, and kept in the ring with both
// traces (token ids and pages, never text). Called with e.mu held.
func (e *Engine) shadowMismatch(job *shadowJob, reason string, index int, detail string) {
	sh := e.sh
	sh.mism++
	m := ShadowMismatch{ShadowEvent: ShadowEvent{At: e.now(), Tenant: job.req.Tenant, Request: uint64(job.liveID), Reason: reason,
		Index: index, Detail: detail}, Live: job.live, Reference: job.ref}
	if len(sh.kept) < sh.cfg.Keep {
		sh.kept = append(sh.kept, m)
	} else {
		sh.kept[sh.next] = m
	}
	sh.next = (sh.next + 1) % sh.cfg.Keep
	e.log.Error("SECURITY: shadow verification mismatch: an answer differs from its re-run alone",
		"tenant", job.req.Tenant, "request", uint64(job.liveID), "reason", reason, "index", index, "detail", detail,
		"live_tokens", len(job.live.Tokens), "reference_tokens", len(job.ref.Tokens), "live_pages", len(job.live.Pages))
}

// ShadowMismatches returns the mismatches kept, oldest first; nil when shadow verification is
// off.
func (e *Engine) ShadowMismatches() []ShadowMismatch {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.sh == nil {
		return nil
	}
	sh := e.sh
	out := make([]ShadowMismatch, 0, len(sh.kept))
	if len(sh.kept) == sh.cfg.Keep {
		out = append(out, sh.kept[sh.next:]...)
		out = append(out, sh.kept[:sh.next]...)
	} else {
		out = append(out, sh.kept...)
	}
	return out
}
