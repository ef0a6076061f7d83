package node

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"maps"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// resign is the ticket of kv with its claims changed by change, signed with key (the cluster's:
// what only a node could write; another: a forgery).
func resign(t *testing.T, kv map[string]any, key []byte, change func(*claims)) map[string]any {
	t.Helper()
	c := ticketClaims(t, kv)
	change(&c)
	out := maps.Clone(kv)
	out["kvwarden_ticket"] = tickets{key: key}.sign(c)
	return out
}

func ticketClaims(t *testing.T, kv map[string]any) claims {
	t.Helper()
	parts := strings.Split(kv["kvwarden_ticket"].(string), ".")
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	var c claims
	if err := json.Unmarshal(payload, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

// trap is a TCP listener that counts the connections it is offered: a host no decode server may
// dial.
func trap(t *testing.T) (addr string, dialled *atomic.Int64) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	dialled = &atomic.Int64{}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			dialled.Add(1)
			c.Close()
		}
	}()
	return ln.Addr().String(), dialled
}

// TestTicketAttacks: every kv_transfer_params a client (or a sidecar falling back to the client's
// own body) can write, other than the ticket a prefill server gave this tenant for this prompt,
// once, is refused with 400 before anything is reserved, pulled or computed on the decode server,
// and counted as a security event there; the victim's hold is untouched, and the honest pull
// still works after the attack.
func TestTicketAttacks(t *testing.T) {
	p := newPD(t, time.Minute)
	const path = "/v1/completions"
	body := map[string]any{"model": "tiny", "prompt": "the weather in paris is what the cat said to the dog", "max_tokens": 4, "temperature": 0}
	other := maps.Clone(body)
	other["prompt"] = "the weather in paris is what the dog said to the cat"
	trapAddr, dialled := trap(t)
	trapHost, trapPort, _ := net.SplitHostPort(trapAddr)
	port, _ := json.Number(trapPort).Int64()
	for _, c := range []struct {
		name   string
		tenant string // who sends the decode request (default alice, whose prompt was held)
		body   map[string]any
		kv     func(kv map[string]any) map[string]any
		check  string // in the refusal's message
	}{
		{name: "no ticket", kv: func(kv map[string]any) map[string]any {
			return map[string]any{"do_remote_prefill": true, "remote_host": kv["remote_host"], "remote_port": kv["remote_port"]}
		}, check: "(missing)"},
		{name: "forged: signed with another key", kv: func(kv map[string]any) map[string]any {
			return resign(t, kv, []byte("a key that is not the cluster's ticket key"), func(*claims) {})
		}, check: "(signature)"},
		{name: "tampered: more pages under the old signature", kv: func(kv map[string]any) map[string]any {
			parts := strings.Split(kv["kvwarden_ticket"].(string), ".")
			c := ticketClaims(t, kv)
			c.Pages++
			payload, _ := json.Marshal(c)
			out := maps.Clone(kv)
			out["kvwarden_ticket"] = parts[0] + "." + base64.RawURLEncoding.EncodeToString(payload) + "." + parts[2]
			return out
		}, check: "(signature)"},
		{name: "expired", kv: func(kv map[string]any) map[string]any {
			return resign(t, kv, p.ticketKey, func(c *claims) { c.Expires = time.Now().Add(-time.Second).UnixMilli() })
		}, check: "(expired)"},
		{name: "another tenant's", tenant: "bob", check: "(tenant)"},
		{name: "another prompt's", body: other, check: "(prompt)"},
		{name: "another model's", kv: func(kv map[string]any) map[string]any {
			return resign(t, kv, p.ticketKey, func(c *claims) { c.Model = hex.EncodeToString(make([]byte, 32)) })
		}, check: "(model)"},
		{name: "another adapter's", kv: func(kv map[string]any) map[string]any {
			return resign(t, kv, p.ticketKey, func(c *claims) {
				a := sha256.Sum256([]byte("an adapter"))
				c.Adapter = hex.EncodeToString(a[:])
			})
		}, check: "(adapter)"},
		{name: "another page count", kv: func(kv map[string]any) map[string]any {
			return resign(t, kv, p.ticketKey, func(c *claims) { c.Pages, c.Tokens = c.Pages+1, c.Tokens+16 })
		}, check: "(pages)"},
		{name: "a host the client chose", kv: func(kv map[string]any) map[string]any {
			out := maps.Clone(kv)
			out["remote_host"], out["remote_port"], out["remote_engine_id"] = trapHost, port, engineID(trapAddr)
			return out
		}, check: "(node)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			kv := p.prefill(t, path, "alice", body)
			attack, tenant := body, "alice"
			if c.body != nil {
				attack = c.body
			}
			if c.tenant != "" {
				tenant = c.tenant
			}
			forged := kv
			if c.kv != nil {
				forged = c.kv(kv)
			}
			pre0, dec0, sec0 := p.pre.e.Stats(), p.dec.e.Stats(), p.dec.n.Handoffs.Stats().SecurityEvents
			r := p.decode(t, path, tenant, attack, forged)
			if r.status != http.StatusBadRequest || !strings.Contains(r.raw, "kv_transfer_refused") || !strings.Contains(r.raw, c.check) {
				t.Fatalf("attack answered %d %s, want 400 kv_transfer_refused %s", r.status, r.raw, c.check)
			}
			pre1, dec1 := p.pre.e.Stats(), p.dec.e.Stats()
			if sec := p.dec.n.Handoffs.Stats().SecurityEvents; sec != sec0+1 {
				t.Errorf("security events %d -> %d, want one more", sec0, sec)
			}
			if dec1.PrefillTokens != dec0.PrefillTokens || dec1.DecodeTokens != dec0.DecodeTokens || pre1.Sent != pre0.Sent || dialled.Load() != 0 {
				t.Fatalf("the attack computed or moved something: decode node %d/%d -> %d/%d tokens, sends %+v -> %+v, trap dialled %d",
					dec0.PrefillTokens, dec0.DecodeTokens, dec1.PrefillTokens, dec1.DecodeTokens, pre0.Sent, pre1.Sent, dialled.Load())
			}
			if r := p.decode(t, path, "alice", body, kv); r.status != http.StatusOK {
				t.Fatalf("the victim's own pull after the attack: %d %s", r.status, r.raw)
			}
			p.whole(t)
		})
	}
}

