package engine

import (
	"errors"
	"fmt"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/tensor"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

// Speculation by a draft model (SpecDraft): a smaller model with the same vocabulary proposes each
// speculative decode's drafts, greedily, and the target verifies them as it verifies lookup's.
//
// The draft model's KV lives in a pool of its own that mirrors the target's page for page: the
// same page ids, stamped and invalidated with the same headers in the same Ready, so a draft page
// belongs to the request, tenant and lifetime its target page does, is checked on every read like
// it, and is released however the request ends. The capacity plan counts both models' bytes per
// token. A drafting request computes the draft model's KV for its own positions only, in order,
// never reads a position it did not write in this lifetime, and does not use the prefix cache: a
// cached page's draft half was not necessarily written by anyone of its tenant.
//
// Its prompt goes through the draft model as it is prefilled, chunk by chunk in the same steps (as
// draft models take it in llama.cpp and vLLM): the prompt's pass costs what it costs once, in the
// time to the first token, rather than stalling the answer at its first draft, however long the
// prompt. The tokens decoded since are caught up when it next drafts, in one pass with the draft's
// first token.

// drafter runs the draft model.
type drafter struct {
	m      *model.Model
	cache  *kv.Pool
	ws     *model.Workspace
	logits []float32
	seq    [1]model.Seq
	chunk  int        // the most tokens one catch-up pass feeds
	meter  *specMeter // times its passes
	// positions counts the positions it computed (Stats.DraftModelPositions).
	positions uint64
}

// checkDraftModel refuses a draft model whose vocabulary is not the target's, token for token.
func checkDraftModel(m *model.Model, tok *tokenizer.Tokenizer, sc *SpecConfig) error {
	dm, dt := sc.DraftModel, sc.DraftTokenizer
	if dm == nil || dt == nil {
		return errors.New("speculative decoding by a draft model: no draft model (--draft-model FILE)")
	}
	if dm.Vocab != m.Vocab || dt.VocabSize() != tok.VocabSize() {
		return fmt.Errorf("draft model %q: vocabulary of %d tokens (%d in its tokenizer), the model's is %d (%d): a draft model needs the same vocabulary",
			dm.Name, dm.Vocab, dt.VocabSize(), m.Vocab, tok.VocabSize())
	}
	for id := range int32(tok.VocabSize()) {
		if a, b := dt.TokenText(id), tok.TokenText(id); a != b {
			return fmt.Errorf("draft model %q: token %d is %q, the model's is %q: a draft model needs the same vocabulary", dm.Name, id, a, b)
		}
	}
	return nil
}

// draftBytesPerToken is what the draft model's KV adds to a token's bytes in the capacity plan.
func draftBytesPerToken(cfg Config) (int, error) {
	dm := cfg.Speculative.DraftModel
	if cfg.Speculative.Mode != SpecDraft || dm == nil {
		return 0, nil
	}
	return kv.BytesPerToken(dm.Layers, dm.KVHeads, dm.HeadDim, cfg.KVDType)
}

// newDrafter builds the draft model's mirror pool and workspace for plan.
func newDrafter(cfg Config, plan core.CapacityPlan, pool *tensor.Pool, meter *specMeter) (*drafter, error) {
	dm := cfg.Speculative.DraftModel
	cache, err := kv.NewPool(kv.Config{Layers: dm.Layers, KVHeads: dm.KVHeads, HeadDim: dm.HeadDim,
		PageTokens: plan.PageTokens, DType: cfg.KVDType, Pages: plan.Pages, Scrub: cfg.Scrub})
	if err != nil {
		return nil, fmt.Errorf("draft model's KV pool: %w", err)
	}
	return &drafter{m: dm, cache: cache, ws: dm.NewWorkspace(pool, cfg.StepTokens, 1, plan.MaxContext),
		logits: make([]float32, dm.Vocab), chunk: cfg.StepTokens, meter: meter}, nil
}

// fillDrafts writes the draft model's drafts into every speculative decode in run (its Tokens
// after the first), and first notes where each drafting request's positions are recomputed (after
// a preemption its draft KV starts again). A sequence whose draft pages fail their check is
// refused like a target page's; the others run.
func (e *Engine) fillDrafts(batch []core.Seq, streams []*stream, run []int, res *core.StepResult) []int {
	kept := run[:0]
	for _, i := range run {
		b, s := &batch[i], streams[i]
		if s != nil && s.history != nil {
			s.draftPos = min(s.draftPos, b.Start)
			var err error
			switch {
			case b.Draft > 0:
				err = e.draft.fill(e.pool, b, s)
			case b.Start < s.prompt: // a chunk of its prompt
				err = e.draft.catchUp(e.pool, b, s, min(b.Start+len(b.Tokens), s.prompt), false)
			}
			if err != nil {
				e.refuse(batch, i, err, res)
				continue
			}
		}
		kept = append(kept, i)
	}
	return kept
}

// fill runs the draft model over s's positions it has not computed up to b's last token, then
// drafts b.Draft tokens greedily, one pass each.
func (d *drafter) fill(p *tensor.Pool, b *core.Seq, s *stream) error {
	last := b.Start
	if err := d.catchUp(p, b, s, last+1, true); err != nil {
		return err
	}
	for j := 1; j <= b.Draft; j++ {
		if j > 1 {
			if err := d.forward(p, b, b.Tokens[j-1:j], last+j-1, true); err != nil {
				return err
			}
			s.draftPos = last + j
		}
		id, _ := tensor.Argmax(d.logits, nil)
		b.Tokens[j] = id
	}
	return nil
}

// catchUp runs the draft model over s's positions from the first it has not computed to end
// (exclusive), at most a step's token budget a pass, with the logits of the last position when
// logits is set.
func (d *drafter) catchUp(p *tensor.Pool, b *core.Seq, s *stream, end int, logits bool) error {
	for s.draftPos < end {
		to := min(end, s.draftPos+d.chunk)
		if err := d.forward(p, b, s.history[s.draftPos:to], s.draftPos, logits && to == end); err != nil {
			return err
		}
		s.draftPos = to
	}
	return nil
}

func (d *drafter) forward(p *tensor.Pool, b *core.Seq, toks []int32, pos int, logits bool) error {
	d.seq[0] = model.Seq{Tokens: toks, Pos: pos, Pages: b.Pages, Tenant: b.Tenant, Logits: logits}
	start := d.meter.now()
	if errs := d.m.Forward(p, d.cache, d.ws, d.seq[:], d.logits); errs != nil {
		return fmt.Errorf("draft model: %w", errs[0])
	}
	d.meter.observeDraft(len(toks), d.meter.now().Sub(start))
	d.positions += uint64(len(toks))
	return nil
}

// afterVerify forgets the draft KV of s's rejected drafts: positions past the accepted ones are
// computed again before they are read.
func afterVerify(b *core.Seq, s *stream, accepted int) {
	if s != nil && s.history != nil && b.Draft > 0 {
		s.draftPos = min(s.draftPos, b.Start+1+accepted)
	}
}
