package node

// Handoffs is a node's engine as its own OpenAI server drives it, for llm-d's P/D sidecar (see
// docs/disaggregated.md, "kv_transfer_params (llm-d nixlv2)"): a prefill node holds a prompt's
// pages for a decode node when asked (do_remote_decode) and answers with a signed ticket; a decode
// node given that ticket (do_remote_prefill) pulls exactly those pages from the node it names and
// decodes without computing the prompt; a decode node given cache_hit_threshold serves a request
// alone only when its prefix cache holds enough of the prompt. Anything else is the engine's.

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kvwarden/kvwarden/internal/clock"
	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// DefaultHold is how long a prefill node holds a prompt's pages for a decode node by default.
const DefaultHold = 30 * time.Second

// Handoffs wraps a node's engine; the other engine methods are its own.
type Handoffs struct {
	*engine.Engine
	role    string
	self    string // this node's transfer address, as peers dial it
	keys    tickets
	hold    time.Duration
	clock   clock.Clock
	dial    Dialer
	log     *slog.Logger
	refused atomic.Uint64 // hand-offs refused as attacks: security events

	mu    sync.Mutex
	holds map[string]*hold // by hold id: prompts held for a claim, until claimed or ended
	// held counts each tenant's held pages (by binding.Tenant); a tenant above maxHeld gets its
	// next prefill served whole instead of held, so one tenant's unclaimed holds cannot take the
	// pool from the others for --kv-hold.
	held    map[string]int
	maxHeld int
}

// handoffParams are the kv_transfer_params fields kvwarden reads (vLLM's names, and its ticket).
type handoffParams struct {
	DoRemoteDecode  bool    `json:"do_remote_decode"`
	DoRemotePrefill bool    `json:"do_remote_prefill"`
	Ticket          string  `json:"kvwarden_ticket"`
	RemoteHost      *string `json:"remote_host"`
	RemotePort      *int    `json:"remote_port"`
	RemoteEngineID  *string `json:"remote_engine_id"`
}

// Submit serves r as its hand-off fields ask (engine.Request.KVTransfer, CacheHitThreshold).
func (h *Handoffs) Submit(ctx context.Context, r engine.Request) (engine.Stream, error) {
	var p handoffParams
	if len(r.KVTransfer) > 0 {
		if err := json.Unmarshal(r.KVTransfer, &p); err != nil {
			return nil, h.refusal(refuse("malformed", "kv_transfer_params do not parse: %v", err))
		}
	}
	switch {
	case p.DoRemoteDecode && h.role == RolePrefill:
		return h.submitHold(ctx, r)
	case p.DoRemotePrefill && h.role == RoleDecode:
		return h.pull(ctx, r, p)
	case p.DoRemoteDecode || p.DoRemotePrefill:
		return nil, &engine.RejectError{Reason: kvtypes.RejectInvalid, Message: "this node's role (" + h.role + ") does not make that hand-off"}
	case r.CacheHitThreshold != nil && h.role == RoleDecode:
		return h.decodeFirst(ctx, r, *r.CacheHitThreshold)
	}
	return h.Engine.Submit(ctx, r)
}

// Stats are the engine's, with the refused hand-offs counted as security events.
func (h *Handoffs) Stats() engine.Stats {
	st := h.Engine.Stats()
	n := h.refused.Load()
	st.SecurityEvents += n
	if n > 0 {
		if st.TransferFailures == nil {
			st.TransferFailures = map[string]uint64{}
		}
		st.TransferFailures["ticket"] += n
	}
	return st
}

// Local is the engine itself (the console reports it as a node's).
func (h *Handoffs) Local() *engine.Engine { return h.Engine }

// refusal counts a refused hand-off as a security event and turns it into the client's 400.
func (h *Handoffs) refusal(err error) error {
	h.refused.Add(1)
	h.log.Warn("security: a hand-off was refused", "err", err)
	return &engine.RejectError{Reason: kvtypes.RejectHandoff, Message: err.Error()}
}

// decodeFirst serves r here alone when its tenant's prefix cache holds at least threshold of its
// prompt; otherwise it ends at once with FinishCacheThreshold, having computed nothing.
func (h *Handoffs) decodeFirst(ctx context.Context, r engine.Request, threshold float64) (engine.Stream, error) {
	if float64(h.CachedPrefix(r.Spec)) >= threshold*float64(len(r.Prompt)) {
		return h.Engine.Submit(ctx, r)
	}
	u := engine.Usage{PromptTokens: len(r.Prompt)}
	if r.OnEnd != nil {
		r.OnEnd(u)
	}
	out := make(chan engine.Event, 1)
	out <- engine.Event{Done: true, Finish: kvtypes.FinishCacheThreshold, Usage: u}
	close(out)
	return chanStream(out), nil
}

// chanStream is a stream of events already queued: closing it changes nothing.
type chanStream chan engine.Event

func (c chanStream) Events() <-chan engine.Event { return c }
func (c chanStream) Close()                      {}
