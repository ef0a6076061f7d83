package server

// vLLM's /tokenize and /detokenize: clients (lm-evaluation-harness, prompt-length checks in UIs)
// count tokens exactly as generation would, without generating.

import (
	"net/http"

	"github.com/kvwarden/kvwarden/internal/tenants"
)

type tokenizeBody struct {
	Model    string        `json:"model"`
	Prompt   *string       `json:"prompt"`
	Messages []messageBody `json:"messages"`
	// AddSpecialTokens (vLLM's name) adds the BOS token to a text prompt; default true, as
	// generation does.
	AddSpecialTokens *bool `json:"add_special_tokens"`
	// AddGenerationPrompt ends a chat rendering with the assistant's turn; default true, as
	// generation does.
	AddGenerationPrompt *bool          `json:"add_generation_prompt"`
	ChatTemplateKwargs  map[string]any `json:"chat_template_kwargs"`
	toolFields
}

type tokenizeResponse struct {
	Tokens      []int32 `json:"tokens"`
	Count       int     `json:"count"`
	MaxModelLen int     `json:"max_model_len"`
}

type detokenizeBody struct {
	Model  string  `json:"model"`
	Tokens []int64 `json:"tokens"`
}

// tokenizeBodyLimit bounds a /tokenize or /detokenize body by what the model can take: 32 bytes
// a token of context (a token's text, JSON-escaped, or a token id and its comma) and 16 KiB for
// the rest (messages' framing, tools). A longer text is no prompt of this model: tokenizing
// megabytes of it would only spend the CPU other tenants share.
func tokenizeBodyLimit(maxContext int) int64 {
	return 16<<10 + 32*int64(maxContext)
}

func (s *Server) tokenizeBody(w http.ResponseWriter, r *http.Request) ([]byte, *apiError) {
	return s.readBodyMax(w, r, min(s.cfg.MaxBodyBytes, tokenizeBodyLimit(s.info.MaxContext)))
}

func (s *Server) handleTokenize(w http.ResponseWriter, r *http.Request, rc *reqCtx) {
	body, e := s.tokenizeBody(w, r)
	if e != nil {
		s.fail(w, rc, e)
		return
	}
	ids, e := s.tokenize(body, rc.tenant)
	if e != nil {
		s.fail(w, rc, e)
		return
	}
	rc.promptN = len(ids)
	rc.status = http.StatusOK
	writeJSON(w, http.StatusOK, tokenizeResponse{Tokens: ids, Count: len(ids), MaxModelLen: s.info.MaxContext})
}

// tokenize encodes a prompt the way the generation endpoints would: a text prompt as
// /v1/completions does (special-token text stays text), messages as /v1/chat/completions does.
func (s *Server) tokenize(body []byte, t tenants.Tenant) ([]int32, *apiError) {
	var b tokenizeBody
	if e := decodeJSON(body, &b); e != nil {
		return nil, e
	}
	// An adapter shares the base model's tokenizer.
	if _, e := s.selectModel(b.Model, t); e != nil {
		return nil, e
	}
	switch {
	case b.Prompt != nil && b.Messages != nil:
		return nil, badRequest("prompt", "send either prompt or messages, not both")
	case b.Prompt != nil:
		ids := s.tok.Encode(*b.Prompt, b.AddSpecialTokens == nil || *b.AddSpecialTokens, false)
		if ids == nil {
			ids = []int32{}
		}
		return ids, nil
	case b.Messages == nil:
		return nil, badRequest("prompt", "prompt or messages is required")
	}
	// The chat endpoint's own checks, so that what is counted here is what it would accept.
	msgs, e := parseMessages(b.Messages)
	if e != nil {
		return nil, e
	}
	args, e := templateArgs(b.ChatTemplateKwargs)
	if e != nil {
		return nil, e
	}
	tools, e := parseTools(&b.toolFields)
	if e != nil {
		return nil, e
	}
	return s.chatToolsPrompt(msgs, args, tools, b.AddGenerationPrompt == nil || *b.AddGenerationPrompt)
}

func (s *Server) handleDetokenize(w http.ResponseWriter, r *http.Request, rc *reqCtx) {
	body, e := s.tokenizeBody(w, r)
	if e != nil {
		s.fail(w, rc, e)
		return
	}
	var b detokenizeBody
	if e := decodeJSON(body, &b); e != nil {
		s.fail(w, rc, e)
		return
	}
	if _, e := s.selectModel(b.Model, rc.tenant); e != nil {
		s.fail(w, rc, e)
		return
	}
	ids := make([]int32, len(b.Tokens))
	for i, id := range b.Tokens {
		if !validID(id, s.info.VocabSize) {
			s.fail(w, rc, badRequest("tokens", "tokens holds an id outside the vocabulary"))
			return
		}
		ids[i] = int32(id)
	}
	rc.status = http.StatusOK
	// Bytes of a character cut in half become U+FFFD in the JSON, as in a stream.
	writeJSON(w, http.StatusOK, map[string]string{"prompt": s.tok.Decode(ids)})
}
