// Package engine runs the one inference loop: it feeds events to the isolation core, executes the
// plans it returns on the model and the KV page pool, and streams tokens back to callers.
//
// The loop goroutine alone changes the core. Callers' submissions, aborts, tenant drops, drain
// and close, and the transport's reports, are events in the engine's inbox, applied in order at
// the top of each loop iteration, before the next step; Submit waits for the loop's admission
// answer, so a refusal is still synchronous and leaves nothing behind. Time, the present and
// every timer alike, comes from Config.Clock only (codehealth's TestOneClock checks).
package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/sampler"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// Spec is a request as it can be written down: everything that decides what the engine computes
// for it, and nothing of this process. It is what crosses the wire to a disaggregated deployment's
// nodes as it is (node's job), and what a shadow re-run keeps; Request adds the in-process parts.
// A per-request option is one field here and its checks: the core's request is built from it in
// one place (coreSpec), for admission and re-runs alike. Its fields' order and JSON tags are the
// node wire format's (TestJobWireFormat).
//
// Tenant is the server-side tenant identity and is never empty; the server passes the tenant's
// UID, never reused, so a name given to a new tenant does not reach an old tenant's prefix cache.
type Spec struct {
	Tenant    string
	Prompt    []int32
	MaxTokens int
	Sampling  sampler.Params
	// HasSeed says Sampling.Seed is the caller's; without it the engine draws a seed, so that two
	// unseeded requests do not sample alike.
	HasSeed    bool
	StopTokens []int32 // ends generation (finish reason "stop") besides the model's end-of-generation tokens
	IgnoreEOS  bool
	// LogitBias is added to token logits before sampling (see sampler.SetLogitBias); this
	// request's only, so the other sequences of a batch are unaffected.
	LogitBias map[int32]float32 `json:",omitempty"`
	// Grammar describes a structured-output constraint; an engine given a Grammar without a
	// Request.Constraint builds the constraint from it (the prefill and decode nodes of a
	// disaggregated deployment each build the same one).
	Grammar *Grammar `json:",omitempty"`
	// PromptLogprobs scores the prompt: Event.Prompt carries the log-probability of each prompt
	// token after the first given the ones before it (with Sampling.TopLogprobs alternatives),
	// before any generated token. Such a request skips the prefix cache, whose positions have no
	// logits.
	PromptLogprobs bool `json:",omitempty"`
	Weight         int  // the tenant's share of each step against other tenants with work; 0 means 1
	// Embed computes the prompt's embedding (Info.Pooling) instead of generating: the terminal
	// event carries it in Embedding and no token is streamed. MaxTokens, the sampling and the
	// logprob fields are ignored. A generative model refuses it (RejectInvalid), and so does a
	// prefill or decode node.
	Embed bool `json:",omitempty"`
	// Dimensions, when between 1 and the embedding size, keeps only an Embed request's leading
	// Dimensions values, renormalised (Matryoshka truncation).
	Dimensions int `json:",omitempty"`
	// Adapter names the LoRA adapter the request runs with; Request.LoRA holds its weights. Its
	// prefix-cache entries are namespaced by the adapter's fingerprint and the scale: never shared
	// with another adapter's, another scale's or the base model's, even within the tenant. A
	// hand-off's manifest carries it, and the decode node accepts only KV computed under its own.
	Adapter *AdapterRef `json:",omitempty"`
}

// AdapterRef is a LoRA adapter as a request names it: the fingerprint of the adapter's file
// (model.Adapter.Fingerprint) and the request's scale, which multiplies the adapter's alpha/rank
// (0 means 1).
type AdapterRef struct {
	Fingerprint [32]byte
	Scale       float32
}

// coreSpec is s as the core admits it in mode: the one translation of a request into the core's.
func (s *Spec) coreSpec(mode core.Mode) core.RequestSpec {
	return core.RequestSpec{Tenant: s.Tenant, Prompt: s.Prompt, MaxTokens: s.MaxTokens, StopTokens: s.StopTokens,
		IgnoreEOS: s.IgnoreEOS, Weight: s.Weight, Mode: mode, NoPrefixCache: s.PromptLogprobs || s.Embed,
		Adapter: s.Adapter.namespace()}
}

// clone is a copy of s that shares no memory with it: a shadow sample outlives the caller's
// request and must not change if the caller reuses its slices (TestSpecCloneIsDeep).
func (s *Spec) clone() Spec {
	c := *s
	c.Prompt = slices.Clone(s.Prompt)
	c.StopTokens = slices.Clone(s.StopTokens)
	c.LogitBias = maps.Clone(s.LogitBias)
	if s.Adapter != nil {
		a := *s.Adapter
		c.Adapter = &a
	}
	if s.Grammar != nil {
		g := *s.Grammar
		g.Schema = slices.Clone(g.Schema)
		c.Grammar = &g
	}
	return c
}

// Request is one generation job: its Spec and what only this process can hold.
type Request struct {
	Spec
	// Constraint, when set, restricts every token this request generates (structured outputs,
	// tool calls: grammar.Constraint), on its own sequence only; it is this request's, not shared.
	// Spec.Grammar describes it where another engine must build the same one.
	Constraint sampler.Constraint
	// LoRA is the adapter Spec.Adapter names (its Fingerprint equal), loaded against this
	// engine's model (model.ReadAdapter). A Spec.Adapter without it is refused: the engine does
	// not look adapters up by fingerprint; its caller (the API server, a node) does.
	LoRA *model.Adapter
	// OnEnd, when set, is called exactly once when an admitted request ends, however it ends
	// (finished, cancelled, closed, aborted, shut down) and whether or not anyone still reads its
	// stream: billing must not depend on the client staying to the end. It runs on the engine's
	// loop goroutine, without engine locks held, and must not block. A rejected request never
	// calls it.
	OnEnd func(Usage)
	// KVTransfer is the request's kv_transfer_params (llm-d's nixlv2 connector) when they ask for
	// a hand-off, as the client sent them; CacheHitThreshold is its cache_hit_threshold (0 to 1)
	// when it sent one. Only a prefill or decode server's engine (node.Handoffs) acts on them.
	KVTransfer        json.RawMessage
	CacheHitThreshold *float64
	// NoSpeculation serves the request without speculative decoding on an engine that speculates:
	// the benchmarks measure the same engine with and without it, request by request.
	NoSpeculation bool
}

