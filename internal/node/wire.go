// Package node is disaggregated serving's control plane: the node API a prefill or decode node
// serves next to its transfer service (same mTLS gRPC listener), its client, and the Router, an
// engine.Interface that the ordinary API server drives and that pairs each request with a prefill
// node and a decode node.
//
// A request's life through a router:
//
//	router ── Reserve(job) ──────────> decode node: ReserveDecode → {reserved: transfer, request, ticket}
//	router ── Prefill(job, dest) ────> prefill node: SubmitPrefill → first token, logprobs
//	                                   prefill node ══ pages (transfer) ══> decode node: commit
//	router <── tokens ── decode node (its first token is the prefill node's; the router keeps the
//	                                  prefill node's logprobs for it)
//
// Tenants travel as the server's tenant UIDs, never names; both nodes turn them into the same
// tenant key with the secret they share (the tls dir's secret file).
package node

import (
	"encoding/json"
	"math"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
	"github.com/kvwarden/kvwarden/internal/transfer"
)

// Roles a node serves.
const (
	RolePrefill = "prefill"
	RoleDecode  = "decode"
)

// Info is what a node says about itself: the router pairs only nodes of one fingerprint (the same
// weights file, hence the same tokenizer and chat template, and the same KV layout) and routes by
// the load figures.
type Info struct {
	Role         string
	Model        string
	Fingerprint  transfer.Fingerprint
	MaxContext   int
	VocabSize    int
	ChatTemplate string
	FreePages    int
	Queue        int // requests waiting plus those in a hand-off
	Transferring int // of Queue, those in a hand-off: waiting on the peer node, not on this one
	Draining     bool
	// The node's work so far (cumulative): the router's /metrics sums them, so its operator, and a
	// watchdog, see the deployment's progress.
	PrefillTokens, DecodeTokens uint64
	// The node's batch and pool now, and its page size: the router's /metrics serves their sums
	// under the names a single process uses, so one dashboard reads both.
	Running    int // admitted, not in a hand-off
	Pages      Pages
	PageTokens int
	// Adapters are the LoRA adapters the node runs (serve --lora): name → the adapter file's
	// SHA-256. A router serves the set its nodes share at its start.
	Adapters map[string][32]byte `json:",omitempty"`
}

// Pages is a node's KV pool by page state (engine.Stats' figures).
type Pages struct {
	Total, Free, Owned, Cached, Idle, Quarantined int
}

// vocabulary is a tokenizer.Config as the node API sends it: the strings as bytes and the scores
// as float bits, which JSON carries exactly whatever they hold (invalid UTF-8, infinities).
type vocabulary struct {
	Config tokenizer.Config // without Tokens, Scores and Merges
	Tokens [][]byte
	Scores []uint32
	Merges [][]byte
}

func vocabOf(c tokenizer.Config) vocabulary {
	v := vocabulary{Config: c}
	v.Config.Tokens, v.Config.Scores, v.Config.Merges = nil, nil, nil
	for _, t := range c.Tokens {
		v.Tokens = append(v.Tokens, []byte(t))
	}
	for _, f := range c.Scores {
		v.Scores = append(v.Scores, math.Float32bits(f))
	}
	for _, m := range c.Merges {
		v.Merges = append(v.Merges, []byte(m))
	}
	return v
}

func (v vocabulary) config() tokenizer.Config {
	c := v.Config
	for _, t := range v.Tokens {
		c.Tokens = append(c.Tokens, string(t))
	}
	for _, f := range v.Scores {
		c.Scores = append(c.Scores, math.Float32frombits(f))
	}
	for _, m := range v.Merges {
		c.Merges = append(c.Merges, string(m))
	}
	return c
}

// job is a request as the router sends it: the engine request's Spec as it is (its JSON is the
// wire format: the same fields under the same names as before Spec existed, Embed and Dimensions
// added and omitted when unset) and, for a prefill node, where the KV goes. A Request's in-process
// parts stay behind: the router honours OnEnd, and a Constraint travels as its Spec.Grammar, from
// which each node builds it again (unroutable refuses one without).
type job struct {
	engine.Spec
	Dest *dest `json:",omitempty"`
}

type dest struct {
	Peer     string
	Transfer kvtypes.TransferID
	Request  kvtypes.RequestID
	Ticket   transfer.Ticket
	Tokens   int
}

// event is one message of a Reserve or Prefill stream. The first is Admitted (with the
// reservation, on a decode node) or a rejection; then tokens; then exactly one Done.
type event struct {
	Admitted bool
	Reserved *dest    `json:",omitempty"`
	Reject   *failure `json:",omitempty"`
	Tokens   []token  `json:",omitempty"`
	Prompt   []token  `json:",omitempty"` // the prefill node's prompt logprobs
	Done     bool
	Finish   kvtypes.FinishReason `json:",omitempty"`
	Abort    *failure             `json:",omitempty"`
	Usage    engine.Usage
}

type failure struct {
	Reason  string
	Message string
	Defence kvtypes.Defence `json:",omitempty"` // the defence that stopped the request, on the node where it did
}

// token carries logprobs as float bits: JSON has no -Inf, and the router must hand the client the
// very bits the node computed.
type token struct {
	ID  int32
	LP  uint32
	Top []cand `json:",omitempty"`
}

type cand struct {
	ID int32
	LP uint32
}

func tokensOf(ts []engine.Token) []token {
	out := make([]token, len(ts))
	for i, t := range ts {
		out[i] = token{ID: t.ID, LP: math.Float32bits(t.Logprob)}
		for _, c := range t.Top {
			out[i].Top = append(out[i].Top, cand{c.ID, math.Float32bits(c.Logprob)})
		}
	}
	return out
}

func (t token) engine() engine.Token {
	out := engine.Token{ID: t.ID, Logprob: math.Float32frombits(t.LP)}
	for _, c := range t.Top {
		out.Top = append(out.Top, engine.TokenLogprob{ID: c.ID, Logprob: math.Float32frombits(c.LP)})
	}
	return out
}

// send marshals v into one message of a stream.
func send(st interface{ SendMsg(any) error }, v any) error {
	b, err := json.Marshal(v) // fails only on a non-finite float, which the engine refuses anyway
	if err != nil {
		return err
	}
	return st.SendMsg(&b)
}

// recv reads one message of a stream into v.
func recv(st interface{ RecvMsg(any) error }, v any) error {
	var b []byte
	if err := st.RecvMsg(&b); err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}
