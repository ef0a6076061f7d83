package engine

import (
	"fmt"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/model"
)

// Embeddings. An embedding request is an ordinary local request of the core, admitted, scheduled,
// charged and released like any other, that holds pages only while its prompt is computed: the
// forward pass writes the pooled final hidden state of its prompt (model.Seq.Hidden) into the
// stream's buffer instead of computing logits, the core's one "generated" token is a placeholder
// that is never computed nor shown, and the terminal event carries the L2-normalised vector.

// pooling is how the engine pools embeddings: the configured override, else the model's own.
func (e *Engine) pooling() model.Pooling {
	if e.cfg.Pooling != model.PoolNone {
		return e.cfg.Pooling
	}
	return e.m.Pooling
}

// checkPooling refuses a pooling the engine cannot compute.
func checkPooling(p model.Pooling) error {
	switch p {
	case model.PoolNone, model.PoolMean, model.PoolLast:
		return nil
	}
	return fmt.Errorf("pooling %s is not supported (supported: mean, last)", p)
}

// prepareEmbed checks an embedding request and turns it into what the core runs: one placeholder
// token after the prompt, never from the prefix cache (mean pooling needs every position's state,
// and a cached prefix has none). Only a local request can be one: a prefill or decode node
// computes half of a generation.
func (e *Engine) prepareEmbed(r *Request, mode core.Mode) error {
	if !r.Embed {
		return nil
	}
	if mode != core.Local {
		return &RejectError{Reason: kvtypes.RejectInvalid, Message: "embeddings are not served by a disaggregated deployment"}
	}
	if e.pooling() == model.PoolNone {
		return &RejectError{Reason: kvtypes.RejectInvalid, Message: "this model is generative (its metadata has no pooling_type): it computes no embeddings"}
	}
	r.MaxTokens, r.PromptLogprobs, r.StopTokens, r.LogitBias = 1, false, nil, nil
	r.Sampling.TopLogprobs = -1
	return nil
}

// embedSeq points a step's sequence at the stream's embedding buffer. A chunk starting at
// position 0 starts the sum again: after a preemption the prompt is computed anew.
func (e *Engine) embedSeq(sq *model.Seq, s *stream) {
	sq.Logits = false
	sq.Hidden, sq.HiddenSum = s.embed, e.pooling() == model.PoolMean
	if sq.Pos == 0 {
		clear(s.embed)
	}
}

// embedding is the stream's finished vector, normalised (which makes the mean and the sum alike),
// truncated first to the request's dimensions.
func (s *stream) embedding() []float32 {
	v := append([]float32(nil), s.embed...)
	if s.dims > 0 && s.dims < len(v) {
		v = v[:s.dims]
	}
	model.Normalize(v)
	return v
}
