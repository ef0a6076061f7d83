package core

import (
	"fmt"

	"github.com/kvwarden/kvwarden/internal/faults"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// Ready and Advance: the plan a step hands the engine, and the outcome it reports back (tokens
// sampled, sequences refused), which finishes requests or hands them to the transport.

// plan is one Ready's worth of output; the core keeps two, one handed out and one accumulating.
type plan struct {
	emit       []Emit
	done       []Terminal
	invalidate []kvtypes.PageID
	stamp      []Stamp
	cancel     []kvtypes.TransferID
	send       []SendPages
	receive    []ReceivePages
	batch      []Seq
}

func (p *plan) reset() {
	clear(p.done) // drop references to request memory; the rest hold only ids
	clear(p.send)
	clear(p.receive)
	clear(p.batch)
	p.emit, p.done, p.invalidate, p.stamp = p.emit[:0], p.done[:0], p.invalidate[:0], p.stamp[:0]
	p.cancel, p.send, p.receive, p.batch = p.cancel[:0], p.send[:0], p.receive[:0], p.batch[:0]
}

func (p *plan) ready() Ready {
	return Ready{Emit: p.emit, Done: p.done, Invalidate: p.invalidate, Stamp: p.stamp, Cancel: p.cancel,
		Send: p.send, Receive: p.receive, Batch: p.batch}
}

func (p *plan) empty() bool {
	r := p.ready()
	return r.Empty()
}

// HasReady reports whether Ready would have work: a plan in flight, pending output, or requests
// that could run. When it is false the engine may block until the next event or tick.
func (c *Core) HasReady() bool {
	return c.inflight || !c.nxt.empty() || len(c.running) > c.npaused || len(c.heap) > 0 && c.l.available() > 0
}

// Ready returns the plan for the next step. See the package doc for the order in which to execute
// it. Until Advance, Ready returns the same plan.
func (c *Core) Ready() Ready {
	if !c.inflight {
		c.schedule()
		c.cur, c.nxt = c.nxt, c.cur
		c.nxt.reset()
		for i := range c.cur.send {
			c.markStarted(c.cur.send[i].Transfer)
		}
		for i := range c.cur.receive {
			c.markStarted(c.cur.receive[i].Transfer)
		}
		c.inflight = true
	}
	return c.cur.ready()
}

// markStarted records that the transport now has a transfer: from here on only its answer (or a
// fence time-out) closes it.
func (c *Core) markStarted(id kvtypes.TransferID) {
	if t := c.xfers[id]; t != nil {
		t.started = true
	} else {
		c.bug("a plan names a transfer the core does not have")
	}
}

func (c *Core) addSeq(r *request, n int) {
	r.slot = len(c.nxt.batch)
	c.nxt.batch = append(c.nxt.batch, c.seq(r, n))
	c.batchReqs = append(c.batchReqs, r)
	r.inBatch = true
}

// seq is r's next n tokens as a batch entry.
func (c *Core) seq(r *request, n int) Seq {
	end := r.computed + n
	np := ceilDiv(end, c.cfg.PageTokens)
	return Seq{
		Request: r.id,
		Tenant:  r.t.key,
		Start:   r.computed,
		Tokens:  r.tokens[r.computed:end:end],
		Pages:   r.pages[:np:np],
		Logits:  end == len(r.tokens),
	}
}

// Advance reports the outcome of the batch of the last Ready. Sequences whose request ended
// meanwhile are ignored; the pages they held are freed now that the step cannot write them.
func (c *Core) Advance(res StepResult) error {
	if !c.inflight {
		return ErrNoReady
	}
	c.inflight = false
	if res.SpecCost != nil {
		c.specCost.take(res.SpecCost)
	}
	batch := c.cur.batch
	err := res.Err
	if err == nil && len(res.Seqs) != len(batch) {
		err = fmt.Errorf("core: step reported %d sequences for a batch of %d", len(res.Seqs), len(batch))
	}
	stepTokens := 0
	for i := range batch {
		r := c.batchReqs[i]
		r.inBatch = false
		if r.state.Terminal() {
			continue
		}
		if err != nil {
			c.abort(r, kvtypes.AbortInternal, err.Error())
			continue
		}
		sr := res.Seqs[i]
		if sr.Violation {
			c.st.security++
			c.withdrawCached(r)
			msg := "a page header did not match the page table"
			if sr.Defence == kvtypes.DefenceChecksum {
				msg = "a page did not verify against the checksum of what its request wrote"
			}
			c.stop(r, sr.Defence, msg)
			continue
		}
		s := &batch[i]
		stepTokens += len(s.Tokens)
		if r.spec != nil && s.Logits {
			r.spec.confident = sr.Confident
		}
		if s.Draft > 0 {
			c.advanceDraft(r, s, sr, i)
			continue
		}
		if r.state == Decoding {
			c.st.decodeTokens += uint64(len(s.Tokens))
			if r.spec != nil {
				r.spec.behind++
			}
		} else {
			c.st.prefillTokens += uint64(len(s.Tokens))
		}
		r.computed += len(s.Tokens)
		c.registerFull(r)
		if s.Logits {
			c.sampledAt(r, sr.Token, i, 0)
		}
	}
	if stepTokens > 0 {
		c.st.stepTokens.observe(stepTokens)
	}
	c.releaseStepFence()
	clear(c.batchReqs)
	c.batchReqs = c.batchReqs[:0]
	if res.Err == nil {
		return err
	}
	return nil
}

// sampledAt takes the token a step drew from row row of batch entry slot.
func (c *Core) sampledAt(r *request, tok int32, slot, row int) {
	if !c.validToken(tok) {
		c.abort(r, kvtypes.AbortInternal, fmt.Sprintf("sampled token %d outside the vocabulary of %d", tok, c.cfg.Vocab))
		return
	}
	if r.state == Prefilling {
		if faults.AdmissionRewrite && r.replay != nil && !c.handOffRewritten(r) {
			return
		}
		if r.mode == PrefillOnly {
			c.openSend(r, tok)
			return
		}
		if !c.moveOrAbort(r, Decoding) {
			return
		}
	}
	c.output(r, tok, slot, row)
}

// output records a generated token and decides the finish: stop tokens end generation without
// being streamed; max_tokens ends it after the token is streamed.
func (c *Core) output(r *request, tok int32, slot, row int) {
	r.tokens = append(r.tokens, tok)
	if c.stops(r, tok) {
		r.tokens = r.tokens[:len(r.tokens)-1] // not output; keeps Generated == tokens streamed
		c.finish(r, kvtypes.FinishStop)
		return
	}
	c.nxt.emit = append(c.nxt.emit, Emit{Request: r.id, Token: tok, Index: r.generated() - 1, Slot: slot, Row: row})
	if r.generated() >= r.maxTokens {
		c.finish(r, kvtypes.FinishLength)
	}
}

func (c *Core) stops(r *request, tok int32) bool {
	if !r.ignoreEOS {
		for _, t := range c.cfg.EOS {
			if t == tok {
				return true
			}
		}
	}
	for _, t := range r.stop {
		if t == tok {
			return true
		}
	}
	return false
}
