package engine

import (
	"errors"
	"fmt"
	"time"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/faults"
	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/sampler"
)

// One step of the loop: the batch's forward pass and sampling, off the engine's lock.

// step runs one batch on the model and samples. Sequences whose pages fail the header check are
// reported as violations, those that fail otherwise are listed in e.failed, and the rest run
// without them. A panic fails the whole step: the core then aborts its batch ("internal") and
// the process keeps serving everyone else.
func (e *Engine) step(batch []core.Seq, streams []*stream) (res core.StepResult) {
	e.failed, e.constrained = e.failed[:0], e.constrained[:0]
	var start time.Time // speculation's cost meter times the step (speccost.go)
	if e.spec != nil {
		start = e.now()
	}
	defer func() {
		if v := recover(); v != nil {
			e.log.Error("engine: the forward pass panicked; its batch is aborted", "panic", fmt.Sprint(v), "sequences", len(batch))
			e.failed, e.constrained = e.failed[:0], e.constrained[:0]
			res = core.StepResult{Err: errors.New("internal error in the forward pass")}
		}
	}()
	if e.beforeStep != nil {
		e.beforeStep(batch, e.cache)
	}
	e.results = append(e.results[:0], make([]core.SeqResult, len(batch))...)
	res = core.StepResult{Seqs: e.results}
	run, scoring := e.partition(batch, streams)
	if faults.Available {
		run = e.trace.beforeStep(e.cache, batch, run, &res, e.log)
	}
	e.run, e.scoring = run, scoring
	var drafting time.Duration // the draft model's passes, timed apart (speccost.go)
	if e.draft != nil {
		t := e.now()
		run = e.fillDrafts(batch, streams, run, &res)
		drafting = e.now().Sub(t)
	}
	run = e.forward(batch, streams, run, &res)
	if faults.Available {
		e.trace.afterStep(e.cache, batch, run)
	}
	e.lastRun = append(e.lastRun[:0], make([]sampler.Result, len(batch))...)
	for len(e.specRuns) < len(batch) {
		e.specRuns = append(e.specRuns, nil)
	}
	for j := range e.specRuns {
		e.specRuns[j] = e.specRuns[j][:0]
	}
	e.sampleBatch(batch, streams, run, &res)
	if e.spec != nil {
		e.spec.observeStep(batch, streams, run, e.now().Sub(start)-drafting)
		res.SpecCost = e.spec.report()
	}
	for _, i := range run {
		afterVerify(&batch[i], streams[i], res.Seqs[i].Accepted)
	}
	for _, i := range scoring {
		s := streams[i]
		last, err := e.scorePrompt(&batch[i], s)
		switch {
		case err != nil:
			e.refuse(batch, i, err, &res)
		case batch[i].Logits:
			if err := e.sample(i, s, last, &res); err != nil {
				e.refuse(batch, i, err, &res)
			}
		}
	}
	return res
}

// partition splits the batch into the sequences of the main forward pass and those scoring their
// prompt (PromptLogprobs), which run apart.
func (e *Engine) partition(batch []core.Seq, streams []*stream) (run, scoring []int) {
	run, scoring = e.run[:0], e.scoring[:0]
	for i := range batch {
		if s := streams[i]; s != nil && s.promptIDs != nil && batch[i].Start < s.prompt {
			scoring = append(scoring, i)
			continue
		}
		run = append(run, i)
	}
	return run, scoring
}

// forward runs the batch's sequences in run, dropping (and reporting) the ones the model refuses
// and running the rest again; it returns the sequences that ran.
func (e *Engine) forward(batch []core.Seq, streams []*stream, run []int, res *core.StepResult) []int {
	for len(run) > 0 {
		e.seqs = e.seqs[:0]
		for _, i := range run {
			b := &batch[i]
			e.seqs = append(e.seqs, model.Seq{Tokens: b.Tokens, Pos: b.Start, Pages: b.Pages, Tenant: b.Tenant, Logits: b.Logits,
				AllLogits: b.Draft > 0}) // a draft's rows: its Tokens are the last token and the drafts
			if s := streams[i]; s != nil {
				sq := &e.seqs[len(e.seqs)-1]
				sq.Adapter, sq.AdapterScale = s.adapter, s.adapterScale
				if s.embed != nil {
					e.embedSeq(sq, s)
				}
			}
		}
		errs := e.m.Forward(e.pool, e.cache, e.ws, e.seqs, e.logits)
		if errs == nil {
			break
		}
		kept := run[:0]
		for k, i := range run {
			if errs[k] == nil {
				kept = append(kept, i)
			} else {
				e.refuse(batch, i, errs[k], res)
			}
		}
		run = kept
	}
	return run
}

// refuse records why sequence i cannot go on (the model refused it, or its constraint): a failed
// page check is an isolation violation, a constraint that cannot go on the request's own
// failure, anything else an internal failure of that request alone.
func (e *Engine) refuse(batch []core.Seq, i int, err error, res *core.StepResult) {
	if errors.Is(err, kv.ErrIsolation) {
		res.Seqs[i].Violation = true
		e.log.Warn("isolation: page check refused a sequence", "request", uint64(batch[i].Request), "err", err)
		return
	}
	var ce *constraintError
	if errors.As(err, &ce) {
		e.constrained = append(e.constrained, i)
		e.log.Info("engine: a request's output constraint cannot go on; it ends alone", "request", uint64(batch[i].Request), "err", err)
		return
	}
	e.failed = append(e.failed, i)
	e.log.Error("engine: a sequence failed and ends alone", "request", uint64(batch[i].Request), "err", err)
}

