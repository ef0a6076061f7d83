package engine

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/tensor"
	"github.com/kvwarden/kvwarden/internal/testenv/selfmade"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
	"github.com/kvwarden/kvwarden/internal/transfer"
)

// split is a prefill node and a decode node of one model over an in-memory network, with the
// tenant-key secret they share, and a single engine of the same model to compare with.
type split struct {
	pre, dec, one *Engine
}

func newSplit(t *testing.T, name string, faults *transfer.Faults, mutate func(*Config)) *split {
	t.Helper()
	m, tok, f := openModel(t, name)
	return newSplitOf(t, m, tok, f, faults, mutate)
}

// newSplitOf is newSplit on an open model (a synctest bubble starts its engines inside and
// opens the model outside).
func newSplitOf(t *testing.T, m *model.Model, tok *tokenizer.Tokenizer, f *gguf.File, faults *transfer.Faults, mutate func(*Config)) *split {
	t.Helper()
	net := transfer.NewMemNetwork()
	t.Cleanup(net.Wait) // registered first, so it runs after the engines have closed
	secret := []byte("a tenant-key secret both nodes share")
	var tr transfer.Transport = net
	if faults != nil {
		faults.T = net
		tr = faults
	}
	mk := func(x *TransferConfig) *Engine {
		return startEngine(t, m, tok, Config{Threads: 1, KVDType: tensor.F32, KVMemBytes: 4 << 20, StepTokens: 64, MaxRunning: 8, Secret: secret, Transfer: x}, mutate)
	}
	s := &split{
		pre: mk(&TransferConfig{File: f, Transport: tr, SendTimeout: 5 * time.Second}),
		dec: mk(&TransferConfig{File: f}),
		one: mk(nil),
	}
	net.Listen("decode", s.dec.Receiver())
	return s
}

// result is what a stream delivered: its tokens, with their logprobs, and how it ended.
type result struct {
	toks   []Token
	finish kvtypes.FinishReason
	err    error
}

func drain(st Stream) result {
	var r result
	for ev := range st.Events() {
		r.toks = append(r.toks, ev.Tokens...)
		if ev.Done {
			r.finish, r.err = ev.Finish, ev.Err
		}
	}
	return r
}

// run sends r through the split: the decode node reserves, the prefill node computes the prompt
// and sends its KV, and the client sees the prefill node's first token (with its logprobs)
// followed by the decode node's tokens, as a router stitches them.
func (s *split) run(ctx context.Context, r Request) (client, prefill result, err error) {
	rv, ds, err := s.dec.ReserveDecode(ctx, r)
	if err != nil {
		return result{}, result{}, err
	}
	ps, err := s.pre.SubmitPrefill(ctx, r, Destination{Peer: "decode", Reserved: rv})
	if err != nil {
		ds.Close()
		drain(ds)
		return result{}, result{}, err
	}
	prefill = drain(ps)
	client = drain(ds)
	if len(client.toks) > 0 && len(prefill.toks) == 1 && client.toks[0].ID == prefill.toks[0].ID {
		client.toks[0] = prefill.toks[0]
	}
	return client, prefill, nil
}

