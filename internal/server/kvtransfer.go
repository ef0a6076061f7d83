package server

// llm-d's P/D sidecar speaks to model servers through two request fields, kv_transfer_params (its
// nixlv2 connector) and cache_hit_threshold (decode-first), and one answer field,
// kv_transfer_params. The server checks their shape and carries them between the client and the
// engine; what they mean is a prefill or decode node's (node.Handoffs), and a server of another
// role refuses a hand-off it cannot make.

import (
	"bytes"
	"encoding/json"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/opmetrics"
)

// pdFields are the sidecar's request fields, on every generation endpoint.
type pdFields struct {
	KVTransferParams  json.RawMessage `json:"kv_transfer_params"`
	CacheHitThreshold *float64        `json:"cache_hit_threshold"`
}

// kvFlags are the two flags of kv_transfer_params the server acts on.
type kvFlags struct {
	DoRemoteDecode  bool `json:"do_remote_decode"`
	DoRemotePrefill bool `json:"do_remote_prefill"`
}

// pdParams is what a request asked of the hand-off.
type pdParams struct {
	kvTransfer json.RawMessage // the object as sent, when it asks for a hand-off
	flags      kvFlags
	cacheHit   *float64
}

func (f *pdFields) apply(p *genParams, _ int) *apiError {
	if t := f.CacheHitThreshold; t != nil && !(finite(*t) && *t >= 0 && *t <= 1) {
		return badRequest("cache_hit_threshold", "cache_hit_threshold is out of range: it must be a number from 0 to 1")
	}
	p.pd.cacheHit = f.CacheHitThreshold
	if isNull(f.KVTransferParams) {
		return nil
	}
	if t := bytes.TrimSpace(f.KVTransferParams); t[0] != '{' || json.Unmarshal(t, &p.pd.flags) != nil {
		return badRequest("kv_transfer_params", "kv_transfer_params must be an object whose do_remote_decode and do_remote_prefill are booleans")
	}
	if p.pd.flags.DoRemoteDecode && p.pd.flags.DoRemotePrefill {
		return badRequest("kv_transfer_params", "kv_transfer_params cannot ask for both do_remote_decode and do_remote_prefill")
	}
	if p.pd.flags.DoRemoteDecode || p.pd.flags.DoRemotePrefill {
		p.pd.kvTransfer = f.KVTransferParams
	}
	return nil
}

// checkHandoff refuses a hand-off this server's role cannot make, or one with several engine
// requests: a ticket stands for one prompt's pages. A prefill asked of a streamed or multi-choice
// request is served whole instead (no pages are held that no one could claim), and the sidecar
// then sends the decode server no ticket.
func (s *Server) checkHandoff(p *genParams, requests int) *apiError {
	f := p.pd.flags
	switch {
	case f.DoRemoteDecode && s.cfg.Role != opmetrics.RolePrefill, f.DoRemotePrefill && s.cfg.Role != opmetrics.RoleDecode:
		want := map[bool]string{true: "do_remote_decode is served by --role prefill", false: "do_remote_prefill is served by --role decode"}[f.DoRemoteDecode]
		return badRequest("kv_transfer_params", "kv_transfer_params: %s; this server's role is %s", want, s.cfg.Role)
	case f.DoRemotePrefill && requests != 1:
		return badRequest("kv_transfer_params", "kv_transfer_params with do_remote_prefill needs one prompt and n 1")
	case f.DoRemoteDecode && (requests != 1 || p.stream):
		p.pd.kvTransfer = nil
	}
	return nil
}

// handoff sets a request's hand-off fields.
func (p *pdParams) handoff(r *engine.Request) {
	r.KVTransfer, r.CacheHitThreshold = p.kvTransfer, p.cacheHit
}

// withKVTransfer is an answer with the engine's kv_transfer_params at its top level.
type withKVTransfer struct {
	body any
	kv   json.RawMessage
}

func (w withKVTransfer) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(w.body)
	if err != nil || len(w.kv) == 0 {
		return b, err
	}
	b = bytes.TrimSuffix(bytes.TrimSpace(b), []byte("}"))
	b = append(b, `,"kv_transfer_params":`...)
	return append(append(b, w.kv...), '}'), nil
}
