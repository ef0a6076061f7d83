package core

import (
	"fmt"
	"time"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// fakeExec plays the executor for tests: the KV pool with its page headers, the forward pass, and
// the receiving transport. It follows the contract the real one must (stamp, invalidate, check
// headers before reading) with scrub mode "none", so a freed page keeps its old contents, the
// worst case for isolation. Contents are (token, position) pairs; a sequence's sampled token is a
// hash of everything it attends over, so any wrong page shows up as a different output, and equal
// inputs give equal outputs whether hit, missed, preempted or split.
type fakeExec struct {
	P       int
	vocab   int
	headers []kvtypes.Header
	kv      []kvSlot
	tainted []bool                        // got a late (buggy) write since its last stamp
	expect  map[kvtypes.RequestID][]int32 // each request's true tokens: prompt, then its outputs
	copying bool                          // next copies its context where it can (speculation tests)
	fill    func(s *Seq, want []int32)    // plays a draft model: overwrites a speculative Seq's drafts
	unsure  bool                          // no draw is Confident (a model whose distribution is flat)
	cost    *SpecCost                     // what speculation costs, reported with every step
}

type kvSlot struct {
	tok int32
	pos int32
	set bool
}

func newFakeExec(pages, P, vocab int) *fakeExec {
	return &fakeExec{
		P: P, vocab: vocab,
		headers: make([]kvtypes.Header, pages),
		kv:      make([]kvSlot, pages*P),
		tainted: make([]bool, pages),
		expect:  make(map[kvtypes.RequestID][]int32),
		cost:    &SpecCost{Step: []float64{1}}, // a plain step timed; the core's assumptions for the rest
	}
}

func (e *fakeExec) submitted(id kvtypes.RequestID, spec RequestSpec) {
	e.expect[id] = append([]int32(nil), spec.Prompt...)
}

// apply executes the bookkeeping half of a plan: outputs, invalidations, stamps.
func (e *fakeExec) apply(rd Ready) {
	for _, em := range rd.Emit {
		e.expect[em.Request] = append(e.expect[em.Request], em.Token)
	}
	for _, p := range rd.Invalidate {
		e.headers[p] = kvtypes.Header{}
		e.tainted[p] = false
	}
	for _, s := range rd.Stamp {
		e.headers[s.Page] = s.Header
		e.tainted[s.Page] = false
	}
}

func (e *fakeExec) slot(ref kvtypes.PageRef, pos int) *kvSlot {
	return &e.kv[int(ref.Page)*e.P+pos%e.P]
}

// readable is the reader's header check.
func (e *fakeExec) readable(s *Seq) bool {
	for _, ref := range s.Pages {
		h := e.headers[ref.Page]
		if !h.Written || h.Tenant != s.Tenant || h.Gen != ref.Gen {
			return false
		}
	}
	return true
}

// run executes a batch. It returns the step result and, separately, anything a correct core could
// never let happen (a wrong token read without a header mismatch, wrong tokens fed, ...).
func (e *fakeExec) run(rd Ready) (StepResult, error) {
	res := StepResult{Seqs: make([]SeqResult, len(rd.Batch)), SpecCost: e.cost}
	for i := range rd.Batch {
		s := &rd.Batch[i]
		if !e.readable(s) {
			res.Seqs[i].Violation = true
			tainted := false
			for _, ref := range s.Pages {
				tainted = tainted || e.tainted[ref.Page]
			}
			if !tainted {
				return res, fmt.Errorf("request %d: header mismatch on a page nobody wrote late: the core handed out a wrong page", s.Request)
			}
			continue
		}
		want := e.expect[s.Request]
		end := s.Start + len(s.Tokens)
		known := end - s.Draft // positions whose tokens are the request's; drafts follow
		if len(s.Tokens) == 0 {
			return res, fmt.Errorf("request %d: a sequence that feeds no token (logits %v)", s.Request, s.Logits)
		}
		if known > len(want) || len(s.Pages) != (end+e.P-1)/e.P || s.Draft > 0 && (!s.Logits || known != len(want)) {
			return res, fmt.Errorf("request %d: fed positions [%d,%d) (%d drafts) over %d pages, it has %d tokens", s.Request, s.Start, end, s.Draft, len(s.Pages), len(want))
		}
		if e.fill != nil && s.Draft > 0 {
			e.fill(s, want)
		}
		for j, tok := range s.Tokens {
			pos := s.Start + j
			if pos < known && tok != want[pos] {
				return res, fmt.Errorf("request %d: fed token %d at position %d, its token there is %d", s.Request, tok, pos, want[pos])
			}
			*e.slot(s.Pages[pos/e.P], pos) = kvSlot{tok, int32(pos), true}
		}
		if !s.Logits {
			if _, err := e.next(s, want, end-1); err != nil {
				return res, err
			}
			continue
		}
		// Each logits row's draw; a speculative step stops at the first that differs from the draft.
		for row := 0; row <= s.Draft; row++ {
			tok, err := e.next(s, want, known-1+row)
			if err != nil {
				return res, err
			}
			if row == s.Draft || tok != s.Tokens[len(s.Tokens)-s.Draft+row] {
				res.Seqs[i].Token, res.Seqs[i].Accepted, res.Seqs[i].Confident = tok, row, !e.unsure
				break
			}
		}
	}
	return res, nil
}

// next is the token a sequence draws after position last (fakeNext of what it reads), after
// checking that every position it reads holds its own token (want, then the fed drafts).
func (e *fakeExec) next(s *Seq, want []int32, last int) (int32, error) {
	read := make([]int32, 0, last+1)
	for pos := 0; pos <= last; pos++ {
		own := want[min(pos, len(want)-1)]
		if pos >= len(want) {
			own = s.Tokens[pos-s.Start]
		}
		sl := e.slot(s.Pages[pos/e.P], pos)
		if !sl.set || int(sl.pos) != pos || sl.tok != own {
			return 0, fmt.Errorf("request %d read %+v at position %d (page %d), its own token is %d: a leak the headers did not catch",
				s.Request, *sl, pos, s.Pages[pos/e.P].Page, own)
		}
		read = append(read, sl.tok)
	}
	return e.fakeNext(read), nil
}

// fakeNext is the fake model: a hash of every token and its position, or with copying, the token
// that followed the latest earlier occurrence of the last token (text that repeats its context,
// so that drafts can match), the hash where there is none.
func (e *fakeExec) fakeNext(toks []int32) int32 {
	last := len(toks) - 1
	if e.copying {
		for pos := last - 1; pos >= 1; pos-- {
			if toks[pos-1] == toks[last] {
				return toks[pos]
			}
		}
	}
	h := uint64(14695981039346656037)
	for pos, tok := range toks {
		h = (h ^ uint64(uint32(tok))) * 1099511628211
		h = (h ^ uint64(pos)) * 1099511628211
	}
	return int32(mix64(h) % uint64(e.vocab))
}

// receive plays a receiving transport that writes the pages it was given. skip names table
// entries it fails to write. It checks each header first, as a correct writer must: it writes only
// into a page stamped unwritten for this very request and lifetime.
func (e *fakeExec) receive(rp ReceivePages, src []int32, skip func(i int) bool) Received {
	m := Received{Transfer: rp.Transfer, Request: rp.Request, Tokens: rp.Tokens}
	for i, ref := range rp.Pages {
		h := e.headers[ref.Page]
		mine := kvtypes.Header{Tenant: rp.Tenant, Request: rp.Request, Gen: ref.Gen}
		if h == mine && !skip(i) {
			for pos := i * e.P; pos < min((i+1)*e.P, rp.Tokens); pos++ {
				*e.slot(ref, pos) = kvSlot{src[pos], int32(pos), true}
			}
			mine.Written = true
			e.headers[ref.Page] = mine
		}
		m.Pages = append(m.Pages, WrittenPage{Page: ref.Page, Header: e.headers[ref.Page]})
	}
	return m
}

// lateWrite plays a buggy writer that lands on a page after its transfer closed, ignoring the
// header: it writes the old identity and old contents.
func (e *fakeExec) lateWrite(rp ReceivePages, i int, src []int32) {
	ref := rp.Pages[i]
	for pos := i * e.P; pos < min((i+1)*e.P, rp.Tokens, len(src)); pos++ {
		*e.slot(ref, pos) = kvSlot{src[pos], int32(pos), true}
	}
	e.headers[ref.Page] = kvtypes.Header{Tenant: rp.Tenant, Request: rp.Request, Gen: ref.Gen, Written: true}
	e.tainted[ref.Page] = true
}

// checkHeaders compares the header model with the ledger right after a plan's bookkeeping was
// applied: every page a request or the cache holds carries exactly its identity, every free page
// is invalid, unless a late writer got there.
func (e *fakeExec) checkHeaders(c *Core) error {
	for i := range c.l.pages {
		p := &c.l.pages[i]
		h := e.headers[i]
		if e.tainted[i] {
			continue
		}
		switch p.state {
		case pageFree:
			if h != (kvtypes.Header{}) {
				return fmt.Errorf("free page %d has header %v", i, h)
			}
		case pageOwned:
			r := c.reqs[p.owner]
			if r == nil {
				return fmt.Errorf("owned page %d names gone request %d", i, p.owner)
			}
			want := kvtypes.Header{Tenant: r.t.key, Request: r.id, Gen: p.gen, Written: true}
			if r.state == Transferring && r.mode == DecodeOnly {
				want.Written = h.Written // the transport decides when it is written
			}
			if h != want {
				return fmt.Errorf("page %d of request %d has header %v, want %v", i, r.id, h, want)
			}
		case pageCached:
			if h.Tenant != c.tlist[p.tenant].key || h.Gen != p.gen || !h.Written {
				return fmt.Errorf("cached page %d has header %v, want tenant %v gen %d", i, h, c.tlist[p.tenant].key, p.gen)
			}
		}
	}
	return nil
}

var epoch0 = time.Unix(1_000_000, 0)

func testSecret() []byte { return []byte("kvwarden-test-secret-0123456789") }
