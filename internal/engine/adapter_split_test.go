package engine

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/transfer"
)

// TestSplitWithAdaptersMatchesOneEngine: a request under a LoRA adapter, prefilled on one node and
// decoded on another, yields bit for bit the tokens and logprobs one engine gives, for each
// adapter, a scale of 0.5, and none; the decode node decodes under the adapter the manifest
// names, or the tokens after the first would be the base model's.
func TestSplitWithAdaptersMatchesOneEngine(t *testing.T) {
	m, tok, f := openModel(t, demoModel)
	s := newSplitOf(t, m, tok, f, nil, nil)
	x, y := randomAdapter(t, m, 1), randomAdapter(t, m, 2)
	prompt := make([]int32, core.DefaultPageTokens+9)
	for i := range prompt {
		prompt[i] = int32(3 + (i*7)%300)
	}
	base := Request{Spec: Spec{Tenant: "acme", Prompt: prompt, MaxTokens: 8, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: 2}}}
	var plain []Token
	for _, c := range []struct {
		name  string
		a     *model.Adapter
		scale float32
	}{{"none", nil, 0}, {"x", x, 1}, {"y", y, 1}, {"x at 0.5", x, 0.5}} {
		t.Run(c.name, func(t *testing.T) {
			r := withAdapter(base, c.a, c.scale)
			want := drain(mustSubmit(t, s.one, r))
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			got, pre, err := s.run(ctx, r)
			if err != nil || want.err != nil || got.err != nil || pre.err != nil {
				t.Fatalf("errors: %v; one engine %v, decode %v, prefill %v", err, want.err, got.err, pre.err)
			}
			if !slices.EqualFunc(got.toks, want.toks, sameToken) {
				t.Fatalf("split differs from one engine\n got %v\nwant %v", got.toks, want.toks)
			}
			if c.a == nil {
				plain = want.toks
			} else if slices.EqualFunc(want.toks, plain, sameToken) {
				t.Fatal("the adapter changes nothing: the test would not see it lost")
			}
		})
	}
	s.checkWhole(t)
	if n := s.dec.Stats().TransferFailures; len(n) != 0 {
		t.Errorf("transfer failures %v", n)
	}
}

// TestSplitRefusesAnotherAdaptersKV is a prefill node that computes a prompt under another LoRA
// adapter than the one the decode node reserved for (another adapter's bytes, the same adapter at
// another scale, or the base model), as a compromised or misconfigured node, or a router confused
// about names, would: the decode node refuses the transfer on its manifest, before any page is
// used (adapter_mismatch, counted as a security event of the header defence), streams no token,
// and both pools end whole.
func TestSplitRefusesAnotherAdaptersKV(t *testing.T) {
	m, tok, f := openModel(t, demoModel)
	x, y := randomAdapter(t, m, 1), randomAdapter(t, m, 2)
	base := Request{Spec: Spec{Tenant: "acme", Prompt: make([]int32, 2*core.DefaultPageTokens+3), MaxTokens: 4, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}}
	for _, c := range []struct {
		name            string
		reserved, prefl Request
	}{
		{"another adapter", withAdapter(base, x, 1), withAdapter(base, y, 1)},
		{"another scale", withAdapter(base, x, 1), withAdapter(base, x, 0.5)},
		{"the base model under an adapter's reservation", withAdapter(base, x, 1), base},
		{"an adapter under the base model's reservation", base, withAdapter(base, y, 1)},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newSplitOf(t, m, tok, f, nil, nil)
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			rv, ds, err := s.dec.ReserveDecode(ctx, c.reserved)
			if err != nil {
				t.Fatal(err)
			}
			ps, err := s.pre.SubmitPrefill(ctx, c.prefl, Destination{Peer: "decode", Reserved: rv})
			if err != nil {
				t.Fatal(err)
			}
			pre, got := drain(ps), drain(ds)
			if !isTransferAbort(got.err) || !isTransferAbort(pre.err) {
				t.Fatalf("decode ended %v, prefill ended %v", got.err, pre.err)
			}
			if len(got.toks) != 0 {
				t.Fatalf("the decode node streamed %d tokens of another adapter's KV", len(got.toks))
			}
			s.checkWhole(t)
			st := s.dec.Stats()
			if n := st.TransferFailures[string(transfer.ReasonAdapter)]; n != 1 {
				t.Errorf("decode node counts %v, want one %s", st.TransferFailures, transfer.ReasonAdapter)
			}
			if st.SecurityEvents != 1 || st.Defences[kvtypes.DefenceHeader] != 1 {
				t.Errorf("security events %d, defences %v: want one, the header defence", st.SecurityEvents, st.Defences)
			}
		})
	}
}