// sampleBatch draws the next token of every sequence in run that asked for logits (or verifies its
// drafts); their rows of e.logits are in run's order, one each, or one per fed token with drafts.
// Each sequence's sampler is its own, so they draw on the pool's workers side by side (a batch of
// one draws inline).
func (e *Engine) sampleBatch(batch []core.Seq, streams []*stream, run []int, res *core.StepResult) {
	e.draws = e.draws[:0]
	row := 0
	for _, i := range run {
		if !batch[i].Logits {
			continue
		}
		if s := streams[i]; s != nil && s.embed != nil {
			continue // no logits computed; the core's token stays the placeholder 0
		}
		rows := 1 + batch[i].Draft
		logits := e.logits[row*e.m.Vocab : (row+rows)*e.m.Vocab]
		row += rows
		if s := streams[i]; s != nil { // else it ended meanwhile; the core ignores its result
			d := draw{i: i, s: s, logits: logits}
			if rows > 1 {
				d.draft = batch[i].Tokens[1:]
			}
			e.draws = append(e.draws, d)
		}
	}
	e.drawRes = res
	e.pool.Run(len(e.draws), e.drawTask)
	e.drawRes = nil
	for _, d := range e.draws {
		if d.err != nil {
			e.refuse(batch, d.i, d.err, res)
		}
	}
	clear(e.draws)
}

// constraintError is a request's constraint that cannot go on: its schema reached a bound of the
// grammar. It ends that request, as its own failure.
type constraintError struct{ err error }

func (e *constraintError) Error() string { return "structured output: " + e.err.Error() }

func (e *constraintError) Unwrap() error { return e.err }

// draw is one sequence of sampleBatch: its batch slot, stream and logits, and why its draw
// failed.
type draw struct {
	i      int
	s      *stream
	logits []float32
	draft  []int32 // the drafts to verify, with a row of logits each after the first
	err    error
}

func (e *Engine) drawOne(t int) {
	d := &e.draws[t]
	if d.draft != nil {
		e.verify(d.i, d.s, d.logits, d.draft, e.drawRes)
		return
	}
	d.err = e.sample(d.i, d.s, d.logits, e.drawRes)
}

// sample draws sequence i's token from its logits and reports it, or says why the request's
// constraint cannot go on.
func (e *Engine) sample(i int, s *stream, logits []float32, res *core.StepResult) error {
	s.awaitMask()
	r := s.sampler.Sample(logits)
	if s.constraintErr != nil {
		if err := s.constraintErr(); err != nil {
			return &constraintError{err: err}
		}
	}
	if s.audited && !s.logprobs {
		r.Logprob = s.sampler.Score(logits, r.ID).Logprob // what a client asking for it would get
	}
	res.Seqs[i].Confident = e.confident(s, logits, r.ID)
	s.sampler.Accept(r.ID)
	e.prepareNext(s)
	res.Seqs[i].Token = r.ID
	e.lastRun[i] = r
	if s.leaves() {
		s.first = r // the core streams nothing here for it: SubmitPrefill's stream does
	}
	return nil
}

// scorePrompt runs a PromptLogprobs request's prompt chunk on its own, with the logits of every
// position, in pieces of at most the logit rows the workspace holds (the model's result does not
// depend on the chunking, so this computes exactly what one pass would). It sends the new prompt
// logprobs and returns the logits of the chunk's last position.
func (e *Engine) scorePrompt(b *core.Seq, s *stream) ([]float32, error) {
	V, rows := e.m.Vocab, len(e.logits)/e.m.Vocab
	var scored []Token
	var last []float32
	for a := 0; a < len(b.Tokens); a += rows {
		end := min(a+rows, len(b.Tokens))
		e.scoreSeq[0] = model.Seq{Tokens: b.Tokens[a:end], Pos: b.Start + a, Pages: b.Pages, Tenant: b.Tenant, AllLogits: true,
			Adapter: s.adapter, AdapterScale: s.adapterScale}
		if errs := e.m.Forward(e.pool, e.cache, e.ws, e.scoreSeq[:], e.logits); errs != nil {
			return nil, errs[0]
		}
		for j := range end - a {
			row := e.logits[j*V : (j+1)*V]
			// Position p's logits score prompt token p+1, once.
			if p := b.Start + a + j; p == s.scored && p+1 < len(s.promptIDs) {
				r := s.sampler.Score(row, s.promptIDs[p+1])
				t := Token{ID: r.ID, Logprob: r.Logprob}
				for _, c := range r.Top {
					t.Top = append(t.Top, TokenLogprob{ID: c.ID, Logprob: c.Logprob})
				}
				scored = append(scored, t)
				s.scored++
			}
		}
		last = e.logits[(end-a-1)*V : (end-a)*V]
	}
	if len(scored) > 0 {
		s.push(Event{Prompt: scored})
	}
	return last, nil
}