// TestTicketReplay: a ticket is good for one pull; a second finds nothing on the prefill node,
// and nothing is computed or pulled for it.
func TestTicketReplay(t *testing.T) {
	p := newPD(t, time.Minute)
	const path = "/v1/completions"
	body := map[string]any{"model": "tiny", "prompt": "hello world, the little cat is in paris", "max_tokens": 4, "temperature": 0}
	kv := p.prefill(t, path, "alice", body)
	if r := p.decode(t, path, "alice", body, kv); r.status != http.StatusOK {
		t.Fatalf("first pull: %d %s", r.status, r.raw)
	}
	p.whole(t)
	pre0, dec0, sec0 := p.pre.e.Stats(), p.dec.e.Stats(), p.dec.n.Handoffs.Stats().SecurityEvents
	r := p.decode(t, path, "alice", body, kv)
	if r.status != http.StatusBadRequest || !strings.Contains(r.raw, "(used)") {
		t.Fatalf("replay answered %d %s, want 400 naming the used hold", r.status, r.raw)
	}
	p.whole(t)
	pre1, dec1 := p.pre.e.Stats(), p.dec.e.Stats()
	if dec1.PrefillTokens != dec0.PrefillTokens || dec1.DecodeTokens != dec0.DecodeTokens || pre1.Sent != pre0.Sent {
		t.Fatalf("the replay computed or moved something: %+v -> %+v, %+v -> %+v", dec0.Stats, dec1.Stats, pre0.Sent, pre1.Sent)
	}
	if sec := p.dec.n.Handoffs.Stats().SecurityEvents; sec != sec0+1 {
		t.Errorf("security events %d -> %d, want one more", sec0, sec)
	}
}
