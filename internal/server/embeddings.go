package server

// /v1/embeddings: the pooled, L2-normalised final hidden state of each input, for embedding
// models (GGUF pooling_type, or serve --pooling). Each input is one engine request, admitted,
// charged and released by the core like any other; a batch runs a bounded number at a time.

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"sync"

	"github.com/kvwarden/kvwarden/internal/engine"
	lora "github.com/kvwarden/kvwarden/internal/model"
)

const (
	maxEmbedInputs = 2048 // OpenAI's limit per request
	// embedParallel bounds the inputs of one request computed at once (further capped by the
	// tenant's max_concurrent): a large batch queues behind itself, not in front of others.
	embedParallel = 16
)

type embeddingsBody struct {
	Model          string          `json:"model"`
	Input          json.RawMessage `json:"input"`
	EncodingFormat *string         `json:"encoding_format"`
	Dimensions     *int64          `json:"dimensions"`
	// "user" is accepted and ignored.
}

type embedParams struct {
	model      string
	texts      []string
	ids        [][]int32
	base64     bool
	dimensions int // 0: the model's
}

func parseEmbeddings(body []byte, vocab, dim int) (*embedParams, *apiError) {
	var b embeddingsBody
	if e := decodeJSON(body, &b); e != nil {
		return nil, e
	}
	p := &embedParams{model: b.Model}
	if b.EncodingFormat != nil {
		switch *b.EncodingFormat {
		case "float":
		case "base64":
			p.base64 = true
		default:
			return nil, badRequest("encoding_format", "encoding_format must be \"float\" or \"base64\"")
		}
	}
	if b.Dimensions != nil {
		if *b.Dimensions < 1 || *b.Dimensions > int64(dim) {
			return nil, badRequest("dimensions", "dimensions must be an integer from 1 to %d, this model's embedding size", dim)
		}
		p.dimensions = int(*b.Dimensions)
	}
	return p, parseEmbedInput(b.Input, vocab, p)
}

// parseEmbedInput accepts the four shapes of input: a string, an array of strings, an array of
// token ids, or an array of arrays of token ids.
func parseEmbedInput(raw json.RawMessage, vocab int, p *embedParams) *apiError {
	raw = bytes.TrimSpace(raw)
	bad := badRequest("input", "input must be a string, an array of strings, an array of token ids or an array of arrays of token ids")
	if isNull(raw) {
		return badRequest("input", "input is required")
	}
	if raw[0] == '"' {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return bad
		}
		p.texts = []string{s}
		return nil
	}
	var items []json.RawMessage
	if raw[0] != '[' || json.Unmarshal(raw, &items) != nil {
		return bad
	}
	if len(items) == 0 {
		return badRequest("input", "input must not be an empty array")
	}
	if len(items) > maxEmbedInputs {
		return badRequest("input", "at most %d inputs are allowed", maxEmbedInputs)
	}
	var lists [][]int64
	switch first := bytes.TrimSpace(items[0]); {
	case len(first) > 0 && first[0] == '"':
		if json.Unmarshal(raw, &p.texts) != nil {
			return bad
		}
		return nil
	case len(first) > 0 && first[0] == '[':
		if json.Unmarshal(raw, &lists) != nil {
			return bad
		}
	default:
		var l []int64
		if json.Unmarshal(raw, &l) != nil {
			return bad
		}
		lists = [][]int64{l}
	}
	for _, l := range lists {
		if len(l) == 0 {
			return badRequest("input", "a token-id input must not be empty")
		}
		ids := make([]int32, len(l))
		for i, id := range l {
			if !validID(id, vocab) {
				return badRequest("input", "input holds a token id outside the vocabulary")
			}
			ids[i] = int32(id)
		}
		p.ids = append(p.ids, ids)
	}
	return nil
}

type embeddingObject struct {
	Object    string `json:"object"`
	Index     int    `json:"index"`
	Embedding any    `json:"embedding"` // []float32, or a base64 string of little-endian float32s
}

type embeddingsUsage struct {
	PromptTokens int `json:"prompt_tokens"`
	TotalTokens  int `json:"total_tokens"`
}

