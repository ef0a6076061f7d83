package engine

import (
	"fmt"
	"math"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/faults"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

// Speculative decoding: the core drafts from each request's own tokens (core/speculate.go); the
// engine verifies. A decode with drafts is fed its last token and the drafts as one chunk with
// the logits of every position, which are the logits decoding them one at a time would give (a
// position's result does not depend on how positions are batched). The request's own sampler
// draws from each row in turn, exactly as it would have one step at a time (one random draw per
// token, the same penalties), and the draws stop at the first that differs from the draft. So
// every token is the one plain decoding would have produced, greedy or seeded: speculation
// changes how many steps an answer takes, never the answer.

// Speculation is how the engine drafts tokens for speculative decoding.
type Speculation string

const (
	SpecOff    Speculation = "off"    // no speculation
	SpecLookup Speculation = "lookup" // drafts from n-grams of the request's own prompt and output
	SpecDraft  Speculation = "draft"  // drafts from a draft model with the same vocabulary (draftmodel.go)
)

// DefaultSpecTokens is what SpecConfig.Tokens 0 means.
const DefaultSpecTokens = 8

// DefaultDraftMinProb is what SpecConfig.DraftMinProb 0 means: a draft model drafts after a token
// the model drew with a probability of a half or more.
const DefaultDraftMinProb = 0.5

// SpecConfig sets up speculative decoding.
type SpecConfig struct {
	Mode     Speculation // "" means SpecOff
	Tokens   int         // the most draft tokens a decode carries; 0 means DefaultSpecTokens
	MaxBatch int         // no speculation while more requests run; 0 means core.DefaultSpecMaxBatch
	// DraftModel and DraftTokenizer are SpecDraft's draft model and its tokenizer, whose
	// vocabulary must be the model's token for token.
	DraftModel     *model.Model
	DraftTokenizer *tokenizer.Tokenizer
	// DraftMinProb: a draft model drafts only after the model drew the request's last token with
	// at least this probability. Where the model's distribution is flat, a draft model's greedy
	// guess rarely is its draw, and every attempt costs a pass of the draft model per draft token
	// (the first catching up on the tokens decoded since its last). 0 means DefaultDraftMinProb;
	// below 0, always.
	DraftMinProb float64
}

// ParseSpeculation reads a --speculative value.
func ParseSpeculation(s string) (Speculation, error) {
	switch m := Speculation(s); m {
	case SpecOff, SpecLookup, SpecDraft:
		return m, nil
	case "":
		return SpecOff, nil
	}
	return "", fmt.Errorf("speculative %q: want lookup, draft or off", s)
}

// check refuses a configuration the engine cannot run.
func (c *SpecConfig) check() error {
	if _, err := ParseSpeculation(string(c.Mode)); err != nil {
		return err
	}
	if c.Tokens < 0 || c.Tokens > 64 || c.MaxBatch < 0 || c.DraftMinProb > 1 {
		return fmt.Errorf("speculative decoding: %d draft tokens (want 1 to 64), max batch %d and draft probability %g (at most 1)", c.Tokens, c.MaxBatch, c.DraftMinProb)
	}
	if c.DraftModel != nil && c.Mode != SpecDraft {
		return fmt.Errorf("a draft model with speculative decoding %q: it needs draft", c.Mode)
	}
	return nil
}

// coreTokens is core.Config.SpecTokens under c: 0 when speculation is off.
func (c *SpecConfig) coreTokens() int {
	if c.Mode != SpecLookup && c.Mode != SpecDraft {
		return 0
	}
	if c.Tokens == 0 {
		return DefaultSpecTokens
	}
	return c.Tokens
}

// maxBatch is core.Config.SpecMaxBatch under c, its default filled in.
func (c *SpecConfig) maxBatch() int {
	if c.MaxBatch == 0 {
		return core.DefaultSpecMaxBatch
	}
	return c.MaxBatch
}

// speculates says whether r's decodes may carry drafts: it did not opt out, and every token of
// theirs must be one its sampler draws from a row of logits, with nothing else deciding it. A
// constrained request's allowed set is prepared one token ahead (mask.go), an embedding has no
// decode, and the incident-replay build's checksums cover the positions each step wrote,
// rejected drafts included, so none of those speculate.
func (e *Engine) speculates(r *Request) bool {
	return e.cfg.Speculative.coreTokens() > 0 && !r.NoSpeculation && r.Constraint == nil && !r.Embed && !faults.Available
}

// verify draws sequence i's tokens from the rows of logits of its last fed token and its drafts
// (in order), as decoding one token per step would, until a draw differs from the draft or the
// rows end; it reports the accepted drafts and the draw after them.
func (e *Engine) verify(i int, s *stream, logits []float32, draft []int32, res *core.StepResult) {
	V := e.m.Vocab
	runs := e.specRuns[i][:0]
	for row := 0; ; row++ {
		rows := logits[row*V : (row+1)*V]
		r := s.sampler.Sample(rows)
		if s.audited && !s.logprobs {
			r.Logprob = s.sampler.Score(rows, r.ID).Logprob
		}
		last := row == len(draft) || r.ID != draft[row]
		if last {
			res.Seqs[i].Confident = e.confident(s, rows, r.ID)
		}
		s.sampler.Accept(r.ID)
		runs = append(runs, r)
		if last {
			res.Seqs[i].Token, res.Seqs[i].Accepted = r.ID, row
			e.lastRun[i] = r
			break
		}
	}
	e.specRuns[i] = runs
}

// confident says whether s's sampler drew id from logits with at least the probability
// SpecConfig.DraftMinProb asks before a draft model drafts; only drafting streams need it.
func (e *Engine) confident(s *stream, logits []float32, id int32) bool {
	if e.draft == nil || s.history == nil {
		return false
	}
	p := e.cfg.Speculative.DraftMinProb
	if p == 0 {
		p = DefaultDraftMinProb
	}
	return p < 0 || float64(s.sampler.Score(logits, id).Logprob) >= math.Log(p)
}

// resultAt is the draw behind the token of batch slot slot's row row in the previous step, for
// its logprobs.
func (e *Engine) resultAt(slot, row int) (sampler.Result, bool) {
	if slot < 0 || slot >= len(e.lastRun) {
		return sampler.Result{}, false
	}
	if row > 0 || slot < len(e.specRuns) && len(e.specRuns[slot]) > 0 {
		if slot >= len(e.specRuns) || row >= len(e.specRuns[slot]) {
			return sampler.Result{}, false
		}
		return e.specRuns[slot][row], true
	}
	return e.lastRun[slot], true
}