// TestSplitMatchesOneEngine: a request prefilled on one node and decoded on another yields, bit
// for bit, the tokens and logprobs one engine gives: the KV travels exactly, and the decode node's
// sampler resumes the request's random stream after the prefill node's token; with a q8_0 cache
// too (a model of llama-hd64-tiny-random's shape: the head dim q8_0 takes), whose quantised pages
// travel as stored.
func TestSplitMatchesOneEngine(t *testing.T) {
	// The demo model; one of stories260K's shape (5 layers, 8 heads over 4 KV heads); and one of
	// llama-hd64-tiny-random's, whose head dim of 64 a q8_0 cache takes.
	for _, c := range []struct {
		name string
		kv   tensor.DType
	}{{demoModel, tensor.F32}, {selfmade.LlamaName, tensor.F32}, {selfmade.HD64Name, tensor.Q8_0}} {
		t.Run(c.name+"/"+c.kv.String(), func(t *testing.T) {
			s := newSplit(t, c.name, nil, func(cfg *Config) { cfg.KVDType = c.kv })
			vocab := s.one.Info().VocabSize
			prompt := func(n int) []int32 {
				p := make([]int32, n)
				for i := range p {
					p[i] = int32(3 + (i*7)%(vocab-3))
				}
				return p
			}
			for _, tc := range []struct {
				name string
				r    Request
			}{
				{"greedy one page", Request{Spec: Spec{Prompt: prompt(5), MaxTokens: 8, Sampling: sampler.Params{TopLogprobs: 3}}}},
				{"greedy page boundary", Request{Spec: Spec{Prompt: prompt(core.DefaultPageTokens), MaxTokens: 6, Sampling: sampler.Params{TopLogprobs: 2}}}},
				{"greedy several pages and chunks", Request{Spec: Spec{Prompt: prompt(3*core.DefaultPageTokens + 70), MaxTokens: 5, Sampling: sampler.Params{TopLogprobs: 0}}}},
				{"seeded random", Request{Spec: Spec{Prompt: prompt(9), MaxTokens: 10, HasSeed: true, Sampling: sampler.Params{Temperature: 0.9, TopP: 0.95, Seed: 42, TopLogprobs: 1}}}},
				{"one token", Request{Spec: Spec{Prompt: prompt(4), MaxTokens: 1, Sampling: sampler.Params{TopLogprobs: -1}}}},
			} {
				t.Run(tc.name, func(t *testing.T) {
					tc.r.Tenant, tc.r.IgnoreEOS = "acme", true
					ctx := context.Background()
					st, err := s.one.Submit(ctx, tc.r)
					if err != nil {
						t.Fatal(err)
					}
					want := drain(st)
					got, pre, err := s.run(ctx, tc.r)
					if err != nil {
						t.Fatal(err)
					}
					if want.err != nil || got.err != nil || pre.err != nil {
						t.Fatalf("errors: one engine %v, decode %v, prefill %v", want.err, got.err, pre.err)
					}
					if pre.finish != kvtypes.FinishTransferred || got.finish != want.finish {
						t.Fatalf("finish: prefill %q, decode %q, one engine %q", pre.finish, got.finish, want.finish)
					}
					if !slices.EqualFunc(got.toks, want.toks, sameToken) {
						t.Fatalf("split differs from one engine\n got %v\nwant %v", got.toks, want.toks)
					}
				})
			}
			s.checkWhole(t)
			// Every request's prompt KV was sent once, and counted (bench split reports these).
			tokens := uint64(5 + core.DefaultPageTokens + 3*core.DefaultPageTokens + 70 + 9 + 4)
			sent, fp := s.pre.Stats().Sent, s.pre.Fingerprint()
			if sent.Transfers != 5 || sent.Bytes != tokens*uint64(fp.TokenBytes) || sent.Pages < 5 || sent.Time <= 0 || s.dec.Stats().Sent != (TransferStats{}) {
				t.Fatalf("sent %+v (decode node %+v), want 5 transfers of %d tokens of %d bytes", sent, s.dec.Stats().Sent, tokens, fp.TokenBytes)
			}
		})
	}
}

// sameToken compares ids and logprobs bit for bit.
func sameToken(a, b Token) bool {
	return a.ID == b.ID && a.Logprob == b.Logprob && slices.Equal(a.Top, b.Top)
}