func (s *Server) handleEmbeddings(w http.ResponseWriter, r *http.Request, rc *reqCtx) {
	body, e := s.readBody(w, r)
	if e != nil {
		s.fail(w, rc, e)
		return
	}
	p, e := parseEmbeddings(body, s.info.VocabSize, s.info.EmbeddingDim)
	if e == nil {
		var a *lora.Adapter
		if a, e = s.selectModel(p.model, rc.tenant); a != nil {
			e = &apiError{Status: http.StatusBadRequest, Type: errInvalidRequest, Param: "model", Code: "adapter_not_embedding", Reason: "bad_request",
				Message: "LoRA adapters serve generation only; name the base model for embeddings"}
		}
	}
	if e == nil && s.info.Pooling == "" {
		e = &apiError{Status: http.StatusBadRequest, Type: errInvalidRequest, Param: "model", Code: "model_not_embedding", Reason: "bad_request",
			Message: "this model is generative (its GGUF metadata has no pooling_type) and computes no embeddings; serve an embedding model (e.g. a Qwen3-Embedding GGUF) or start the server with --pooling"}
	}
	if e != nil {
		s.fail(w, rc, e)
		return
	}
	prompts := p.ids
	for _, t := range p.texts {
		ids := s.tok.Encode(t, true, false) // client text is text: no special tokens parsed
		if len(ids) == 0 {
			s.fail(w, rc, badRequest("input", "an input is empty"))
			return
		}
		prompts = append(prompts, ids)
	}
	promptTokens := 0
	for _, pr := range prompts {
		// The core runs a placeholder token after the prompt, which needs its position.
		if len(pr)+1 > s.info.MaxContext {
			s.fail(w, rc, &apiError{Status: http.StatusBadRequest, Type: errInvalidRequest, Param: "input", Code: "context_length_exceeded", Reason: "context_length",
				Message: fmt.Sprintf("an input has %d tokens; this model embeds at most %d", len(pr), s.info.MaxContext-1)})
			return
		}
		promptTokens += len(pr)
	}
	rc.promptN = promptTokens
	parallel := min(len(prompts), embedParallel)
	if m := rc.tenant.Limits.MaxConcurrent; m > 0 {
		parallel = min(parallel, m)
	}
	release, done, ok := s.admit(w, rc, parallel, promptTokens+len(prompts))
	if !ok {
		return
	}
	defer done()

	vecs, used, err := s.embedAll(r.Context(), rc, prompts, parallel, p.dimensions)
	release(used)
	rc.leave()
	s.met.observeTokens(promptTokens, 0)
	s.met.observeTenant(rc.tenant, promptTokens, 0)
	if err != nil {
		s.fail(w, rc, err)
		return
	}
	data := make([]embeddingObject, len(vecs))
	for i, v := range vecs {
		data[i] = embeddingObject{Object: "embedding", Index: i, Embedding: v}
		if p.base64 {
			data[i].Embedding = base64Floats(v)
		}
	}
	rc.status = http.StatusOK
	writeJSON(w, http.StatusOK, map[string]any{"object": "list", "data": data, "model": s.cfg.ModelName,
		"usage": embeddingsUsage{PromptTokens: promptTokens, TotalTokens: promptTokens}})
}

// embedAll computes every prompt's embedding, parallel at a time. It returns the tokens the
// engine spent (each prompt and its placeholder), whatever happened, and the first failure,
// after which no further input starts and the running ones are closed.
func (s *Server) embedAll(ctx context.Context, rc *reqCtx, prompts [][]int32, parallel, dimensions int) ([][]float32, int, *apiError) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	vecs := make([][]float32, len(prompts))
	var (
		mu       sync.Mutex
		used     int
		firstErr *apiError
		wg       sync.WaitGroup
		ended    sync.WaitGroup // OnEnd calls still to come
	)
	fail := func(e *apiError) {
		mu.Lock()
		if firstErr == nil {
			firstErr = e
		}
		mu.Unlock()
		cancel(e)
	}
	next := make(chan int)
	for range parallel {
		wg.Go(func() {
			for i := range next {
				ended.Add(1)
				st, err := s.eng.Submit(ctx, engine.Request{Spec: engine.Spec{Tenant: rc.tenant.UID, Prompt: prompts[i], Embed: true, Dimensions: dimensions, Weight: rc.tenant.Limits.Weight},
					OnEnd: func(u engine.Usage) {
						mu.Lock()
						used += u.PromptTokens + u.CompletionTokens
						mu.Unlock()
						ended.Done()
					}})
				if err != nil {
					ended.Done() // a refused request never ends: it never began
					fail(fromSubmit(err, "input", len(prompts[i]), 1, s.info.MaxContext))
					continue
				}
				v, err := awaitEmbedding(ctx, st)
				if err != nil {
					fail(s.errorFor(err))
					continue
				}
				vecs[i] = v
			}
		})
	}
	for i := range prompts {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	ended.Wait()
	return vecs, used, firstErr
}

// awaitEmbedding reads a stream to its terminal event; a cancelled ctx closes the request.
func awaitEmbedding(ctx context.Context, st engine.Stream) ([]float32, error) {
	defer st.Close()
	for {
		select {
		case <-ctx.Done():
			return nil, context.Cause(ctx)
		case ev, ok := <-st.Events():
			switch {
			case !ok:
				return nil, errNoTerminal
			case !ev.Done:
			case ev.Err != nil:
				if ctx.Err() != nil {
					return nil, context.Cause(ctx)
				}
				return nil, ev.Err
			case len(ev.Embedding) == 0:
				return nil, &engine.AbortError{Reason: "internal", Message: "finished without an embedding"}
			default:
				return ev.Embedding, nil
			}
		}
	}
}

// base64Floats is OpenAI's base64 encoding: the little-endian float32 bytes.
func base64Floats(v []float32) string {
	b := make([]byte, 4*len(v))
	for i, f := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(f))
	}
	return base64.StdEncoding.EncodeToString(b)
}
