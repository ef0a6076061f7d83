package node

import (
	"context"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestHoldEnds: however a hold ends it is released once and both pools are whole: expired before
// any decode server came (whose late pull is refused), the prefill client gone at any point, the
// decode client gone mid-stream, the decode server unable to take the request (it releases the
// hold at once), the prefill node killed after its answer, the decode node killed before it pulled.
func TestHoldEnds(t *testing.T) {
	const path = "/v1/completions"
	body := func(i int) map[string]any {
		return map[string]any{"model": "tiny", "prompt": fmt.Sprintf("%d: once upon a time the little dog said hello to the world", i), "max_tokens": 64,
			"temperature": 0, "ignore_eos": true}
	}
	t.Run("expired", func(t *testing.T) {
		t.Parallel() // it waits out a hold: the engine's loop checks holds every second
		p := newPD(t, 300*time.Millisecond)
		kv := p.prefill(t, path, "alice", body(0))
		time.Sleep(1500 * time.Millisecond) // the engine's loop checks holds every second
		p.whole(t)
		if r := p.decode(t, path, "alice", body(0), kv); r.status != http.StatusBadRequest || !strings.Contains(r.raw, "(expired)") {
			t.Fatalf("a pull after the expiry: %d %s", r.status, r.raw)
		}
		p.whole(t)
	})
	t.Run("clients gone", func(t *testing.T) {
		t.Parallel() // it waits out a hold: the engine's loop checks holds every second
		p := newPD(t, 300*time.Millisecond)
		for i, wait := range []time.Duration{0, time.Millisecond, 3 * time.Millisecond, 10 * time.Millisecond} {
			ctx, cancel := context.WithTimeout(context.Background(), wait)
			post(t, ctx, p.pre.url, path, "alice", prefillBody(path, body(i)))
			cancel()
		}
		// A client gone before its answer ends the request; one gone just after it leaves a hold
		// nobody claims, which expires.
		time.Sleep(1500 * time.Millisecond)
		p.whole(t)
		streamed := body(9)
		streamed["stream"] = true
		kv := p.prefill(t, path, "alice", streamed)
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		db := map[string]any{"kv_transfer_params": kv}
		for k, v := range streamed {
			db[k] = v
		}
		post(t, ctx, p.dec.url, path, "alice", db)
		cancel()
		p.whole(t)
	})
	t.Run("decode server cannot take it", func(t *testing.T) {
		p := newPD(t, time.Minute)
		kv := p.prefill(t, path, "alice", body(1))
		p.dec.e.Drain(context.Background()) // admits nothing more
		if r := p.decode(t, path, "alice", body(1), kv); r.status == http.StatusOK {
			t.Fatalf("a drained decode server answered %s", r.raw)
		}
		p.whole(t) // well before the minute's hold: released at once
	})
	t.Run("prefill node killed", func(t *testing.T) {
		p := newPD(t, time.Minute)
		kv := p.prefill(t, path, "alice", body(2))
		p.pre.stop()
		if r := p.decode(t, path, "alice", body(2), kv); r.status < 400 || r.status >= 500 {
			t.Fatalf("a pull from a lost prefill node: %d %s, want a clear 4xx", r.status, r.raw)
		}
		p.whole(t)
	})
	t.Run("decode node killed", func(t *testing.T) {
		t.Parallel() // it waits out a hold: the engine's loop checks holds every second
		p := newPD(t, 300*time.Millisecond)
		p.prefill(t, path, "alice", body(3))
		p.dec.stop()
		time.Sleep(1500 * time.Millisecond)
		p.whole(t)
	})
}

// TestPDConcurrentTenants: split requests of two tenants at once each get their one-process
// answer, and both pools are whole after.
func TestPDConcurrentTenants(t *testing.T) {
	p := newPD(t, time.Minute)
	const path = "/v1/completions"
	const n = 12
	bodies := make([]map[string]any, n)
	want := make([]any, n)
	for i := range bodies {
		bodies[i] = map[string]any{"model": "tiny", "prompt": fmt.Sprintf("tenant %d says: the weather in paris and the capital of france %d", i%2, i),
			"max_tokens": 6, "temperature": 0, "logprobs": 1, "ignore_eos": true}
		w := post(t, t.Context(), p.one.url, path, []string{"alice", "bob"}[i%2], bodies[i])
		want[i] = stable(w)
	}
	var wg sync.WaitGroup
	errs := make(chan string, n)
	for i := range bodies {
		wg.Go(func() {
			tenant := []string{"alice", "bob"}[i%2]
			r := post(t, t.Context(), p.pre.url, path, tenant, prefillBody(path, bodies[i]))
			kv, ok := r.body["kv_transfer_params"].(map[string]any)
			if !ok {
				errs <- fmt.Sprintf("request %d prefill: %d %s", i, r.status, r.raw)
				return
			}
			db := map[string]any{"kv_transfer_params": kv}
			for k, v := range bodies[i] {
				db[k] = v
			}
			if got := post(t, t.Context(), p.dec.url, path, tenant, db); got.status != http.StatusOK || !reflect.DeepEqual(stable(got), want[i]) {
				errs <- fmt.Sprintf("request %d: %d %v, want %v", i, got.status, stable(got), want[i])
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	p.whole(t)
}

// TestDecodeFirst: with cache_hit_threshold a decode server serves a request alone only when the
// tenant's own prefix cache holds that much of the prompt; otherwise it answers at once with
// finish_reason "cache_threshold" and no token, computing nothing, streamed or not.
func TestDecodeFirst(t *testing.T) {
	p := newPD(t, time.Minute)
	const path = "/v1/chat/completions"
	body := func(threshold float64, stream bool) map[string]any {
		return map[string]any{"model": "tiny", "messages": []any{map[string]any{"role": "user", "content": "describe the weather in paris and the capital of france to the person"}},
			"max_tokens": 4, "temperature": 0, "cache_hit_threshold": threshold, "stream": stream}
	}
	missed := func(tenant string, stream bool) {
		t.Helper()
		before := p.dec.e.Stats().PrefillTokens
		r := post(t, t.Context(), p.dec.url, path, tenant, body(0.5, stream))
		if r.status != http.StatusOK || !strings.Contains(r.raw, `"finish_reason":"cache_threshold"`) {
			t.Fatalf("%s, cold cache: %d %s", tenant, r.status, r.raw)
		}
		if !stream && r.body["choices"].([]any)[0].(map[string]any)["message"].(map[string]any)["content"] != "" {
			t.Fatalf("a cache_threshold answer has content: %s", r.raw)
		}
		if after := p.dec.e.Stats().PrefillTokens; after != before {
			t.Fatalf("a cache_threshold answer computed %d tokens", after-before)
		}
	}
	missed("alice", false)
	missed("alice", true)
	if r := post(t, t.Context(), p.dec.url, path, "alice", body(0, false)); r.status != http.StatusOK {
		t.Fatalf("threshold 0: %d %s", r.status, r.raw)
	}
	missed("bob", false) // alice's cache is alice's
	for _, stream := range []bool{false, true} {
		r := post(t, t.Context(), p.dec.url, path, "alice", body(0.5, stream))
		if r.status != http.StatusOK || strings.Contains(r.raw, "cache_threshold") || !strings.Contains(r.raw, `"finish_reason":"length"`) {
			t.Fatalf("warm cache (stream %v): %d %s", stream, r.status, r.raw)
		}
	}
	for _, bad := range []any{-0.1, 1.5, "half"} {
		b := body(0, false)
		b["cache_hit_threshold"] = bad
		if r := post(t, t.Context(), p.dec.url, path, "alice", b); r.status != http.StatusBadRequest {
			t.Errorf("cache_hit_threshold %v: %d %s", bad, r.status, r.raw)
		}
	}
	p.whole(t)
}

// TestHandoffRequests: kv_transfer_params a server cannot act on are refused with 400 (not as
// attacks: nothing was claimed), and a prefill asked of a streamed request is served whole.
func TestHandoffRequests(t *testing.T) {
	p := newPD(t, time.Minute)
	const path = "/v1/completions"
	base := map[string]any{"model": "tiny", "prompt": "hello world", "max_tokens": 3, "temperature": 0}
	with := func(change map[string]any) map[string]any {
		b := map[string]any{}
		for k, v := range base {
			b[k] = v
		}
		for k, v := range change {
			b[k] = v
		}
		return b
	}
	remoteDecode := map[string]any{"do_remote_decode": true}
	remotePrefill := map[string]any{"do_remote_prefill": true, "kvwarden_ticket": "v1.x.y"}
	for _, c := range []struct {
		name   string
		server *pdServer
		body   map[string]any
		want   string // in the 400's body
	}{
		{"not an object", p.dec, with(map[string]any{"kv_transfer_params": "please"}), "must be an object"},
		{"both flags", p.pre, with(map[string]any{"kv_transfer_params": map[string]any{"do_remote_decode": true, "do_remote_prefill": true}}), "both"},
		{"a prefill asked of a decode server", p.dec, with(map[string]any{"kv_transfer_params": remoteDecode}), "served by --role prefill"},
		{"a pull asked of a prefill server", p.pre, with(map[string]any{"kv_transfer_params": remotePrefill}), "served by --role decode"},
		{"a pull asked of one process", p.one, with(map[string]any{"kv_transfer_params": remotePrefill}), "served by --role decode"},
		{"a pull for two choices", p.dec, with(map[string]any{"kv_transfer_params": remotePrefill, "n": 2}), "one prompt and n 1"},
		{"a pull for two prompts", p.dec, with(map[string]any{"kv_transfer_params": remotePrefill, "prompt": []any{"a", "b"}}), "one prompt and n 1"},
		{"a pull with echoed prompt logprobs", p.dec, with(map[string]any{"kv_transfer_params": remotePrefill, "echo": true, "logprobs": 1}), "echo with logprobs"},
	} {
		t.Run(c.name, func(t *testing.T) {
			sec0 := p.dec.n.Handoffs.Stats().SecurityEvents
			if r := post(t, t.Context(), c.server.url, path, "alice", c.body); r.status != http.StatusBadRequest || !strings.Contains(r.raw, c.want) {
				t.Fatalf("%d %s, want 400 saying %q", r.status, r.raw, c.want)
			}
			if sec := p.dec.n.Handoffs.Stats().SecurityEvents; sec != sec0 {
				t.Errorf("a malformed request counted as a security event (%d -> %d)", sec0, sec)
			}
		})
	}
	streamed := with(map[string]any{"kv_transfer_params": remoteDecode, "stream": true})
	if r := post(t, t.Context(), p.pre.url, path, "alice", streamed); r.status != http.StatusOK || strings.Contains(r.raw, "kv_transfer_params") {
		t.Fatalf("a streamed prefill request: %d %s, want it served whole without a ticket", r.status, r.raw)
	}
	p.whole(t)
}

// TestHoldBound: a tenant whose unclaimed holds reach the bound gets its next prefill served
// whole, without a ticket (the sidecar then decodes it whole), while other tenants still hold;
// a claim frees the tenant's share.
func TestHoldBound(t *testing.T) {
	p := newPD(t, time.Minute)
	const path = "/v1/completions"
	body := func(i int) map[string]any {
		return map[string]any{"model": "tiny", "prompt": fmt.Sprintf("%d the little dog and the cat said hello to the world in paris", i), "max_tokens": 3, "temperature": 0}
	}
	ticket := func(tenant string, i int) map[string]any {
		r := post(t, t.Context(), p.pre.url, path, tenant, prefillBody(path, body(i)))
		if r.status != http.StatusOK {
			t.Fatalf("prefill: %d %s", r.status, r.raw)
		}
		kv, _ := r.body["kv_transfer_params"].(map[string]any)
		return kv
	}
	held := ticket("alice", 1)
	if held == nil {
		t.Fatal("the first hold got no ticket")
	}
	h := p.pre.n.Handoffs
	h.mu.Lock()
	h.maxHeld = ticketClaims(t, held).Pages // one such prompt's, per tenant
	h.mu.Unlock()
	if kv := ticket("alice", 2); kv != nil {
		t.Fatal("a hold beyond the tenant's bound got a ticket")
	}
	if kv := ticket("bob", 3); kv == nil {
		t.Fatal("another tenant's hold was refused")
	} else if r := p.decode(t, path, "bob", body(3), kv); r.status != http.StatusOK {
		t.Fatalf("bob's pull: %d %s", r.status, r.raw)
	}
	if r := p.decode(t, path, "alice", body(1), held); r.status != http.StatusOK {
		t.Fatalf("alice's pull: %d %s", r.status, r.raw)
	}
	p.whole(t)
	if kv := ticket("alice", 4); kv == nil {
		t.Fatal("a claimed hold did not free the tenant's share")
	}
}
