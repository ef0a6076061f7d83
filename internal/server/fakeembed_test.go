package server

import (
	"math"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// fakeEmbedding is the fake engine's embedding of a prompt: a vector depending on every token and
// its position, truncated to dims (when set) and normalised, as the real engine does.
func fakeEmbedding(prompt []int32, dim, dims int) []float32 {
	v := make([]float32, dim)
	for p, id := range prompt {
		for j := range v {
			v[j] += float32(math.Sin(float64(int(id)*(j+1) + p)))
		}
	}
	if dims > 0 && dims < dim {
		v = v[:dims]
	}
	var ss float64
	for _, x := range v {
		ss += float64(x) * float64(x)
	}
	for j := range v {
		v[j] = float32(float64(v[j]) / math.Sqrt(ss))
	}
	return v
}

// embed answers an Embed request at once, like the real engine: refused by a generative model
// (no Info.Pooling), else one terminal event with the vector, usage counting the prompt and the
// placeholder token.
func (e *fakeEngine) embed(r engine.Request) (engine.Stream, error) {
	if e.info.Pooling == "" {
		return nil, &engine.RejectError{Reason: kvtypes.RejectInvalid, Message: "generative model"}
	}
	if e.reject != nil {
		return nil, e.reject
	}
	st := &fakeStream{events: make(chan engine.Event, 1), stop: make(chan struct{})}
	u := engine.Usage{PromptTokens: len(r.Prompt), CompletionTokens: 1}
	st.events <- engine.Event{Done: true, Finish: kvtypes.FinishLength, Usage: u,
		Embedding: fakeEmbedding(r.Prompt, e.info.EmbeddingDim, r.Dimensions)}
	e.mu.Lock()
	e.usage = append(e.usage, u)
	e.mu.Unlock()
	if r.OnEnd != nil {
		r.OnEnd(u)
	}
	return st, nil
}
