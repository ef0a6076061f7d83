package core

import (
	"fmt"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// Speculative decoding by prompt lookup.
//
// A speculating request's decode feeds its last token and then up to SpecTokens draft tokens:
// the continuation of the latest earlier occurrence of its own last few tokens, looked up in its
// own prompt and output (lookupDraft) and nowhere else, so no request's drafts depend on another
// request's or tenant's text. The engine computes the logits of every fed position (the model's
// result for a position does not depend on how the positions are batched, so these are the logits
// decoding one token at a time would have given) and has the request's own sampler draw from them
// in turn, stopping at the first draw that differs from the draft: every token emitted is the
// token plain decoding would have drawn, whatever the sampler. Advance emits the accepted drafts
// and the draw after them as ordinary outputs, through the same stop and max_tokens checks.
//
// Pages: a draft may take only pages that are free beyond one per running request (never an
// eviction or a preemption), and after the step every page that holds no verified position is
// freed, so a rejected draft's KV leaves with its page's lifetime. In the page the next token is
// written to, rejected positions lie past the request's computed length: attention never reads
// them, and the next tokens overwrite them in order.
//
// Cost: drafts are charged to the tenant's step share as ordinary tokens and take logit rows from
// the step's sequence slots. Nobody speculates while more than SpecMaxBatch requests run or any
// request waits, and a request drafts only as many tokens as pay for themselves (speccost.go).

const (
	// Draft n-grams: the longest suffix of the request's tokens tried first.
	lookupMaxN = 4
	lookupMinN = 2
)

// speculation is one request's adaptive state.
type speculation struct {
	// hits and tries are its discounted evidence of acceptance: drafts accepted, and drafts
	// tried (those accepted and each step's first rejected one).
	hits, tries float64
	behind      int     // decodes since it last drafted (a draft model computes them before drafting)
	wait        int     // decodes to sit out, once drafting does not pay, before a probe
	probing     bool    // its last draft was a probe
	tried       bool    // it had drafts verified
	feed        []int32 // the fed tokens of its step in flight: its last token, then the drafts
	// confident: the model drew the request's last token with a probability the engine deems
	// high; a draft model drafts only then (SeqResult.Confident).
	confident bool
}

// speculationFor is the speculation state of a request submitted as spec: nil when it may not
// speculate, or has no decode here.
func (c *Core) speculationFor(spec *RequestSpec) *speculation {
	if !spec.Speculate || c.cfg.SpecTokens == 0 || spec.Mode == PrefillOnly {
		return nil
	}
	return &speculation{hits: specPriorTries, tries: specPriorTries, wait: specFirstWait}
}

// lookupDraft appends to out k tokens that followed the latest earlier occurrence of the last n
// tokens of toks, for the largest n in [lookupMinN, lookupMaxN] that occurs. Where that
// continuation reaches the end of toks, the match says toks repeats with a period of the distance
// between the two occurrences, and the draft goes on repeating it (an overlapping copy, as LZ77's):
// a loop of p tokens drafts k, not p. It reads toks only: a request's drafts are a function of its
// own prompt and output.
func lookupDraft(toks []int32, k int, out []int32) []int32 {
	for n := lookupMaxN; n >= lookupMinN; n-- {
		if len(toks) < n+1 {
			continue
		}
		tail := toks[len(toks)-n:]
		for i := len(toks) - n - 1; i >= 0; i-- {
			if equalTokens(toks[i:i+n], tail) {
				base, from := len(out), i+n
				for src := from; src < from+k; src++ {
					if src < len(toks) {
						out = append(out, toks[src])
					} else {
						out = append(out, out[base+src-len(toks)])
					}
				}
				return out
			}
		}
	}
	return out
}

func equalTokens(a, b []int32) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// speculating reports whether this step's decodes may draft: speculation is on and the batch is
// not busy.
func (c *Core) speculating() bool {
	return c.cfg.SpecTokens > 0 && c.nState[Waiting] == 0 && len(c.running)-c.npaused <= c.cfg.SpecMaxBatch
}

// addDraft extends r's decode, just given to t as the batch entry at r.slot, with draft tokens,
// within the step's token budget and slots, the request's max_tokens and the free pages.
func (c *Core) addDraft(t *tenant, r *request, budget, seqs *int) {
	sp := r.spec
	if sp == nil || !c.speculating() {
		return
	}
	if c.cfg.SpecEngineDrafts && !sp.confident {
		return // where the model's distribution is flat a draft model's guess rarely matches
	}
	P := c.cfg.PageTokens
	k := sp.draftLen(&c.specCost, max(len(c.running)-c.npaused, 1), c.cfg.SpecTokens)
	k = min(k, *budget, c.cfg.MaxRunning-*seqs, r.maxTokens-r.generated()-1)
	// Pages the draft may take: free ones beyond one for every running request's next token.
	spare := len(c.l.free) - len(c.running)
	k = min(k, (len(r.pages)+max(spare, 0))*P-len(r.tokens))
	if k <= 0 {
		return
	}
	s := &c.nxt.batch[r.slot]
	sp.feed = append(sp.feed[:0], s.Tokens...)
	if c.cfg.SpecEngineDrafts {
		sp.feed = append(sp.feed, make([]int32, k)...) // placeholders the engine overwrites
	} else {
		sp.feed = lookupDraft(r.tokens, k, sp.feed)
	}
	d := len(sp.feed) - len(s.Tokens)
	if d == 0 {
		return
	}
	end := r.computed + len(sp.feed)
	if need := ceilDiv(end, P) - len(r.pages); need > 0 {
		c.grow(r, need)
	}
	np := ceilDiv(end, P)
	s.Tokens, s.Pages, s.Draft = sp.feed, r.pages[:np:np], d
	*budget -= d
	*seqs += d // each draft takes a logit row, which the engine sizes by the slots
	c.charge(t, 0, d)
}

// advanceDraft applies a speculative step's outcome to r: the accepted drafts and the draw after
// them are output in order (each through the stop and max_tokens checks), the positions they
// verify become computed, and pages holding no verified position are freed.
func (c *Core) advanceDraft(r *request, s *Seq, sr SeqResult, slot int) {
	a := sr.Accepted
	if a < 0 || a > s.Draft {
		c.abort(r, kvtypes.AbortInternal, fmt.Sprintf("step accepted %d of %d draft tokens", a, s.Draft))
		return
	}
	c.st.drafted += uint64(s.Draft)
	c.st.accepted += uint64(a)
	c.st.decodeTokens += uint64(1 + a)
	r.computed++
	c.registerFull(r)
	for j := 1; j <= a; j++ {
		if !c.validToken(s.Tokens[j]) {
			c.abort(r, kvtypes.AbortInternal, fmt.Sprintf("draft token %d outside the vocabulary of %d", s.Tokens[j], c.cfg.Vocab))
			return
		}
		c.output(r, s.Tokens[j], slot, j-1)
		if r.state.Terminal() {
			return
		}
		r.computed++ // draft j was fed at this position: its KV is that of the token now output
		c.registerFull(r)
	}
	c.sampledAt(r, sr.Token, slot, a)
	if r.state.Terminal() {
		return
	}
	r.spec.adapt(s.Draft, a)
	for keep := ceilDiv(r.computed, c.cfg.PageTokens); len(r.pages) > keep; {
		c.dropRef(r, r.pages[len(r.pages)-1].Page)
		r.pages = r.pages[:len(r.pages)-1]
	}
}