// checkWhole waits until neither node holds a page for a request or a transfer.
func (s *split) checkWhole(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for _, e := range []*Engine{s.pre, s.dec} {
		for {
			st := e.Stats()
			if st.PagesOwned == 0 && st.PagesQuarantined == 0 && st.Running == 0 && st.Transferring == 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("pool not whole: %d owned, %d quarantined, %d running, %d transferring", st.PagesOwned, st.PagesQuarantined, st.Running, st.Transferring)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
}

// TestSplitFaults: every fault on the wire ends the request cleanly on both nodes (an
// AbortError, never a hang, never a token decoded from bad KV), is counted on the decode node by
// the check that caught it, and leaves both pools whole.
func TestSplitFaults(t *testing.T) {
	// One row per fault the injector has: the rows are alike by design.
	for _, tc := range []struct {
		kind   transfer.FaultKind
		reason transfer.Reason // counted on the decode node
	}{
		{transfer.FaultFlipByte, transfer.ReasonChecksum},
		{transfer.FaultTruncatePage, transfer.ReasonPageSize},
		{transfer.FaultDropPage, transfer.ReasonOrder},
		{transfer.FaultDuplicatePage, transfer.ReasonDuplicate},
		{transfer.FaultFewerPages, transfer.ReasonPageCount},
		{transfer.FaultMorePages, transfer.ReasonPageCount},
		{transfer.FaultWrongRequest, transfer.ReasonManifest},
		{transfer.FaultWrongTicket, transfer.ReasonManifest},
		{transfer.FaultWrongTenant, transfer.ReasonManifest},
		{transfer.FaultWrongPageTenant, transfer.ReasonHeader},
		{transfer.FaultWrongModel, transfer.ReasonModel},
		{transfer.FaultKillConn, transfer.ReasonConnection},
	} {
		t.Run(tc.kind.String(), func(t *testing.T) {
			s := newSplit(t, demoModel, &transfer.Faults{Kind: tc.kind, At: 1}, nil)
			r := Request{Spec: Spec{Tenant: "acme", Prompt: make([]int32, 2*core.DefaultPageTokens+3), MaxTokens: 4, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			got, pre, err := s.run(ctx, r)
			if err != nil {
				t.Fatal(err)
			}
			if !isTransferAbort(got.err) || !isTransferAbort(pre.err) {
				t.Fatalf("decode ended %v (%d tokens), prefill ended %v", got.err, len(got.toks), pre.err)
			}
			if len(got.toks) != 0 {
				t.Fatalf("the decode node streamed %d tokens of a failed transfer", len(got.toks))
			}
			s.checkWhole(t)
			if n := s.dec.Stats().TransferFailures[string(tc.reason)]; n != 1 {
				t.Fatalf("decode node counts %v, want one %s", s.dec.Stats().TransferFailures, tc.reason)
			}
			// A check that belongs to a defence names it on both sides and counts it where it ran.
			d := tc.reason.Defence()
			var ab *AbortError
			if errors.As(got.err, &ab); ab.Defence != d {
				t.Errorf("decode abort names defence %q, want %q", ab.Defence, d)
			}
			if errors.As(pre.err, &ab); ab.Defence != d && tc.reason != transfer.ReasonConnection {
				t.Errorf("prefill abort names defence %q, want %q", ab.Defence, d)
			}
			want := map[kvtypes.Defence]uint64{}
			if d != "" {
				want[d] = 1
			}
			if got := s.dec.Stats().Defences; !maps.Equal(got, want) {
				t.Errorf("decode node's defences %v, want %v", got, want)
			}
			if got := s.pre.Stats().Defences; len(got) != 0 {
				t.Errorf("prefill node counts defences %v: they fired on the decode node", got)
			}
		})
	}
}

func isTransferAbort(err error) bool {
	var ab *AbortError
	return errors.As(err, &ab) && ab.Reason == kvtypes.AbortTransfer
}

// TestSplitCancelAndStall: a client that goes away during the transfer, and a transfer that
// stalls past the reservation's deadline, end both sides cleanly with whole pools. In synctest
// bubbles (the network is in memory): the cancel comes while the transfer stalls, and the stall
// ends at the deadline, on the bubble's clock.
func TestSplitCancelAndStall(t *testing.T) {
	m, tok, f := openModel(t, demoModel)
	bubble := func(name string, test func(t *testing.T)) {
		t.Run(name, func(t *testing.T) { synctest.Test(t, test) })
	}
	bubble("client cancels during the transfer", func(t *testing.T) {
		s := newSplitOf(t, m, tok, f, &transfer.Faults{Kind: transfer.FaultStall, At: 1}, nil)
		r := Request{Spec: Spec{Tenant: "acme", Prompt: make([]int32, 2*core.DefaultPageTokens+3), MaxTokens: 4, Sampling: sampler.Params{TopLogprobs: -1}}}
		ctx, cancel := context.WithCancel(context.Background())
		rv, ds, err := s.dec.ReserveDecode(ctx, r)
		if err != nil {
			t.Fatal(err)
		}
		ps, err := s.pre.SubmitPrefill(context.Background(), r, Destination{Peer: "decode", Reserved: rv})
		if err != nil {
			t.Fatal(err)
		}
		time.AfterFunc(50*time.Millisecond, cancel)
		got, pre := drain(ds), drain(ps)
		var ab *AbortError
		if !errors.As(got.err, &ab) || ab.Reason != kvtypes.AbortCancelled || !isTransferAbort(pre.err) {
			t.Fatalf("decode ended %v, prefill ended %v", got.err, pre.err)
		}
		s.checkWhole(t)
		if f := s.dec.Stats().TransferFailures; len(f) != 0 {
			t.Fatalf("a client's cancel counted as transfer failures %v", f)
		}
	})
	bubble("stall past the deadline", func(t *testing.T) {
		const transferring = 200 * time.Millisecond
		s := newSplitOf(t, m, tok, f, &transfer.Faults{Kind: transfer.FaultStall, At: 0}, func(c *Config) {
			c.Deadlines.Transferring = transferring
		})
		r := Request{Spec: Spec{Tenant: "acme", Prompt: make([]int32, 5), MaxTokens: 4, Sampling: sampler.Params{TopLogprobs: -1}}}
		start := time.Now()
		got, pre, err := s.run(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		if got.err == nil || pre.err == nil {
			t.Fatalf("decode ended %v, prefill ended %v", got.err, pre.err)
		}
		// The prefill node's core ends it at the first tick of its loop (1 s) past the deadline,
		// and the stalled sender's abort waits out its grace (1 s); nothing else here takes time.
		if took := time.Since(start); took < transferring || took > transferring+2*time.Second {
			t.Errorf("the stalled transfer ended after %v, want %v to %v", took, transferring, transferring+2*time.Second)
		}
		s.checkWhole(t)
	})
	bubble("replayed transfer", func(t *testing.T) {
		s := newSplitOf(t, m, tok, f, nil, nil)
		r := Request{Spec: Spec{Tenant: "acme", Prompt: make([]int32, 5), MaxTokens: 2, Sampling: sampler.Params{TopLogprobs: -1}}}
		ctx := context.Background()
		rv, ds, err := s.dec.ReserveDecode(ctx, r)
		if err != nil {
			t.Fatal(err)
		}
		dest := Destination{Peer: "decode", Reserved: rv}
		ps, err := s.pre.SubmitPrefill(ctx, r, dest)
		if err != nil {
			t.Fatal(err)
		}
		if got, pre := drain(ds), drain(ps); got.err != nil || pre.err != nil {
			t.Fatalf("first transfer: %v, %v", got.err, pre.err)
		}
		// The same binding again (a replay by whoever learned the ticket) is refused as stale: the
		// ticket was consumed, and nothing is written into the pages, which are someone else's now.
		ps, err = s.pre.SubmitPrefill(ctx, r, dest)
		if err != nil {
			t.Fatal(err)
		}
		if pre := drain(ps); !isTransferAbort(pre.err) {
			t.Fatalf("replay ended %v", pre.err)
		}
		s.checkWhole(t)
		synctest.Wait() // the receiver's refusal is reported
		if n := s.dec.Stats().TransferFailures[string(transfer.ReasonStale)]; n != 1 {
			t.Errorf("%d stale transfers counted, want the replay's 1", n)
		}
	})
	t.Run("embeddings refused", func(t *testing.T) {
		// A node computes half of a generation: a Spec asking for an embedding is refused there.
		s := newSplit(t, demoModel, nil, nil)
		r := Request{Spec: Spec{Tenant: "acme", Prompt: []int32{1, 2}, MaxTokens: 1, Embed: true}}
		_, _, derr := s.dec.ReserveDecode(context.Background(), r)
		_, perr := s.pre.SubmitPrefill(context.Background(), r, Destination{Peer: "decode"})
		for _, err := range []error{derr, perr} {
			var rej *RejectError
			if !errors.As(err, &rej) || rej.Reason != kvtypes.RejectInvalid || !strings.Contains(rej.Message, "disaggregated") {
				t.Errorf("an embedding on a node: %v", err)
			}
		}
		s.checkWhole(t)
	})
	t.Run("no transfer service", func(t *testing.T) {
		e := newEngine(t, demoModel, nil)
		r := Request{Spec: Spec{Tenant: "acme", Prompt: []int32{1, 2}, MaxTokens: 1}}
		if _, err := e.SubmitPrefill(context.Background(), r, Destination{}); err == nil {
			t.Fatal("a node without transport prefilled for a peer")
		}
		if _, _, err := e.ReserveDecode(context.Background(), r); err == nil {
			t.Fatal("a node without a receiver reserved")
		}
	})
}

func (t Token) String() string { return fmt.Sprintf("%d(%v %v)", t.ID, t.Logprob, t.Top) }
