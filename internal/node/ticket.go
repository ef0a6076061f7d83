package node

// Hand-off tickets: what a prefill server puts in its answer's kv_transfer_params, and all that a
// decode server believes of them. They cross the client-facing API (llm-d's sidecar copies them
// from one request to the next, and a client may write any), so a ticket is signed with the
// cluster's ticket key and binds everything the pull depends on: whose prompt, which prompt, which
// model and adapter, how many pages, which prefill node, and until when.

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/transfer"
)

const ticketVersion = "v1"

// binding is what a hold is for: what the prefill server ran and what the decode server must be
// about to run, compared field for field.
type binding struct {
	Tenant  string `json:"tenant"`  // SHA-256 of the tenant's UID, hex
	Prompt  string `json:"prompt"`  // SHA-256 of the prompt's tokens, hex
	Model   string `json:"model"`   // SHA-256 of the node's transfer fingerprint (weights, KV layout), hex
	Adapter string `json:"adapter"` // SHA-256 of the LoRA adapter's fingerprint and scale, hex (zeros: the base model)
	Tokens  int    `json:"tokens"`  // prompt tokens the pages hold
	Pages   int    `json:"pages"`
}

// claims is a ticket's signed payload.
type claims struct {
	Hold string `json:"hold"` // the hold's random id, hex
	binding
	Node    string `json:"node"` // the prefill node's transfer address
	Expires int64  `json:"exp"`  // Unix milliseconds
}

// bindingOf is the binding of request r on a node of fingerprint fp and pages of pageTokens.
func bindingOf(r *engine.Request, fp transfer.Fingerprint, pageTokens int) binding {
	t := sha256.Sum256([]byte("kvwarden tenant\x00" + r.Tenant))
	p := sha256.New()
	var b [4]byte
	for _, id := range r.Prompt {
		binary.LittleEndian.PutUint32(b[:], uint32(id))
		p.Write(b[:])
	}
	fpJSON, _ := json.Marshal(fp) // a struct of strings, numbers and arrays: cannot fail
	m := sha256.Sum256(fpJSON)
	var adapter [32]byte // the base model
	if a := r.Adapter; a != nil {
		binary.LittleEndian.PutUint32(b[:], math.Float32bits(a.Scale))
		adapter = sha256.Sum256(append(a.Fingerprint[:], b[:]...))
	}
	return binding{Tenant: hex.EncodeToString(t[:]), Prompt: hex.EncodeToString(p.Sum(nil)), Model: hex.EncodeToString(m[:]),
		Adapter: hex.EncodeToString(adapter[:]), Tokens: len(r.Prompt), Pages: (len(r.Prompt) + pageTokens - 1) / pageTokens}
}

// tickets signs and checks tickets with the cluster's ticket key.
type tickets struct{ key []byte }

func (k tickets) mac(payload []byte) []byte {
	m := hmac.New(sha256.New, k.key)
	m.Write([]byte("kvwarden hand-off ticket " + ticketVersion + "\x00"))
	m.Write(payload)
	return m.Sum(nil)
}

// sign writes c as a ticket: "v1.", the payload and its MAC, base64url.
func (k tickets) sign(c claims) string {
	payload, _ := json.Marshal(c) // strings and numbers: cannot fail
	enc := base64.RawURLEncoding
	return ticketVersion + "." + enc.EncodeToString(payload) + "." + enc.EncodeToString(k.mac(payload))
}

// ticketError is a refused ticket or hand-off; Check names what failed, for the client and the log.
type ticketError struct{ Check, Detail string }

func (e *ticketError) Error() string {
	return "kv_transfer_params refused (" + e.Check + "): " + e.Detail
}

func refuse(check, format string, a ...any) error {
	return &ticketError{Check: check, Detail: fmt.Sprintf(format, a...)}
}

// verify checks a ticket's form and MAC (before reading anything it says) and its expiry.
func (k tickets) verify(ticket string, now time.Time) (claims, error) {
	parts := strings.Split(ticket, ".")
	if len(parts) != 3 || parts[0] != ticketVersion {
		return claims{}, refuse("malformed", "kvwarden_ticket is not a %s ticket", ticketVersion)
	}
	enc := base64.RawURLEncoding
	payload, err1 := enc.DecodeString(parts[1])
	mac, err2 := enc.DecodeString(parts[2])
	if err1 != nil || err2 != nil {
		return claims{}, refuse("malformed", "kvwarden_ticket is not base64url")
	}
	if !hmac.Equal(mac, k.mac(payload)) {
		return claims{}, refuse("signature", "the ticket's signature does not verify with this cluster's ticket key")
	}
	var c claims
	if err := json.Unmarshal(payload, &c); err != nil {
		return claims{}, refuse("malformed", "the ticket's payload does not parse")
	}
	if !now.Before(time.UnixMilli(c.Expires)) {
		return claims{}, refuse("expired", "the ticket expired %s ago", now.Sub(time.UnixMilli(c.Expires)).Round(time.Millisecond))
	}
	return c, nil
}

// match compares what a ticket is for with what the request is.
func (b binding) match(want binding) error {
	for _, f := range []struct {
		check    string
		got, was string
	}{
		{"tenant", b.Tenant, want.Tenant}, {"prompt", b.Prompt, want.Prompt}, {"model", b.Model, want.Model},
		{"adapter", b.Adapter, want.Adapter},
		{"pages", fmt.Sprint(b.Tokens, "/", b.Pages), fmt.Sprint(want.Tokens, "/", want.Pages)},
	} {
		if f.got != f.was {
			return refuse(f.check, "the ticket was issued for another %s than this request's", f.check)
		}
	}
	return nil
}

// isRefusal reports whether err is a refused ticket or hand-off.
func isRefusal(err error) bool {
	var te *ticketError
	return errors.As(err, &te)
}
