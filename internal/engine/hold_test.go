package engine

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/tensor"
	"github.com/kvwarden/kvwarden/internal/testenv/selfmade"
)

// holdAndClaim prefills r on the prefill node under a hold, then (when claim) reserves it on the
// decode node and claims the hold there, as a decode server behind llm-d's sidecar does.
func (s *split) holdAndClaim(t *testing.T, r Request, hold time.Duration) (Held, Stream) {
	t.Helper()
	ps, held, err := s.pre.SubmitHold(context.Background(), r, hold)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ps.Close)
	select {
	case h := <-held:
		return h, ps
	case <-time.After(10 * time.Second):
		t.Fatal("no hold announced")
	}
	return Held{}, nil
}

// TestHold: a held prompt is claimed once and decoded bit for bit as one engine does; a second
// claim finds nothing; a released or expired hold ends its request, and every way leaves both
// pools whole.
func TestHold(t *testing.T) {
	s := newSplit(t, selfmade.LlamaName, nil, nil)
	prompt := make([]int32, core.DefaultPageTokens+9)
	for i := range prompt {
		prompt[i] = int32(3 + i*5%200)
	}
	r := Request{Spec: Spec{Tenant: "acme", Prompt: prompt, MaxTokens: 6, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: 2}}}
	one, err := s.one.Submit(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	want := drain(one)

	t.Run("claimed once", func(t *testing.T) {
		h, ps := s.holdAndClaim(t, r, time.Minute)
		if h.Pages != 2 || h.Tokens != len(prompt) || !sameToken(h.First, want.toks[0]) {
			t.Fatalf("held %+v, want 2 pages, %d tokens, first %+v", h, len(prompt), want.toks[0])
		}
		rv, ds, err := s.dec.ReserveDecode(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		if !s.pre.Claim(h.Transfer, Destination{Peer: "decode", Reserved: rv}) {
			t.Fatal("the hold was not claimed")
		}
		if s.pre.Claim(h.Transfer, Destination{Peer: "decode", Reserved: rv}) || s.pre.Release(h.Transfer) {
			t.Fatal("a claimed hold was claimed or released again")
		}
		got, pre := drain(ds), drain(ps)
		got.toks[0] = h.First
		if pre.finish != kvtypes.FinishTransferred || got.err != nil || !slices.EqualFunc(got.toks, want.toks, sameToken) {
			t.Fatalf("prefill %q %v; decode %v\n got %v\nwant %v", pre.finish, pre.err, got.err, got.toks, want.toks)
		}
		s.checkWhole(t)
	})
	for _, c := range []struct {
		name   string
		hold   time.Duration
		end    func(h Held, ps Stream)
		reason kvtypes.AbortReason
	}{
		{"released", time.Minute, func(h Held, _ Stream) {
			if !s.pre.Release(h.Transfer) {
				t.Error("release found no hold")
			}
		}, kvtypes.AbortCancelled},
		{"expired", 50 * time.Millisecond, func(Held, Stream) {}, kvtypes.AbortDeadline},
		{"client gone", time.Minute, func(_ Held, ps Stream) { ps.Close() }, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			h, ps := s.holdAndClaim(t, r, c.hold)
			c.end(h, ps)
			res := drain(ps)
			var ab *AbortError
			if c.reason != "" && (!errors.As(res.err, &ab) || ab.Reason != c.reason) {
				t.Fatalf("ended with %v, want an abort (%s)", res.err, c.reason)
			}
			if s.pre.Claim(h.Transfer, Destination{Peer: "decode"}) {
				t.Fatal("an ended hold was claimed")
			}
			s.checkWhole(t)
		})
	}
}

// TestCachedPrefix: what the prefix cache holds of a prompt, per tenant, in full pages, leaving
// the last token to compute; asking changes nothing.
func TestCachedPrefix(t *testing.T) {
	m, tok, _ := openModel(t, selfmade.LlamaName)
	e := startEngine(t, m, tok, Config{Threads: 1, KVDType: tensor.F32, KVMemBytes: 4 << 20, PrefixCache: true}, nil)
	P := core.DefaultPageTokens
	prompt := make([]int32, 2*P+3)
	for i := range prompt {
		prompt[i] = int32(3 + i*7%200)
	}
	spec := Spec{Tenant: "acme", Prompt: prompt, MaxTokens: 1}
	if n := e.CachedPrefix(spec); n != 0 {
		t.Fatalf("an empty cache holds %d tokens", n)
	}
	st, err := e.Submit(context.Background(), Request{Spec: spec})
	if err != nil {
		t.Fatal(err)
	}
	drain(st)
	other := spec
	other.Tenant = "globex"
	longer := spec
	longer.Prompt = append(slices.Clone(prompt), 9, 9, 9)
	exact := spec
	exact.Prompt = prompt[:2*P]
	for _, c := range []struct {
		name string
		s    Spec
		want int
	}{{"same prompt", spec, 2 * P}, {"another tenant", other, 0}, {"a longer prompt", longer, 2 * P},
		{"the cached pages exactly: the last token is computed", exact, P}} {
		if n := e.CachedPrefix(c.s); n != c.want {
			t.Errorf("%s: %d cached tokens, want %d", c.name, n, c.want)
		}
	}
}