// Grammar is a portable description of a structured-output constraint: a JSON schema (empty:
// any JSON object, response_format json_object) inside the markup of a tool call.
type Grammar struct {
	Schema         []byte `json:",omitempty"`
	Prefix, Suffix string `json:",omitempty"`
}

// Usage is what an admitted request consumed: its prompt, the part of it served from the
// tenant's prefix cache, and every token the engine generated for it.
type Usage struct {
	PromptTokens     int
	CachedTokens     int
	CompletionTokens int
	// Where its time went: waiting before it first ran in a step, from then to its first token,
	// and from its first token to its last. A phase it never reached is 0.
	QueueTime, PrefillTime, DecodeTime time.Duration
}

// TokenLogprob is one candidate token and its log-probability.
type TokenLogprob struct {
	ID      int32
	Logprob float32
}

// Token is one generated token.
type Token struct {
	ID      int32
	Logprob float32        // valid when the request asked for logprobs
	Top     []TokenLogprob // the TopLogprobs best alternatives
}

// Event is what a stream yields: tokens, then exactly one terminal event (Done set), which carries
// either a finish reason or an error explaining the abort.
type Event struct {
	Tokens []Token
	Prompt []Token // PromptLogprobs: the next scored prompt tokens, from the second on, in order
	Done   bool
	Finish kvtypes.FinishReason // kvtypes.FinishStop or FinishLength when Done and Err is nil
	Err    error                // *AbortError when the request was aborted
	Usage  Usage                // when Done: the same figures OnEnd receives
	// Embedding is an Embed request's L2-normalised vector (Info.EmbeddingDim floats), on its
	// terminal event when it finished.
	Embedding []float32
	// KVTransferParams, on a terminal event, is what the answer carries as kv_transfer_params: a
	// prefill server's hand-off ticket (node.Handoffs).
	KVTransferParams json.RawMessage
}

// Stream delivers a request's events. Close cancels the request if it is still running; it is safe
// to call more than once.
type Stream interface {
	Events() <-chan Event
	Close()
}

// RejectError is returned by Submit when a request is refused before it holds anything.
type RejectError struct {
	Reason  kvtypes.RejectReason
	Message string // says the exact numbers, e.g. "prompt 900 + max_tokens 200 = 1100 > context 1024"
}

func (e *RejectError) Error() string { return fmt.Sprintf("%s: %s", e.Reason, e.Message) }

// AbortError ends a stream of a request that was admitted but could not complete.
type AbortError struct {
	Reason  kvtypes.AbortReason
	Message string
	Defence kvtypes.Defence // the defence that stopped the request, if one did
}

func (e *AbortError) Error() string { return fmt.Sprintf("aborted (%s): %s", e.Reason, e.Message) }

// Stats is a snapshot of the engine for metrics: the isolation core's, and the engine's own
// count of failed steps.
type Stats struct {
	core.Stats
	StepErrors    uint64    // cumulative failed or panicked forward passes (not isolation)
	LastStepError time.Time // when the latest one happened; zero if never
	// MasksDeferred counts requests paused because their next token mask was not ready within
	// Config.MaskBudget (mask.go).
	MasksDeferred uint64
	// TransferFailures counts failed transfers by the check that failed (transfer.Reason, or
	// "commit" when the core refused what the receiver reported): security events on a node.
	TransferFailures map[string]uint64
	// Sent counts this node's committed transfers (a prefill node's throughput).
	Sent TransferStats
	// Shadow counts shadow verification (zero when it is off).
	Shadow ShadowStats
	// Speculation is the speculative decoding mode that core.Stats' DraftTokens and
	// AcceptedTokens count ("" when this engine does not speculate).
	Speculation Speculation
	// SpecTokens is the most draft tokens a decode carries (SpecConfig.Tokens, its default filled
	// in); 0 when this engine does not speculate.
	SpecTokens int
	// DraftModelPositions counts the positions a draft model computed (SpecDraft): the prompts of
	// the requests it drafts for, then their decoded tokens and its drafts. Its cost, beside the
	// model's.
	DraftModelPositions uint64
}

// Info describes the loaded model and the serving limits.
type Info struct {
	ModelName    string
	MaxContext   int // the advertised maximum of prompt + generated tokens
	VocabSize    int
	ChatTemplate string // Jinja source from the GGUF metadata, or "" when it has none
	Kernels      string // the compute kernel set in use (tensor.Kernels)
	// Pooling is how embeddings are pooled ("mean", "last"), or "" for a generative model.
	Pooling      string
	EmbeddingDim int // the width of an embedding (the model's hidden size)
	PageTokens   int // tokens per KV cache page
}

// Interface is what the server needs from the engine.
type Interface interface {
	Submit(ctx context.Context, r Request) (Stream, error)
	Info() Info
	Stats() Stats
	// DropTenant drops a removed tenant's prefix cache and returns the pages dropped.
	DropTenant(tenant string) int
}
