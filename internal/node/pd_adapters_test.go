package node

// LoRA adapters on llm-d-mode nodes: the prefill and decode servers load the same adapters and
// grants, a hand-off under an adapter gives the one process's answer, a ticket binds the adapter's
// bytes and scale, and decode-first looks in the adapter's own prefix cache.

import (
	"maps"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"
)

// withModel is body with "model" set to name (an adapter's, or the base model's "tiny").
func withModel(body map[string]any, name string) map[string]any {
	out := maps.Clone(body)
	out["model"] = name
	return out
}

// TestPDWithAdapterMatchesOneProcess: a request under a LoRA adapter, prefilled on the prefill
// server and decoded on the decode server through the sidecar's two requests, is the one
// process's answer under that adapter bit for bit (tokens, logprobs), computed on the prefill
// node only; and a tenant not granted the adapter gets the 404 a typo gets, from either server.
func TestPDWithAdapterMatchesOneProcess(t *testing.T) {
	seeds := map[string]uint64{"x": 1, "y": 2}
	p := newPDWith(t, time.Minute, seeds, seeds)
	bodies := pdBodies()
	for _, c := range []struct {
		name, adapter string
		body          int // in pdBodies
	}{{"completions x", "x", 0}, {"completions y", "y", 0}, {"chat streamed x", "x", 3}} {
		t.Run(c.name, func(t *testing.T) {
			path, body := bodies[c.body].path, withModel(bodies[c.body].body, c.adapter)
			want := post(t, t.Context(), p.one.url, path, "alice", body)
			base := post(t, t.Context(), p.one.url, path, "alice", bodies[c.body].body)
			if want.status != http.StatusOK || base.status != http.StatusOK {
				t.Fatalf("one process: %d %s / %d %s", want.status, want.raw, base.status, base.raw)
			}
			if want.body != nil && reflect.DeepEqual(stable(want), stable(base)) { // a stream's events name the model: unequal anyway
				t.Fatalf("adapter %s changes nothing: the test would not see it lost", c.adapter)
			}
			pre0, dec0 := p.pre.e.Stats(), p.dec.e.Stats()
			got := p.decode(t, path, "alice", body, p.prefill(t, path, "alice", body))
			if got.status != http.StatusOK {
				t.Fatalf("decode: %d %s", got.status, got.raw)
			}
			if !reflect.DeepEqual(stable(got), stable(want)) {
				t.Fatalf("split differs from one process\n got %v\nwant %v", stable(got), stable(want))
			}
			p.whole(t)
			pre1, dec1 := p.pre.e.Stats(), p.dec.e.Stats()
			if dec1.PrefillTokens != dec0.PrefillTokens || pre1.Sent.Transfers != pre0.Sent.Transfers+1 {
				t.Fatalf("decode node prefilled %d tokens; transfers %d -> %d", dec1.PrefillTokens-dec0.PrefillTokens, pre0.Sent.Transfers, pre1.Sent.Transfers)
			}
		})
	}
	for _, url := range []string{p.pre.url, p.dec.url} {
		body := bodies[0].body
		typo := post(t, t.Context(), url, bodies[0].path, "bob", withModel(body, "xx"))
		denied := post(t, t.Context(), url, bodies[0].path, "bob", withModel(prefillBody(bodies[0].path, body), "x"))
		if typo.status != http.StatusNotFound || denied.status != typo.status || denied.raw != typo.raw {
			t.Fatalf("an adapter bob may not use: %d %s; a typo: %d %s", denied.status, denied.raw, typo.status, typo.raw)
		}
	}
}

