package operator

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"math"
	"net/http"

	"github.com/kvwarden/kvwarden/internal/engine"
)

// ShadowSource is an engine that keeps shadow verification's mismatches (*engine.Engine).
type ShadowSource interface {
	ShadowMismatches() []engine.ShadowMismatch
}

// mismatch is one shadow mismatch as the listener serves it: where the two runs part, how, and
// which pages each read. Never a token id: /detokenize turns ids back into the tenant's text, so
// the tokens are only counted and digested, and the alternatives (top logprobs, ids too) left out.
type mismatch struct {
	engine.ShadowEvent
	Live      trace `json:"live"`
	Reference trace `json:"reference"`
}

// trace is one run of a mismatch.
type trace struct {
	Tokens int `json:"tokens"` // how many it produced
	// Digest is a keyed hash (a key per listener, never shown) of its token ids: two runs, or two
	// mismatches, with the same digest produced the same tokens; no one can hash a guess to match.
	Digest string `json:"digest"`
	// LogprobAtIndex is the log-probability of its token at the mismatch's index, when it has one
	// computed on this node.
	LogprobAtIndex *float32            `json:"logprob_at_index,omitempty"`
	Finish         string              `json:"finish,omitempty"` // "" for an answer cut short by its client
	Pages          []engine.ShadowPage `json:"pages"`
}

// newDigestKey is the key of a listener's token digests.
func newDigestKey() []byte {
	k := make([]byte, 32)
	rand.Read(k) // never fails (crypto/rand)
	return k
}

func traceOf(t engine.ShadowTrace, index int, key []byte) trace {
	h := hmac.New(sha256.New, key)
	for _, tok := range t.Tokens {
		h.Write(binary.LittleEndian.AppendUint32(nil, uint32(tok.ID)))
	}
	out := trace{Tokens: len(t.Tokens), Digest: hex.EncodeToString(h.Sum(nil)[:12]), Finish: t.Finish, Pages: t.Pages}
	if out.Pages == nil {
		out.Pages = []engine.ShadowPage{}
	}
	if index < len(t.Tokens) {
		if tok := t.Tokens[index]; tok.HasLogprob && !math.IsNaN(float64(tok.Logprob)) && !math.IsInf(float64(tok.Logprob), 0) {
			lp := tok.Logprob
			out.LogprobAtIndex = &lp
		}
	}
	return out
}

// shadowHandler serves the mismatches src keeps, oldest first, as JSON (mismatch). The tenant
// ids and request ids are server-wide: the operator listener only.
func shadowHandler(src ShadowSource, key []byte) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		kept := src.ShadowMismatches()
		ms := make([]mismatch, 0, len(kept))
		for _, m := range kept {
			ms = append(ms, mismatch{m.ShadowEvent, traceOf(m.Live, m.Index, key), traceOf(m.Reference, m.Index, key)})
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(struct {
			Mismatches []mismatch `json:"mismatches"`
		}{ms})
	})
}