// TestTicketAdapterAttacks: a ticket a prefill server gave for a prompt under one adapter,
// presented with the same prompt under another adapter, the base model, or an adapter of the
// same name whose bytes differ on the decode server, is refused with 400 kv_transfer_refused
// naming the adapter, before anything is reserved, pulled or computed, as a security event.
func TestTicketAdapterAttacks(t *testing.T) {
	// "z" names other bytes on each server (a file changed on one node only).
	p := newPDWith(t, time.Minute, map[string]uint64{"x": 1, "y": 2, "z": 3}, map[string]uint64{"x": 1, "y": 2, "z": 4})
	const path = "/v1/completions"
	body := map[string]any{"prompt": "the weather in paris is what the cat said to the dog", "max_tokens": 4, "temperature": 0}
	for _, c := range []struct {
		name           string
		issued, attack string // the prefill's model and the decode request's
	}{
		{"another adapter", "x", "y"},
		{"the base model's ticket for an adapter", "tiny", "x"},
		{"an adapter's ticket for the base model", "x", "tiny"},
		{"same name, other bytes", "z", "z"},
	} {
		t.Run(c.name, func(t *testing.T) {
			kv := p.prefill(t, path, "alice", withModel(body, c.issued))
			pre0, dec0, sec0 := p.pre.e.Stats(), p.dec.e.Stats(), p.dec.n.Handoffs.Stats().SecurityEvents
			r := p.decode(t, path, "alice", withModel(body, c.attack), kv)
			if r.status != http.StatusBadRequest || !strings.Contains(r.raw, "kv_transfer_refused") || !strings.Contains(r.raw, "(adapter)") {
				t.Fatalf("attack answered %d %s, want 400 kv_transfer_refused (adapter)", r.status, r.raw)
			}
			pre1, dec1 := p.pre.e.Stats(), p.dec.e.Stats()
			if sec := p.dec.n.Handoffs.Stats().SecurityEvents; sec != sec0+1 {
				t.Errorf("security events %d -> %d, want one more", sec0, sec)
			}
			if dec1.PrefillTokens != dec0.PrefillTokens || dec1.DecodeTokens != dec0.DecodeTokens || pre1.Sent != pre0.Sent {
				t.Fatalf("the attack computed or moved something: decode node %d/%d -> %d/%d tokens, sends %+v -> %+v",
					dec0.PrefillTokens, dec0.DecodeTokens, dec1.PrefillTokens, dec1.DecodeTokens, pre0.Sent, pre1.Sent)
			}
			if c.issued == c.attack {
				return // no decode server here runs the prefill's bytes: the hold expires unclaimed
			}
			if r := p.decode(t, path, "alice", withModel(body, c.issued), kv); r.status != http.StatusOK {
				t.Fatalf("the honest pull after the attack: %d %s", r.status, r.raw)
			}
			p.whole(t)
		})
	}
}

// TestDecodeFirstUnderAdapter: decode-first (cache_hit_threshold) counts only the prefix cached
// under the request's own adapter: a prompt the decode server computed under adapter x is a hit
// for x and a miss, computing nothing, for adapter y and for the base model.
func TestDecodeFirstUnderAdapter(t *testing.T) {
	seeds := map[string]uint64{"x": 1, "y": 2}
	p := newPDWith(t, time.Minute, seeds, seeds)
	const path = "/v1/completions"
	body := func(model string, threshold float64) map[string]any {
		return map[string]any{"model": model, "prompt": "describe the weather in paris and the capital of france to the person",
			"max_tokens": 3, "temperature": 0, "cache_hit_threshold": threshold}
	}
	if r := post(t, t.Context(), p.dec.url, path, "alice", body("x", 0)); r.status != http.StatusOK {
		t.Fatalf("threshold 0 under x: %d %s", r.status, r.raw)
	}
	for _, c := range []struct {
		model string
		hit   bool
	}{{"y", false}, {"tiny", false}, {"x", true}} {
		before := p.dec.e.Stats().PrefillTokens
		r := post(t, t.Context(), p.dec.url, path, "alice", body(c.model, 0.5))
		missed := strings.Contains(r.raw, `"finish_reason":"cache_threshold"`)
		if r.status != http.StatusOK || missed == c.hit {
			t.Fatalf("%s after the prompt was cached under x: %d %s, want hit %v", c.model, r.status, r.raw, c.hit)
		}
		if computed := p.dec.e.Stats().PrefillTokens - before; !c.hit && computed != 0 {
			t.Fatalf("%s: a cache_threshold answer computed %d tokens", c.model, computed)
		}
	}
	p.whole(t)
}
